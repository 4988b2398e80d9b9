/*
 * trace_emulate.c - a faulting access run out of line on a scratch copy
 * of its bytes (trace_emulate.h).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "trace_emulate.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>

#include "trace_insn.h"

#define STUB 32  /* bytes per rewritten instruction (15 + the jump back) */

/* Read and written by the assembly below (so not static). */
uint64_t *sc_emu_g;            /* the frame's general registers */
uint64_t sc_emu_flags;         /* in: the frame's arithmetic flags; out: the result's */
void *sc_emu_stub, *sc_emu_fp; /* the code to run; the frame's XSAVE area */
uint64_t sc_emu_rfbm;          /* the components that area holds */
uint32_t sc_emu_x, sc_emu_vz, sc_emu_mxcsr;

/* Load the frame's registers (and vector state when sc_emu_x), run the
 * stub, store them back.  RSP stays the handler's: a form that names it
 * is never run here. */
__asm__(".text\n"
	".globl sc_emu_enter\n.hidden sc_emu_enter\n.type sc_emu_enter,@function\n"
	"sc_emu_enter:\n"
	"\tpush %rbx\n\tpush %rbp\n\tpush %r12\n\tpush %r13\n\tpush %r14\n\tpush %r15\n"
	"\tpushfq\n\tstmxcsr sc_emu_mxcsr(%rip)\n"
	"\tcmpl $0, sc_emu_x(%rip)\n\tje 1f\n"
	"\tmov sc_emu_fp(%rip), %rcx\n\tmov sc_emu_rfbm(%rip), %eax\n"
	"\tmov sc_emu_rfbm+4(%rip), %edx\n\txrstor64 (%rcx)\n"
	"1:\tpushq sc_emu_flags(%rip)\n\tpopfq\n"
	"\tmov sc_emu_g(%rip), %rax\n"
	"\tmov 0(%rax), %r8\n\tmov 8(%rax), %r9\n\tmov 16(%rax), %r10\n\tmov 24(%rax), %r11\n"
	"\tmov 32(%rax), %r12\n\tmov 40(%rax), %r13\n\tmov 48(%rax), %r14\n\tmov 56(%rax), %r15\n"
	"\tmov 64(%rax), %rdi\n\tmov 72(%rax), %rsi\n\tmov 80(%rax), %rbp\n\tmov 88(%rax), %rbx\n"
	"\tmov 96(%rax), %rdx\n\tmov 112(%rax), %rcx\n\tmov 104(%rax), %rax\n"
	"\tjmp *sc_emu_stub(%rip)\n"
	".globl sc_emu_back\n.hidden sc_emu_back\n"
	"sc_emu_back:\n"
	"\tpushfq\n\tpush %rax\n\tmov sc_emu_g(%rip), %rax\n"
	"\tmov %r8, 0(%rax)\n\tmov %r9, 8(%rax)\n\tmov %r10, 16(%rax)\n\tmov %r11, 24(%rax)\n"
	"\tmov %r12, 32(%rax)\n\tmov %r13, 40(%rax)\n\tmov %r14, 48(%rax)\n\tmov %r15, 56(%rax)\n"
	"\tmov %rdi, 64(%rax)\n\tmov %rsi, 72(%rax)\n\tmov %rbp, 80(%rax)\n\tmov %rbx, 88(%rax)\n"
	"\tmov %rdx, 96(%rax)\n\tmov %rcx, 112(%rax)\n\tpopq 104(%rax)\n"
	"\tpopq sc_emu_flags(%rip)\n"
	"\tcmpl $0, sc_emu_x(%rip)\n\tje 2f\n"
	"\tmov sc_emu_fp(%rip), %rcx\n\tmov sc_emu_rfbm(%rip), %eax\n"
	"\tmov sc_emu_rfbm+4(%rip), %edx\n\txsave64 (%rcx)\n"
	"\tcmpl $0, sc_emu_vz(%rip)\n\tje 2f\n\tvzeroupper\n"
	"2:\tldmxcsr sc_emu_mxcsr(%rip)\n\tpopfq\n"
	"\tpop %r15\n\tpop %r14\n\tpop %r13\n\tpop %r12\n\tpop %rbp\n\tpop %rbx\n\tret\n"
	".globl sc_emu_end\n.hidden sc_emu_end\nsc_emu_end:\n"
	".size sc_emu_enter, .-sc_emu_enter\n");
void sc_emu_enter(void);
extern const char sc_emu_back[], sc_emu_end[];

/* The stubs and, in the same mapping (a RIP-relative disp32 reaches it),
 * the scratch they address.  Mapped before the sandbox locks, among the
 * checker's mappings, which it keeps from the candidate's memory calls. */
#define STUBS_LEN ((64 + SC_INSN_CACHE * STUB + 4095) / 4096 * 4096)  /* slot, stubs */
#define CODE_LEN (STUBS_LEN + SC_EMU_BLOCKS_LEN)  /* the stubs, then onward's blocks */
static unsigned char *code, *scratch;
static sigjmp_buf back;
static volatile int running;
static unsigned long n_emu, n_step;
static struct { ZydisMnemonic m; const char *why; unsigned long n; } log_[24];

int sc_emu_init(void)
{
	unsigned a, b, c, d;

	if (code)
		return 1;
	code = mmap(NULL, CODE_LEN + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED || mprotect(code, CODE_LEN, PROT_READ | PROT_WRITE | PROT_EXEC) != 0) {
		if (code != MAP_FAILED)
			munmap(code, CODE_LEN + 4096);
		code = NULL;
		return 0;
	}
	scratch = code + CODE_LEN;
	*(uint64_t *)(void *)code = (uint64_t)(uintptr_t)sc_emu_back;  /* the stubs' way back */
	sc_emu_vz = __get_cpuid(1, &a, &b, &c, &d) && (c >> 28 & 1);
	return 1;
}

static const char *judge(struct sc_insn *d)
{
	const ZydisDecodedInstruction *in = &d->in;
	int nmem = 0;

	d->vec = 0;
	if (in->encoding != ZYDIS_INSTRUCTION_ENCODING_LEGACY &&
	    in->encoding != ZYDIS_INSTRUCTION_ENCODING_VEX && in->encoding != ZYDIS_INSTRUCTION_ENCODING_EVEX)
		return "an encoding not rewritten";
	if (in->attributes & (ZYDIS_ATTRIB_HAS_REP | ZYDIS_ATTRIB_HAS_REPE | ZYDIS_ATTRIB_HAS_REPNE))
		return "a rep string instruction";
	if (in->meta.category == ZYDIS_CATEGORY_CALL || in->meta.category == ZYDIS_CATEGORY_RET ||
	    in->meta.category == ZYDIS_CATEGORY_COND_BR || in->meta.category == ZYDIS_CATEGORY_UNCOND_BR)
		return "a branch";
	for (unsigned i = 0; i < in->operand_count; i++) {
		const ZydisDecodedOperand *o = &d->op[i];
		ZydisRegisterClass c;

		if (o->type == ZYDIS_OPERAND_TYPE_MEMORY) {
			if (o->mem.type == ZYDIS_MEMOP_TYPE_VSIB)
				return "a gather or scatter";
			if (o->mem.type != ZYDIS_MEMOP_TYPE_MEM)
				continue;  /* lea: no access */
			if (o->visibility != ZYDIS_OPERAND_VISIBILITY_EXPLICIT)
				return "an implicit memory operand";
			if (o->mem.segment == ZYDIS_REGISTER_FS || o->mem.segment == ZYDIS_REGISTER_GS)
				return "an fs: or gs: operand";
			if (o->size / 8 > 64 || !o->size)
				return "wider than 64 bytes";
			d->mem = (int)i;
			nmem++;
			continue;
		}
		if (o->type == ZYDIS_OPERAND_TYPE_IMMEDIATE)
			continue;
		if (o->type != ZYDIS_OPERAND_TYPE_REGISTER)
			return "a pointer operand";
		c = ZydisRegisterGetClass(o->reg.value);
		if (c >= ZYDIS_REGCLASS_GPR8 && c <= ZYDIS_REGCLASS_GPR64) {
			if (ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, o->reg.value) ==
			    ZYDIS_REGISTER_RSP)
				return "the stack pointer";
		} else if (c == ZYDIS_REGCLASS_XMM || c == ZYDIS_REGCLASS_YMM || c == ZYDIS_REGCLASS_ZMM ||
			   c == ZYDIS_REGCLASS_MASK || c == ZYDIS_REGCLASS_MMX ||
			   o->reg.value == ZYDIS_REGISTER_MXCSR) {
			d->vec = 1;
		} else if (c != ZYDIS_REGCLASS_FLAGS) {
			return "a register of another kind";
		}
	}
	if (nmem != 1)
		return nmem ? "two memory operands" : "no memory operand";
	if ((in->mnemonic == ZYDIS_MNEMONIC_BT || in->mnemonic == ZYDIS_MNEMONIC_BTS ||
	     in->mnemonic == ZYDIS_MNEMONIC_BTR || in->mnemonic == ZYDIS_MNEMONIC_BTC) &&
	    d->op[1].type == ZYDIS_OPERAND_TYPE_REGISTER)
		return "a bit offset in a register";
	if (!(in->attributes & ZYDIS_ATTRIB_HAS_MODRM))
		return "no ModRM byte";
	return NULL;
}

void sc_emu_jump_back(unsigned char *at)
{
	int32_t back = (int32_t)(code - (at + 6));

	at[0] = 0xff;  /* jmp *[rip + back]: the slot at the start of the code */
	at[1] = 0x25;
	memcpy(at + 2, &back, 4);
}

/* The instruction with its memory operand made [rip + disp32] (its disp
 * set per run to reach the scratch), then jmp *[rip] to the slot at the
 * start of the code: back to sc_emu_back. */
static const char *rewrite(struct sc_insn *d)
{
	const ZydisDecodedInstruction *in = &d->in;
	const unsigned char *src = (const unsigned char *)(uintptr_t)d->ip;
	unsigned char *s = code + 64 + d->slot * STUB;
	unsigned mo = in->raw.modrm.offset;
	unsigned end = mo + 1 + ((in->attributes & ZYDIS_ATTRIB_HAS_SIB) ? 1 : 0) + in->raw.disp.size / 8;
	unsigned n = mo + 5 + (in->length - end), at = 0;

	if (in->address_width != 64)
		return "32-bit addressing";
	if (n > ZYDIS_MAX_INSTRUCTION_LENGTH || end > in->length)
		return "too long once rewritten";
	memcpy(s, src, mo);
	/* The prefixes' index and base extensions off (REX.XB; VEX and
	 * EVEX hold them inverted). */
	if (in->encoding == ZYDIS_INSTRUCTION_ENCODING_LEGACY && (in->attributes & ZYDIS_ATTRIB_HAS_REX))
		s[in->raw.rex.offset] &= (unsigned char)~3;
	else if (in->encoding == ZYDIS_INSTRUCTION_ENCODING_VEX && src[in->raw.vex.offset] == 0xc4)
		s[in->raw.vex.offset + 1] |= 0x60;
	else if (in->encoding == ZYDIS_INSTRUCTION_ENCODING_EVEX)
		s[in->raw.evex.offset + 1] |= 0x60;
	at = mo;
	s[at++] = (unsigned char)((src[mo] & 0x38) | 5);  /* mod 00, reg kept, rm: rip + disp32 */
	d->disp_at = at;
	at += 4;
	memcpy(s + at, src + end, in->length - end);       /* the immediates */
	at += in->length - end;
	d->insn_len = at;
	sc_emu_jump_back(s + at);
	return NULL;
}

static int stepped(const struct sc_insn *d, const char *why)
{
	int i;

	n_step++;
	for (i = 0; i < 24 && log_[i].why && !(log_[i].m == d->in.mnemonic && log_[i].why == why); i++)
		;
	if (i < 24) {
		log_[i].m = d->in.mnemonic;
		log_[i].why = why;
		log_[i].n++;
	}
	return 0;
}

/* The writable byte behind a traced address (NULL: outside the views);
 * stores only into dest's. */
static unsigned char *alias(const struct sc_emu_view v[3], uint64_t a, int store)
{
	for (int k = store ? 1 : 0; k < 3; k++)
		if (v[k].len && a >= (uint64_t)(uintptr_t)v[k].data &&
		    a < (uint64_t)(uintptr_t)v[k].data + v[k].len)
			return v[k].rw + (a - (uint64_t)(uintptr_t)v[k].data);
	return NULL;
}

/* The scratch from the views: [a, a+w), 0 outside them. */
static void fill(const struct sc_emu_view v[3], uint64_t a, unsigned char *s, uint64_t w)
{
	for (int k = 0; k < 3; k++)
		if (v[k].len && a >= (uint64_t)(uintptr_t)v[k].data &&
		    a + w <= (uint64_t)(uintptr_t)v[k].data + v[k].len) {
			memcpy(s, v[k].rw + (a - (uint64_t)(uintptr_t)v[k].data), w);
			return;
		}
	for (uint64_t i = 0; i < w; i++) {
		const unsigned char *p = alias(v, a + i, 0);

		s[i] = p ? *p : 0;
	}
}

/* Judged once per decoded instruction: can it run out of line? */
static int form(struct sc_insn *d)
{
	if (d->emu < 0) {
		d->why = judge(d);
		if (!d->why)
			d->why = rewrite(d);
		d->emu = !d->why;
	}
	return d->emu;
}

int sc_emu_can(void *uctx)
{
	struct sc_insn *d = sc_insn_at(uctx);
	return d && code && form(d);
}

unsigned char *sc_emu_blocks(void)
{
	return code ? code + STUBS_LEN : NULL;
}

int sc_emu_run(void *uctx, void *stub, int vec)
{
	ucontext_t *uc = uctx;

	if (vec && !(sc_emu_fp = sc_xsave_area(uc, &sc_emu_rfbm)))
		return 0;
	sc_emu_stub = stub;
	sc_emu_g = (uint64_t *)(void *)uc->uc_mcontext.gregs;
	sc_emu_flags = ((uint64_t)uc->uc_mcontext.gregs[REG_EFL] & 0xcd5) | 2;
	sc_emu_x = (uint32_t)vec;
	if (sigsetjmp(back, 0)) {
		running = 0;
		__asm__ volatile("ldmxcsr %0" : : "m"(sc_emu_mxcsr));
		return 0;
	}
	running = 1;
	sc_emu_enter();
	running = 0;
#if defined(SC_TRACE_BREAK) && SC_TRACE_BREAK == 3
	sc_emu_flags ^= 1;  /* broken on purpose: the carry flag (suite-44) */
#endif
	uc->uc_mcontext.gregs[REG_EFL] = (greg_t)(((uint64_t)uc->uc_mcontext.gregs[REG_EFL] & ~0x8d5ull) |
						 (sc_emu_flags & 0x8d5));
	return 1;
}

int sc_emu(void *uctx, const struct sc_mem_op *ops, int n, const struct sc_emu_view v[3])
{
	ucontext_t *uc = uctx;
	struct sc_insn *d = sc_insn_at(uc);
	const ZydisDecodedOperand *o;
	uint64_t a, b, x, w;
	unsigned char *s;
	int store;

	if (!d || !code)
		return 0;
	if (!form(d))
		return stepped(d, d->why);
	o = &d->op[d->mem];
	store = (o->actions & ZYDIS_OPERAND_ACTION_MASK_WRITE) != 0;
	for (int i = 0; i < n; i++)
		for (uint64_t p = ops[i].addr; p < ops[i].addr + ops[i].len; p++)
			if (!alias(v, p, store))
				return stepped(d, "bytes outside the traced pages");
	if (d->vec && !sc_xsave_area(uc, &sc_emu_rfbm))
		return stepped(d, "no XSAVE area in the signal frame");
	sc_greg(uc, o->mem.base, &b);
	sc_greg(uc, o->mem.index, &x);
	if (o->mem.base == ZYDIS_REGISTER_RIP || o->mem.base == ZYDIS_REGISTER_EIP)
		b += d->in.length;
	a = b + x * o->mem.scale + (uint64_t)o->mem.disp.value;
	if (d->in.address_width == 32)
		a = (uint32_t)a;
	/* The scratch holds 64 bytes at least: a width Zydis understated
	 * would still read (and store back) the real bytes. */
	w = o->size / 8 < 64 ? 64 : o->size / 8;
	s = scratch + 1024 + (a & 63);
	fill(v, a, s, w);
	{
		unsigned char *stub = code + 64 + d->slot * STUB;
		int32_t disp = (int32_t)(s - (stub + d->insn_len));

		memcpy(stub + d->disp_at, &disp, 4);
	}
	/* A fault out of line: stepped natively this time (the fault, a
	 * misaligned movdqa, depends on the data, so the form stays emulated). */
	if (!sc_emu_run(uc, code + 64 + d->slot * STUB, d->vec))
		return stepped(d, "faulted out of line");
	if (store)
		for (uint64_t i = 0; i < w; i++) {
			unsigned char *p = alias(v, a + i, 1);

			if (p)
				*p = s[i];  /* bytes not stored hold what they held */
		}
	uc->uc_mcontext.gregs[REG_RIP] += d->in.length;
	n_emu++;
	return 1;
}

void sc_emu_fault(int sig, void *uctx)
{
	uint64_t ip = (uint64_t)((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RIP];

	if (sig != SIGSEGV && sig != SIGBUS && sig != SIGFPE && sig != SIGILL)
		return;  /* the watchdog's tick: the copy goes on */
	if (running && ((code && ip >= (uint64_t)(uintptr_t)code && ip < (uint64_t)(uintptr_t)code + CODE_LEN) ||
			(ip >= (uint64_t)(uintptr_t)sc_emu_enter && ip < (uint64_t)(uintptr_t)sc_emu_end)))
		siglongjmp(back, 1);
}

void sc_emu_counts(unsigned long *emulated, unsigned long *step, char *buf, size_t len)
{
	size_t at = 0;

	*emulated = n_emu;
	*step = n_step;
	if (len)
		buf[0] = 0;
	for (int i = 0; i < 24 && log_[i].why && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s: %s x%lu", i ? "; " : "",
				       ZydisMnemonicGetString(log_[i].m), log_[i].why, log_[i].n);
}

#else

int sc_emu_init(void)
{
	return 0;
}
int sc_emu_can(void *uctx)
{
	return (void)uctx, 0;
}

int sc_emu(void *uctx, const struct sc_mem_op *ops, int n, const struct sc_emu_view v[3])
{
	(void)uctx, (void)ops, (void)n, (void)v;
	return 0;
}

void sc_emu_fault(int sig, void *uctx)
{
	(void)sig, (void)uctx;
}

void sc_emu_counts(unsigned long *emulated, unsigned long *stepped, char *buf, size_t len)
{
	*emulated = *stepped = 0;
	if (len)
		buf[0] = 0;
}

#endif
