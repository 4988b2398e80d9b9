/*
 * strscpy.h - bounded string copy that always terminates and never over-reads.
 *
 * Both functions return ssize_t and report truncation as -E2BIG (7 on Linux).
 */
#ifndef STRSCPY_H
#define STRSCPY_H

#include <sys/types.h>  /* ssize_t */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * strscpy - copy the C string src into the buffer dest of count bytes.
 *
 * Copies src up to and including its NUL and returns its length, or, when
 * the string does not fit, copies count-1 bytes, stores a NUL in
 * dest[count-1] and returns -E2BIG.  Reads no byte of src past its NUL or
 * past src[count-1] on a page that the string does not reach, so it cannot
 * fault on a short or unterminated-but-bounded source.  Bytes of dest after
 * the NUL are left alone (never zeroed, never filled with source bytes); each
 * byte of dest is written at most once, so a concurrent reader never sees
 * dest unterminated.  count == 0 and count > INT_MAX return -E2BIG and
 * touch nothing.  A source that changes during the call still yields a
 * terminated dest whose length agrees with the return value.
 * dest and src must not overlap.
 */
ssize_t strscpy(char *dest, const char *src, size_t count);

/*
 * strscpy_pad - strscpy(), then zero every byte of dest after the NUL up to
 * dest[count-1], so no stale data is left in a fixed-size buffer.
 * Same return values as strscpy().
 */
ssize_t strscpy_pad(char *dest, const char *src, size_t count);

#ifdef __cplusplus
}
#endif

#endif
