/*
 * trace_decode.h - what memory one x86-64 instruction accesses, decoded
 * with Zydis from the instruction at the signal context's RIP and the
 * registers of that context (trace.c uses it in its SIGSEGV handler).
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
	SC_MEM_MASKED = 4,  /* AVX-512 masking: only the enabled elements' span */
	SC_MEM_REP = 8,     /* one element of a rep string instruction */
};

struct sc_mem_op {
	uint64_t addr;  /* first byte */
	uint32_t len;   /* bytes (0: a masked access with no element enabled) */
	uint32_t flags; /* SC_MEM_* */
};

/* 1 if this build decodes instructions; else 0 and *why says why. */
int sc_decode_available(const char **why);

/*
 * The memory operands of the instruction at the context's RIP, with their
 * addresses from the context's registers (a masked AVX-512 operand: the
 * span of the elements its mask enables, read from the saved opmask
 * registers).  Returns how many (at most max), or -1 if it could not be
 * decoded.  *rep is set when the instruction has a rep prefix (then each
 * operand is one element, at the registers' current address).
 */
int sc_decode_mem(void *uctx, struct sc_mem_op *ops, int max, int *rep);

#endif
