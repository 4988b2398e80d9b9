/*
 * ktree.h - a kernel tree's files: is a file in a tree's lib/, where
 * strcheck's shim headers are, the tree's include directories for the
 * target (with the asm/ forwarders kbuild's generic-y would generate).
 */
#ifndef SC_KTREE_H
#define SC_KTREE_H

#include <limits.h>
#include <stddef.h>

#define SC_KTREE_PATH (PATH_MAX + 64)

/* Is path a .c file in the lib/ directory of a kernel tree (one whose
 * top has Kconfig, Kbuild, arch/ and scripts/)?  1 and the tree's top in
 * root, else 0. */
int sc_kernel_file(const char *path, char *root, size_t len);

/* Where strcheck's shim headers are (STRCHECK_KSHIM, or beside the
 * program: ../src/kshim, ../share/strcheck/kshim); NULL if not found. */
const char *sc_kshim_dir(void);

/* Is root/rel a regular file? */
int sc_ktree_has(const char *root, const char *rel);

/* The tree's arch/ directory for the target strcheck runs on (kernel
 * trees are built by the strcheck of the candidate's architecture). */
const char *sc_karch(void);

/*
 * The tree's include directories (under root), in the kernel's order (its
 * Makefile's LINUXINCLUDE), each that exists, into dirs (at most 6); unless
 * after, the generated asm/ forwarders between them, written under bdir.
 * How many, or -1 with one line in err.
 */
int sc_ktree_dirs(const char *root, const char *bdir, int after, char dirs[][SC_KTREE_PATH],
		  char *err, size_t errlen);

#endif
