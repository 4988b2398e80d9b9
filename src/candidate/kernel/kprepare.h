/*
 * kprepare.h - what a kernel tree's build takes (kbuild.h builds it): the
 * function to check, the --kconfig switches, the forwarding headers for
 * the tree's word-at-a-time helpers and exception table, and the compiler
 * arguments in the two header orders.
 */
#ifndef SC_KPREPARE_H
#define SC_KPREPARE_H

#include <stddef.h>

#include "../compile/build.h"
#include "kbuild.h"

/*
 * Write the forwarding headers (and, for a strscpy_pad that is a macro in
 * the tree's include/linux/string.h, a wrapper exporting it) into b->dir,
 * and fill kb.  0, or -1 with one line in err (a shim directory or a
 * word-at-a-time.h not found, a bad --kconfig).
 */
int sc_kbuild_prepare(const char *file, const char *root, const struct sc_kernel_opts *ko,
		      const struct sc_build *b, struct sc_kbuild *kb, char *err, size_t errlen);

#endif
