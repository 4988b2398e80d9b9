/* Defect (leak): a debug build's strscpy that poisons the unused tail of
 * dest with 0xcc up to count, so that a reader of uninitialised bytes
 * stands out.  After the NUL the contract allows only the old bytes or
 * zeros: the poison is a write of non-zero bytes inside count, however far
 * past the NUL (with a huge count, pages strcheck backs on demand). */
#include <errno.h>
#include <limits.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	ssize_t ret = -E2BIG;
	char c;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		c = src[i];
		dest[i] = c;
		if (c == '\0') {
			ret = (ssize_t)i;
			break;
		}
	}
	if (ret < 0) {
		c = src[i];
		dest[i] = '\0';
		if (c == '\0')
			ret = (ssize_t)i;
	}
	/* The defect: only the bytes far past the string are poisoned (the
	 * first 64 KiB after it are left alone, "for speed"). */
	for (i = (size_t)(ret < 0 ? (ssize_t)count : ret) + 65536; i < count; i++)
		dest[i] = (char)0xcc;
	return ret;
}
