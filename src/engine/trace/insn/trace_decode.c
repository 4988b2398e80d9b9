/*
 * trace_decode.c - the memory operands of one instruction, decoded by
 * Zydis (trace_decode.h), each decoded once per address (trace_insn.h).
 * Capstone 4 decodes EVEX instructions wrongly (width 1), so the tracer
 * takes Zydis or nothing.
 */
#include <string.h>

#include "../../run/engine.h"
#include "trace_decode.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include <asm/prctl.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "trace_insn.h"

#ifndef HWCAP2_FSGSBASE
#define HWCAP2_FSGSBASE (1 << 1)
#endif

ZydisDecoder sc_zydis;
static int ready;

int sc_decode_available(const char **why)
{
	if (!ready) {
		if (ZYAN_FAILED(ZydisDecoderInit(&sc_zydis, ZYDIS_MACHINE_MODE_LONG_64,
						 ZYDIS_STACK_WIDTH_64))) {
			if (why)
				*why = "the Zydis decoder did not start";
			return 0;
		}
		ready = 1;
	}
	return 1;
}

/* Decoded instructions by address: a loop faults on the same few. */
static struct sc_insn cache[SC_INSN_CACHE];
static unsigned char cache_bytes[SC_INSN_CACHE][ZYDIS_MAX_INSTRUCTION_LENGTH];

struct sc_insn *sc_insn_at(const ucontext_t *uc)
{
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	unsigned h = (unsigned)(ip ^ ip >> 7) % SC_INSN_CACHE;
	struct sc_insn *d = &cache[h];

	if (d->ip == ip && !memcmp(cache_bytes[h], (const void *)ip, d->in.length))
		return d;
	if (!sc_decode_available(NULL))
		return NULL;
	d->ip = 0;
	if (ZYAN_FAILED(ZydisDecoderDecodeFull(&sc_zydis, (const void *)ip, ZYDIS_MAX_INSTRUCTION_LENGTH,
					       &d->in, d->op)))
		return NULL;
	memcpy(cache_bytes[h], (const void *)ip, d->in.length);
	d->ip = ip;
	d->emu = -1;
	d->why = NULL;
	d->slot = h;
	return d;
}

static void add(struct sc_mem_op *ops, int *n, int max, uint64_t a, uint64_t len, unsigned flags)
{
	if (*n < max) {
		ops[*n].addr = a;
		ops[*n].len = (uint32_t)len;
		ops[*n].flags = flags;
		(*n)++;
	}
}

/* One operand per run of enabled elements (none enabled: one of length 0). */
static void runs(struct sc_mem_op *ops, int *n, int max, uint64_t a, unsigned es, unsigned count,
		 const unsigned char *on, unsigned flags)
{
	int any = 0;

	for (unsigned e = 0; e < count; e++) {
		unsigned f = e;

		if (!on[e])
			continue;
		while (e + 1 < count && on[e + 1])
			e++;
		add(ops, n, max, a + (uint64_t)f * es, (uint64_t)(e - f + 1) * es, flags | SC_MEM_MASKED);
		any = 1;
	}
	if (!any)
		add(ops, n, max, a, 0, flags | SC_MEM_MASKED);
}

/* The opmask's bits (k0 or none: all elements). */
static uint64_t kmask(const ucontext_t *uc, ZydisRegister k)
{
	unsigned char b[64];
	uint64_t m;

	if (k <= ZYDIS_REGISTER_K0 || k > ZYDIS_REGISTER_K7)
		return ~(uint64_t)0;
	if (!sc_vreg(uc, k, b))
		return ~(uint64_t)0;  /* unknown: the whole width */
	memcpy(&m, b, 8);
	return m;
}

/* A gather's or scatter's elements (VSIB). */
static void vsib(const struct sc_insn *d, const ucontext_t *uc, const ZydisDecodedOperand *o,
		 struct sc_mem_op *ops, int *n, int max, unsigned flags)
{
	const char *s = ZydisMnemonicGetString(d->in.mnemonic), *g;
	unsigned char idx[64], mv[64], on[64];
	unsigned is, ds, cnt, dw = 0, iw;
	ZydisRegister data = ZYDIS_REGISTER_NONE, vmask = ZYDIS_REGISTER_NONE;
	uint64_t base, m;

	g = strstr(s, "gather") ? strstr(s, "gather") + 6 : strstr(s, "scatter") ? strstr(s, "scatter") + 7 : NULL;
	if (!g || strstr(s, "pf") || !sc_greg(uc, o->mem.base, &base) || !sc_vreg(uc, o->mem.index, idx))
		return;  /* the prefetches touch nothing a trace needs */
	is = g[0] == 'q' ? 8 : 4;
	ds = (g[1] == 'q' || !strcmp(g + 1, "pd")) ? 8 : 4;
	for (unsigned i = 0; i < d->in.operand_count; i++) {
		const ZydisDecodedOperand *p = &d->op[i];
		ZydisRegisterClass c;

		if (p->type != ZYDIS_OPERAND_TYPE_REGISTER)
			continue;
		c = ZydisRegisterGetClass(p->reg.value);
		if (c != ZYDIS_REGCLASS_XMM && c != ZYDIS_REGCLASS_YMM && c != ZYDIS_REGCLASS_ZMM)
			continue;
		if (data == ZYDIS_REGISTER_NONE) {
			data = p->reg.value;
			dw = p->size / 8;
		} else if (vmask == ZYDIS_REGISTER_NONE) {
			vmask = p->reg.value;
		}
	}
	iw = ZydisRegisterGetWidth(ZYDIS_MACHINE_MODE_LONG_64, o->mem.index) / 8;
	cnt = dw / ds < iw / is ? dw / ds : iw / is;
	if (!dw || cnt > 16)
		return;
	if (vmask != ZYDIS_REGISTER_NONE) {
		if (!sc_vreg(uc, vmask, mv))
			memset(mv, 0xff, sizeof(mv));
		for (unsigned e = 0; e < cnt; e++)
			on[e] = mv[e * ds + ds - 1] >> 7;
	} else {
		m = kmask(uc, d->in.avx.mask.reg);
		for (unsigned e = 0; e < cnt; e++)
			on[e] = m >> e & 1;
	}
	for (unsigned e = 0; e < cnt; e++) {
		int64_t x;

		if (!on[e])
			continue;
		if (is == 8) {
			memcpy(&x, idx + 8 * e, 8);
		} else {
			int32_t y;

			memcpy(&y, idx + 4 * e, 4);
			x = y;
		}
		add(ops, n, max, base + (uint64_t)x * o->mem.scale + (uint64_t)o->mem.disp.value, ds,
		    flags | SC_MEM_VSIB);
	}
}

static int is_any(ZydisMnemonic m, const ZydisMnemonic *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == m)
			return 1;
	return 0;
}

static const ZydisMnemonic compress[] = {
	ZYDIS_MNEMONIC_VPCOMPRESSB, ZYDIS_MNEMONIC_VPCOMPRESSW, ZYDIS_MNEMONIC_VPCOMPRESSD,
	ZYDIS_MNEMONIC_VPCOMPRESSQ, ZYDIS_MNEMONIC_VCOMPRESSPS, ZYDIS_MNEMONIC_VCOMPRESSPD,
	ZYDIS_MNEMONIC_VPEXPANDB,   ZYDIS_MNEMONIC_VPEXPANDW,   ZYDIS_MNEMONIC_VPEXPANDD,
	ZYDIS_MNEMONIC_VPEXPANDQ,   ZYDIS_MNEMONIC_VEXPANDPS,   ZYDIS_MNEMONIC_VEXPANDPD,
};
static const ZydisMnemonic vmaskmov[] = {
	ZYDIS_MNEMONIC_VMASKMOVPS, ZYDIS_MNEMONIC_VMASKMOVPD, ZYDIS_MNEMONIC_VPMASKMOVD,
	ZYDIS_MNEMONIC_VPMASKMOVQ, ZYDIS_MNEMONIC_MASKMOVDQU, ZYDIS_MNEMONIC_VMASKMOVDQU,
};
static const ZydisMnemonic bittest[] = {
	ZYDIS_MNEMONIC_BT, ZYDIS_MNEMONIC_BTS, ZYDIS_MNEMONIC_BTR, ZYDIS_MNEMONIC_BTC,
};

/*
 * The fs or gs base of this thread (the faulting one: a signal handler
 * runs on it), read when the operand is decoded, so a base the candidate
 * moved is the one used: rdfsbase where the kernel enabled it, else one
 * arch_prctl (only an fs:/gs: operand pays it).
 */
static uint64_t seg_base(ZydisRegister seg)
{
	static int fsgsbase = -1;
	unsigned long v = 0;

	if (fsgsbase < 0)
		fsgsbase = (getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE) != 0;
	if (fsgsbase && seg == ZYDIS_REGISTER_FS)
		__asm__ volatile("rdfsbase %0" : "=r"(v));
	else if (fsgsbase)
		__asm__ volatile("rdgsbase %0" : "=r"(v));
	else
		syscall(SYS_arch_prctl, seg == ZYDIS_REGISTER_FS ? ARCH_GET_FS : ARCH_GET_GS, &v);
	return v;
}

/* One memory operand's bytes. */
static void operand(const struct sc_insn *d, const ucontext_t *uc, const ZydisDecodedOperand *o,
		    struct sc_mem_op *ops, int *n, int max, unsigned flags)
{
	const ZydisDecodedInstruction *in = &d->in;
	uint64_t a, b, x, len = o->size / 8;
	unsigned es = o->element_size / 8, cnt = o->element_count;
	unsigned char on[64], v[64];

	if (o->mem.type == ZYDIS_MEMOP_TYPE_VSIB) {
		vsib(d, uc, o, ops, n, max, flags);
		return;
	}
	if (!sc_greg(uc, o->mem.base, &b) || !sc_greg(uc, o->mem.index, &x))
		return;
	if (o->mem.base == ZYDIS_REGISTER_RIP || o->mem.base == ZYDIS_REGISTER_EIP)
		b += in->length;
	a = b + x * o->mem.scale + (uint64_t)o->mem.disp.value;
	if (in->address_width == 32)
		a = (uint32_t)a;
	if (o->mem.segment == ZYDIS_REGISTER_FS || o->mem.segment == ZYDIS_REGISTER_GS)
		a += seg_base(o->mem.segment);  /* the linear address */
	if (is_any(in->mnemonic, bittest, 4) && d->op[1].type == ZYDIS_OPERAND_TYPE_REGISTER) {
		/* The bit offset is signed, of the operand's size. */
		uint64_t r;
		int64_t s;
		unsigned bits = o->size;

		sc_greg(uc, d->op[1].reg.value, &r);
		s = bits == 16 ? (int16_t)r : bits == 32 ? (int32_t)r : (int64_t)r;
		s = s >= 0 ? s / bits : -((-s + bits - 1) / bits);  /* floor */
		add(ops, n, max, a + (uint64_t)s * (bits / 8), len, flags);
		return;
	}
	if (in->avx.broadcast.mode != ZYDIS_BROADCAST_MODE_INVALID && es) {
		add(ops, n, max, a, es, flags);
		return;
	}
	if (is_any(in->mnemonic, compress, 12)) {
		uint64_t m = kmask(uc, in->avx.mask.reg);
		unsigned k = 0;

		for (unsigned e = 0; e < cnt && e < 64; e++)
			k += m >> e & 1;
		add(ops, n, max, a, (uint64_t)k * es, flags | SC_MEM_MASKED);
		return;
	}
	if (is_any(in->mnemonic, vmaskmov, 6) && d->op[1].type == ZYDIS_OPERAND_TYPE_REGISTER) {
		unsigned mes = in->mnemonic == ZYDIS_MNEMONIC_VMASKMOVPD ||
			       in->mnemonic == ZYDIS_MNEMONIC_VPMASKMOVQ ? 8 :
			       in->mnemonic == ZYDIS_MNEMONIC_VMASKMOVPS ||
			       in->mnemonic == ZYDIS_MNEMONIC_VPMASKMOVD ? 4 : 1;
		unsigned c = (unsigned)len / mes;

		if (!sc_vreg(uc, d->op[1].reg.value, v) || c > 64) {
			add(ops, n, max, a, len, flags);
			return;
		}
		for (unsigned e = 0; e < c; e++)
			on[e] = v[e * mes + mes - 1] >> 7;
#if defined(SC_TRACE_BREAK) && SC_TRACE_BREAK == 4
		memset(on, 1, c);  /* broken on purpose: the mask ignored (suite-44) */
#endif
		runs(ops, n, max, a, mes, c, on, flags);
		return;
	}
	if (in->avx.mask.reg > ZYDIS_REGISTER_K0 && in->avx.mask.reg <= ZYDIS_REGISTER_K7 && cnt > 1 &&
	    es && (uint64_t)cnt * es == len && cnt <= 64) {
		/* AVX-512 masking: a masked-off element is neither read nor
		 * written, and cannot fault. */
		uint64_t m = kmask(uc, in->avx.mask.reg);

		for (unsigned e = 0; e < cnt; e++)
			on[e] = m >> e & 1;
		runs(ops, n, max, a, es, cnt, on, flags);
		return;
	}
	add(ops, n, max, a, len, flags);
}

int sc_decode_mem(void *uctx, struct sc_mem_op *ops, int max, int *rep)
{
	const ucontext_t *uc = uctx;
	struct sc_insn *d = sc_insn_at(uc);
	int n = 0;

	*rep = 0;
	if (!d)
		return -1;
	*rep = (d->in.attributes & (ZYDIS_ATTRIB_HAS_REP | ZYDIS_ATTRIB_HAS_REPE |
				    ZYDIS_ATTRIB_HAS_REPNE)) != 0;
	for (unsigned i = 0; i < d->in.operand_count && n < max; i++) {
		const ZydisDecodedOperand *o = &d->op[i];

		if (o->type != ZYDIS_OPERAND_TYPE_MEMORY ||
		    (o->mem.type != ZYDIS_MEMOP_TYPE_MEM && o->mem.type != ZYDIS_MEMOP_TYPE_VSIB))
			continue;  /* lea, bound tables: not an access */
		if (!(o->actions & (ZYDIS_OPERAND_ACTION_MASK_READ | ZYDIS_OPERAND_ACTION_MASK_WRITE)))
			continue;
		operand(d, uc, o, ops, &n, max,
			((o->actions & ZYDIS_OPERAND_ACTION_MASK_WRITE) ? SC_MEM_WRITE : 0) |
			((o->actions & ZYDIS_OPERAND_ACTION_MASK_READ) ? SC_MEM_READ : 0) |
			(*rep ? SC_MEM_REP : 0));
	}
	return n;
}

/* A fault with no address (engine.h): the operand whose address is not
 * canonical (bits 63..47 not all equal), else the first; 'w' if it is
 * written. */
static char fault_decode(void *uctx, uintptr_t *addr)
{
	struct sc_mem_op ops[SC_MEM_OPS_MAX];
	int rep, n = sc_decode_mem(uctx, ops, SC_MEM_OPS_MAX, &rep), pick = 0;

	*addr = 0;
	if (n <= 0)
		return '?';
	for (int i = 0; i < n; i++) {
		uint64_t top = ops[i].addr >> 47;

		if (top && top != 0x1ffff) {
			pick = i;
			break;
		}
	}
	*addr = (uintptr_t)ops[pick].addr;
	return (ops[pick].flags & SC_MEM_WRITE) ? 'w' : 'r';
}

/* Linked in with the tracer: the engine asks it about faults with no
 * address from then on. */
__attribute__((constructor)) static void fault_decode_on(void)
{
	sc_fault_decode = fault_decode;
}

#else

int sc_decode_available(const char **why)
{
	if (why)
#if !defined(__x86_64__) || !defined(__linux__)
		*why = "the tracer runs on x86-64 Linux only";
#else
		*why = "this strcheck was built without Zydis (libzydis-dev)";
#endif
	return 0;
}

int sc_decode_mem(void *uctx, struct sc_mem_op *ops, int max, int *rep)
{
	(void)uctx, (void)ops, (void)max;
	*rep = 0;
	return -1;
}

#endif
