/* Defect (race, strscpy_pad only): the copy loads each byte once and
 * returns where it stored the NUL; the padding then re-finds the NUL in
 * the source (strnlen from where the copy stopped) to know where to start
 * zeroing.  When the NUL
 * turns into another byte between the copy and the re-find, the re-find
 * lands on a later NUL and the fill starts after it: the dest bytes
 * between the stored NUL and the fill keep what they held before the
 * call, the info leak strscpy_pad exists to prevent.  The return value
 * and the NUL agree, so only the rule for the bytes after the NUL sees
 * it.  Trigger: the NUL changed after its one load by the copy. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	size_t res, from;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (res = 0; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			break;
	}
	if (res + 1 == count) {
		dest[res] = '\0';
		return src[res] == '\0' ? (ssize_t)res : -E2BIG;
	}
	from = res + strnlen(src + res, count - res);	/* the NUL again: read twice */
	if (from + 1 < count)
		memset(dest + from + 1, 0, count - from - 1);
	return (ssize_t)res;
}
