/* A copy whose right behaviour needs the project's flags: -DPROJ_CHECKED=1
 * and -Iinc from compile_commands.json. */
#include <string.h>
#include "proj_conf.h"

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src), n;

	if (!size)
		return len;
#if PROJ_CHECKED
	n = len < PROJ_ROOM(size) ? len : PROJ_ROOM(size);
#else
	n = len < size ? len : size;	/* no room kept for the NUL */
#endif
	memcpy(dst, src, n);
	dst[n] = 0;
	return len;
}
