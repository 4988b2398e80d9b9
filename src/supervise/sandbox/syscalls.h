/*
 * syscalls.h - the system calls the child's sandbox refuses: one table of
 * (call, condition, rule) that builds the seccomp filters (sandbox.c),
 * names the rule of a refused call in the report (receive.c) and is the
 * table in docs/tamper.md (strcheck --md-sandbox, written by `make man`).
 */
#ifndef SC_SYSCALLS_H
#define SC_SYSCALLS_H

#include <stdio.h>

#include "../../engine/judge/rules.h"

/* When a call is refused: its arguments the filter looks at. */
enum sc_sys_when {
	SC_SYS_ALWAYS,          /* every call */
	SC_SYS_OTHER_PID,       /* argument 0 is not the child's own pid */
	SC_SYS_NOT_THREAD,      /* clone without CLONE_THREAD */
	SC_SYS_ENOSYS,          /* not refused: fails with ENOSYS (clone3) */
	SC_SYS_NOT_SELF,        /* argument arg names another process (0: itself) */
	SC_SYS_OPEN,            /* any opening; in a sanitized build all but
				 * O_RDONLY | O_CLOEXEC in argument arg */
	SC_SYS_OWNED_HANDLER,   /* a handler for one of the engine's signals */
	SC_SYS_ON_CHANNEL,      /* argument arg is the report socket */
	SC_SYS_MEMORY,          /* at the checker's memory, or over 256 MiB */
	SC_SYS_TSC,             /* prctl(PR_SET_TSC): the counter's trap */
	SC_SYS_UNSANITIZED,     /* every call, in a build without sanitizers
				 * (their runtime sets one per thread) */
};

struct sc_syscall_rule {
	const char *call;       /* as libseccomp names it */
	enum sc_sys_when when;
	unsigned arg;           /* the argument `when` looks at */
	int filter;             /* 1: on before the candidate loads; 2: after */
	enum sc_rule_id rule;   /* the rule a refused call breaks */
};

/* The table, ending with a row whose call is NULL. */
extern const struct sc_syscall_rule sc_syscall_rules[];

/* The rule a refused call breaks (by its name); SC_RULE_SANDBOXED for a
 * call not in the table (one through another ABI). */
enum sc_rule_id sc_syscall_rule_of(const char *call);

/* The table as docs/tamper.md shows it: a Markdown row per rule. */
void sc_syscalls_markdown(FILE *out);

#endif
