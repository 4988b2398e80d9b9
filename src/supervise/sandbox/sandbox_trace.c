/*
 * sandbox_trace.c - mprotect in the sandbox while the tracer runs
 * (sandbox.h, docs/tamper.md).  The tracer changes the arenas'
 * protection for every traced access; the candidate may not.  seccomp
 * sees the instruction pointer of each call, so this filter allows
 * mprotect from the tracer's one system call instruction (trace.h:
 * sc_trace_syscall_ip) exactly as the tracer makes it (inside one arena's
 * data pages, one of its two protections: a candidate that jumps there
 * gains no guard page and no writable source) and applies the second filter's memory
 * rules to every other mprotect and pkey_mprotect (which the libseccomp
 * filter then leaves to this one: stacked filters take the strictest
 * answer, so it could not allow what that one refuses).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox.h"

#if defined(SC_HAVE_SECCOMP) && defined(__x86_64__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

static struct {
	uint64_t ip, lo[SC_TRACER_ARENAS], hi[SC_TRACER_ARENAS];
} tr;
static char off_why[96];   /* why the tracer's filter is not on */

void sc_sandbox_allow_tracer(uint64_t ip, const uint64_t lo[SC_TRACER_ARENAS],
			     const uint64_t hi[SC_TRACER_ARENAS])
{
	tr.ip = ip;
	memcpy(tr.lo, lo, sizeof(tr.lo));
	memcpy(tr.hi, hi, sizeof(tr.hi));
}

int sc_sandbox_tracer_on(void)
{
	return tr.ip != 0;
}

const char *sc_sandbox_tracer_why(void)
{
	return off_why[0] ? off_why : "the tracer's filter was not asked for";
}

/* The tracer's filter is off: mprotect stays the libseccomp filter's. */
static int tracer_off(const char *why, long rc)
{
	if (rc > 0)
		snprintf(off_why, sizeof(off_why), "%s: thread %ld would not take it", why, rc);
	else if (rc < 0)
		snprintf(off_why, sizeof(off_why), "%s: %s", why, strerror(errno));
	else
		snprintf(off_why, sizeof(off_why), "%s", why);
	tr.ip = 0;
	return -1;
}

static struct sock_filter insn(uint16_t code, uint8_t jt, uint8_t jf, uint32_t k)
{
	struct sock_filter x = { code, jt, jf, k };

	return x;
}

#define LO(f) (offsetof(struct seccomp_data, f))
#define HI(f) (offsetof(struct seccomp_data, f) + 4)
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i) (offsetof(struct seccomp_data, args) + 8 * (i) + 4)

/* Whether [lo, hi) lies in one 4 GiB block (a 32-bit compare tells). */
static int one_block(uint64_t lo, uint64_t hi)
{
	return hi > lo && lo >> 32 == (hi - 1) >> 32 && (uint32_t)hi != 0;
}

/*
 * The program is written with labels: a jump names the label it goes to
 * (NEXT: the next instruction), and emit() resolves them at the end, so
 * no offset is counted by hand.
 */
enum { NEXT = 0, L_ALLOW, L_TRAP, L_TRACER, L_RULES, L_ARENA1, L_ARENA2, L_NOT_ARENA, L_BLK, L_LEN,
       L_LABELS };

struct prog {
	struct sock_filter f[128];
	uint8_t jt[128], jf[128];   /* labels, resolved by emit() */
	int at[L_LABELS];           /* each label's instruction */
	unsigned n;
};

static void op(struct prog *p, uint16_t code, uint32_t k, uint8_t jt, uint8_t jf)
{
	if (p->n < sizeof(p->f) / sizeof(p->f[0])) {
		p->f[p->n] = insn(code, 0, 0, k);
		p->jt[p->n] = jt;
		p->jf[p->n] = jf;
	}
	p->n++;
}

static void label(struct prog *p, int l)
{
	p->at[l] = (int)p->n;
}

#define P_LD(off) op(&P, BPF_LD | BPF_W | BPF_ABS, (uint32_t)(off), NEXT, NEXT)
#define P_JEQ(k, t, f) op(&P, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)(k), (t), (f))
#define P_JGE(k, t, f) op(&P, BPF_JMP | BPF_JGE | BPF_K, (uint32_t)(k), (t), (f))
#define P_JGT(k, t, f) op(&P, BPF_JMP | BPF_JGT | BPF_K, (uint32_t)(k), (t), (f))
#define P_RET(k) op(&P, BPF_RET | BPF_K, (k), NEXT, NEXT)

/* Resolve the labels: -1 if a jump goes backwards or too far. */
static int emit(struct prog *p)
{
	if (p->n > sizeof(p->f) / sizeof(p->f[0]))
		return -1;
	for (unsigned i = 0; i < p->n; i++) {
		if (BPF_CLASS(p->f[i].code) != BPF_JMP)
			continue;
		for (int w = 0; w < 2; w++) {
			int l = w ? p->jf[i] : p->jt[i], off = l == NEXT ? 0 : p->at[l] - (int)i - 1;

			if (off < 0 || off > 255)
				return -1;
			if (w)
				p->f[i].jf = (uint8_t)off;
			else
				p->f[i].jt = (uint8_t)off;
		}
	}
	return 0;
}

/*
 * The tracer's call on arena a: mprotect of [addr, addr + len) inside its
 * data pages (never a guard page: the end is computed, addr + len, with
 * the carry checked), with one of the two protections the tracer gives
 * that arena.  Anything else from the tracer's instruction is refused.
 */
static void tracer_arena(struct prog *p_, int a, int next)
{
#define P (*p_)
	static const uint32_t prots[SC_TRACER_ARENAS][2] = {
		{ PROT_NONE, PROT_READ },                /* the source: closed or readable */
		{ PROT_READ, PROT_READ | PROT_WRITE },   /* dest: read-only or writable */
		{ PROT_READ, PROT_READ | PROT_WRITE },   /* a huge count's dest: the same */
	};

	P_LD(ARG_HI(0));
	P_JEQ(tr.lo[a] >> 32, NEXT, next);
	P_LD(ARG_LO(0));
	P_JGE((uint32_t)tr.lo[a], NEXT, next);
	P_JGE((uint32_t)tr.hi[a], next, NEXT);
	/* In this arena: from here on, exact or refused. */
	P_LD(ARG_HI(1));
	P_JEQ(0, NEXT, L_TRAP);
	P_LD(ARG_HI(2));
	P_JEQ(0, NEXT, L_TRAP);
	P_LD(ARG_LO(0));
	op(p_, BPF_ST, 0, NEXT, NEXT);                   /* M[0] = addr */
	P_LD(ARG_LO(1));
	op(p_, BPF_MISC | BPF_TAX, 0, NEXT, NEXT);       /* X = len */
	op(p_, BPF_LD | BPF_MEM, 0, NEXT, NEXT);         /* A = addr */
	op(p_, BPF_ALU | BPF_ADD | BPF_X, 0, NEXT, NEXT); /* A = addr + len (mod 2^32) */
	op(p_, BPF_JMP | BPF_JGE | BPF_X, 0, NEXT, L_TRAP); /* A < len: it carried */
	P_JGT((uint32_t)tr.hi[a], L_TRAP, NEXT);         /* past the data: a guard */
	P_LD(ARG_LO(2));
	P_JEQ(prots[a][0], L_ALLOW, NEXT);
	P_JEQ(prots[a][1], L_ALLOW, L_TRAP);
#undef P
}

int sc_sandbox_tracer_filter(uint64_t bound, uint64_t blk, uint64_t mask)
{
	static struct prog P;
	struct sock_fprog prog;
	long rc;

	if (!tr.ip)
		return tracer_off("no system call instruction of the tracer's", 0);
	for (int a = 0; a < SC_TRACER_ARENAS; a++)
		if (!one_block(tr.lo[a], tr.hi[a]))
			return tracer_off("an arena crosses a 4 GiB boundary", 0);
	memset(&P, 0, sizeof(P));
	P_LD(LO(arch));
	P_JEQ(AUDIT_ARCH_X86_64, NEXT, L_ALLOW);         /* the first filter traps other ABIs */
	P_LD(LO(nr));
	P_JEQ(__NR_mprotect, L_TRACER, NEXT);
	P_JEQ(__NR_pkey_mprotect, L_RULES, L_ALLOW);
	/* mprotect from the tracer's instruction: exact, on an arena's data. */
	label(&P, L_TRACER);
	P_LD(HI(instruction_pointer));
	P_JEQ(tr.ip >> 32, NEXT, L_RULES);
	P_LD(LO(instruction_pointer));
	P_JEQ((uint32_t)tr.ip, NEXT, L_RULES);
	tracer_arena(&P, 0, L_ARENA1);
	label(&P, L_ARENA1);
	tracer_arena(&P, 1, L_ARENA2);
	label(&P, L_ARENA2);
	tracer_arena(&P, 2, L_NOT_ARENA);
	label(&P, L_NOT_ARENA);
	P_RET(SECCOMP_RET_TRAP);                         /* the tracer's call elsewhere */
	/* Every other call: the second filter's memory rules (sandbox.c). */
	label(&P, L_RULES);
	P_LD(ARG_HI(0));                                 /* address >= bound */
	P_JGT(bound >> 32, L_TRAP, NEXT);
	P_JEQ(bound >> 32, NEXT, L_BLK);
	P_LD(ARG_LO(0));
	P_JGE((uint32_t)bound, L_TRAP, NEXT);
	label(&P, L_BLK);                                /* (address & mask) == blk */
	if (mask) {
		P_LD(ARG_HI(0));
		op(&P, BPF_ALU | BPF_AND | BPF_K, (uint32_t)(mask >> 32), NEXT, NEXT);
		P_JEQ(blk >> 32, NEXT, L_LEN);
		P_LD(ARG_LO(0));
		op(&P, BPF_ALU | BPF_AND | BPF_K, (uint32_t)mask, NEXT, NEXT);
		P_JEQ((uint32_t)blk, L_TRAP, L_LEN);
	}
	label(&P, L_LEN);                                /* length > LMAX */
	P_LD(ARG_HI(1));
	P_JEQ(0, NEXT, L_TRAP);
	P_LD(ARG_LO(1));
	P_JGT((uint32_t)256 << 20, L_TRAP, L_ALLOW);
	label(&P, L_ALLOW);
	P_RET(SECCOMP_RET_ALLOW);
	label(&P, L_TRAP);
	P_RET(SECCOMP_RET_TRAP);
	if (emit(&P) != 0)
		return tracer_off("its filter did not assemble", 0);
	prog.len = (unsigned short)P.n;
	prog.filter = P.f;
	rc = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog);
	if (rc != 0)
		return tracer_off("seccomp refused its filter", rc);
	return 0;
}

#else

void sc_sandbox_allow_tracer(uint64_t ip, const uint64_t lo[SC_TRACER_ARENAS],
			     const uint64_t hi[SC_TRACER_ARENAS])
{
	(void)ip, (void)lo, (void)hi;
}

int sc_sandbox_tracer_on(void)
{
	return 0;
}

const char *sc_sandbox_tracer_why(void)
{
	return "this strcheck was built without libseccomp, or not for x86-64";
}

int sc_sandbox_tracer_filter(uint64_t bound, uint64_t blk, uint64_t mask)
{
	(void)bound, (void)blk, (void)mask;
	return -1;
}

#endif
