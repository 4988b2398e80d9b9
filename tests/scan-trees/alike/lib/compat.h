#ifndef LIB_COMPAT_H
#define LIB_COMPAT_H
#include <stddef.h>

/* The tree's strlcat is its own: every strlcat below is lib_strlcat. */
size_t lib_strlcat(char *dst, const char *src, size_t size);
#define strlcat lib_strlcat

#endif
