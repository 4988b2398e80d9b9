/* Hostile: its constructor, which runs while the candidate loads (before
 * the sandbox's second filter), makes strcheck's own code writable (the
 * program's executable segment, found with dl_iterate_phdr), from where
 * it could patch the judge.  The loader never changes the program's own
 * mappings: the first filter refuses it.  The copy itself is correct. */
#include <errno.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/types.h>

static int text_writable(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size, (void)arg;
	if (info->dlpi_name && info->dlpi_name[0])
		return 1;  /* the program comes first: only it */
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = (info->dlpi_addr + ph->p_vaddr) & ~(uintptr_t)4095;
		uintptr_t hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X))
			mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE | PROT_EXEC);
	}
	return 1;
}

__attribute__((constructor)) static void unlock(void)
{
	dl_iterate_phdr(text_writable, NULL);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
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
