/*
 * trace_decode.c - the memory operands of one instruction, decoded by
 * Zydis (trace_decode.h).  Capstone 4 decodes EVEX instructions wrongly
 * (width 1), so the tracer takes Zydis or nothing.
 */
#include <string.h>

#include "trace_decode.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#include <ucontext.h>
#include <Zydis/Zydis.h>

static ZydisDecoder decoder;
static int ready;
static unsigned opmask_off;  /* the opmask registers in the XSAVE area (CPUID 0xD.5) */

int sc_decode_available(const char **why)
{
	unsigned a, b, c, d;

	if (!ready) {
		if (ZYAN_FAILED(ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64,
						 ZYDIS_STACK_WIDTH_64))) {
			if (why)
				*why = "the Zydis decoder did not start";
			return 0;
		}
		if (__get_cpuid_count(0xd, 5, &a, &b, &c, &d) && a == 64)
			opmask_off = b;
		ready = 1;
	}
	return 1;
}

/* The context's general registers, as Zydis names them. */
static void fill_regs(const ucontext_t *uc, ZydisRegisterContext *rc)
{
	static const struct { ZydisRegister r; int g; } map[] = {
		{ ZYDIS_REGISTER_RAX, REG_RAX }, { ZYDIS_REGISTER_RCX, REG_RCX },
		{ ZYDIS_REGISTER_RDX, REG_RDX }, { ZYDIS_REGISTER_RBX, REG_RBX },
		{ ZYDIS_REGISTER_RSP, REG_RSP }, { ZYDIS_REGISTER_RBP, REG_RBP },
		{ ZYDIS_REGISTER_RSI, REG_RSI }, { ZYDIS_REGISTER_RDI, REG_RDI },
		{ ZYDIS_REGISTER_R8, REG_R8 },   { ZYDIS_REGISTER_R9, REG_R9 },
		{ ZYDIS_REGISTER_R10, REG_R10 }, { ZYDIS_REGISTER_R11, REG_R11 },
		{ ZYDIS_REGISTER_R12, REG_R12 }, { ZYDIS_REGISTER_R13, REG_R13 },
		{ ZYDIS_REGISTER_R14, REG_R14 }, { ZYDIS_REGISTER_R15, REG_R15 },
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		uint64_t v = (uint64_t)uc->uc_mcontext.gregs[map[i].g];

		rc->values[map[i].r] = v;
		/* 32-bit addressing (an 0x67 prefix) names the low halves. */
		rc->values[map[i].r - ZYDIS_REGISTER_RAX + ZYDIS_REGISTER_EAX] = (uint32_t)v;
	}
	rc->values[ZYDIS_REGISTER_RIP] = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
}

/* An opmask register k1..k7 as the signal frame saved it; 1 if known. */
static int opmask(const ucontext_t *uc, ZydisRegister k, uint64_t *v)
{
	const unsigned char *x = (const unsigned char *)uc->uc_mcontext.fpregs;
	uint32_t magic;
	uint64_t bv;

	if (!x || !opmask_off)
		return 0;
	memcpy(&magic, x + 464, 4);  /* FP_XSTATE_MAGIC1: an XSAVE area follows */
	if (magic != 0x46505853u)
		return 0;
	memcpy(&bv, x + 512, 8);
	if (!(bv & (1u << 5))) {  /* opmask state in its initial (zero) state */
		*v = 0;
		return 1;
	}
	memcpy(v, x + opmask_off + 8 * (unsigned)(k - ZYDIS_REGISTER_K0), 8);
	return 1;
}

int sc_decode_mem(void *uctx, struct sc_mem_op *ops, int max, int *rep)
{
	const ucontext_t *uc = uctx;
	ZydisDecodedInstruction in;
	ZydisDecodedOperand op[ZYDIS_MAX_OPERAND_COUNT];
	ZydisRegisterContext rc;
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	int n = 0;

	*rep = 0;
	if (!sc_decode_available(NULL) ||
	    ZYAN_FAILED(ZydisDecoderDecodeFull(&decoder, (const void *)ip, ZYDIS_MAX_INSTRUCTION_LENGTH,
					       &in, op)))
		return -1;
	fill_regs(uc, &rc);
	*rep = (in.attributes & (ZYDIS_ATTRIB_HAS_REP | ZYDIS_ATTRIB_HAS_REPE |
				 ZYDIS_ATTRIB_HAS_REPNE)) != 0;
	for (unsigned i = 0; i < in.operand_count && n < max; i++) {
		const ZydisDecodedOperand *o = &op[i];
		ZyanU64 addr;
		uint64_t len = o->size / 8, mask;

		if (o->type != ZYDIS_OPERAND_TYPE_MEMORY || o->mem.type != ZYDIS_MEMOP_TYPE_MEM)
			continue;  /* lea, bound tables, gathers: not a plain access */
		if (!(o->actions & (ZYDIS_OPERAND_ACTION_MASK_READ | ZYDIS_OPERAND_ACTION_MASK_WRITE)))
			continue;
		if (ZYAN_FAILED(ZydisCalcAbsoluteAddressEx(&in, o, ip, &rc, &addr)))
			return -1;
		ops[n].addr = addr;
		ops[n].flags = ((o->actions & ZYDIS_OPERAND_ACTION_MASK_WRITE) ? SC_MEM_WRITE : 0) |
			       ((o->actions & ZYDIS_OPERAND_ACTION_MASK_READ) ? SC_MEM_READ : 0) |
			       (*rep ? SC_MEM_REP : 0);
		/* AVX-512 masking: a masked-off element is not accessed (and
		 * cannot fault), so the decoded width overstates; keep the span
		 * from the first to the last enabled element. */
		if (in.avx.mask.reg > ZYDIS_REGISTER_K0 && in.avx.mask.reg <= ZYDIS_REGISTER_K7 &&
		    o->element_count > 1 && o->element_size &&
		    (uint64_t)o->element_count * o->element_size == o->size &&
		    opmask(uc, in.avx.mask.reg, &mask)) {
			unsigned es = o->element_size / 8, first = 64, last = 0;

			for (unsigned e = 0; e < o->element_count && e < 64; e++)
				if (mask >> e & 1) {
					if (first == 64)
						first = e;
					last = e;
				}
			ops[n].flags |= SC_MEM_MASKED;
			if (first == 64) {
				len = 0;
			} else {
				ops[n].addr = addr + (uint64_t)first * es;
				len = (uint64_t)(last - first + 1) * es;
			}
		}
		ops[n].len = (uint32_t)len;
		n++;
	}
	return n;
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
