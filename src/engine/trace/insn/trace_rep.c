/*
 * trace_rep.c - the string instructions (movs, stos, lods, scas, cmps),
 * with rep, repe, repne or none, performed by the tracer one element at a
 * time (trace_emulate.h, sc_emu_rep): glibc's memcpy and memset use rep
 * movsb and rep stosb for long copies, a byte loop may be lodsb; stosb, a
 * strlen repne scasb, and a single step per element costs a debug trap
 * each (about 16.5 us here).  scas and cmps set the arithmetic flags as
 * their cmp does (computed here, exactly: test_trace_emu checks them
 * against the CPU).
 */
#include <string.h>

#include "trace_emulate.h"

#if defined(SC_HAVE_ZYDIS) && defined(__x86_64__) && defined(__linux__)
#include "trace_insn.h"

#define ARITH 0x8d5ull  /* CF PF AF ZF SF OF */

/* The arithmetic flags of cmp: a - b, on s bytes. */
static uint64_t cmp_flags(uint64_t a, uint64_t b, unsigned s)
{
	unsigned bits = 8 * s;
	uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1, r, f = 0;

	a &= mask, b &= mask, r = (a - b) & mask;
	f |= a < b;                                             /* CF */
	f |= (uint64_t)!(__builtin_popcount((unsigned)(r & 0xff)) & 1) << 2;  /* PF */
	f |= ((a ^ b ^ r) >> 4 & 1) << 4;                       /* AF */
	f |= (uint64_t)(r == 0) << 6;                           /* ZF */
	f |= (r >> (bits - 1) & 1) << 7;                        /* SF */
	f |= (((a ^ b) & (a ^ r)) >> (bits - 1) & 1) << 11;     /* OF */
	return f;
}

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
	int movs, lods, scas, cmps, rep, repe, repne;
	long done = 0;
	int64_t step;

	if (!d || (d->in.attributes & ZYDIS_ATTRIB_HAS_MODRM) || d->in.address_width != 64)
		return -1;
	m = d->in.mnemonic;
	scas = m == ZYDIS_MNEMONIC_SCASB || m == ZYDIS_MNEMONIC_SCASW || m == ZYDIS_MNEMONIC_SCASD ||
	       m == ZYDIS_MNEMONIC_SCASQ;
	cmps = m == ZYDIS_MNEMONIC_CMPSB || m == ZYDIS_MNEMONIC_CMPSW || m == ZYDIS_MNEMONIC_CMPSD ||
	       m == ZYDIS_MNEMONIC_CMPSQ;
	/* scas and cmps stop on ZF (repe: when it clears; repne: when set). */
	repe = (scas || cmps) && (d->in.attributes & ZYDIS_ATTRIB_HAS_REPE);
	repne = (scas || cmps) && (d->in.attributes & ZYDIS_ATTRIB_HAS_REPNE);
	rep = repe || repne || (d->in.attributes & ZYDIS_ATTRIB_HAS_REP) != 0;
	movs = m == ZYDIS_MNEMONIC_MOVSB || m == ZYDIS_MNEMONIC_MOVSW || m == ZYDIS_MNEMONIC_MOVSD ||
	       m == ZYDIS_MNEMONIC_MOVSQ;
	lods = m == ZYDIS_MNEMONIC_LODSB || m == ZYDIS_MNEMONIC_LODSW || m == ZYDIS_MNEMONIC_LODSD ||
	       m == ZYDIS_MNEMONIC_LODSQ;
	if (!movs && !lods && !scas && !cmps && m != ZYDIS_MNEMONIC_STOSB && m != ZYDIS_MNEMONIC_STOSW &&
	    m != ZYDIS_MNEMONIC_STOSD && m != ZYDIS_MNEMONIC_STOSQ)
		return -1;
	s = d->in.operand_width / 8;
	if (s != 1 && s != 2 && s != 4 && s != 8)
		return -1;
	step = (g[REG_EFL] & 0x400) ? -(int64_t)s : (int64_t)s;  /* DF */
	/* Without rep: one element, rcx untouched. */
	while (rep ? g[REG_RCX] != 0 : done == 0) {
		uint64_t di = (uint64_t)g[REG_RDI], si = (uint64_t)g[REG_RSI];
		unsigned char *w = lods || scas || cmps ? NULL : in_view(v + 1, 2, di, s), val[8];
		const unsigned char *r = NULL;
		struct sc_mem_op ops[2];
		int n = 0, stop = 0;

		if (scas || cmps) {
			/* Flags of cmp acc, [rdi] or cmp [rsi], [rdi]; read only. */
			const unsigned char *x = cmps ? in_view(v, 3, si, s) : NULL, *y = in_view(v, 3, di, s);
			uint64_t a = (uint64_t)g[REG_RAX], b = 0;

			if (!y || (cmps && !x))
				break;  /* outside the arenas: the rest runs natively */
			if (cmps) {
				a = 0;
				memcpy(&a, x, s);
				ops[n++] = (struct sc_mem_op){ si, s, SC_MEM_READ | (rep ? SC_MEM_REP : 0) };
				g[REG_RSI] += step;
			}
			memcpy(&b, y, s);
			ops[n++] = (struct sc_mem_op){ di, s, SC_MEM_READ | (rep ? SC_MEM_REP : 0) };
			g[REG_RDI] += step;
			g[REG_EFL] = (greg_t)(((uint64_t)g[REG_EFL] & ~ARITH) | cmp_flags(a, b, s));
			if (rep)
				g[REG_RCX]--;
			stop = !rep || !g[REG_RCX] || (repe && !(g[REG_EFL] & 0x40)) ||
			       (repne && (g[REG_EFL] & 0x40));
			done++;
			if (stop)
				g[REG_RIP] += d->in.length;
			if (each((uint64_t)(g[REG_RIP] - (stop ? d->in.length : 0)), ops, n) || stop)
				return done;
			continue;
		}
		if ((movs || lods) && !(r = in_view(v, 3, si, s)))
			break;
		if (!lods && !w)
			break;  /* outside the arenas: the rest runs natively */
		if (movs || lods) {
			memcpy(val, r, s);
			ops[n++] = (struct sc_mem_op){ si, s, SC_MEM_READ | SC_MEM_REP };
		} else {
			memcpy(val, &g[REG_RAX], s);
		}
		if (lods) {
			uint64_t a = (uint64_t)g[REG_RAX], x = 0;

			memcpy(&x, val, s);
			/* lodsb and lodsw keep rax's other bytes; lodsd zero-extends. */
			a = s == 1 ? (a & ~(uint64_t)0xff) | x : s == 2 ? (a & ~(uint64_t)0xffff) | x : x;
			g[REG_RAX] = (greg_t)a;
		} else {
			ops[n++] = (struct sc_mem_op){ di, s, SC_MEM_WRITE | SC_MEM_REP };
			memcpy(w, val, s);
			g[REG_RDI] += step;
		}
		if (movs || lods)
			g[REG_RSI] += step;
		if (rep)
			g[REG_RCX]--;
		done++;
		if (!rep || !g[REG_RCX])
			g[REG_RIP] += d->in.length;
		if (each((uint64_t)(g[REG_RIP] - (!rep || !g[REG_RCX] ? d->in.length : 0)), ops, n))
			return done;  /* flipped or cut: resumes natively where it is */
	}
	if (!done)
		return -1;
	return done;
}
#else
long sc_emu_rep(void *uctx, const struct sc_emu_view v[3], int (*each)(uint64_t ip, const struct sc_mem_op *ops, int n))
{
	(void)uctx, (void)v, (void)each;
	return -1;
}
#endif
