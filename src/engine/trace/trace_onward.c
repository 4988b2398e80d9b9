/*
 * trace_onward.c - after a fault, the instructions that follow it and
 * touch no traced memory, performed in the handler too (trace_state.h,
 * sc_trace_onward_plain; the loop is trace_onward_run.c's): a run of
 * register-only instructions copied out of line as one block and run
 * with the signal frame's registers, flags and (when it uses them)
 * vector state; a direct jump or conditional branch decided from the
 * frame's flags; lea; call, ret, push, pop and leave on the candidate's
 * stack.  With the arenas' accesses performed by the emulator, a loop
 * iteration, or a whole call, costs one fault instead of one per access.
 */
#include <string.h>

#include "insn/trace_emulate.h"
#include "memory/trace_state.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include "insn/trace_insn.h"

#define BLOCK 256                          /* code bytes per block */
#define BLOCKS (SC_EMU_BLOCKS_LEN / BLOCK)
#define BLOCK_INSNS 24
#define ARITH 0x8d5u                       /* CF PF AF ZF SF OF */

struct block {
	uint64_t ip, end;        /* the instructions copied: [ip, end) */
	unsigned char orig[BLOCK - 8];  /* their bytes when copied */
	unsigned len, n;         /* bytes, instructions (0: not a block) */
	int vec;                 /* uses vector, opmask or MXCSR state */
};
static struct block blocks[BLOCKS];

/* Whether one decoded instruction touches only general registers (not the
 * stack pointer), vector and opmask registers and the arithmetic flags,
 * reads no memory and no instruction pointer, and so runs anywhere as it
 * is; *vec: it uses vector state. */
static int plain(const ZydisDecodedInstruction *in, const ZydisDecodedOperand *op, int *vec)
{
	const ZydisAccessedFlags *f = in->cpu_flags;

	/* VEX and EVEX may change vector state no operand names (vzeroupper). */
	if (in->encoding != ZYDIS_INSTRUCTION_ENCODING_LEGACY)
		*vec = 1;
	switch (in->meta.category) {
	case ZYDIS_CATEGORY_BINARY: case ZYDIS_CATEGORY_LOGICAL: case ZYDIS_CATEGORY_DATAXFER:
	case ZYDIS_CATEGORY_SHIFT: case ZYDIS_CATEGORY_ROTATE: case ZYDIS_CATEGORY_BITBYTE:
	case ZYDIS_CATEGORY_CMOV: case ZYDIS_CATEGORY_CONVERT: case ZYDIS_CATEGORY_NOP:
	case ZYDIS_CATEGORY_WIDENOP: case ZYDIS_CATEGORY_SETCC: case ZYDIS_CATEGORY_BMI1:
	case ZYDIS_CATEGORY_BMI2: case ZYDIS_CATEGORY_LZCNT: case ZYDIS_CATEGORY_SSE:
	case ZYDIS_CATEGORY_AVX: case ZYDIS_CATEGORY_AVX2: case ZYDIS_CATEGORY_AVX512:
	case ZYDIS_CATEGORY_AVX512_BITALG: case ZYDIS_CATEGORY_AVX512_VBMI: case ZYDIS_CATEGORY_VBMI2:
	case ZYDIS_CATEGORY_KMASK: case ZYDIS_CATEGORY_LOGICAL_FP: case ZYDIS_CATEGORY_BLEND:
	case ZYDIS_CATEGORY_BROADCAST: case ZYDIS_CATEGORY_COMPRESS: case ZYDIS_CATEGORY_EXPAND:
	case ZYDIS_CATEGORY_CONFLICT: case ZYDIS_CATEGORY_STTNI: case ZYDIS_CATEGORY_PREFETCH:
		break;

	default:
		/* lea is "misc"; endbr64 (CET) runs as a nop */
		if (in->mnemonic != ZYDIS_MNEMONIC_LEA && in->mnemonic != ZYDIS_MNEMONIC_ENDBR64)
			return 0;
	}
	if (in->encoding != ZYDIS_INSTRUCTION_ENCODING_LEGACY && in->encoding != ZYDIS_INSTRUCTION_ENCODING_VEX &&
	    in->encoding != ZYDIS_INSTRUCTION_ENCODING_EVEX)
		return 0;
	if (in->attributes & (ZYDIS_ATTRIB_HAS_REP | ZYDIS_ATTRIB_HAS_REPE | ZYDIS_ATTRIB_HAS_REPNE |
			      ZYDIS_ATTRIB_HAS_LOCK))
		return 0;
	/* Only the arithmetic flags written: the frame keeps the others. */
	if (f && ((f->modified | f->set_0 | f->set_1 | f->undefined) & ~ARITH))
		return 0;
	for (unsigned i = 0; i < in->operand_count; i++) {
		const ZydisDecodedOperand *o = &op[i];
		ZydisRegisterClass c;

		if (o->type == ZYDIS_OPERAND_TYPE_IMMEDIATE)
			continue;
		if (o->type == ZYDIS_OPERAND_TYPE_MEMORY) {
			/* A nop's or a prefetch's operand is never accessed and
			 * never faults (nor is it traced natively). */
			if (in->meta.category == ZYDIS_CATEGORY_NOP || in->meta.category == ZYDIS_CATEGORY_WIDENOP ||
			    in->meta.category == ZYDIS_CATEGORY_PREFETCH)
				continue;
			/* lea computes an address and reads nothing; not from RIP,
			 * which differs out of line */
			if (o->mem.type != ZYDIS_MEMOP_TYPE_AGEN || o->mem.base == ZYDIS_REGISTER_RIP ||
			    ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, o->mem.base) ==
				    ZYDIS_REGISTER_RSP)
				return 0;
			continue;
		}
		if (o->type != ZYDIS_OPERAND_TYPE_REGISTER)
			return 0;
		c = ZydisRegisterGetClass(o->reg.value);
		if (c >= ZYDIS_REGCLASS_GPR8 && c <= ZYDIS_REGCLASS_GPR64) {
			if (ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, o->reg.value) ==
			    ZYDIS_REGISTER_RSP)
				return 0;
		} else if (c == ZYDIS_REGCLASS_XMM || c == ZYDIS_REGCLASS_YMM || c == ZYDIS_REGCLASS_ZMM ||
			   c == ZYDIS_REGCLASS_MASK || o->reg.value == ZYDIS_REGISTER_MXCSR) {
			*vec = 1;
		} else if (c != ZYDIS_REGCLASS_FLAGS) {
			return 0;  /* segment, x87, MMX, control, the instruction pointer */
		}
	}
	return 1;
}

/* The block of plain instructions starting at ip (built on first use and
 * again when the code there changed); NULL if the first is not plain. */
static struct block *block_at(uint64_t ip)
{
	struct block *b = &blocks[(ip ^ ip >> 9) % BLOCKS];
	unsigned char *code = sc_emu_blocks();
	ZydisDecodedInstruction in;
	ZydisDecodedOperand op[ZYDIS_MAX_OPERAND_COUNT];

	if (!code)
		return NULL;
	if (b->ip == ip && !memcmp(b->orig, (const void *)ip, b->len))
		return b->n ? b : NULL;
	b->ip = ip;
	b->len = b->n = 0;
	b->vec = 0;
	while (b->n < BLOCK_INSNS &&
	       ZYAN_SUCCESS(ZydisDecoderDecodeFull(&sc_zydis, (const void *)(ip + b->len),
						   ZYDIS_MAX_INSTRUCTION_LENGTH, &in, op)) &&
	       b->len + in.length <= sizeof(b->orig) && plain(&in, op, &b->vec)) {
		b->len += in.length;
		b->n++;
	}
	memcpy(b->orig, (const void *)ip, b->len);
	b->end = ip + b->len;
	if (b->n) {
		unsigned char *at = code + (size_t)(b - blocks) * BLOCK;

		memcpy(at, b->orig, b->len);
		sc_emu_jump_back(at + b->len);
	}
	return b->n ? b : NULL;
}

/* A direct jump or conditional branch: whether it is taken (-1: not one
 * of these). */
static int taken(const ZydisDecodedInstruction *in, uint64_t fl, uint64_t rcx)
{
	int cf = fl & 1, pf = fl >> 2 & 1, zf = fl >> 6 & 1, sf = fl >> 7 & 1, of = fl >> 11 & 1;

	switch (in->mnemonic) {
	case ZYDIS_MNEMONIC_JMP: return 1;
	case ZYDIS_MNEMONIC_JB: return cf;
	case ZYDIS_MNEMONIC_JNB: return !cf;
	case ZYDIS_MNEMONIC_JZ: return zf;
	case ZYDIS_MNEMONIC_JNZ: return !zf;
	case ZYDIS_MNEMONIC_JBE: return cf || zf;
	case ZYDIS_MNEMONIC_JNBE: return !cf && !zf;
	case ZYDIS_MNEMONIC_JL: return sf != of;
	case ZYDIS_MNEMONIC_JNL: return sf == of;
	case ZYDIS_MNEMONIC_JLE: return zf || sf != of;
	case ZYDIS_MNEMONIC_JNLE: return !zf && sf == of;
	case ZYDIS_MNEMONIC_JO: return of;
	case ZYDIS_MNEMONIC_JNO: return !of;
	case ZYDIS_MNEMONIC_JP: return pf;
	case ZYDIS_MNEMONIC_JNP: return !pf;
	case ZYDIS_MNEMONIC_JS: return sf;
	case ZYDIS_MNEMONIC_JNS: return !sf;
	case ZYDIS_MNEMONIC_JRCXZ: return rcx == 0;
	case ZYDIS_MNEMONIC_JECXZ: return (uint32_t)rcx == 0;
	default: return -1;
	}
}

int sc_insn_mnemonic(const void *uctx)
{
	const struct sc_insn *d = sc_insn_at(uctx);

	return d ? (int)d->in.mnemonic : -1;
}

const char *sc_insn_mnemonic_name(int m)
{
	return m < 0 ? "(not decoded)" : ZydisMnemonicGetString((ZydisMnemonic)m);
}

/* lea from RIP or RSP (which differ out of line), computed here: 1 if
 * it was one. */
static int lea(ucontext_t *uc, const struct sc_insn *d)
{
	static const int map[16] = { REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
				     REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15 };
	const ZydisDecodedOperand *r = &d->op[0], *m = &d->op[1];
	ZydisRegister big;
	uint64_t b, x, a;
	greg_t *g;

	if (d->in.mnemonic != ZYDIS_MNEMONIC_LEA || r->type != ZYDIS_OPERAND_TYPE_REGISTER ||
	    m->type != ZYDIS_OPERAND_TYPE_MEMORY || d->in.address_width != 64 ||
	    !sc_greg(uc, m->mem.base, &b) || !sc_greg(uc, m->mem.index, &x))
		return 0;
	big = ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, r->reg.value);
	if (big < ZYDIS_REGISTER_RAX || big > ZYDIS_REGISTER_R15 || big == ZYDIS_REGISTER_RSP)
		return 0;
	if (m->mem.base == ZYDIS_REGISTER_RIP)
		b += d->in.length;
	a = b + x * m->mem.scale + (uint64_t)m->mem.disp.value;
	g = &uc->uc_mcontext.gregs[map[big - ZYDIS_REGISTER_RAX]];
	if (r->size == 64)
		*g = (greg_t)a;
	else if (r->size == 32)
		*g = (greg_t)(uint32_t)a;  /* a 32-bit write clears the upper half */
	else if (r->size == 16)
		*g = (greg_t)(((uint64_t)*g & ~0xffffull) | (a & 0xffff));
	else
		return 0;
	g = uc->uc_mcontext.gregs;
	g[REG_RIP] += d->in.length;
	return 1;
}

/* The checker's own code (the executable; a candidate is a shared
 * object): a call or return into it leaves the candidate's call. */
extern const char __executable_start[], etext[];

static int checker(uint64_t a)
{
	return a >= (uint64_t)(uintptr_t)__executable_start && a < (uint64_t)(uintptr_t)etext;
}

/* The general register slot of a 64-bit register (NULL: not one, or RSP). */
static greg_t *gslot(ucontext_t *uc, ZydisRegister r)
{
	static const int map[16] = { REG_RAX, REG_RCX, REG_RDX, REG_RBX, -1,      REG_RBP, REG_RSI, REG_RDI,
				     REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15 };

	if (r < ZYDIS_REGISTER_RAX || r > ZYDIS_REGISTER_R15 || map[r - ZYDIS_REGISTER_RAX] < 0)
		return NULL;
	return &uc->uc_mcontext.gregs[map[r - ZYDIS_REGISTER_RAX]];
}

/* The stack's 8 bytes at a, inside the candidate's stack (as the stack
 * view: the red zone up to the calling frame); NULL outside. */
static uint64_t *stack_at(const ucontext_t *uc, uint64_t a)
{
	uint64_t lo = (uint64_t)uc->uc_mcontext.gregs[REG_RSP] - 128;

	return a >= lo && a + 8 <= sc_T.stack_top && sc_T.stack_top - lo < (1u << 20) ? (uint64_t *)(uintptr_t)a : NULL;
}

/* call, ret, push, pop, leave and indirect jumps (through a register or
 * an object's own RIP-relative slot: a PLT) on the candidate's stack:
 * 1 if performed.  Never into the checker's own code. */
static int stack_op(ucontext_t *uc, const struct sc_insn *d)
{
	greg_t *g = uc->uc_mcontext.gregs, *r;
	uint64_t sp = (uint64_t)g[REG_RSP], ip = (uint64_t)g[REG_RIP], next = ip + d->in.length, to, *p;
	const ZydisDecodedOperand *o = &d->op[0];
	ZydisMnemonic m = d->in.mnemonic;

	if (d->in.operand_width != 64 && m != ZYDIS_MNEMONIC_RET && m != ZYDIS_MNEMONIC_LEAVE)
		return 0;
	switch (m) {
	case ZYDIS_MNEMONIC_RET:
		if (d->in.operand_count_visible || !(p = stack_at(uc, sp)) || checker(*p))
			return 0;
		g[REG_RIP] = (greg_t)*p;
		g[REG_RSP] = (greg_t)(sp + 8);
		return 1;
	case ZYDIS_MNEMONIC_PUSH:
	case ZYDIS_MNEMONIC_POP:
		if (o->type != ZYDIS_OPERAND_TYPE_REGISTER || !(r = gslot(uc, o->reg.value)) ||
		    !(p = stack_at(uc, m == ZYDIS_MNEMONIC_PUSH ? sp - 8 : sp)))
			return 0;
		if (m == ZYDIS_MNEMONIC_PUSH)
			*p = (uint64_t)*r;
		else
			*r = (greg_t)*p;
		g[REG_RSP] = (greg_t)(m == ZYDIS_MNEMONIC_PUSH ? sp - 8 : sp + 8);
		g[REG_RIP] = (greg_t)next;
		return 1;
	case ZYDIS_MNEMONIC_LEAVE:
		if (!(p = stack_at(uc, (uint64_t)g[REG_RBP])))
			return 0;
		g[REG_RSP] = (greg_t)((uint64_t)g[REG_RBP] + 8);
		g[REG_RBP] = (greg_t)*p;
		g[REG_RIP] = (greg_t)next;
		return 1;
	case ZYDIS_MNEMONIC_CALL:
	case ZYDIS_MNEMONIC_JMP:
		if (o->type == ZYDIS_OPERAND_TYPE_IMMEDIATE && o->imm.is_relative)
			to = next + (uint64_t)o->imm.value.s;
		else if (o->type == ZYDIS_OPERAND_TYPE_REGISTER && (r = gslot(uc, o->reg.value)))
			to = (uint64_t)*r;
		else if (o->type == ZYDIS_OPERAND_TYPE_MEMORY && o->mem.base == ZYDIS_REGISTER_RIP &&
			 o->mem.index == ZYDIS_REGISTER_NONE && o->mem.segment != ZYDIS_REGISTER_FS &&
			 o->mem.segment != ZYDIS_REGISTER_GS)
			memcpy(&to, (const void *)(uintptr_t)(next + (uint64_t)o->mem.disp.value), 8);
		else
			return 0;
		if (checker(to) || (m == ZYDIS_MNEMONIC_CALL && !(p = stack_at(uc, sp - 8))))
			return 0;
		if (m == ZYDIS_MNEMONIC_CALL) {
			*p = next;
			g[REG_RSP] = (greg_t)(sp - 8);
		}
		g[REG_RIP] = (greg_t)to;
		return 1;
	default:
		return 0;
	}
}

int sc_trace_onward_plain(void *uctx)
{
	ucontext_t *uc = uctx;
	greg_t *g = uc->uc_mcontext.gregs;
	uint64_t ip = (uint64_t)g[REG_RIP], to;
	struct sc_insn *d = sc_insn_at(uc);
	struct block *b;
	int t;

	if (!d)
		return 0;
	if ((d->in.meta.category == ZYDIS_CATEGORY_COND_BR || d->in.meta.category == ZYDIS_CATEGORY_UNCOND_BR) &&
	    d->in.operand_count_visible == 1 && d->op[0].type == ZYDIS_OPERAND_TYPE_IMMEDIATE &&
	    d->op[0].imm.is_relative && (t = taken(&d->in, (uint64_t)g[REG_EFL], (uint64_t)g[REG_RCX])) >= 0 &&
	    ZYAN_SUCCESS(ZydisCalcAbsoluteAddress(&d->in, &d->op[0], ip, &to))) {
		g[REG_RIP] = (greg_t)(t ? to : ip + d->in.length);
		return 1;
	}
	if (lea(uc, d) || stack_op(uc, d))
		return 1;
	if (!(b = block_at(ip)) || !sc_emu_run(uc, sc_emu_blocks() + (size_t)(b - blocks) * BLOCK, b->vec))
		return 0;
	g[REG_RIP] = (greg_t)b->end;
	return (int)b->n;
}

#else

int sc_trace_onward_plain(void *uctx)
{
	return (void)uctx, 0;
}

int sc_insn_mnemonic(const void *uctx)
{
	return (void)uctx, -1;
}

const char *sc_insn_mnemonic_name(int m)
{
	return (void)m, "";
}

#endif
