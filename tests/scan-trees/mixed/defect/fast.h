/* The project's strncpy is its own fast one: every strncpy it compiles
 * is fast_strncpy, so that one is judged as strncpy. */
#include <stddef.h>

char *fast_strncpy(char *dst, const char *src, size_t n);
#define strncpy(d, s, n) fast_strncpy(d, s, n)
