/*
 * foreign.h - check a candidate built for another architecture with the
 * strcheck built for that architecture.
 *
 * A shared object for s390x cannot be loaded into an x86-64 process.  So
 * strcheck reads its ELF header first and, when it is for another
 * architecture of the table in arch.c, replaces itself (exec) with
 * build/cross/ARCH/strcheck running under qemu-ARCH -L /usr/TRIPLET (or
 * natively, for i386 on x86-64), with the same arguments.  That strcheck
 * runs the whole check and writes the report; its exit status is strcheck's.
 */
#ifndef SC_FOREIGN_H
#define SC_FOREIGN_H

#include <stddef.h>

#include "arch.h"

/*
 * The architecture the candidate is for: that of the ELF file impl (NULL:
 * the project's own library, i.e. want or this build's), checked against
 * want (--arch; NULL: any).  Returns 0 with *out set, or 2 with one line
 * in err (an architecture strcheck has no build for; impl is not for want).
 * A file that is not ELF counts as want's (or this build's): the loader or
 * the source builder says what is wrong with it.
 */
int sc_foreign_target(const char *impl, const struct sc_arch *want,
		      const struct sc_arch **out, char *err, size_t errlen);

/*
 * Run strcheck's build for arch a with argv (argv[0] left out), to check
 * the candidate called name (for messages); cc, when not NULL, is added as
 * --cc=CC (the architecture's cross compiler, for an --impl that the
 * foreign strcheck builds: qemu-user runs the compiler it starts natively).  Returns only on failure: 2 with one line in err saying
 * what to install or build (no cross build, no qemu, no C library), or why
 * it could not start.
 */
int sc_foreign_exec(const struct sc_arch *a, const char *name, char **argv, const char *cc,
		    char *err, size_t errlen);

/* How this strcheck is running, for the report's header:
 * "s390x (64-bit big-endian), emulated by qemu-s390x (qemu-user)". */
const char *sc_foreign_how(void);

/* "--arch=NAME" when this strcheck was started by another for the
 * architecture NAME (a replay command must start the same one), else NULL. */
const char *sc_foreign_replay_arch(void);

#endif
