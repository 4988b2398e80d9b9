/*
 * trace_decode.h - what memory one x86-64 instruction accesses, decoded
 * with Zydis from the instruction at the signal context's RIP and the
 * registers of that context (the tracer's SIGSEGV hook uses it).
 *
 * The bytes are exact: a masked access (AVX-512 opmask, vmaskmov* and
 * vpmaskmov*, maskmovdqu) is one operand per run of enabled elements; a
 * compress or expand touches popcount(mask) contiguous elements; a gather
 * or scatter (VSIB) is one operand per enabled element (base + index[i] *
 * scale + disp); a bit test with a register bit offset (bt/bts/btr/btc m,
 * r) reads at base + size * (offset >> log2(bits)).
 *
 * Without Zydis (a build without <Zydis/Zydis.h>) or off x86-64 every call
 * says the decoder is missing, and the tracer does not run.
 */
#ifndef SC_TRACE_DECODE_H
#define SC_TRACE_DECODE_H

#include <stddef.h>
#include <stdint.h>

enum {
	SC_MEM_WRITE = 1,   /* a store (or the write of a read-modify-write) */
	SC_MEM_READ = 2,    /* a load */
	SC_MEM_MASKED = 4,  /* masked: only the enabled elements (one run of them) */
	SC_MEM_REP = 8,     /* one element of a rep string instruction */
	SC_MEM_VSIB = 16,   /* one element of a gather or scatter */
	SC_MEM_KERNEL = 32, /* made by the kernel, in a system call (trace_systrap.c) */
};

/* Most operands one instruction gives (a byte mask of 64 elements at most
 * alternates 32 runs; a gather has 16 elements). */
#define SC_MEM_OPS_MAX 40

struct sc_mem_op {
	uint64_t addr;  /* first byte */
	uint32_t len;   /* bytes (0: a masked access with no element enabled) */
	uint32_t flags; /* SC_MEM_* */
};

/* 1 if this build decodes instructions; else 0 and *why says why. */
int sc_decode_available(const char **why);

/*
 * The memory operands of the instruction at the context's RIP, with their
 * addresses from the context's registers.  Returns how many (at most
 * max), or -1 if it could not be decoded.  *rep is set when the
 * instruction has a rep prefix (then each operand is one element, at the
 * registers' current address).
 */
int sc_decode_mem(void *uctx, struct sc_mem_op *ops, int max, int *rep);

#endif
