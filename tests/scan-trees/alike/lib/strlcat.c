/* Mapped onto strlcat by compat.h's #define: judged as strlcat. */
#include <string.h>

#include "compat.h"

size_t lib_strlcat(char *dst, const char *src, size_t size)
{
	size_t d = strnlen(dst, size), s = strlen(src), room;

	if (d == size)
		return size + s;
	room = size - d - 1;
	if (s < room)
		room = s;
	memcpy(dst + d, src, room);
	dst[d + room] = 0;
	return d + s;
}
