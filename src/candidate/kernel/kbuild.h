/*
 * kbuild.h - build a Linux kernel tree's lib/string.c, unmodified, as a
 * candidate: the tree's own headers where it has them (include/,
 * include/uapi/, arch/ARCH/include/ and its uapi/, in the kernel's order),
 * strcheck's shim headers (src/kshim/) for what a tree that was never
 * configured (or is only a few files) lacks, the word-at-a-time helpers
 * always from the tree (include/asm-generic/word-at-a-time.h or an
 * architecture's); only the checked function has to build (kfuncs.h).
 * kprepare.h fills struct sc_kbuild, ktree.h finds the tree's files.
 */
#ifndef SC_KBUILD_H
#define SC_KBUILD_H

#include <stddef.h>

#include "../../engine/case/case.h"
#include "../compile/build.h"

/* Which word-at-a-time.h the build takes from the tree. */
enum sc_wat { SC_WAT_DEFAULT, SC_WAT_GENERIC, SC_WAT_X86 };

struct sc_kernel_opts {
	enum sc_wat wat;
	const char *kconfig;     /* "CONFIG_X=y,CONFIG_Y=n" or NULL: the defaults */
	enum sc_api api;
	const char *symbol;      /* NULL: chosen from the file (sized_strscpy, strscpy, ...) */
};

/* What sc_kbuild_prepare (kprepare.h) made: arguments and inputs for sc_build_so, in
 * the two header orders sc_kbuild_build tries. */
struct sc_kbuild {
	const char *pre[64];     /* the tree's own headers first, the shims for the rest */
	const char *pre_shims[64];  /* the shims first, the tree's for what they lack */
	const char *inputs[3];
	size_t ninputs;
	const char *roots[32];   /* the functions the check needs (NULL-terminated) */
	char symbol[64];         /* the function to check */
	char about[600];         /* one line for the report: tree, helpers, switches */
	char headers[400];       /* one line: which headers the build took */
	char left[600];          /* one line: the functions left out, or "" */
	char store[12288];       /* backing for the strings above */
	size_t used;
};

/*
 * Build b->so from kb (req gives the compiler, flags, verbosity): first
 * with the tree's own headers before the shims, then, if that fails, with
 * the shims first; in either, a function of the file other than the
 * checked one (and those it calls) that does not compile or link is left
 * out and the build retried (kb->left names them).  0, or -1 with one line
 * in err: a missing header is named with what to do; any other failure
 * has the compiler's messages on stderr first.
 */
int sc_kbuild_build(const struct sc_build_req *req, struct sc_build *b, struct sc_kbuild *kb,
		    int verbose, char *err, size_t errlen);

#endif
