/*
 * trace_sysgen.c - the system calls trace_systrap.c's rows do not name,
 * performed as untraced too (trace_state.h).
 *
 * A call given a pointer into the arenas during a traced call would see a
 * PROT_NONE source or a read-only dest where the untraced call sees them
 * readable (and dest writable).  So every call is trapped when one of the
 * arguments it may follow points into an arena's data (a table says which;
 * a call not in it: all six), or always where it follows pointers stored
 * in memory (ioctl, io_submit, ...), except the calls that follow no
 * pointer or act on a mapping rather than its bytes (mprotect, munmap,
 * ...: the sandbox judges those).  A trapped call is performed with the
 * arenas open, through the tracer's own system call instruction, and
 * recorded conservatively: the kernel read, from each pointer into the
 * source, the bytes up to the end of what the call may read (one byte,
 * marked guessed, where it points past them: a finding), all of them for
 * a call that follows pointers in memory; and stored each dest byte that
 * the call changed (the reader's watch keeps dest as last seen).  A call
 * that cannot be made from a signal handler (clone, the signal mask, the
 * alternate stack, execve) runs natively instead: the handler points the
 * context at a stub holding a system call instruction that the filter
 * lets through; during a traced call with the arenas open and an int3
 * after it, whose trap closes them and records the call (a new thread or
 * process skips the int3).
 */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "trace_state.h"

#define T sc_T

#if defined(__x86_64__) && defined(__linux__)
#include <linux/seccomp.h>
#include <sys/syscall.h>
#include <ucontext.h>

#define NATIVE 0x40  /* run natively by a stub, never from the handler */
#define NEST 0x80    /* follows pointers stored in memory: trapped always */
#define ALL 0x3f

/* Which arguments each call may follow (bit i: argument i; 0: none), and
 * what the kernel reads at each: len bytes (-1: nothing, it only stores
 * there; 0: not known, up to the end of what the copy may read), or the
 * bytes argument larg says. */
static const struct gen {
	int nr;
	unsigned char mask;
	int len, larg;
	const char *name;
} gen[] = {
	{ __NR_sched_yield, 0, 0, -1, 0 }, { __NR_getpid, 0, 0, -1, 0 }, { __NR_gettid, 0, 0, -1, 0 },
	{ __NR_getppid, 0, 0, -1, 0 }, { __NR_getuid, 0, 0, -1, 0 }, { __NR_geteuid, 0, 0, -1, 0 }, { __NR_getgid, 0, 0, -1, 0 },
	{ __NR_getegid, 0, 0, -1, 0 }, { __NR_close, 0, 0, -1, 0 }, { __NR_dup, 0, 0, -1, 0 }, { __NR_dup2, 0, 0, -1, 0 },
	{ __NR_dup3, 0, 0, -1, 0 }, { __NR_lseek, 0, 0, -1, 0 }, { __NR_fsync, 0, 0, -1, 0 }, { __NR_fdatasync, 0, 0, -1, 0 },
	{ __NR_ftruncate, 0, 0, -1, 0 }, { __NR_kill, 0, 0, -1, 0 }, { __NR_tkill, 0, 0, -1, 0 }, { __NR_tgkill, 0, 0, -1, 0 },
	{ __NR_exit, 0, 0, -1, 0 }, { __NR_exit_group, 0, 0, -1, 0 }, { __NR_rt_sigreturn, 0, 0, -1, 0 },
	{ __NR_restart_syscall, 0, 0, -1, 0 }, { __NR_alarm, 0, 0, -1, 0 }, { __NR_pause, 0, 0, -1, 0 },
	{ __NR_fork, 0, 0, -1, 0 }, { __NR_vfork, 0, 0, -1, 0 }, { __NR_socket, 0, 0, -1, 0 }, { __NR_listen, 0, 0, -1, 0 },
	{ __NR_shutdown, 0, 0, -1, 0 }, { __NR_flock, 0, 0, -1, 0 }, { __NR_fadvise64, 0, 0, -1, 0 },
	{ __NR_eventfd2, 0, 0, -1, 0 }, { __NR_epoll_create1, 0, 0, -1, 0 }, { __NR_umask, 0, 0, -1, 0 },
	{ __NR_getpgrp, 0, 0, -1, 0 }, { __NR_setsid, 0, 0, -1, 0 }, { __NR_getpriority, 0, 0, -1, 0 },
	{ __NR_setpriority, 0, 0, -1, 0 }, { __NR_sync, 0, 0, -1, 0 },
	/* a mapping's protection or residence, not its bytes */
	{ __NR_mmap, 0, 0, -1, 0 }, { __NR_munmap, 0, 0, -1, 0 }, { __NR_mprotect, 0, 0, -1, 0 },
	{ __NR_pkey_mprotect, 0, 0, -1, 0 }, { __NR_mremap, 0, 0, -1, 0 }, { __NR_madvise, 0, 0, -1, 0 },
	{ __NR_brk, 0, 0, -1, 0 }, { __NR_mlock, 0, 0, -1, 0 }, { __NR_munlock, 0, 0, -1, 0 }, { __NR_mlock2, 0, 0, -1, 0 },
	{ __NR_mlockall, 0, 0, -1, 0 }, { __NR_munlockall, 0, 0, -1, 0 }, { __NR_msync, 0, 0, -1, 0 },
	{ __NR_remap_file_pages, 0, 0, -1, 0 }, { __NR_shmdt, 0, 0, -1, 0 },
	/* pointers in some arguments only */
	{ __NR_futex, 0x19, 16, -1, "futex" }, { __NR_clock_gettime, 0x2, -1, -1, "clock_gettime" },
	{ __NR_clock_nanosleep, 0xc, 16, -1, "clock_nanosleep" }, { __NR_nanosleep, 0x3, 16, -1, "nanosleep" },
	{ __NR_rt_sigaction, 0x6, 32, -1, "rt_sigaction" }, { __NR_poll, 0x1, 8, -1, "poll" },
	{ __NR_ppoll, 0xd, 16, -1, "ppoll" }, { __NR_epoll_wait, 0x2, -1, -1, "epoll_wait" },
	{ __NR_epoll_pwait, 0x12, 8, -1, "epoll_pwait" }, { __NR_epoll_ctl, 0x8, 12, -1, "epoll_ctl" },
	{ __NR_select, 0x1e, 0, -1, "select" }, { __NR_getrandom, 0x1, -1, -1, "getrandom" },
	{ __NR_mincore, 0x4, -1, -1, "mincore" }, { __NR_getcwd, 0x1, -1, -1, "getcwd" },
	{ __NR_fcntl, 0x4, 32, -1, "fcntl" }, { __NR_setsockopt, 0x8, 0, 4, "setsockopt" },
	{ __NR_getsockopt, 0x18, 4, -1, "getsockopt" }, { __NR_splice, 0xa, 8, -1, "splice" },
	{ __NR_sendfile, 0x4, 8, -1, "sendfile" }, { __NR_copy_file_range, 0xa, 8, -1, "copy_file_range" },
	{ __NR_uname, 0x1, -1, -1, "uname" }, { __NR_pipe2, 0x1, -1, -1, "pipe2" }, { __NR_socketpair, 0x8, -1, -1, "socketpair" },
	{ __NR_mq_timedsend, 0x12, 0, 2, "mq_timedsend" }, { __NR_mq_timedreceive, 0x1a, 16, -1, "mq_timedreceive" },
	{ __NR_msgsnd, 0x2, 0, -1, "msgsnd" }, { __NR_msgrcv, 0x2, -1, -1, "msgrcv" },
	{ __NR_tee, 0, 0, -1, 0 }, { __NR_io_getevents, 0x18, 16, -1, "io_getevents" },
	/* pointers stored in memory */
	{ __NR_ioctl, NEST, 0, -1, "ioctl" }, { __NR_io_submit, NEST, 0, -1, "io_submit" },
	{ __NR_pselect6, NEST, 0, -1, "pselect6" }, { __NR_io_pgetevents, NEST, 0, -1, "io_pgetevents" },
	{ __NR_bpf, NEST, 0, -1, "bpf" }, { __NR_keyctl, NEST, 0, -1, "keyctl" }, { __NR_seccomp, NEST, 0, -1, "seccomp" },
	{ __NR_move_pages, NEST, 0, -1, "move_pages" }, { __NR_process_vm_readv, NEST, 0, -1, "process_vm_readv" },
	{ __NR_process_vm_writev, NEST, 0, -1, "process_vm_writev" },
#ifdef __NR_futex_waitv
	{ __NR_futex_waitv, NEST, 0, -1, "futex_waitv" },
#endif
	/* not from a signal handler: run natively */
	{ __NR_clone, NATIVE | 0xc, -1, -1, "clone" }, { __NR_clone3, NATIVE | 0x1, 0, 1, "clone3" },
	{ __NR_rt_sigprocmask, NATIVE | 0x6, 0, 3, "rt_sigprocmask" },
	{ __NR_rt_sigsuspend, NATIVE | 0x1, 0, 1, "rt_sigsuspend" },
	{ __NR_sigaltstack, NATIVE | 0x3, 24, -1, "sigaltstack" }, { __NR_execve, NATIVE | 0x7, 0, -1, "execve" },
	{ __NR_execveat, NATIVE | 0x1e, 0, -1, "execveat" },
};
#define NGEN (sizeof(gen) / sizeof(gen[0]))

static int find(int nr)
{
	for (size_t i = 0; i < NGEN; i++)
		if (gen[i].nr == nr)
			return (int)i;
	return -1;
}

/* The stubs: a call run natively, its return address the resume point.
 * stub_trap: traced (int3 back to the tracer); stub_clone: the same, but
 * a new thread or process (0 returned) jumps to the resume point at once;
 * the plain ones (untraced, 16 used in turn): straight back. */
uint64_t sc_trace_resume[16], sc_trace_resume_child;
__asm__(".text\n.balign 16\n"
	".globl sc_trace_stubs_lo\n.hidden sc_trace_stubs_lo\nsc_trace_stubs_lo:\n"
	"sc_trace_stub_trap:\n\tsyscall\n"
	"sc_trace_stub_int3:\n\tint3\n"
	".balign 16\nsc_trace_stub_clone:\n\tsyscall\n"
	"\txchg %rax, %rcx\n\tjrcxz 1f\n\txchg %rax, %rcx\n\tjmp sc_trace_stub_int3\n"
	"1:\txchg %rax, %rcx\n\tmov sc_trace_resume_child(%rip), %rcx\n\tjmp *%rcx\n"
	".balign 16\nsc_trace_stub_plain:\n"
	".irp k,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n"
	"\t.balign 16\n\tsyscall\n\tmov sc_trace_resume+8*\\k(%rip), %rcx\n\tjmp *%rcx\n"
	".endr\n"
	".globl sc_trace_stubs_hi\n.hidden sc_trace_stubs_hi\nsc_trace_stubs_hi:\n");
extern const char sc_trace_stub_trap[], sc_trace_stub_int3[], sc_trace_stub_clone[],
	sc_trace_stub_plain[];

#define LD(off) (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
#define JEQ(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f))
#define JGE(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, (k), (t), (f))
#define RET(k) (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, (k))
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))

int sc_trace_sysgen_filter(struct sock_filter *f, int k, uint64_t p[][2], int np, unsigned tag)
{
	int to[NGEN], nto = 0;

	for (size_t i = 0; i < NGEN; i++) {
		unsigned m = gen[i].mask & ALL;

		if (!m || gen[i].mask & NEST) {
			f[k++] = JEQ((uint32_t)gen[i].nr, 0, 1);
			f[k++] = RET(m ? SECCOMP_RET_TRAP | tag : SECCOMP_RET_ALLOW);
			continue;
		}
		f[k++] = JEQ((uint32_t)gen[i].nr, 0, 2);
		f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_IMM, m);
		to[nto++] = k;
		f[k++] = (struct sock_filter)BPF_STMT(BPF_JMP | BPF_JA, 0);  /* to the arguments' test */
	}
	f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_IMM, ALL);  /* a call not listed */
	for (int i = 0; i < nto; i++)
		f[to[i]].k = (uint32_t)(k - to[i] - 1);
	f[k++] = (struct sock_filter)BPF_STMT(BPF_ST, 0);
	/* Each argument the call may follow: trapped inside an arena's data. */
	for (int a = 0; a < 6; a++) {
		f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_MEM, 0);
		f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 1u << a, 0, (uint8_t)(6 * np));
		for (int i = 0; i < np; i++) {
			uint32_t end = (uint32_t)p[i][1];

			f[k++] = LD(ARG_LO(a) + 4);
			f[k++] = JEQ((uint32_t)(p[i][0] >> 32), 0, 4);
			f[k++] = LD(ARG_LO(a));
			f[k++] = JGE((uint32_t)p[i][0], 0, 2);
			f[k++] = end ? JGE(end, 1, 0) : (struct sock_filter)BPF_STMT(BPF_JMP | BPF_JA, 0);
			f[k++] = RET(SECCOMP_RET_TRAP | tag);
		}
	}
	f[k++] = RET(SECCOMP_RET_ALLOW);
	return k;
}

/* The kernel's accesses of a call performed while traced, recorded
 * conservatively (the file's comment). */
static void record(int nr, const uint64_t *a, unsigned mask, uint64_t ip)
{
	uint64_t s0 = (uint64_t)(uintptr_t)T.e->src.data, s1 = s0 + T.e->src.data_len;
	uint64_t lo = (uint64_t)(uintptr_t)T.src_at, hi = lo + T.src_may;
	int g = find(nr);
	int64_t len = g < 0 ? 0 : gen[g].larg >= 0 ? (int64_t)a[gen[g].larg] : gen[g].len;

	for (int i = 0; i < 6 && T.armed && len >= 0; i++) {
		uint64_t n = len > 0 && (uint64_t)len < hi - a[i] ? (uint64_t)len : hi - a[i];

		if (!(mask & (1u << i)) || a[i] < s0 || a[i] >= s1)
			continue;
		if (a[i] >= lo && a[i] < hi)
			sc_trace_kernel_access(ip, a[i], n, 0, nr, 0);
		else  /* past what it may read: its first byte, a finding */
			sc_trace_kernel_access(ip, a[i], 1, 0, nr, SC_ACC_GUESSED);
	}
	if (mask & NEST && hi > lo)
		sc_trace_kernel_access(ip, lo, hi - lo, 0, nr, 0);
	/* dest's bytes the call changed: each run a store of the kernel's */
	for (size_t j = 0; T.armed && T.t->watch_dest && j < T.dst_len; j++) {
		size_t e = j;

		while (e < T.dst_len && T.dst[e] != T.shadow[e])
			e++;
		if (e > j)
			sc_trace_kernel_access(ip, (uint64_t)(uintptr_t)(T.dst + j), e - j, 1, nr, 0);
		j = e;
	}
}

static void native(greg_t *g, int nr, unsigned mask)
{
	uint64_t resume = (uint64_t)g[REG_RIP];
	int fork_like = nr == __NR_clone || nr == __NR_clone3 || nr == __NR_fork || nr == __NR_vfork;

	g[REG_RAX] = nr;
	if (T.armed) {
		T.t->faults++;
		sc_trace_unprotect();
		T.nat_resume = resume;
		T.nat_nr = nr;
		T.nat_tid = sc_trace_syscall6(__NR_gettid, 0, 0, 0, 0, 0, 0);
		T.nat_args[0] = (uint64_t)g[REG_RDI], T.nat_args[1] = (uint64_t)g[REG_RSI];
		T.nat_args[2] = (uint64_t)g[REG_RDX], T.nat_args[3] = (uint64_t)g[REG_R10];
		T.nat_args[4] = (uint64_t)g[REG_R8], T.nat_args[5] = (uint64_t)g[REG_R9];
		T.nat_mask = mask;
		sc_trace_resume_child = resume;
		g[REG_RIP] = (greg_t)(uintptr_t)(fork_like ? sc_trace_stub_clone : sc_trace_stub_trap);
	} else {
		static unsigned turn;
		unsigned k = __atomic_fetch_add(&turn, 1, __ATOMIC_RELAXED) % 16;

		sc_trace_resume[k] = resume;
		sc_trace_resume_child = resume;
		g[REG_RIP] = (greg_t)(uintptr_t)(sc_trace_stub_plain + 16 * k);
	}
}

int sc_trace_sysgen(siginfo_t *si, void *uctx)
{
	greg_t *g = ((ucontext_t *)uctx)->uc_mcontext.gregs;
	int i = find(si->si_syscall), armed = T.armed;
	unsigned mask = i < 0 ? ALL : gen[i].mask;
	uint64_t a[6] = { (uint64_t)g[REG_RDI], (uint64_t)g[REG_RSI], (uint64_t)g[REG_RDX],
			  (uint64_t)g[REG_R10], (uint64_t)g[REG_R8], (uint64_t)g[REG_R9] };
	long ret;

	if (mask & NATIVE) {
		native(g, si->si_syscall, mask);
		return 1;
	}
	ret = sc_trace_syscall_open(si->si_syscall, uctx, armed);
	if (armed && T.armed) {
		sc_trace_protect();
		record(si->si_syscall, a, mask, (uint64_t)g[REG_RIP] - 2);
	}
	g[REG_RAX] = ret;
	return 1;
}

int sc_trace_sysgen_back(void *uctx)
{
	greg_t *g = ((ucontext_t *)uctx)->uc_mcontext.gregs;

	if ((uint64_t)g[REG_RIP] != (uint64_t)(uintptr_t)sc_trace_stub_int3 + 1)
		return 0;
	g[REG_RIP] = g[REG_RCX] = (greg_t)T.nat_resume;
	if (T.armed && sc_trace_syscall6(__NR_gettid, 0, 0, 0, 0, 0, 0) == T.nat_tid) {
		sc_trace_protect();
		record(T.nat_nr, T.nat_args, T.nat_mask, T.nat_resume - 2);
	}
	return 1;
}

const char *sc_trace_sysgen_name(int nr)
{
	static char buf[32];
	int i = find(nr);

	if (i >= 0 && gen[i].name)
		return gen[i].name;
	snprintf(buf, sizeof(buf), "system call %d", nr);
	return buf;
}
#else
int sc_trace_sysgen_filter(struct sock_filter *f, int k, uint64_t p[][2], int np, unsigned tag)
{
	(void)f, (void)p, (void)np, (void)tag;
	return k;
}

int sc_trace_sysgen(siginfo_t *si, void *uctx)
{
	(void)si, (void)uctx;
	return 0;
}

int sc_trace_sysgen_back(void *uctx)
{
	(void)uctx;
	return 0;
}

const char *sc_trace_sysgen_name(int nr)
{
	(void)nr;
	return "a system call";
}
#endif
