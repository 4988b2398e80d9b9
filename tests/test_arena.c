/*
 * test_arena: an arena's data never lies across a 4 GiB boundary
 * (src/engine/memory/arena.c).  The sandbox's filter compares addresses
 * in 32-bit halves and lets the tracer run only on arenas inside one
 * block (src/supervise/sandbox/sandbox_trace.c); where ASLR put one across,
 * the traced check did not run (about 1 run in 6,500).  Here the first
 * mapping is tried across a boundary, for each kind of arena, and the
 * arena must end up inside one block.  Prints PASS or FAIL lines; exits
 * 1 on a FAIL.  Built by tests/suite-44-trace.sh.
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../src/engine/memory/arena.h"
#include "../src/engine/memory/canary.h"

int main(void)
{
	static const char *const names[] = { "plain", "read-only", "aliased" };
	size_t page = (size_t)sysconf(_SC_PAGESIZE), len = SC_ARENA_DATA, map_len;
	unsigned char *probe = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int failed = 0;

	len = (len + page - 1) / page * page;
	map_len = len + 2 * page;
	if (probe == MAP_FAILED)
		return 2;
	munmap(probe, page);
	for (int mode = SC_ARENA_PLAIN; mode <= SC_ARENA_ALIASED; mode++) {
		/* A boundary well below the mappings there are (free), and a
		 * first try whose data is half before it, half after. */
		uint64_t b = (((uint64_t)(uintptr_t)probe >> 32) - 4 - (uint64_t)mode) << 32;
		unsigned char *hint = (unsigned char *)(uintptr_t)(b - page - len / 2 / page * page);
		unsigned char *free_there = mmap(hint, map_len, PROT_NONE,
						 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		struct sc_arena a;
		uint64_t lo, hi;

		if (free_there != hint) {
			printf("SKIP arena_%s: the address tried is taken\n", names[mode]);
			if (free_there != MAP_FAILED)
				munmap(free_there, map_len);
			continue;
		}
		munmap(free_there, map_len);
		if (sc_arena_init_at(&a, len, mode, hint) != 0) {
			printf("FAIL arena_%s: not mapped\n", names[mode]);
			failed = 1;
			continue;
		}
		lo = (uint64_t)(uintptr_t)a.data;
		hi = lo + a.data_len;
		if (lo >> 32 == hi >> 32) {
			printf("PASS arena_%s_inside_one_4g_block: data %#llx..%#llx (tried %p)\n",
			       names[mode], (unsigned long long)lo, (unsigned long long)hi, (void *)hint);
		} else {
			printf("FAIL arena_%s_inside_one_4g_block: data %#llx..%#llx crosses %#llx\n",
			       names[mode], (unsigned long long)lo, (unsigned long long)hi,
			       (unsigned long long)b);
			failed = 1;
		}
		sc_arena_free(&a);
	}
	return failed;
}
