/*
 * kshim.c - built into every kernel candidate strcheck compiles: the
 * counter the shims' WARN_ON() bumps, and the bounds of the exception
 * table the shims' _ASM_EXTABLE entries make (section sc_kextable), which
 * strcheck's loader hands to its fault handler (src/engine/memory/fixup.h).
 * Written for strcheck; no kernel code.
 */
/* Nothing included: this file is built with the same flags as the
 * tree's, whose own headers may come first (src/candidate/kernel/kbuild.c). */
unsigned long sc_kshim_warnings;

struct kshim_extable_entry {
	int insn, fixup, type;
};

/* The linker defines these for a section named like a C identifier; weak,
 * so a candidate without any entry still links (both are then 0). */
extern const struct kshim_extable_entry __start_sc_kextable[]
	__attribute__((__weak__, __visibility__("hidden")));
extern const struct kshim_extable_entry __stop_sc_kextable[]
	__attribute__((__weak__, __visibility__("hidden")));

/* Laid out as struct sc_extable (src/engine/memory/fixup.h). */
__attribute__((__visibility__("default")))
const struct kshim_extable_entry *const sc_kshim_extable[2] = {
	__start_sc_kextable, __stop_sc_kextable,
};
