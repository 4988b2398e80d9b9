/*
 * kbuild.h - build a Linux kernel tree's lib/string.c, unmodified, as a
 * candidate: strcheck's own shim headers (src/kshim/) stand in for the
 * kernel's headers, while the word-at-a-time helpers come from the tree
 * itself (include/asm-generic/word-at-a-time.h or an architecture's).
 */
#ifndef SC_KBUILD_H
#define SC_KBUILD_H

#include <stddef.h>

#include "../../engine/case.h"
#include "build.h"

/* Which word-at-a-time.h the build takes from the tree. */
enum sc_wat { SC_WAT_DEFAULT, SC_WAT_GENERIC, SC_WAT_X86 };

struct sc_kernel_opts {
	enum sc_wat wat;
	const char *kconfig;     /* "CONFIG_X=y,CONFIG_Y=n" or NULL: the defaults */
	enum sc_api api;
	const char *symbol;      /* NULL: chosen from the file (sized_strscpy, strscpy, ...) */
};

/* What sc_kbuild_prepare made: arguments and inputs for sc_build_so. */
struct sc_kbuild {
	const char *pre[48];
	const char *inputs[3];
	size_t ninputs;
	char symbol[64];         /* the function to check */
	char about[600];         /* one line for the report: tree, helpers, switches */
	char store[8192];        /* backing for the strings above */
	size_t used;
};

/* Is path a .c file in the lib/ directory of a kernel tree (a sibling
 * include/linux/ or include/asm-generic/)?  1 and the tree's top in root,
 * else 0. */
int sc_kernel_file(const char *path, char *root, size_t len);

/*
 * Write the forwarding headers (and, for a strscpy_pad that is a macro in
 * the tree's include/linux/string.h, a wrapper exporting it) into b->dir,
 * and fill kb.  0, or -1 with one line in err (a shim directory or a
 * word-at-a-time.h not found, a bad --kconfig).
 */
int sc_kbuild_prepare(const char *file, const char *root, const struct sc_kernel_opts *ko,
		      const struct sc_build *b, struct sc_kbuild *kb, char *err, size_t errlen);

/* Where strcheck's shim headers are (STRCHECK_KSHIM, or beside the
 * program: ../src/kshim, ../share/strcheck/kshim); NULL if not found. */
const char *sc_kshim_dir(void);

#endif
