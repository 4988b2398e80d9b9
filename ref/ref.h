/*
 * ref.h - the byte-at-a-time references: short, obviously correct models
 * of each contract (docs/contract.md).  The checker compares every
 * candidate call against one of these.
 */
#ifndef REF_H
#define REF_H

#include <stddef.h>
#include <sys/types.h>

/* strscpy: copy up to the NUL or count-1 bytes; length or -E2BIG. */
ssize_t ref_strscpy(char *dest, const char *src, size_t count);

/* strscpy_pad: ref_strscpy, then zero dest after the NUL up to count-1. */
ssize_t ref_strscpy_pad(char *dest, const char *src, size_t count);

/* BSD strlcpy: copy min(strlen(src), size-1) bytes and a NUL if size > 0;
 * returns strlen(src). */
size_t ref_strlcpy(char *dst, const char *src, size_t size);

/* C strncpy: copy up to n bytes, zero-fill the rest of the n; no NUL when
 * strlen(src) >= n; returns dst. */
char *ref_strncpy(char *dst, const char *src, size_t n);

/* BSD strlcat: dlen = dst's string's length within size (size if no NUL
 * there); appends min(strlen(src), size-dlen-1) bytes and a NUL when
 * dlen < size, writes nothing otherwise; returns min(size, dlen) +
 * strlen(src). */
size_t ref_strlcat(char *dst, const char *src, size_t size);

/* C strncat: appends at most n bytes of src (to its NUL) after dst's
 * string, then a NUL; never reads src[n]; returns dst. */
char *ref_strncat(char *dst, const char *src, size_t n);

/* POSIX stpncpy: strncpy, returning the first NUL written in dst[0..n-1],
 * or dst + n. */
char *ref_stpncpy(char *dst, const char *src, size_t n);

/* memccpy: copies bytes until (unsigned char)c has been copied or n bytes
 * have; returns the byte after that c in dst, or NULL. */
void *ref_memccpy(void *dst, const void *src, int c, size_t n);

#endif
