/*
 * sandbox_layout.c - the memory laid out so that the second filter's
 * rules can tell the checker's mappings from later ones (sandbox.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "sandbox.h"

struct span {
	uint64_t lo, hi;
	int file;
};

/* The mappings, ascending; the [stack]'s start in *stack_lo.  Count, or -1. */
static int read_maps(struct span *s, int max, uint64_t *stack_lo)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];
	int n = 0;

	*stack_lo = 0;
	if (!f)
		return -1;
	while (n < max && fgets(line, sizeof(line), f)) {
		unsigned long long lo, hi, ino;
		char path[256] = "";

		if (sscanf(line, "%llx-%llx %*s %*s %*s %llu %255s", &lo, &hi, &ino, path) < 3)
			continue;
		if (!strcmp(path, "[stack]"))
			*stack_lo = lo;
		s[n].lo = lo;
		s[n].hi = hi;
		s[n].file = path[0] == '/';
		n++;
	}
	fclose(f);
	return n;
}

static int reserve(uint64_t lo, uint64_t hi)
{
	void *p = mmap((void *)(uintptr_t)lo, hi - lo, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);

	if (p == (void *)(uintptr_t)lo)
		return 0;
	if (p != MAP_FAILED)
		munmap(p, hi - lo);  /* an old kernel took the address as a hint */
	return -1;
}

/* The lowest of the mappings that hang together with the highest file
 * mapping below the stack (the shared objects): its index, or -1. */
static int cluster(const struct span *s, int n, uint64_t stack_lo, int *hi_file)
{
	int i, first;

	*hi_file = -1;
	for (i = 0; i < n; i++)
		if (s[i].file && (!stack_lo || s[i].hi <= stack_lo))
			*hi_file = i;
	if (*hi_file < 0)
		return -1;
	for (first = *hi_file; first > 0 && s[first].lo - s[first - 1].hi < SC_SANDBOX_LMAX; first--)
		;
	return first;
}

/* The program's image and its heap: the aligned block of the mapping that
 * holds self through the end of [heap] or of the image (below limit). */
static void image_block(const struct span *s, int n, uint64_t self, uint64_t limit,
			uint64_t *blk, uint64_t *blk_mask)
{
	int i;

	for (i = 0; i < n && !(s[i].lo <= self && self < s[i].hi); i++)
		;
	if (i < n) {
		uint64_t a = s[i].lo, b = s[i].hi;
		unsigned k = 12;

		for (int j = i + 1; j < n && s[j].lo - b < SC_SANDBOX_LMAX && s[j].hi <= limit; j++)
			b = s[j].hi;
		while (k < 63 && (a >> k) != ((b - 1) >> k))
			k++;
		*blk_mask = ~(((uint64_t)1 << k) - 1);
		*blk = a & *blk_mask;
	}
}

int sc_sandbox_image(uint64_t *blk, uint64_t *blk_mask)
{
	static struct span s[4096];
	uint64_t stack_lo, self = (uint64_t)(uintptr_t)&sc_sandbox_image;
	int n = read_maps(s, 4096, &stack_lo), hi_file, first;

	*blk = *blk_mask = 0;
	if (n <= 0 || (first = cluster(s, n, stack_lo, &hi_file)) < 0 ||
	    s[first].lo < SC_SANDBOX_LMAX || self >= s[first].lo)
		return 0;
	image_block(s, n, self, s[first].lo - SC_SANDBOX_LMAX, blk, blk_mask);
	return *blk_mask != 0;
}

uint64_t sc_sandbox_layout(uint64_t *blk, uint64_t *blk_mask)
{
	static struct span s[4096];
	uint64_t stack_lo, lo, top, self = (uint64_t)(uintptr_t)&sc_sandbox_layout;
	int n = read_maps(s, 4096, &stack_lo), i, hi_file, first;

	*blk = *blk_mask = 0;
	if (n <= 0 || (first = cluster(s, n, stack_lo, &hi_file)) < 0)
		return 0;
	lo = s[first].lo;
	if (lo < SC_SANDBOX_LMAX || self >= lo)
		return 0;
	/* Fill the holes up to well below the stack's growth room. */
	top = stack_lo > ((uint64_t)64 << 20) ? stack_lo - ((uint64_t)64 << 20) : s[hi_file].hi;
	for (i = first; i + 1 < n && s[i + 1].lo <= top; i++)
		if (s[i + 1].lo > s[i].hi)
			reserve(s[i].hi, s[i + 1].lo);
	if (reserve(lo - SC_SANDBOX_LMAX, lo) != 0)
		return 0;
	image_block(s, n, self, lo - SC_SANDBOX_LMAX, blk, blk_mask);
	return lo - SC_SANDBOX_LMAX;
}
