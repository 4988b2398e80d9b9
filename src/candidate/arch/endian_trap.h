/*
 * endian_trap.h - catch the byte-order trap in a build strcheck makes.
 *
 * glibc's <endian.h> defines both __BIG_ENDIAN (4321) and __LITTLE_ENDIAN
 * (1234) as values and says which applies with __BYTE_ORDER; the kernel
 * defines only the one that applies and tests it with #ifdef.  Code
 * written the kernel's way but compiled against the C library's headers
 * takes the big-endian path on a little-endian machine, and every check
 * after that checks the wrong code.  strcheck's kernel shims never define
 * the other byte order's macro; for every other build this check looks.
 */
#ifndef SC_ENDIAN_TRAP_H
#define SC_ENDIAN_TRAP_H

#include <stddef.h>

#include "../compile/build.h"

/*
 * Preprocess file with the request's compiler and flags: if the headers
 * define the macro of the byte order the target does not have, and file
 * or one of its non-system headers tests that macro with #ifdef, #ifndef
 * or defined(), append one "warning: FILE:LINE ..." line per such file to
 * notes.  Returns the number of warnings (0 when the compiler cannot tell).
 */
int sc_endian_check(const struct sc_build_req *req, const char *file, char *notes, size_t len);

#endif
