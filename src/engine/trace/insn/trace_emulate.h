/*
 * trace_emulate.h - a faulting access performed by the tracer itself
 * (the tracer's own; docs/race.md "The traced check").
 *
 * The instruction is copied out of line with its memory operand pointed
 * at a scratch buffer (same offset modulo 64, so alignment faults stay),
 * the buffer filled from the arenas' writable views, and run there with
 * the signal frame's registers, flags and vector state (XRSTOR from the
 * frame, XSAVE back); a store's bytes go back through the writable view.
 * The result is the native one by construction: the CPU runs the very
 * instruction.  What cannot be run that way (two memory operands, rep
 * strings, gathers, a register bit offset, the stack pointer, a branch,
 * bytes outside the arenas' data) is left to the single step.
 */
#ifndef SC_TRACE_EMULATE_H
#define SC_TRACE_EMULATE_H

#include <stddef.h>

#include "trace_decode.h"

/* Where the traced memory is, and its writable view: [0] the source's
 * data (loads), [1] dest's (len 0: stores are not taken), [2] other
 * memory loaded and stored as it is (the stack, for the instructions
 * performed onward; len 0: none). */
struct sc_emu_view {
	const unsigned char *data;
	unsigned char *rw;
	size_t len;
};

/* Set up the out-of-line code (before the sandbox locks mmap); 1 if the
 * emulator can run. */
int sc_emu_init(void);

/*
 * Perform the instruction at the context's RIP whose exact accesses are
 * ops[0..n-1]: registers, flags, vector state and memory as the CPU would
 * leave them, RIP advanced.  1 if done; 0 if it must be single-stepped
 * (nothing changed; the form is counted in the fallback log).
 */
int sc_emu(void *uctx, const struct sc_mem_op *ops, int n, const struct sc_emu_view v[3]);

/*
 * A string instruction (movs, stos, lods, scas, cmps; rep, repe, repne
 * or none; 64-bit addresses) at the context's RIP, its elements performed
 * one at a time: reads through any view of v[0..2], stores through v[1]
 * or v[2] (dest's whole arena, traced or not), scas and cmps setting the
 * arithmetic flags as the CPU does; each() gets each element's accesses
 * before the next (nonzero: stop there).  The registers show the progress
 * (RSI, RDI, RCX); RIP moves on when the instruction ends (RCX 0, repe's
 * or repne's condition, one element without rep), else it resumes
 * natively where it stopped (an element outside the views, a stop).  Returns the elements performed, or
 * -1 if none could be (not one of these forms).
 */
long sc_emu_rep(void *uctx, const struct sc_emu_view v[3],
		int (*each)(uint64_t ip, const struct sc_mem_op *ops, int n));

/* Whether the instruction at the context's RIP is a form sc_emu runs out
 * of line (judged once per decoded instruction; nothing counted). */
int sc_emu_can(void *uctx);

/*
 * For the instructions performed onward (trace_onward.c; with Zydis on
 * x86-64 only): SC_EMU_BLOCKS_LEN
 * bytes of executable code beside the stubs (NULL without the emulator);
 * sc_emu_jump_back writes the 6-byte jump that ends a block (back into
 * the emulator); sc_emu_run runs code ending so with the context's
 * general registers and arithmetic flags (and its vector state when vec),
 * writing them back: 1, or 0 when the code faulted (the context as it was).
 */
/* 1,024 blocks of 256 bytes: with 64, a word loop's plan rebuilt a block
 * (decoding up to 24 instructions) on one lookup in three. */
#define SC_EMU_BLOCKS_LEN 262144
unsigned char *sc_emu_blocks(void);
void sc_emu_jump_back(unsigned char *at);
int sc_emu_run(void *uctx, void *stub, int vec);

/* From the fault hooks first: a fault inside the out-of-line copy (an
 * alignment fault, an FP exception) returns to sc_emu, which then lets the
 * instruction be stepped natively; returns only if it was not one (any
 * other signal, the watchdog's tick among them, returns). */
void sc_emu_fault(int sig, void *uctx);

/* Emulated and stepped instructions so far, and the stepped forms
 * ("mnemonic: why xN; ...") into buf. */
void sc_emu_counts(unsigned long *emulated, unsigned long *stepped, char *buf, size_t len);

#endif
