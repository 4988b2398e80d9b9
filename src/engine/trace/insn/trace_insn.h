/*
 * trace_insn.h - one decoded instruction, kept by address (the tracer's
 * own: trace_decode.c fills it, trace_emulate.c runs it, trace_vreg.c
 * reads the registers it names from the signal frame).  Only with Zydis
 * on x86-64 Linux.
 */
#ifndef SC_TRACE_INSN_H
#define SC_TRACE_INSN_H

#include <stdint.h>
#include <ucontext.h>
#include <Zydis/Zydis.h>

struct sc_insn {
	uint64_t ip;              /* 0: an empty slot */
	ZydisDecodedInstruction in;
	ZydisDecodedOperand op[ZYDIS_MAX_OPERAND_COUNT];
	/* Emulation (trace_emulate.c): -1 not judged yet, 0 stepped, 1 run
	 * out of line; why says why not (the fallback's log). */
	int emu;
	const char *why;
	int mem;                  /* the memory operand's index */
	int vec;                  /* needs the vector state (XSAVE area) */
	unsigned slot;            /* its place in the cache (and its stub's) */
	unsigned disp_at;         /* where the stub's disp32 is */
	unsigned insn_len;        /* the rewritten instruction's length */
};

/* How many decoded instructions are kept, by address (and so how many
 * stubs trace_emulate.c has).  A loop faults on a few, but the plan's
 * calls run through the candidate, the C library's helpers and the
 * emulator's own paths: with 128 the cache missed 1 lookup in 36 on a
 * word loop's plan, each miss a decode. */
#define SC_INSN_CACHE 1024

/* The decoder (trace_decode.c), shared with the emulator. */
extern ZydisDecoder sc_zydis;

/* The instruction at the context's RIP (decoded once per address), or NULL. */
struct sc_insn *sc_insn_at(const ucontext_t *uc);

/* The value of a general register as the context holds it (Zydis's name,
 * any width; 0 for none); 1 if it is one. */
int sc_greg(const ucontext_t *uc, ZydisRegister r, uint64_t *v);

/* Bytes of a vector register (xmm/ymm/zmm 0..31) or an opmask register
 * (k0..k7, 8 bytes) as the signal frame's XSAVE area holds them; 1 if
 * known (trace_vreg.c). */
int sc_vreg(const ucontext_t *uc, ZydisRegister r, unsigned char out[64]);

/* The XSAVE area of the signal frame, and the state components it holds;
 * NULL if the frame has no XSAVE area. */
unsigned char *sc_xsave_area(const ucontext_t *uc, uint64_t *features);

#endif
