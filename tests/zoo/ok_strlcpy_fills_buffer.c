/* Correct (a sloppy checker flags it): strlcpy wrapped around a
 * strncpy-style copy, as some libraries' compatibility layers do: it
 * writes all `size` bytes of the buffer it was given (the string, then
 * zeros), then terminates and returns strlen(src).  The caller promised
 * `size` bytes of dest, so every write is inside the buffer, however large
 * size is; zeros after the NUL are allowed by the default policy.  A size
 * too large to back with memory (2^63, SIZE_MAX) is reported as writes
 * strcheck could not judge, not as a defect. */
#include <stddef.h>

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = 0, i;

	while (src[len])
		len++;
	if (size == 0)
		return len;
	for (i = 0; i < size; i++)
		dst[i] = i < len ? src[i] : '\0';
	dst[size - 1] = '\0';
	return len;
}
