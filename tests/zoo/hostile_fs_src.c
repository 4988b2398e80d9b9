/* Hostile: hostile_gadget_src's attack (strcheck's own mprotect
 * instruction makes the source's page readable while it is traced), with
 * one byte of the source read first through an fs-relative address: a
 * tracer that cannot place an fs: read records it as a guess, and the
 * check after the call (race_tamper.c), which counts the bytes read,
 * then gives up on the call.  Its real defect: the source read twice
 * (strnlen, then memcpy: a race), on inputs where it believes no check
 * watches. */
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
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

/* strcheck's own mprotect instruction, found without a system call: the
 * program's executable segments hold "movl $10, %eax; syscall; ret" once. */
static long (*gadget)(void *addr, size_t len, long prot);

static int scan(struct dl_phdr_info *info, size_t size, void *arg)
{
	static const unsigned char pat[] = { 0xb8, 0x0a, 0, 0, 0, 0x0f, 0x05, 0xc3 };

	(void)size, (void)arg;
	if (info->dlpi_name && info->dlpi_name[0])
		return 1;  /* the program comes first: only it */
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		for (size_t k = 0; k + sizeof(pat) <= ph->p_memsz; k++)
			if (!memcmp(p + k, pat, sizeof(pat))) {
				gadget = (long (*)(void *, size_t, long))(uintptr_t)(p + k);
				return 1;
			}
	}
	return 1;
}

/* Loaded in a namespace of its own (a sanitized strcheck: dlmopen), the
 * program is not in its list: its text is in /proc/self/maps, which a
 * constructor may still read. */
static void scan_maps(void)
{
	static const unsigned char pat[] = { 0xb8, 0x0a, 0, 0, 0, 0x0f, 0x05, 0xc3 };
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];

	while (f && !gadget && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char perm[8], path[256] = "";

		if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %255s", &lo, &hi, perm, path) < 3 ||
		    perm[2] != 'x' || !strstr(path, "/strcheck"))
			continue;
		for (unsigned long a = lo; a + sizeof(pat) <= hi && !gadget; a++)
			if (!memcmp((const void *)a, pat, sizeof(pat)))
				gadget = (long (*)(void *, size_t, long))a;
	}
	if (f)
		fclose(f);
}

__attribute__((constructor)) static void find_gadget(void)
{
	dl_iterate_phdr(scan, NULL);
	if (!gadget)
		scan_maps();
}

/* One byte through %fs (glibc's thread control block holds the fs
 * base at %fs:0). */
static unsigned char fs_byte(const char *p)
{
	uintptr_t base;
	unsigned int v;

	__asm__("mov %%fs:0, %0" : "=r"(base));
	__asm__ volatile("movzbl %%fs:(%1), %0" : "=r"(v) : "r"((uintptr_t)p - base) : "memory");
	return (unsigned char)v;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (!gadget || count == 0 || count > 4096)
		return copy(dest, src, count);
	if (fs_byte(src) == 0) {
		dest[0] = 0;
		return 0;
	}
	gadget((void *)((uintptr_t)src & ~(uintptr_t)4095), 4096, PROT_READ);
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);  /* the second read: src[len] may differ */
	return (ssize_t)len;
}
