/*
 * trace_onward.c - after a fault, the instructions that follow it that
 * touch only registers, performed in the handler too (trace_state.h,
 * sc_trace_onward_plain): a run of register-only instructions copied out
 * of line as one block and run with the signal frame's registers, flags
 * and (when it uses them) vector state; a direct jump or conditional
 * branch decided from the frame's flags.  With the arenas' accesses
 * performed by the emulator (trace_hook.c), a loop iteration, or a whole
 * call, costs one fault instead of one per access.
 */
#include <stdio.h>
#include <string.h>

#include "../run/engine.h"
#include "trace_emulate.h"
#include "trace_state.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include "trace_insn.h"

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
	case ZYDIS_CATEGORY_CONFLICT: case ZYDIS_CATEGORY_STTNI:
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

#if defined(__x86_64__) && defined(__linux__)
#include "trace_decode.h"

#define T sc_T

/* Whether [a, a+len) touches a page the trace keeps closed (so that,
 * natively, the access would fault): the traced data less the pages left
 * open. */
static int closed(uint64_t a, uint64_t len, int dest)
{
	const struct sc_trace *t = T.t;
	const unsigned char *base = dest ? T.ddata : T.sdata, *skip = dest ? t->skip_dst : t->skip_src;
	size_t n = dest ? T.dlen : T.slen, skip_len = dest ? t->skip_dst_len :
				       (t->flip_read <= 0 ? t->skip_src_len : 0);

	for (uint64_t p = a & ~(uint64_t)(T.page - 1); p < a + len; p += T.page)
		if (sc_trace_inside(p, base, n) && !sc_trace_inside(p, skip, skip_len))
			return 1;
	return 0;
}

/* The views an instruction performed onward goes through: the source,
 * dest's whole arena where its stores are not traced, and the stack from
 * the red zone below RSP up to the frame that made the call. */
static const struct sc_emu_view *onward_views(const ucontext_t *uc)
{
	static struct sc_emu_view v[3];
	uintptr_t lo = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP] - 128;

	v[0] = T.view[0];
	v[1] = T.view[1].len ? T.view[1] : T.view[2];
	/* (a stack switched elsewhere, far below: none) */
	v[2] = (struct sc_emu_view){ (unsigned char *)lo, (unsigned char *)lo,
				     T.stack_top > lo && T.stack_top - lo < (1u << 20) ? T.stack_top - lo : 0 };
	return v;
}

/* [a, a+len) inside view k. */
static int in_view(const struct sc_emu_view *v, int k, uint64_t a, uint64_t len)
{
	return sc_trace_inside(a, v[k].data, v[k].len) && sc_trace_inside(a + len - 1, v[k].data, v[k].len);
}

/* The instruction at RIP, an access inside the arenas' views, performed
 * onward: recorded, watched and flipped where it touches a closed page,
 * as its fault would have been.  0 if it is not one (nothing done). */
static int onward_access(ucontext_t *uc)
{
	struct sc_mem_op ops[SC_MEM_OPS_MAX];
	const struct sc_emu_view *v = onward_views(uc);
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	size_t first = T.t->n;
	int rep, n = sc_decode_mem(uc, ops, SC_MEM_OPS_MAX, &rep), traced = 0;

	if (n <= 0 || rep || !sc_emu_can(uc))
		return 0;
	for (int i = 0; i < n; i++) {
		int w = (ops[i].flags & SC_MEM_WRITE) != 0;
		uint64_t a = ops[i].addr, len = ops[i].len;

		if (!len)
			continue;
		if (!(in_view(v, 0, a, len) && !w) && !in_view(v, 1, a, len) && !in_view(v, 2, a, len))
			return 0;  /* outside the arenas' data and the stack (a guard) */
		if ((ops[i].flags & SC_MEM_READ && closed(a, len, 0)) || (w && closed(a, len, 1)))
			traced = 1;
	}
	if (!sc_emu(uc, ops, n, v))
		return 0;
	T.t->emulated++;
#if defined(SC_TRACE_BREAK) && SC_TRACE_BREAK == 6
	traced = 0;  /* broken on purpose (suite-44): accesses performed onward go unrecorded */
#endif
	if (traced) {
		sc_calls++;  /* progress, for the watchdog */
		sc_trace_record_ops(ip, ops, n, 0, 0, 0);
		T.step_first = first;
		sc_trace_done(T.t);
	}
	return 1;
}

/* Where onward stopped, by mnemonic (the bench's log). */
static struct { int m; unsigned long n; } stops[16];

static void stopped_at(ucontext_t *uc)
{
	int m = sc_insn_mnemonic(uc), i;

	for (i = 0; i < 16 && stops[i].n && stops[i].m != m; i++)
		;
	if (i < 16) {
		stops[i].m = m;
		stops[i].n++;
	}
}

void sc_trace_onward_stops(char *buf, size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = 0;
	for (int i = 0; i < 16 && stops[i].n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s x%lu", i ? "; " : "",
				       sc_insn_mnemonic_name(stops[i].m), stops[i].n);
}

/* Most instructions performed onward from one fault, so that a long loop
 * returns to native execution (and its signals) now and then. */
#define ONWARD_MAX 65536

/* After a performed access: the instructions that follow, performed here
 * too while they touch only registers and the arenas' data (a loop
 * iteration, or the whole call, for one fault); native execution resumes,
 * the pages closed, at the first that cannot be performed exactly (a call,
 * a system call, the stack, a form the emulator leaves to the single
 * step) or at a flip (the rest runs untraced). */
void sc_trace_onward(void *uctx)
{
	ucontext_t *uc = uctx;
	struct sc_trace *t = T.t;
	int k;

	if (t->no_onward || t->no_emulate || !sc_trace_onward_on)
		return;
	for (unsigned i = 0; i < ONWARD_MAX && T.armed && !T.step && t->n < SC_TRACE_MAX; i++) {
		if ((k = sc_trace_onward_plain(uc)) > 0)
			t->onward += (size_t)k;
		else if (onward_access(uc))
			t->onward++;
		else {
			stopped_at(uc);
			return;
		}
	}
}

#else

void sc_trace_onward(void *uctx)
{
	(void)uctx;
}

void sc_trace_onward_stops(char *buf, size_t len)
{
	if (len)
		buf[0] = 0;
}

#endif
