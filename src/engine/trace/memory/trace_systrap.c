/*
 * trace_systrap.c - system calls the candidate makes on the arenas,
 * performed as untraced (trace.h, sc_trace_sys).
 *
 * While a call is traced, the source is PROT_NONE and dest read-only, so
 * a system call handed a pointer into them (a 1-byte write() from the
 * source, as kernel-style code asks whether a page is readable) would get
 * EFAULT where the untraced call succeeds.  A seccomp filter of the
 * tracer's own traps the calls that take a buffer or a path when that
 * pointer is inside either arena's data (SECCOMP_RET_TRAP with its own
 * data, so nothing else is taken for them); the SIGSYS handler performs
 * the call through the tracer's own system call instruction (which the
 * filter lets through), with the arenas open if a traced call is running,
 * and records the bytes the kernel read from the source (write, pwrite64,
 * sendto) or stored into dest (read, pread64, recvfrom) as accesses.  The
 * calls that take their buffers through an iovec (readv, writev and their
 * p- and 2-forms, vmsplice, sendmsg and recvmsg, sendmmsg and recvmmsg)
 * cannot be judged by a filter, which sees no memory: they trap always,
 * are performed the same way, and each segment the kernel used is
 * recorded.  Every other call is trapped and performed by
 * trace_sysgen.c's rules.  The re-issued call passes every other filter
 * (the sandbox's) again.
 */
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "trace_state.h"

#if defined(__x86_64__) && defined(__linux__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>

#define TAG 0x5c7  /* the SECCOMP_RET_DATA of the tracer's traps */
#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1  /* si_code of a seccomp trap */
#endif

extern const char sc_trace_sys_ret[];

/* The calls trapped, by the argument that points (the buffer or path; -1:
 * an iovec, -2: a msghdr's iovec, -3: an mmsghdr array's, all trapped
 * always); what the kernel
 * does with a buffer: 'r' reads it, 'w' stores, 0 a path; the name a
 * finding gives it. */
static const struct { int nr, arg; char does; const char *name; } rows[] = {
	{ __NR_write, 1, 'r', "write" },     { __NR_pwrite64, 1, 'r', "pwrite64" },
	{ __NR_sendto, 1, 'r', "sendto" },   { __NR_read, 1, 'w', "read" },
	{ __NR_pread64, 1, 'w', "pread64" }, { __NR_recvfrom, 1, 'w', "recvfrom" },
	{ __NR_open, 0, 0, "open" },         { __NR_access, 0, 0, "access" },
	{ __NR_stat, 0, 0, "stat" },         { __NR_lstat, 0, 0, "lstat" },
	{ __NR_readlink, 0, 0, "readlink" }, { __NR_openat, 1, 0, "openat" },
	{ __NR_faccessat, 1, 0, "faccessat" }, { __NR_newfstatat, 1, 0, "newfstatat" },
	{ __NR_statx, 1, 0, "statx" },       { __NR_readlinkat, 1, 0, "readlinkat" },
	{ __NR_writev, -1, 'r', "writev" },  { __NR_pwritev, -1, 'r', "pwritev" },
	{ __NR_pwritev2, -1, 'r', "pwritev2" }, { __NR_readv, -1, 'w', "readv" },
	{ __NR_preadv, -1, 'w', "preadv" },  { __NR_preadv2, -1, 'w', "preadv2" },
	{ __NR_sendmsg, -2, 'r', "sendmsg" }, { __NR_recvmsg, -2, 'w', "recvmsg" },
	{ __NR_vmsplice, -1, 'r', "vmsplice" }, { __NR_sendmmsg, -3, 'r', "sendmmsg" },
	{ __NR_recvmmsg, -3, 'w', "recvmmsg" },
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

static int on;

#define LD(off) (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
#define JEQ(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f))
#define JGE(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, (k), (t), (f))
#define RET(k) (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, (k))
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))

/* Ranges [lo, hi) split where the upper 32 bits change: up to 4 pieces. */
static int pieces(const uint64_t *lo, const uint64_t *hi, int n, uint64_t p[][2])
{
	int k = 0;

	for (int i = 0; i < n; i++)
		for (uint64_t a = lo[i]; a < hi[i] && k < 8;) {
			uint64_t end = ((a >> 32) + 1) << 32;

			p[k][0] = a;
			p[k][1] = end < hi[i] ? end : hi[i];
			a = p[k++][1];
		}
	return k;
}

int sc_trace_sys_install(const uint64_t *lo, const uint64_t *hi, int n)
{
	static struct sock_filter f[2048];
	uint64_t p[8][2], ip = (uint64_t)(uintptr_t)sc_trace_sys_ret;
	uint64_t slo = (uint64_t)(uintptr_t)sc_trace_stubs_lo, shi = (uint64_t)(uintptr_t)sc_trace_stubs_hi;
	int np = pieces(lo, hi, n, p), k = 0;
	struct sock_fprog prog;

	if (on)
		return 1;
	if (slo >> 32 != (shi - 1) >> 32)
		return 0;
	f[k++] = LD(offsetof(struct seccomp_data, arch));
	f[k++] = JEQ(AUDIT_ARCH_X86_64, 1, 0);
	f[k++] = RET(SECCOMP_RET_ALLOW);
	f[k++] = LD(offsetof(struct seccomp_data, instruction_pointer) + 4);
	f[k++] = JEQ((uint32_t)(ip >> 32), 0, 3);
	f[k++] = LD(offsetof(struct seccomp_data, instruction_pointer));
	f[k++] = JEQ((uint32_t)ip, 0, 1);
	f[k++] = RET(SECCOMP_RET_ALLOW);  /* the tracer's own */
	f[k++] = LD(offsetof(struct seccomp_data, instruction_pointer) + 4);
	f[k++] = JEQ((uint32_t)(slo >> 32), 0, 4);
	f[k++] = LD(offsetof(struct seccomp_data, instruction_pointer));
	f[k++] = JGE((uint32_t)slo, 0, 2);
	f[k++] = JGE((uint32_t)shi, 1, 0);
	f[k++] = RET(SECCOMP_RET_ALLOW);  /* a candidate's call run natively (trace_sysgen.c) */
	f[k++] = LD(offsetof(struct seccomp_data, nr));
	for (size_t r = 0; r < NROWS; r++) {
		if (rows[r].arg < 0) {  /* an iovec: no filter sees its buffers */
			f[k++] = JEQ((uint32_t)rows[r].nr, 0, 1);
			f[k++] = RET(SECCOMP_RET_TRAP | TAG);
			continue;
		}
		f[k++] = JEQ((uint32_t)rows[r].nr, 0, (uint8_t)(6 * np + 1));
		for (int i = 0; i < np; i++) {
			uint32_t end = (uint32_t)p[i][1];

			f[k++] = LD(ARG_LO(rows[r].arg) + 4);
			f[k++] = JEQ((uint32_t)(p[i][0] >> 32), 0, 4);
			f[k++] = LD(ARG_LO(rows[r].arg));
			f[k++] = JGE((uint32_t)p[i][0], 0, 2);
			/* an end at the next 4 GiB: every low half is below it */
			f[k++] = end ? JGE(end, 1, 0) : (struct sock_filter)BPF_STMT(BPF_JMP | BPF_JA, 0);
			f[k++] = RET(SECCOMP_RET_TRAP | TAG);
		}
		f[k++] = RET(SECCOMP_RET_ALLOW);
	}
	k = sc_trace_sysgen_filter(f, k, p, np, TAG);
	prog.len = (unsigned short)k;
	prog.filter = f;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
		return 0;
	on = 1;
	return 1;
}

/* The segments of one iovec call recorded, as far as the kernel went
 * (IOV_MAX is 1024; a copy asks for a few). */
#define IOV_KEPT 64
static struct { uint64_t base, len; } seg[IOV_KEPT];

static size_t iovec_segs(const struct iovec *v, size_t cnt, uint64_t left, size_t ns)
{
	for (size_t i = 0; v && i < cnt && left && ns < IOV_KEPT; i++) {
		uint64_t n = v[i].iov_len < left ? v[i].iov_len : left;

		seg[ns].base = (uint64_t)(uintptr_t)v[i].iov_base;
		seg[ns++].len = n;
		left -= n;
	}
	return ns;
}

/* An iovec call's segments, read while the arenas are still open (the
 * arrays could lie in them) and only after a call that succeeded (the
 * kernel read them, so they are valid). */
static size_t segments(int kind, const greg_t *g, long ret)
{
	const void *a = (const void *)g[REG_RSI];

	if (ret <= 0 || !a)
		return 0;
	if (kind == -1)
		return iovec_segs(a, (size_t)g[REG_RDX], (uint64_t)ret, 0);
	if (kind == -2)
		return iovec_segs(((const struct msghdr *)a)->msg_iov, ((const struct msghdr *)a)->msg_iovlen,
				  (uint64_t)ret, 0);
	/* sendmmsg, recvmmsg: ret messages, each msg_len bytes */
	{
		const struct mmsghdr *m = a;
		size_t ns = 0;

		for (long i = 0; i < ret; i++)
			ns = iovec_segs(m[i].msg_hdr.msg_iov, m[i].msg_hdr.msg_iovlen, m[i].msg_len, ns);
		return ns;
	}
}

int sc_trace_sys(siginfo_t *si, void *uctx)
{
	greg_t *g = ((ucontext_t *)uctx)->uc_mcontext.gregs;
	int armed = sc_T.armed;
	size_t r = 0, ns = 0;
	long ret;

	if (si->si_code != SYS_SECCOMP || si->si_errno != TAG)
		return 0;
	while (r < NROWS && rows[r].nr != si->si_syscall)
		r++;
	if (r == NROWS)
		return sc_trace_sysgen(si, uctx);
	ret = sc_trace_syscall_open(si->si_syscall, uctx, armed);
	if (armed && sc_T.armed) {
		uint64_t ip = (uint64_t)g[REG_RIP] - 2;

		if (rows[r].arg < 0)
			ns = segments(rows[r].arg, g, ret);
		sc_trace_protect();
		if (rows[r].does && ret > 0 && rows[r].arg >= 0)
			sc_trace_kernel_access(ip, (uint64_t)g[REG_RSI], (uint64_t)ret, rows[r].does == 'w',
					       si->si_syscall, 0);
		for (size_t i = 0; i < ns; i++)
			sc_trace_kernel_access(ip, seg[i].base, seg[i].len, rows[r].does == 'w', si->si_syscall,
					       0);
	}
	g[REG_RAX] = ret;
	return 1;
}

/* Without the sandbox (which calls sc_trace_sys from its own handler):
 * the tracer's traps, and any other SIGSYS dies as it would have. */
static void on_sigsys(int sig, siginfo_t *si, void *uctx)
{
	if (sc_trace_sys(si, uctx))
		return;
	signal(sig, SIG_DFL);
	raise(sig);
}

void sc_trace_sys_handler(void)
{
	struct sigaction old, sa;

	if (sigaction(SIGSYS, NULL, &old) != 0 || old.sa_handler != SIG_DFL)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSYS, &sa, NULL);
}

int sc_trace_sys_on(void)
{
	return on;
}

const char *sc_trace_sys_name(int nr)
{
	for (size_t r = 0; r < NROWS; r++)
		if (rows[r].nr == nr)
			return rows[r].name;
	return sc_trace_sysgen_name(nr);
}
#else
int sc_trace_sys_install(const uint64_t *lo, const uint64_t *hi, int n)
{
	(void)lo, (void)hi, (void)n;
	return 0;
}

int sc_trace_sys(siginfo_t *si, void *uctx)
{
	(void)si, (void)uctx;
	return 0;
}

void sc_trace_sys_handler(void)
{
}

int sc_trace_sys_on(void)
{
	return 0;
}

const char *sc_trace_sys_name(int nr)
{
	(void)nr;
	return "a system call";
}
#endif
