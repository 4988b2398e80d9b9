/*
 * elf_id.c - decoding an ELF header's identity (see elf_id.h).
 */
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "elf_id.h"

int sc_elf_id(const unsigned char *h, size_t n, struct sc_elf_id *id)
{
	int big;

	if (n < SC_ELF_ID_LEN || memcmp(h, ELFMAG, SELFMAG))
		return 0;
	big = h[EI_DATA] == ELFDATA2MSB;
	id->bits = h[EI_CLASS] == ELFCLASS64 ? 64 : h[EI_CLASS] == ELFCLASS32 ? 32 : 0;
	id->big_endian = big;
	id->type = big ? (unsigned)h[16] << 8 | h[17] : (unsigned)h[17] << 8 | h[16];
	id->machine = big ? (unsigned)h[18] << 8 | h[19] : (unsigned)h[19] << 8 | h[18];
	return 1;
}

int sc_elf_id_of_file(const char *path, struct sc_elf_id *id)
{
	unsigned char h[SC_ELF_ID_LEN];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = pread(fd, h, sizeof(h), 0);
	close(fd);
	return n > 0 && sc_elf_id(h, (size_t)n, id);
}

int sc_elf_id_native(const struct sc_elf_id *id)
{
	const uint16_t one = 1;

	return id->bits == (int)(sizeof(void *) * 8) && id->big_endian == (*(const uint8_t *)&one == 0);
}
