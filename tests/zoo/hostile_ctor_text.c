/* Hostile: its constructor, which runs while the candidate loads (before
 * the sandbox's second filter), makes strcheck's own code writable (the
 * program's executable mappings), from where it could patch the judge.
 * The loader never changes the program's own mappings: the first filter
 * refuses it.  The copy itself is correct. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

/* strcheck's code: its executable mappings, by /proc/self/maps (which the
 * loader reads too: a constructor may), so a sanitized strcheck, which
 * loads the candidate in a namespace of its own, is found as well. */
__attribute__((constructor)) static void unlock(void)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];

	while (f && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char perm[8], path[256] = "";

		if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %255s", &lo, &hi, perm, path) < 3 ||
		    perm[2] != 'x' || !strstr(path, "/strcheck"))
			continue;
		mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE | PROT_EXEC);
	}
	if (f)
		fclose(f);
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
