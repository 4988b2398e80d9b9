/*
 * trace_vreg.c - registers as the signal frame holds them (trace_insn.h):
 * the general ones from uc_mcontext.gregs, the vector and opmask ones
 * from the frame's XSAVE area (standard format: the legacy area for
 * xmm0-15, YMM_Hi128 for their upper halves, ZMM_Hi256 and Hi16_ZMM for
 * AVX-512, the opmask component for k0-k7; offsets from CPUID 0xD).
 */
#include <string.h>

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>

#include "trace_insn.h"

static unsigned off[8];  /* each state component's offset (CPUID 0xD.i), 0: none */

static void offsets(void)
{
	static int done;
	unsigned a, b, c, d;

	if (done)
		return;
	done = 1;
	for (unsigned i = 2; i < 8; i++)
		if (__get_cpuid_count(0xd, i, &a, &b, &c, &d) && a)
			off[i] = b;
}

unsigned char *sc_xsave_area(const ucontext_t *uc, uint64_t *features)
{
	unsigned char *x = (unsigned char *)uc->uc_mcontext.fpregs;
	uint32_t magic;

	if (!x)
		return NULL;
	memcpy(&magic, x + 464, 4);  /* FP_XSTATE_MAGIC1: an XSAVE area follows */
	if (magic != 0x46505853u)
		return NULL;
	memcpy(features, x + 472, 8);  /* the software bytes' xfeatures */
	offsets();
	return x;
}

int sc_greg(const ucontext_t *uc, ZydisRegister r, uint64_t *v)
{
	static const int map[16] = { REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP,
				     REG_RSI, REG_RDI, REG_R8,  REG_R9,  REG_R10, REG_R11,
				     REG_R12, REG_R13, REG_R14, REG_R15 };
	ZydisRegister big = ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, r);
	unsigned w;

	*v = 0;
	if (r == ZYDIS_REGISTER_NONE)
		return 1;
	if (big == ZYDIS_REGISTER_RIP) {
		*v = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
		return 1;
	}
	if (big < ZYDIS_REGISTER_RAX || big > ZYDIS_REGISTER_R15)
		return 0;
	*v = (uint64_t)uc->uc_mcontext.gregs[map[big - ZYDIS_REGISTER_RAX]];
	if (r >= ZYDIS_REGISTER_AH && r <= ZYDIS_REGISTER_BH)
		*v >>= 8;
	w = ZydisRegisterGetWidth(ZYDIS_MACHINE_MODE_LONG_64, r);
	if (w < 64)
		*v &= ((uint64_t)1 << w) - 1;
	return 1;
}

int sc_vreg(const ucontext_t *uc, ZydisRegister r, unsigned char out[64])
{
	uint64_t feat, bv;
	unsigned char *x = sc_xsave_area(uc, &feat);
	ZydisRegisterClass cls = ZydisRegisterGetClass(r);
	int id = ZydisRegisterGetId(r);

	memset(out, 0, 64);
	if (!x || id < 0)
		return 0;
	memcpy(&bv, x + 512, 8);  /* XSTATE_BV: a clear bit is a zero (initial) component */
	if (cls == ZYDIS_REGCLASS_MASK) {
		if (!off[5] || !(feat & 1u << 5))
			return 0;
		if (bv & 1u << 5)
			memcpy(out, x + off[5] + 8 * id, 8);
		return 1;
	}
	if (cls != ZYDIS_REGCLASS_XMM && cls != ZYDIS_REGCLASS_YMM && cls != ZYDIS_REGCLASS_ZMM)
		return 0;
	if (id >= 16) {
		if (!off[7] || !(feat & 1u << 7))
			return 0;
		if (bv & 1u << 7)
			memcpy(out, x + off[7] + 64 * (id - 16), 64);
		return 1;
	}
	if (bv & 1u << 1)
		memcpy(out, x + 160 + 16 * id, 16);
	if (off[2] && (feat & 1u << 2) && (bv & 1u << 2))
		memcpy(out + 16, x + off[2] + 16 * id, 16);
	if (off[6] && (feat & 1u << 6) && (bv & 1u << 6))
		memcpy(out + 32, x + off[6] + 32 * id, 32);
	return 1;
}
#endif
