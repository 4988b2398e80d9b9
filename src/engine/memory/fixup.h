/*
 * fixup.h - emulate the kernel's exception-table fix-ups for a candidate
 * built with strcheck's kernel shims (src/kshim/).
 *
 * The kernel lets a few instructions fault on purpose: the word load of
 * load_unaligned_zeropad() may run into an unmapped page after the string,
 * and the page-fault handler, finding the instruction in the exception
 * table, finishes the load with zeros for the missing bytes and resumes.
 * Such a load cannot fault in the kernel, so strcheck must not call it an
 * over-read.  The shims put the same table into the candidate (entries
 * below); the engine's fault handler asks sc_fixup_apply() before it
 * counts a fault.  A fault the kernel would not fix up (a plain load, or a
 * zeropad load whose first byte is already unmapped) stays a fault.
 */
#ifndef SC_FIXUP_H
#define SC_FIXUP_H

#include <signal.h>
#include <stdint.h>

/* Entry types: the shims' asm/asm.h writes these numbers. */
#define SC_EX_JUMP    0  /* continue at the fix-up address (the kernel's default) */
#define SC_EX_ZEROPAD 1  /* finish a load_unaligned_zeropad load, then continue */

/* One entry: each field an offset from its own address, as in the kernel,
 * so the table needs no relocation in a shared object. */
struct sc_extable_entry {
	int32_t insn, fixup, type;
};

/* What the shims export as sc_kshim_extable: the table's bounds. */
struct sc_extable {
	const struct sc_extable_entry *start, *stop;
};

/* Use this table from now on (one candidate per process); it also hooks
 * sc_fixup_apply into the engine's fault handler. */
void sc_fixup_register(const struct sc_extable *tab);

/* The engine's hook (engine.c; NULL until a table is registered): a build
 * of the engine without this file still links, and faults all stand. */
extern int (*sc_fault_fixup)(const siginfo_t *si, void *uctx);

/*
 * Called by the engine's fault handler for a SIGSEGV or SIGBUS inside a
 * candidate call: 1 if the faulting instruction is in the table and the
 * kernel would have fixed it up (the context is then changed to resume
 * after it), 0 if the fault stands.  x86-64 only; elsewhere always 0.
 */
int sc_fixup_apply(const siginfo_t *si, void *uctx);

/* Is the instruction at ip a zeropad load of the registered table?  (The
 * traced check excuses such a load reaching into the next page, as the
 * fault handler does: race_trace.c.) */
int sc_fixup_is_zeropad(uintptr_t ip);

#endif
