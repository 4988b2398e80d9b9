/*
 * syscalls.c - the sandbox's table of refused system calls (see
 * syscalls.h).
 */
#include <string.h>

#include "syscalls.h"

#define ROW(call, when, arg, filter, rule) { call, SC_SYS_##when, arg, filter, SC_RULE_##rule }

const struct sc_syscall_rule sc_syscall_rules[] = {
	/* Signals: only to itself (raise, abort and the engine's own). */
	ROW("kill", OTHER_PID, 0, 1, NO_SIGNALS),
	ROW("tgkill", OTHER_PID, 0, 1, NO_SIGNALS),
	ROW("tkill", ALWAYS, 0, 1, NO_SIGNALS),
	/* Queued signals never: to itself they carry any si_code, so a fault
	 * the kernel did not send could pass for one (engine.c). */
	ROW("rt_sigqueueinfo", ALWAYS, 0, 1, NO_SIGNALS),
	ROW("rt_tgsigqueueinfo", ALWAYS, 0, 1, NO_SIGNALS),
	ROW("pidfd_send_signal", ALWAYS, 0, 1, NO_SIGNALS),
	/* Processes: threads yes (the concurrent checks), processes no.
	 * clone3 hides its flags in memory: ENOSYS makes glibc use clone. */
	ROW("fork", ALWAYS, 0, 1, NO_PROCESSES),
	ROW("vfork", ALWAYS, 0, 1, NO_PROCESSES),
	ROW("clone", NOT_THREAD, 0, 1, NO_PROCESSES),
	ROW("clone3", ENOSYS, 0, 1, NO_PROCESSES),
	ROW("execve", ALWAYS, 0, 1, NO_PROCESSES),
	ROW("execveat", ALWAYS, 0, 1, NO_PROCESSES),
	ROW("setsid", ALWAYS, 0, 1, NO_PROCESSES),
	ROW("setpgid", ALWAYS, 0, 1, NO_PROCESSES),
	/* Other processes' memory, descriptors and limits. */
	ROW("ptrace", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("process_vm_writev", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("process_vm_readv", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("process_madvise", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("kcmp", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("pidfd_open", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("pidfd_getfd", ALWAYS, 0, 1, NO_OTHER_PROCESS),
	ROW("prlimit64", NOT_SELF, 0, 1, NO_OTHER_PROCESS),
	ROW("setpriority", NOT_SELF, 1, 1, NO_OTHER_PROCESS),
	/* The user's files: no string copy (and no loader) changes them. */
	ROW("unlink", ALWAYS, 0, 1, NO_FILES),
	ROW("unlinkat", ALWAYS, 0, 1, NO_FILES),
	ROW("rmdir", ALWAYS, 0, 1, NO_FILES),
	ROW("rename", ALWAYS, 0, 1, NO_FILES),
	ROW("renameat", ALWAYS, 0, 1, NO_FILES),
	ROW("renameat2", ALWAYS, 0, 1, NO_FILES),
	ROW("truncate", ALWAYS, 0, 1, NO_FILES),
	ROW("link", ALWAYS, 0, 1, NO_FILES),
	ROW("linkat", ALWAYS, 0, 1, NO_FILES),
	ROW("symlink", ALWAYS, 0, 1, NO_FILES),
	ROW("symlinkat", ALWAYS, 0, 1, NO_FILES),
	ROW("mkdir", ALWAYS, 0, 1, NO_FILES),
	ROW("mkdirat", ALWAYS, 0, 1, NO_FILES),
	ROW("mknod", ALWAYS, 0, 1, NO_FILES),
	ROW("mknodat", ALWAYS, 0, 1, NO_FILES),
	ROW("chmod", ALWAYS, 0, 1, NO_FILES),
	ROW("fchmodat", ALWAYS, 0, 1, NO_FILES),
	ROW("chown", ALWAYS, 0, 1, NO_FILES),
	ROW("lchown", ALWAYS, 0, 1, NO_FILES),
	ROW("fchownat", ALWAYS, 0, 1, NO_FILES),
	/* Files (io_uring's operations bypass seccomp). */
	ROW("open", OPEN, 1, 2, NO_FILES),
	ROW("openat", OPEN, 2, 2, NO_FILES),
	ROW("openat2", ALWAYS, 0, 2, NO_FILES),
	ROW("creat", ALWAYS, 0, 2, NO_FILES),
	ROW("open_by_handle_at", ALWAYS, 0, 2, NO_FILES),
	ROW("io_uring_setup", ALWAYS, 0, 2, NO_FILES),
	ROW("io_uring_enter", ALWAYS, 0, 2, NO_FILES),
	ROW("io_uring_register", ALWAYS, 0, 2, NO_FILES),
	/* The checker's memory. */
	ROW("mprotect", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("pkey_mprotect", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("munmap", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("madvise", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("mremap", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("mmap", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("remap_file_pages", MEMORY, 0, 2, NO_MEMORY_CHANGES),
	ROW("shmat", ALWAYS, 0, 2, NO_MEMORY_CHANGES),
	ROW("userfaultfd", ALWAYS, 0, 2, NO_MEMORY_CHANGES),
	/* The engine's signal handlers and the report channel. */
	ROW("rt_sigaction", OWNED_HANDLER, 0, 2, NO_SIGNAL_HANDLERS),
	ROW("close", ON_CHANNEL, 0, 2, NO_SIGNAL_HANDLERS),
	ROW("shutdown", ON_CHANNEL, 0, 2, NO_SIGNAL_HANDLERS),
	ROW("dup2", ON_CHANNEL, 1, 2, NO_SIGNAL_HANDLERS),
	ROW("dup3", ON_CHANNEL, 1, 2, NO_SIGNAL_HANDLERS),
	ROW("prctl", TSC, 0, 2, NO_SIGNAL_HANDLERS),
	/* Where the engine's handlers run: a traced access leaves its signal
	 * frame there, an untraced one none. */
	ROW("sigaltstack", UNSANITIZED, 0, 2, NO_SIGNAL_HANDLERS),
	{ NULL, SC_SYS_ALWAYS, 0, 0, SC_RULE_SANDBOXED },
};

enum sc_rule_id sc_syscall_rule_of(const char *call)
{
	for (const struct sc_syscall_rule *r = sc_syscall_rules; r->call; r++)
		if (!strcmp(call, r->call))
			return r->rule;
	return SC_RULE_SANDBOXED;
}

/* What each rule's refusals keep a candidate from (the table's last
 * column in docs/tamper.md). */
static const struct {
	enum sc_rule_id rule;
	const char *why;
} whys[] = {
	{ SC_RULE_NO_SIGNALS, "killing or stopping strcheck, or a ^C to its process group. The "
	  "engine's own signals (`raise`, `abort`, the watchdog's `SIGALRM` from its timer) go to "
	  "itself and stay allowed; a queued signal never (to itself it may carry any `si_code`, "
	  "and pass for a fault the kernel sent)." },
	{ SC_RULE_NO_PROCESSES, "daemons that outlive the run. Threads stay allowed: the race and "
	  "reader checks use them; glibc falls back from `clone3` to `clone`, whose flags a filter "
	  "can read." },
	{ SC_RULE_NO_OTHER_PROCESS, "writing strcheck's memory or stealing its descriptors" },
	{ SC_RULE_NO_FILES, "`/proc/<strcheck>/fd/1` (writing strcheck's stdout), `/proc/self/maps` "
	  "(finding the checker's memory); io_uring's operations would bypass seccomp; deleting, "
	  "renaming or changing the user's files (from the constructor on: loading needs none of "
	  "it). While the candidate loads, opens to write are refused (its constructors). A sanitized "
	  "strcheck allows `O_RDONLY \\| O_CLOEXEC` opens (the sanitizers' fault path reads "
	  "`/proc/self/maps`)." },
	{ SC_RULE_NO_MEMORY_CHANGES, "unguarding a guard page, remapping it readable, making the "
	  "read-only source writable, unguarding the page after dest, making the judge's or the "
	  "reference's code writable" },
	{ SC_RULE_NO_SIGNAL_HANDLERS, "a handler that unprotects the faulting page and returns, so "
	  "an over-read no longer faults; closing or replacing the report channel; the time-stamp "
	  "counter read directly again (its trap serves a count that is the same in every phase); "
	  "finding the engine's alternate signal stack, where a traced access leaves its signal "
	  "frame and an untraced one none" },
};

static const char *condition(const struct sc_syscall_rule *r)
{
	switch (r->when) {
	case SC_SYS_OTHER_PID:
		return " to another process";
	case SC_SYS_NOT_THREAD:
		return " without `CLONE_THREAD`";
	case SC_SYS_ENOSYS:
		return " (fails with `ENOSYS`)";
	case SC_SYS_NOT_SELF:
		return " on another process";
	case SC_SYS_OWNED_HANDLER:
		return " installing a handler for `SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGABRT`, "
		       "`SIGTRAP`, `SIGALRM` or `SIGSYS`";
	case SC_SYS_ON_CHANNEL:
		return " on the report socket";
	case SC_SYS_TSC:
		return " setting `PR_SET_TSC`";
	case SC_SYS_UNSANITIZED:
		return " (a sanitized strcheck allows it: its runtime sets one per thread)";
	case SC_SYS_MEMORY:
		return " at the checker's memory, or over 256 MiB (`mmap`: with `MAP_FIXED`)";
	default:
		return "";
	}
}

/* The next row after r of the same rule, or NULL. */
static const struct sc_syscall_rule *next_of(const struct sc_syscall_rule *r, enum sc_rule_id rule)
{
	while ((++r)->call)
		if (r->rule == rule)
			return r;
	return NULL;
}

void sc_syscalls_markdown(FILE *out)
{
	fputs("| refused | rule | why |\n|---|---|---|\n", out);
	for (size_t w = 0; w < sizeof(whys) / sizeof(whys[0]); w++) {
		const char *sep = "| ";

		for (const struct sc_syscall_rule *r = sc_syscall_rules; r->call; r++) {
			const struct sc_syscall_rule *next;

			if (r->rule != whys[w].rule)
				continue;
			/* A run of calls with one condition: the condition once, after the run. */
			next = next_of(r, r->rule);
			fprintf(out, "%s`%s`%s", sep, r->call,
				next && next->when == r->when ? "" : condition(r));
			sep = ", ";
		}
		fprintf(out, " | `%s` | %s |\n", sc_rules[whys[w].rule].id, whys[w].why);
	}
}
