/* What the project's configure found: this C library has strlcpy, so
 * lib/cond.c's copy is not compiled (the check builds it all the same). */
#define HAVE_STRLCPY 1
