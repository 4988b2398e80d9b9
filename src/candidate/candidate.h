/*
 * candidate.h - from what the user gave as --impl to the shared object the
 * checked process loads: a .so as it is; C sources, objects and archives
 * built into one (build.h); a kernel tree's lib/ C files built with the kernel
 * shims (kbuild.h); one file of a real project as it is, else its function
 * alone (alone.h).  Also gathers what the report must say about it: the
 * build command, string functions it calls in other libraries, byte-order
 * traps (endian_trap.h).
 */
#ifndef SC_CANDIDATE_H
#define SC_CANDIDATE_H

#include <stddef.h>

#include "compile/build.h"
#include "kernel/kbuild.h"
/* What the command line calls besides: the files it names checked
 * (inputs.h), strcheck's own place (beside.h), another architecture's
 * strcheck (foreign.h, arch.h). */
#include "inputs.h"
#include "arch/beside.h"
#include "arch/foreign.h"

#define SC_MAX_INPUTS 32

struct sc_cand_opts {
	const char *impl;        /* paths, comma-separated (--impl may repeat: joined) */
	const char *cc, *cflags; /* NULL: $CC / $CFLAGS, else cc / -O2 -g */
	int verbose;
	struct sc_kernel_opts kernel;  /* api and symbol too */
};

struct sc_candidate {
	const char *so;          /* what the checked process loads */
	const char *symbol;      /* the function (NULL: the API's name) */
	int built;               /* strcheck built so (in build.dir) */
	int kernel;              /* ... from a kernel tree, with the shims */
	struct sc_build build;
	struct sc_kbuild kb;
	char about[2048];         /* for the report: what was built from what, or "" */
	char how[2048];          /* for the report: how a project's file was built (alone.h), or "" */
	char notes[3072];        /* "note: ..." / "warning: ..." lines, or "" */
	char list[4096];         /* backing for the split input paths */
	const char *inputs[SC_MAX_INPUTS];
	size_t ninputs;
};

/*
 * Prepare the candidate: build it when it is not a shared object already.
 * 0, or -1 with one line in err (the compiler's own messages are on
 * stderr by then).  Whatever it made, sc_candidate_release removes.
 * One .c or .S file and o->kernel.symbol (else the API's name): that
 * function, built as its file is or alone (alone.h), c->how saying which;
 * what a scan of a tree calls once per function found.
 */
int sc_candidate_prepare(const struct sc_cand_opts *o, struct sc_candidate *c, char *err,
			 size_t errlen);

/* Remove the build directory, if any (only the process that made it). */
void sc_candidate_release(struct sc_candidate *c);

/* The top of the tree a build of file reads (project.h: the nearest
 * folder above it with .git, configure, debian/ ...) into root: 1, or 0
 * when it cannot tell or the tree is a kernel's (a scan's cache reads
 * the tree whole for its key, scan_cache_src.c). */
int sc_candidate_tree_top(const char *file, char *root, size_t len);

/* What sc_candidate_setup returns besides 0 and -1 (main() makes it its
 * exit status for a run cut short). */
#define SC_CAND_INTERRUPTED 1

/*
 * The program's step: prepare the candidate o names (--impl, --cc,
 * --cflags, --verbose, --kernel-wat, --kconfig, --symbol, --api), remove
 * what it built at exit.  Prints the warnings on stderr too (a --quiet or
 * JSON run sees them); flags gets the options a replay command needs to
 * rebuild it the same way, shell-quoted.  0; -1 with one line in err;
 * SC_CAND_INTERRUPTED when ^C (or SIGTERM) stopped the build.
 */
int sc_candidate_setup(const struct sc_cand_opts *o, struct sc_candidate *c, char *flags,
		       size_t len, char *err, size_t errlen);

/* err names c->so (a load error): name what the user gave instead. */
void sc_candidate_rename(const struct sc_candidate *c, const char *impl, char *err,
			 size_t errlen);

#endif
