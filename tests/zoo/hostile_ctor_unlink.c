/* Hostile: its constructor, which runs while the candidate loads, deletes
 * a file of the user's (here one that does not exist, so a strcheck that
 * lets it through loses nothing: the call fails with ENOENT).  No string
 * copy and no loader deletes, renames or changes files: the sandbox
 * refuses it from the first filter on.  The copy itself is correct. */
#include <errno.h>
#include <sys/types.h>
#include <unistd.h>

__attribute__((constructor)) static void vandal(void)
{
	(void)unlink("/nonexistent-strcheck-victim/.profile");
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
