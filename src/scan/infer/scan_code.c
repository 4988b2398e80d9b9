/*
 * scan_code.c - the bytes a built object loads, hashed: --scan's cache
 * key for a function (with its name, its API, strcheck's version and the
 * options, args/scan_cache.c).  Every PT_LOAD segment's file bytes but
 * the notes (a build ID changes with the debug information, which names
 * the source's path): the same code, data and symbols give the same key
 * wherever the tree lies, so OpenBSD's strlcpy.c carried by a dozen
 * packages, built alike, is checked once.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../scan.h"

#define OBJ_MAX (256u << 20)

struct seg {
	uint64_t off, size;
	int note;
};

/* The segments of e (ELF32 or ELF64 of this byte order); count, or -1. */
static int segments(const unsigned char *e, size_t len, struct seg *s, int max)
{
	int n = 0;

	if (len < sizeof(Elf32_Ehdr) || memcmp(e, ELFMAG, SELFMAG))
		return -1;
	if (e[EI_CLASS] == ELFCLASS64 && len >= sizeof(Elf64_Ehdr)) {
		const Elf64_Ehdr *h = (const void *)e;

		for (unsigned i = 0; i < h->e_phnum && n < max; i++) {
			const Elf64_Phdr *p = (const void *)(e + h->e_phoff + (size_t)i * h->e_phentsize);

			if (h->e_phoff + (size_t)(i + 1) * h->e_phentsize > len)
				return -1;
			if (p->p_type == PT_LOAD || p->p_type == PT_NOTE)
				s[n++] = (struct seg){ p->p_offset, p->p_filesz, p->p_type == PT_NOTE };
		}
	} else if (e[EI_CLASS] == ELFCLASS32) {
		const Elf32_Ehdr *h = (const void *)e;

		for (unsigned i = 0; i < h->e_phnum && n < max; i++) {
			const Elf32_Phdr *p = (const void *)(e + h->e_phoff + (size_t)i * h->e_phentsize);

			if (h->e_phoff + (size_t)(i + 1) * h->e_phentsize > len)
				return -1;
			if (p->p_type == PT_LOAD || p->p_type == PT_NOTE)
				s[n++] = (struct seg){ p->p_offset, p->p_filesz, p->p_type == PT_NOTE };
		}
	} else {
		return -1;
	}
	return n;
}

static int in_note(const struct seg *s, int n, uint64_t at)
{
	for (int i = 0; i < n; i++)
		if (s[i].note && at >= s[i].off && at < s[i].off + s[i].size)
			return 1;
	return 0;
}

int sc_scan_code_hash(const char *so, char *out, size_t size)
{
	FILE *f = fopen(so, "rbe");
	unsigned char *e = NULL;
	struct seg s[64];
	uint64_t h1 = 0xcbf29ce484222325ull, h2 = 0x84222325cbf29ce4ull;
	long len;
	int n;

	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) <= 0 || (size_t)len > OBJ_MAX ||
	    fseek(f, 0, SEEK_SET) != 0 || !(e = malloc((size_t)len)) ||
	    fread(e, 1, (size_t)len, f) != (size_t)len || (n = segments(e, (size_t)len, s, 64)) <= 0) {
		fclose(f);
		free(e);
		return -1;
	}
	fclose(f);
	/* Two 64-bit hashes (FNV-1a, and a multiply-rotate one): 128 bits
	 * against chance; the cache is the user's own, not a trust boundary. */
	for (int i = 0; i < n; i++) {
		if (s[i].note || s[i].off + s[i].size > (uint64_t)len)
			continue;
		for (uint64_t j = s[i].off; j < s[i].off + s[i].size; j++) {
			if (in_note(s, n, j))
				continue;
			h1 = (h1 ^ e[j]) * 0x100000001b3ull;
			h2 = ((h2 ^ e[j]) * 0x9e3779b97f4a7c15ull);
			h2 ^= h2 >> 29;
		}
		h1 ^= s[i].size;
	}
	free(e);
	snprintf(out, size, "%016llx%016llx", (unsigned long long)h1, (unsigned long long)h2);
	return 0;
}
