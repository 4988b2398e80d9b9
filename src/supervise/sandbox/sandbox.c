#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "../../engine/trace/trace.h"
#include "../plan/channel.h"
#include "sandbox.h"
#include "syscalls.h"

#ifdef SC_HAVE_SECCOMP
#include <fcntl.h>
#include <seccomp.h>
#include <sched.h>

#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1  /* si_code of a seccomp SIGSYS */
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

#define LMAX SC_SANDBOX_LMAX

static int chan_fd = -1;
static const volatile uint64_t *cur_where;  /* phase << 56 | position */
static uint64_t signal_seq;

static void on_sigsys(int sig, siginfo_t *si, void *uctx)
{
	struct sc_msg_tamper t;
	int saved = errno;

	(void)sig;
	if (si->si_code != SYS_SECCOMP)
		return;  /* raised by hand: nothing was refused */
	/* A call on the arenas the tracer traps to perform (trace.h): not a
	 * refusal. */
	if (sc_trace_sys(si, uctx))
		return;
#if defined(__x86_64__)
	/* Setting an owned signal back to its default (the engine's path to
	 * die of a fault outside a call) only lets a fault kill the child:
	 * refused, but no tampering. */
	if (si->si_syscall == __NR_rt_sigaction) {
		const void *const *act = (const void *const *)((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RSI];

		if (act && *act == (const void *)SIG_DFL) {
			((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RAX] = -EPERM;
			return;
		}
	}
#endif
	memset(&t, 0, sizeof(t));
	t.nr = si->si_syscall;
	t.phase = cur_where ? (uint32_t)(*cur_where >> 56) : 0;
	t.pos = cur_where ? *cur_where & (((uint64_t)1 << 56) - 1) : 0;
#if defined(__x86_64__)
	t.arg0 = (uint64_t)((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RDI];
	((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
	t.arg0 = ((ucontext_t *)uctx)->uc_mcontext.regs[0];
	((ucontext_t *)uctx)->uc_mcontext.regs[0] = (uint64_t)-EPERM;
#else
	(void)uctx;
#endif
	sc_chan_send(chan_fd, SC_STREAM_SIGNAL, &signal_seq, SC_MSG_TAMPER, &t, sizeof(t));
	errno = saved;
}

/* (Again after loading: a constructor may have replaced it.) */
static void catch_sigsys(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSYS, &sa, NULL);
}

/* Argument comparisons, every field given (the library's macros leave some
 * to zero, which clang's -Wextra flags). */
static struct scmp_arg_cmp cmp(unsigned arg, enum scmp_compare op, uint64_t value)
{
	struct scmp_arg_cmp c = { arg, op, value, 0 };

	return c;
}

static struct scmp_arg_cmp masked(unsigned arg, uint64_t mask, uint64_t value)
{
	struct scmp_arg_cmp c = { arg, SCMP_CMP_MASKED_EQ, mask, value };

	return c;
}

static int trap(scmp_filter_ctx ctx, const char *name, unsigned n, const struct scmp_arg_cmp *a)
{
	int nr = seccomp_syscall_resolve_name(name);

	if (nr == __NR_SCMP_ERROR)
		return 0;  /* not a call of this architecture */
	return seccomp_rule_add_array(ctx, SCMP_ACT_TRAP, nr, n, a);
}

#define TRAP0(ctx, name) trap(ctx, name, 0, NULL)
#define TRAP1(ctx, name, a) trap(ctx, name, 1, (struct scmp_arg_cmp[]){ a })
#define TRAP2(ctx, name, a, b) trap(ctx, name, 2, (struct scmp_arg_cmp[]){ a, b })

static int table_rules(scmp_filter_ctx ctx, int stage, uint64_t self, uint64_t bound,
		       uint64_t blk, uint64_t mask);

static int load(scmp_filter_ctx ctx, int rc, char *note, size_t notelen, const char *what)
{
	if (rc == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc != 0) {
		snprintf(note, notelen, "not sandboxed: the kernel refused the %s seccomp filter (%s)",
			 what, strerror(-rc));
		return 0;
	}
	return 1;
}

static scmp_filter_ctx new_filter(void)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	/* A call through another ABI (int 0x80, x32) is refused too. */
	if (ctx)
		seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP);
	return ctx;
}

/*
 * While the candidate loads (the first filter): what loading needs and no
 * more.  The loader opens read-only; a constructor that opens a file to
 * write (strcheck's stdout through /proc, /proc/self/mem) is refused, as
 * is a memory call at the program's own image and heap (its judge's and
 * reference's code), which the loader never touches.
 */
static int loading_rules(scmp_filter_ctx ctx)
{
	static const unsigned writes[] = { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC };
	static const char *const memory[] = { "mprotect", "pkey_mprotect", "munmap", "madvise",
					      "mremap", "mmap", "remap_file_pages" };
	uint64_t blk, mask;
	int rc = 0;

	for (size_t i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		rc |= TRAP1(ctx, "open", masked(1, writes[i], writes[i]));
		rc |= TRAP1(ctx, "openat", masked(2, writes[i], writes[i]));
	}
	rc |= TRAP0(ctx, "openat2");  /* its flags are in memory */
	/* No restartable sequences (child_phases.h): ENOSYS, which glibc
	 * takes for a kernel without them. */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(rseq), 0);
	rc |= TRAP0(ctx, "creat");
	if (sc_sandbox_image(&blk, &mask))
		for (size_t i = 0; i < sizeof(memory) / sizeof(memory[0]); i++)
			rc |= TRAP1(ctx, memory[i], masked(0, mask, blk));
	return rc;
}

int sc_sandbox_early(int chan, const volatile uint64_t *where, char *note, size_t notelen)
{
	scmp_filter_ctx ctx;
	uint64_t self = (uint64_t)getpid();
	int rc = 0;

	chan_fd = chan;
	cur_where = where;
	catch_sigsys();
	ctx = new_filter();
	if (!ctx) {
		snprintf(note, notelen, "not sandboxed: seccomp_init failed");
		return 0;
	}
	rc |= table_rules(ctx, 1, self, 0, 0, 0);
	rc |= loading_rules(ctx);
	return load(ctx, rc, note, notelen, "first");
}

/* A memory call refused when its first argument (address) is at or above
 * bound, or in the program's block, or its length is over LMAX (mmap:
 * with MAP_FIXED); mremap also by its destination (MREMAP_FIXED). */
static int memory_rule(scmp_filter_ctx ctx, const char *c, uint64_t bound, uint64_t blk,
		       uint64_t mask)
{
	int rc = 0;

	rc |= TRAP1(ctx, c, cmp(0, SCMP_CMP_GE, bound));
	if (mask)
		rc |= TRAP1(ctx, c, masked(0, mask, blk));
	if (!strcmp(c, "mmap"))
		rc |= TRAP2(ctx, c, cmp(1, SCMP_CMP_GT, LMAX), masked(3, MAP_FIXED, MAP_FIXED));
	else
		rc |= TRAP1(ctx, c, cmp(1, SCMP_CMP_GT, LMAX));
	if (!strcmp(c, "mremap")) {
		rc |= TRAP1(ctx, c, cmp(4, SCMP_CMP_GE, bound));
		if (mask)
			rc |= TRAP1(ctx, c, masked(4, mask, blk));
	}
	return rc;
}

/* The table's rules (syscalls.c) of filter stage: self is the child's pid;
 * bound, blk and mask the memory layout (bound 0: not recognised, memory
 * calls not restricted). */
static int table_rules(scmp_filter_ctx ctx, int stage, uint64_t self, uint64_t bound,
		       uint64_t blk, uint64_t mask)
{
	static const int owned[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGALRM,
				     SIGSYS };
	int rc = 0, nr, traced = 0;

	/* The tracer's filter (sandbox_trace.c) takes mprotect over. */
	if (stage == 2 && bound)
		traced = sc_sandbox_tracer_filter(bound, blk, mask) == 0;
	for (const struct sc_syscall_rule *r = sc_syscall_rules; r->call; r++) {
		if (r->filter != stage)
			continue;
		switch (r->when) {
		case SC_SYS_ALWAYS:
			rc |= TRAP0(ctx, r->call);
			break;
		case SC_SYS_OTHER_PID:
			rc |= TRAP1(ctx, r->call, cmp(r->arg, SCMP_CMP_NE, self));
			break;
		case SC_SYS_NOT_THREAD:
			rc |= TRAP1(ctx, r->call, masked(r->arg, CLONE_THREAD, 0));
			break;
		case SC_SYS_ENOSYS:
			nr = seccomp_syscall_resolve_name(r->call);
			if (nr != __NR_SCMP_ERROR)
				rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), nr, 0);
			break;
		case SC_SYS_NOT_SELF:
			rc |= TRAP1(ctx, r->call, cmp(r->arg, SCMP_CMP_NE, 0));
			break;
		case SC_SYS_OPEN:
#if SANITIZED
			/* The sanitizers' fault path reads /proc/self/maps (glibc's
			 * pthread_getattr_np: O_RDONLY | O_CLOEXEC): that one kind
			 * of open stays allowed in a sanitized strcheck. */
			rc |= TRAP1(ctx, r->call, cmp(r->arg, SCMP_CMP_NE, O_RDONLY | O_CLOEXEC));
#else
			rc |= TRAP0(ctx, r->call);
#endif
			break;
		case SC_SYS_OWNED_HANDLER:
			for (size_t i = 0; i < sizeof(owned) / sizeof(owned[0]); i++)
				rc |= TRAP2(ctx, r->call, cmp(0, SCMP_CMP_EQ, (uint64_t)owned[i]),
					    cmp(1, SCMP_CMP_NE, 0));
			break;
		case SC_SYS_ON_CHANNEL:
			rc |= TRAP1(ctx, r->call, cmp(r->arg, SCMP_CMP_EQ, (uint64_t)chan_fd));
			break;
		case SC_SYS_TSC:
			rc |= TRAP1(ctx, r->call, cmp(r->arg, SCMP_CMP_EQ, PR_SET_TSC));
			break;
		case SC_SYS_UNSANITIZED:
			if (!SANITIZED)
				rc |= TRAP0(ctx, r->call);
			break;
		case SC_SYS_MEMORY:
			if (traced && (!strcmp(r->call, "mprotect") || !strcmp(r->call, "pkey_mprotect")))
				break;
			if (bound)
				rc |= memory_rule(ctx, r->call, bound, blk, mask);
			break;
		}
	}
	return rc;
}

int sc_sandbox_lock(char *note, size_t notelen)
{
	uint64_t blk, mask, bound = sc_sandbox_layout(&blk, &mask);
	scmp_filter_ctx ctx = new_filter();
	int rc = 0;

	catch_sigsys();

	if (!ctx) {
		snprintf(note, notelen, "not sandboxed: seccomp_init failed");
		return 0;
	}
	rc |= table_rules(ctx, 2, 0, bound, blk, mask);
	if (!load(ctx, rc, note, notelen, "second"))
		return 0;
	snprintf(note, notelen, "seccomp: no signals to other processes, no new processes, "
		 "no exec, no ptrace, no opening files%s, %s, no handlers for the engine's signals",
		 SANITIZED ? " (but read-only, for the sanitizers)" : "",
		 bound ? "no changing the checker's memory" : "(memory layout not recognised: "
		 "memory calls not restricted)");
	return 1;
}

const char *sc_syscall_name(int nr, char *buf, size_t size)
{
	char *name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);

	snprintf(buf, size, "%s", name ? name : "?");
	if (!name)
		snprintf(buf, size, "syscall-%d", nr);
	free(name);
	return buf;
}

#else /* !SC_HAVE_SECCOMP */

int sc_sandbox_early(int chan, const volatile uint64_t *where, char *note, size_t notelen)
{
	(void)chan, (void)where;
	snprintf(note, notelen, "not sandboxed: this strcheck was built without libseccomp");
	return 0;
}

int sc_sandbox_lock(char *note, size_t notelen)
{
	snprintf(note, notelen, "not sandboxed: this strcheck was built without libseccomp");
	return 0;
}

const char *sc_syscall_name(int nr, char *buf, size_t size)
{
	snprintf(buf, size, "syscall-%d", nr);
	return buf;
}

#endif
