/*
 * elf_id.h - what the first 20 bytes of an ELF file say: its class (32 or
 * 64 bits), byte order, type and machine.  The one decoder of them: the
 * loader's checks (load.c), the kind of a candidate file and its
 * architecture (src/candidate/) all read a header here.
 */
#ifndef SC_ELF_ID_H
#define SC_ELF_ID_H

#include <stddef.h>

/* Bytes of a header sc_elf_id reads (e_ident, e_type, e_machine). */
#define SC_ELF_ID_LEN 20

struct sc_elf_id {
	int bits;            /* 32 or 64; 0: a class this decoder does not know */
	int big_endian;
	unsigned type;       /* e_type: ET_REL, ET_DYN, ... */
	unsigned machine;    /* e_machine: EM_X86_64, ... */
};

/* 1 when h[0..n) starts with the ELF magic and holds SC_ELF_ID_LEN bytes
 * (id filled in, in the file's own byte order), else 0. */
int sc_elf_id(const unsigned char *h, size_t n, struct sc_elf_id *id);

/* The same from the start of the file at path: 1, or 0 when it cannot be
 * read or is not ELF. */
int sc_elf_id_of_file(const char *path, struct sc_elf_id *id);

/* 1 when id is of this program's own class and byte order (the machine
 * aside). */
int sc_elf_id_native(const struct sc_elf_id *id);

#endif
