/*
 * trace_rep.c - rep movs and rep stos performed by the tracer one element
 * at a time (trace_emulate.h, sc_emu_rep): glibc's memcpy and memset use
 * rep movsb and rep stosb for long copies, and a single step per element
 * costs a debug trap each (about 16.5 us here).
 */
#include <string.h>

#include "trace_emulate.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include "trace_insn.h"

/* The writable byte behind [a, a+n) if it lies in one view. */
static unsigned char *in_view(const struct sc_emu_view *v, int nv, uint64_t a, uint64_t n)
{
	for (int k = 0; k < nv; k++)
		if (v[k].len && a >= (uint64_t)(uintptr_t)v[k].data &&
		    a + n <= (uint64_t)(uintptr_t)v[k].data + v[k].len)
			return v[k].rw + (a - (uint64_t)(uintptr_t)v[k].data);
	return NULL;
}

long sc_emu_rep(void *uctx, const struct sc_emu_view v[3], int (*each)(uint64_t ip, const struct sc_mem_op *ops, int n))
{
	ucontext_t *uc = uctx;
	greg_t *g = uc->uc_mcontext.gregs;
	struct sc_insn *d = sc_insn_at(uc);
	ZydisMnemonic m;
	unsigned s;
	int movs;
	long done = 0;
	int64_t step;

	if (!d || !(d->in.attributes & ZYDIS_ATTRIB_HAS_REP) || (d->in.attributes & ZYDIS_ATTRIB_HAS_MODRM) ||
	    d->in.address_width != 64)
		return -1;
	m = d->in.mnemonic;
	movs = m == ZYDIS_MNEMONIC_MOVSB || m == ZYDIS_MNEMONIC_MOVSW || m == ZYDIS_MNEMONIC_MOVSD ||
	       m == ZYDIS_MNEMONIC_MOVSQ;
	if (!movs && m != ZYDIS_MNEMONIC_STOSB && m != ZYDIS_MNEMONIC_STOSW && m != ZYDIS_MNEMONIC_STOSD &&
	    m != ZYDIS_MNEMONIC_STOSQ)
		return -1;
	s = d->in.operand_width / 8;
	if (s != 1 && s != 2 && s != 4 && s != 8)
		return -1;
	step = (g[REG_EFL] & 0x400) ? -(int64_t)s : (int64_t)s;  /* DF */
	while (g[REG_RCX]) {
		uint64_t di = (uint64_t)g[REG_RDI], si = (uint64_t)g[REG_RSI];
		unsigned char *w = in_view(v + 1, 2, di, s), val[8];
		const unsigned char *r = NULL;
		struct sc_mem_op ops[2];
		int n = 0;

		if (movs && !(r = in_view(v, 3, si, s)))
			break;
		if (!w)
			break;  /* outside the arenas: the rest runs natively */
		if (movs) {
			memcpy(val, r, s);
			ops[n++] = (struct sc_mem_op){ si, s, SC_MEM_READ | SC_MEM_REP };
		} else {
			memcpy(val, &g[REG_RAX], s);
		}
		ops[n++] = (struct sc_mem_op){ di, s, SC_MEM_WRITE | SC_MEM_REP };
		memcpy(w, val, s);
		g[REG_RDI] += step;
		if (movs)
			g[REG_RSI] += step;
		g[REG_RCX]--;
		done++;
		if (each((uint64_t)g[REG_RIP], ops, n))
			return done;  /* flipped or cut: resumes natively where it is */
	}
	if (!done)
		return -1;
	if (!g[REG_RCX])
		g[REG_RIP] += d->in.length;
	return done;
}
#else
long sc_emu_rep(void *uctx, const struct sc_emu_view v[3], int (*each)(uint64_t ip, const struct sc_mem_op *ops, int n))
{
	(void)uctx, (void)v, (void)each;
	return -1;
}
#endif
