#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "../../engine/load/elf_id.h"
#include "arch.h"
#include "../compile/build.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

/*
 * The architectures with a build of strcheck (mk/cross.mk builds the same
 * list).  x86-64 is the host the project develops on; i386 runs natively
 * there (the kernel's 32-bit compat mode; under qemu-i386 on a kernel built
 * without it: foreign.c), the others under qemu-user.
 */
static const struct sc_arch arches[] = {
	{ "x86-64", "x86_64 amd64", EM_X86_64, 64, 0, "qemu-x86_64", 0, "x86_64-linux-gnu",
	  "x86_64-linux-gnu-gcc", "gcc-x86-64-linux-gnu libc6-dev-amd64-cross" },
	/* Candidates for i386 are built by the i686 cross compiler: Debian's
	 * multilib gcc -m32 has no i386 <asm/errno.h>, so any source that
	 * includes <errno.h> fails with it (strcheck's own i386 build is made
	 * with gcc -m32 and headers of its own: mk/cross.mk). */
	{ "i386", "i686 x86 ia32", EM_386, 32, 0, "qemu-i386", EM_X86_64, "i386-linux-gnu",
	  "i686-linux-gnu-gcc", "gcc-12-multilib gcc-i686-linux-gnu libc6-dev-i386-cross" },
	{ "s390x", "s390", EM_S390, 64, 1, "qemu-s390x", 0, "s390x-linux-gnu",
	  "s390x-linux-gnu-gcc", "gcc-s390x-linux-gnu libc6-dev-s390x-cross" },
	{ "powerpc", "ppc ppc32", EM_PPC, 32, 1, "qemu-ppc", 0, "powerpc-linux-gnu",
	  "powerpc-linux-gnu-gcc", "gcc-powerpc-linux-gnu libc6-dev-powerpc-cross" },
	{ "aarch64", "arm64", EM_AARCH64, 64, 0, "qemu-aarch64", 0, "aarch64-linux-gnu",
	  "aarch64-linux-gnu-gcc", "gcc-aarch64-linux-gnu libc6-dev-arm64-cross" },
	{ "armhf", "arm armv7", EM_ARM, 32, 0, "qemu-arm", 0, "arm-linux-gnueabihf",
	  "arm-linux-gnueabihf-gcc", "gcc-arm-linux-gnueabihf libc6-dev-armhf-cross" },
	{ "riscv64", "riscv", EM_RISCV, 64, 0, "qemu-riscv64", 0, "riscv64-linux-gnu",
	  "riscv64-linux-gnu-gcc", "gcc-riscv64-linux-gnu libc6-dev-riscv64-cross" },
};
#define NARCH (sizeof(arches) / sizeof(arches[0]))

const struct sc_arch *sc_arch_self(void)
{
#if defined(__x86_64__) && !defined(__ILP32__)
	return &arches[0];
#elif defined(__i386__)
	return &arches[1];
#elif defined(__s390x__)
	return &arches[2];
#elif defined(__powerpc__) && !defined(__powerpc64__)
	return &arches[3];
#elif defined(__aarch64__) && !defined(__ILP32__)
	return &arches[4];
#elif defined(__arm__)
	return &arches[5];
#elif defined(__riscv) && __riscv_xlen == 64
	return &arches[6];
#else
	return NULL;
#endif
}

/* Is word one of the space-separated words of list? */
static int in_list(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
		if (strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == 0))
			return 1;
	return 0;
}

const struct sc_arch *sc_arch_named(const char *name)
{
	for (size_t i = 0; i < NARCH; i++)
		if (!strcmp(arches[i].name, name) || in_list(arches[i].aliases, name))
			return &arches[i];
	return NULL;
}

const char *sc_arch_list(void)
{
	static char buf[160];

	if (!buf[0])
		for (size_t i = 0; i < NARCH; i++)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s",
				 i ? ", " : "", arches[i].name);
	return buf;
}

void sc_arch_describe(const struct sc_arch *a, char *buf, size_t n)
{
	snprintf(buf, n, "%s (%d-bit %s-endian)", a->name, a->bits, a->big_endian ? "big" : "little");
}

/* Names of some machines strcheck has no build for, for the message. */
static const char *machine_name(unsigned m)
{
	static const struct { unsigned m; const char *name; } known[] = {
		{ EM_SPARC, "SPARC" }, { EM_68K, "m68k" }, { EM_MIPS, "MIPS" },
		{ EM_PARISC, "PA-RISC" }, { EM_PPC64, "64-bit PowerPC" }, { EM_S390, "s390" },
		{ EM_ARM, "ARM" }, { EM_SH, "SuperH" }, { EM_SPARCV9, "SPARC v9" },
		{ EM_IA_64, "IA-64" }, { EM_X86_64, "x32" }, { EM_AARCH64, "ILP32 arm64" },
		{ EM_RISCV, "riscv32" }, { 258, "LoongArch" }, { EM_ALPHA, "Alpha" },
	};

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].m == m)
			return known[i].name;
	return "an unknown machine";
}

int sc_arch_of_file(const char *path, const struct sc_arch **out, char *err, size_t errlen)
{
	struct sc_elf_id id;
	unsigned machine;
	int bits, big;

	/* A shared object or object file, or an archive's first object. */
	if (!sc_input_elf_id(path, &id) || !id.bits)
		return 0;
	bits = id.bits;
	big = id.big_endian;
	machine = id.machine;
	for (size_t i = 0; i < NARCH; i++)
		if (arches[i].machine == machine && arches[i].bits == bits &&
		    arches[i].big_endian == big) {
			*out = &arches[i];
			return 1;
		}
	snprintf(err, errlen, "%s is a %d-bit %s-endian ELF file for %s (ELF machine %u); strcheck "
		 "has builds for %s", path, bits, big ? "big" : "little", machine_name(machine),
		 machine, sc_arch_list());
	return -1;
}
