/* Defect (termination): a strlcpy whose size went through a 16-bit length
 * field (uint16_t, as in a packet header).  Sizes below 65,536 work; a size
 * of 2^16 + 3 becomes 3, so only 2 bytes of a longer string are copied,
 * though the full length is returned as it should be. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

size_t strlcpy(char *dst, const char *src, size_t size)
{
	uint16_t room = (uint16_t)size;  /* the defect: the size cut to 16 bits */
	size_t len = strlen(src);

	if (room) {
		size_t n = len < (size_t)room - 1 ? len : (size_t)room - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}
