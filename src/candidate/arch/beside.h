/*
 * beside.h - files strcheck finds from where its own binary is: its
 * default library, its kernel shims, its builds for other architectures,
 * in the build tree or where `make install` put them (so an install under
 * DESTDIR works where it lands).
 */
#ifndef SC_BESIDE_H
#define SC_BESIDE_H

#include <stddef.h>

/*
 * The first of rel[0..n) (paths relative to the directory of this
 * program) under which probe ("" for the path itself) passes access(mode).
 * Its real path goes to out and its index is returned.  None: -1, and out
 * holds rel[0]'s path (for a message), or "" when the program's own path
 * is unknown.
 */
int sc_beside_self(const char *const *rel, size_t n, const char *probe, int mode, char *out,
		   size_t outlen);

#endif
