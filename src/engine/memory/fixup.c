#include <stddef.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "fixup.h"

static const struct sc_extable *table;

/* The fault handler's hook for a candidate with an exception table
 * (set by sc_fixup_register; read by the runner, run/engine.c). */
int (*sc_fault_fixup)(const siginfo_t *si, void *uctx);

void sc_fixup_register(const struct sc_extable *tab)
{
	table = tab;
	sc_fault_fixup = sc_fixup_apply;
}

static uintptr_t field(const int32_t *f)
{
	return (uintptr_t)f + (intptr_t)*f;
}

int sc_fixup_is_zeropad(uintptr_t ip)
{
	if (!table)
		return 0;
	for (const struct sc_extable_entry *e = table->start; e < table->stop; e++)
		if (field(&e->insn) == ip)
			return e->type == SC_EX_ZEROPAD;
	return 0;
}

#if defined(__x86_64__) && defined(REG_RIP)

/* gregs index of each x86-64 register number (rax, rcx, ... r15). */
static const int greg[16] = {
	REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
	REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

/*
 * Decode the 64-bit "mov m64, r64" (REX.W 8B /r) at ip, ending at end:
 * the destination register and the address it loads from.  The zeropad
 * load is that instruction (the shims and the kernel's headers both write
 * it as one mov).  0 on success, -1 for anything else.
 */
static int decode_load(const unsigned char *ip, uintptr_t end, const greg_t *g,
		       int *reg, uintptr_t *addr)
{
	const unsigned char *p = ip;
	unsigned rex, modrm, mod, rm;
	uintptr_t ea = 0;
	int64_t disp = 0;

	if ((*p & 0xf0) != 0x40 || !(*p & 8))
		return -1;
	rex = *p++;
	if (*p++ != 0x8b)
		return -1;
	modrm = *p++;
	mod = modrm >> 6;
	rm = modrm & 7;
	if (mod == 3)
		return -1;
	*reg = (int)(((modrm >> 3) & 7) | ((rex & 4) << 1));
	if (rm == 4) {
		unsigned sib = *p++, base = sib & 7, index = ((sib >> 3) & 7) | ((rex & 2) << 2);

		if (index != 4)
			ea += (uintptr_t)g[greg[index]] << (sib >> 6);
		if (base == 5 && mod == 0) {
			int32_t d;

			memcpy(&d, p, 4);
			p += 4;
			disp = d;
		} else {
			ea += (uintptr_t)g[greg[base | ((rex & 1) << 3)]];
		}
	} else if (rm == 5 && mod == 0) {
		int32_t d;

		memcpy(&d, p, 4);
		p += 4;
		ea = (uintptr_t)p;  /* RIP-relative: from the next instruction */
		disp = d;
	} else {
		ea += (uintptr_t)g[greg[rm | ((rex & 1) << 3)]];
	}
	if (mod == 1) {
		disp = (int8_t)*p++;
	} else if (mod == 2) {
		int32_t d;

		memcpy(&d, p, 4);
		p += 4;
		disp = d;
	}
	if ((uintptr_t)p != end)
		return -1;
	*addr = ea + (uintptr_t)disp;
	return 0;
}

int sc_fixup_apply(const siginfo_t *si, void *uctx)
{
	greg_t *g = ((ucontext_t *)uctx)->uc_mcontext.gregs;
	uintptr_t ip = (uintptr_t)g[REG_RIP], page = (uintptr_t)sysconf(_SC_PAGESIZE);

	if (!table)
		return 0;
	for (const struct sc_extable_entry *e = table->start; e < table->stop; e++) {
		uintptr_t to = field(&e->fixup), addr;
		unsigned long word;
		int reg;

		if (field(&e->insn) != ip)
			continue;
		if (e->type == SC_EX_JUMP) {
			g[REG_RIP] = (greg_t)to;
			return 1;
		}
		if (e->type != SC_EX_ZEROPAD || to - ip > 15 ||
		    decode_load((const unsigned char *)ip, to, g, &reg, &addr) != 0)
			return 0;
		/* The kernel fixes up only a page-crosser whose second page
		 * faulted: the aligned word holding addr is then readable. */
		if ((addr & ~(page - 1)) + page != ((uintptr_t)si->si_addr & ~(page - 1)))
			return 0;
		memcpy(&word, (const void *)(addr & ~(uintptr_t)(sizeof(long) - 1)), sizeof(word));
		g[greg[reg]] = (greg_t)(word >> 8 * (addr & (sizeof(long) - 1)));
		g[REG_RIP] = (greg_t)to;
		return 1;
	}
	return 0;
}

#else

int sc_fixup_apply(const siginfo_t *si, void *uctx)
{
	(void)si, (void)uctx, (void)field;
	return 0;
}

#endif
