/*
 * inspect.h - what a candidate's shared object says about itself, read
 * from the file without running any of its code.
 *
 * A candidate is checked as its own code only if its calls stay inside
 * it.  Two things can quietly make strcheck check someone else's code: a
 * string function the candidate calls but does not define (memcpy, strlen:
 * the C library's runs), and a function the candidate defines but the C
 * library exports too (__stpncpy): without -Bsymbolic the dynamic linker
 * binds the candidate's own calls to the C library's copy.  sc_inspect
 * names both, and says when the candidate is the C library itself.
 */
#ifndef SC_INSPECT_H
#define SC_INSPECT_H

#include <stddef.h>

/*
 * Read the dynamic symbols of the shared object at path and append to
 * notes (of size len, NUL-terminated) one line per observation, each
 * starting "note: " or "warning: ".  loaded_deepbind: the candidate will
 * be loaded with RTLD_DEEPBIND (its own definitions win anyway).
 * Returns the number of warnings; a file it cannot read adds nothing
 * (the loader reports that).
 */
int sc_inspect(const char *path, int loaded_deepbind, char *notes, size_t len);

#endif
