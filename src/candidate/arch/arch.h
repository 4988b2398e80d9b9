/*
 * arch.h - the architectures strcheck is built for, and which one an ELF
 * file is for.
 *
 * One table (arch.c) names each architecture the way --arch and
 * build/cross/NAME do, with its ELF machine, word size, byte order, the
 * qemu-user binary that runs it, where its C library lives and the Debian
 * packages of its cross compiler.  Nothing here runs anything.
 */
#ifndef SC_ARCH_H
#define SC_ARCH_H

#include <stddef.h>

struct sc_arch {
	const char *name;        /* --arch=NAME, build/cross/NAME */
	const char *aliases;     /* other names --arch takes, space-separated */
	unsigned machine;        /* ELF e_machine */
	int bits;                /* 32 or 64 (the ELF class) */
	int big_endian;
	const char *qemu;        /* qemu-user binary that runs it */
	unsigned runs_on;        /* a host machine that runs it natively (0: none) */
	const char *triplet;     /* /usr/TRIPLET holds its C library (qemu -L) */
	const char *cc;          /* its C compiler */
	const char *packages;    /* Debian packages of that compiler */
};

/* The architecture this strcheck was compiled for (NULL: not in the table). */
const struct sc_arch *sc_arch_self(void);

/* The architecture called name (or one of its aliases); NULL if none. */
const struct sc_arch *sc_arch_named(const char *name);

/* The names --arch takes, for messages: "x86-64, i386, ...". */
const char *sc_arch_list(void);

/* "s390x (64-bit big-endian)": the name with word size and byte order. */
void sc_arch_describe(const struct sc_arch *a, char *buf, size_t n);

/*
 * Which architecture the ELF file at path (or the first object of the
 * archive at path) is for.  Returns 1 with *out set when it is an ELF file
 * of a known architecture; 0 when it is not an ELF file at all, or cannot
 * be read (the loader or the source builder says
 * what is wrong with it); -1 with one line in err when it is an ELF file
 * for an architecture strcheck has no build for.
 */
int sc_arch_of_file(const char *path, const struct sc_arch **out, char *err, size_t errlen);

#endif
