/*
 * sandbox_trace.c - mprotect in the sandbox while the tracer runs
 * (sandbox.h, docs/tamper.md).  The tracer changes the arenas'
 * protection for every traced access; the candidate may not.  seccomp
 * sees the instruction pointer of each call, so this filter allows
 * mprotect of the arenas from the tracer's one system call instruction
 * (trace.h: sc_trace_syscall_ip) and applies the second filter's memory
 * rules to every other mprotect and pkey_mprotect (which the libseccomp
 * filter then leaves to this one: stacked filters take the strictest
 * answer, so it could not allow what that one refuses).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox.h"

#if defined(SC_HAVE_SECCOMP) && defined(__x86_64__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

static struct {
	uint64_t ip, lo[2], hi[2];
} tr;

void sc_sandbox_allow_tracer(uint64_t ip, const uint64_t lo[2], const uint64_t hi[2])
{
	tr.ip = ip;
	memcpy(tr.lo, lo, sizeof(tr.lo));
	memcpy(tr.hi, hi, sizeof(tr.hi));
}

int sc_sandbox_tracer_on(void)
{
	return tr.ip != 0;
}

static struct sock_filter insn(uint16_t code, uint8_t jt, uint8_t jf, uint32_t k)
{
	struct sock_filter x = { code, jt, jf, k };

	return x;
}

#define LD(off) insn(BPF_LD | BPF_W | BPF_ABS, 0, 0, (uint32_t)(off))
#define JEQ(k, t, f) insn(BPF_JMP | BPF_JEQ | BPF_K, (t), (f), (uint32_t)(k))
#define JGT(k, t, f) insn(BPF_JMP | BPF_JGT | BPF_K, (t), (f), (uint32_t)(k))
#define JGE(k, t, f) insn(BPF_JMP | BPF_JGE | BPF_K, (t), (f), (uint32_t)(k))
#define AND(k) insn(BPF_ALU | BPF_AND | BPF_K, 0, 0, (uint32_t)(k))
#define RET(k) insn(BPF_RET | BPF_K, 0, 0, (k))
#define LO(f) (offsetof(struct seccomp_data, f))
#define HI(f) (offsetof(struct seccomp_data, f) + 4)
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i) (offsetof(struct seccomp_data, args) + 8 * (i) + 4)

/* Whether [lo, hi] lies in one 4 GiB block (a 32-bit compare tells). */
static int one_block(uint64_t lo, uint64_t hi)
{
	return lo >> 32 == hi >> 32;
}

int sc_sandbox_tracer_filter(uint64_t bound, uint64_t blk, uint64_t mask)
{
	/* Jump offsets count instructions forward; the program is laid out
	 * by hand, so each block's length is fixed (see the comments). */
	enum { ALLOW = 0, TRAP = 1 };
	struct sock_filter f[64];
	unsigned n = 0;
	struct sock_fprog prog;

	if (!tr.ip || !one_block(tr.lo[0], tr.hi[0]) || !one_block(tr.lo[1], tr.hi[1])) {
		tr.ip = 0;
		return -1;
	}
	f[n++] = LD(LO(arch));
	f[n++] = JEQ(AUDIT_ARCH_X86_64, 1, 0);
	f[n++] = RET(SECCOMP_RET_ALLOW);                 /* the first filter traps other ABIs */
	f[n++] = LD(LO(nr));
	f[n++] = JEQ(__NR_mprotect, 2, 0);
	f[n++] = JEQ(__NR_pkey_mprotect, 1, 0);
	f[n++] = RET(SECCOMP_RET_ALLOW);
	/* The tracer's instruction, on an arena: allowed (4 + 2 x 6). */
	f[n++] = LD(HI(instruction_pointer));
	f[n++] = JEQ(tr.ip >> 32, 0, 15);                /* -> rules */
	f[n++] = LD(LO(instruction_pointer));
	f[n++] = JEQ(tr.ip, 0, 13);                      /* -> rules */
	for (int a = 0; a < 2; a++) {
		f[n++] = LD(ARG_HI(0));
		f[n++] = JEQ(tr.lo[a] >> 32, 0, 4);          /* -> next arena */
		f[n++] = LD(ARG_LO(0));
		f[n++] = JGE(tr.lo[a], 0, 2);                /* -> next arena */
		f[n++] = JGE(tr.hi[a], 1, 0);                /* -> next arena */
		f[n++] = RET(SECCOMP_RET_ALLOW);
	}
	f[n++] = RET(SECCOMP_RET_TRAP);                  /* the tracer's call elsewhere */
	/* rules: the second filter's memory rules (sandbox.c, memory_rules). */
	f[n++] = LD(ARG_HI(0));                          /* address >= bound */
	f[n++] = JGT(bound >> 32, 13, 0);                /* -> trap */
	f[n++] = JEQ(bound >> 32, 0, 2);
	f[n++] = LD(ARG_LO(0));
	f[n++] = JGE(bound, 10, 0);                      /* -> trap */
	f[n++] = LD(ARG_HI(0));                          /* (address & mask) == blk */
	f[n++] = AND(mask >> 32);
	f[n++] = JEQ(blk >> 32, 0, 3);
	f[n++] = LD(ARG_LO(0));
	f[n++] = AND(mask);
	f[n++] = JEQ(mask ? blk : 1, 4, 0);              /* -> trap (never with no block) */
	f[n++] = LD(ARG_HI(1));                          /* length > LMAX */
	f[n++] = JEQ(0, 0, 2);                           /* -> trap */
	f[n++] = LD(ARG_LO(1));
	f[n++] = JGT((uint32_t)256 << 20, 0, 1);
	f[n++] = RET(SECCOMP_RET_TRAP);
	f[n++] = RET(SECCOMP_RET_ALLOW);
	(void)ALLOW, (void)TRAP;
	prog.len = (unsigned short)n;
	prog.filter = f;
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) != 0) {
		tr.ip = 0;  /* mprotect stays the libseccomp filter's: no tracer */
		return -1;
	}
	return 0;
}

#else

void sc_sandbox_allow_tracer(uint64_t ip, const uint64_t lo[2], const uint64_t hi[2])
{
	(void)ip, (void)lo, (void)hi;
}

int sc_sandbox_tracer_on(void)
{
	return 0;
}

int sc_sandbox_tracer_filter(uint64_t bound, uint64_t blk, uint64_t mask)
{
	(void)bound, (void)blk, (void)mask;
	return -1;
}

#endif
