#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arena.h"

static size_t round_up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

/* Whether the data pages of a mapping at map cross a 4 GiB boundary (or
 * end on one). */
static int straddles(const unsigned char *map, size_t page, size_t data_len)
{
	uint64_t lo = (uint64_t)(uintptr_t)(map + page);

	return lo >> 32 != (lo + data_len) >> 32;
}

/*
 * The guards and the data, PROT_NONE, with the data inside one 4 GiB
 * block: the sandbox's filter compares addresses in 32-bit halves
 * (supervise/sandbox/sandbox_trace.c) and allows the tracer's mprotect only
 * on such an arena.  One that lands across a boundary (about 1 in 13,000
 * for 330 KB, wherever ASLR put it) is mapped again past it.
 */
static unsigned char *map_guarded(size_t map_len, size_t page, size_t data_len, void *hint)
{
	unsigned char *m = mmap(hint, map_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *again;

	if (m == MAP_FAILED || !straddles(m, page, data_len))
		return m;
	/* Asked for right after the first (so past the boundary), kept
	 * wherever it lands if that is inside a block. */
	again = mmap(m + map_len, map_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (again == MAP_FAILED)
		return m;
	if (straddles(again, page, data_len)) {
		munmap(again, map_len);
		return m;   /* the tracer then says it cannot run here, and why */
	}
	munmap(m, map_len);
	return again;
}

int sc_arena_init(struct sc_arena *a, size_t data_len, int mode)
{
	return sc_arena_init_at(a, data_len, mode, NULL);
}

int sc_arena_init_at(struct sc_arena *a, size_t data_len, int mode, void *hint)
{
	int read_only = mode == SC_ARENA_READ_ONLY;

	a->page = (size_t)sysconf(_SC_PAGESIZE);
	a->data_len = round_up(data_len, a->page);
	a->map_len = a->data_len + 2 * a->page;
	a->map = map_guarded(a->map_len, a->page, a->data_len, hint);
	if (a->map == MAP_FAILED)
		return -1;
	a->data = a->map + a->page;
	a->rw = a->data;

	if (mode == SC_ARENA_PLAIN) {
		if (mprotect(a->data, a->data_len, PROT_READ | PROT_WRITE) == 0)
			return 0;
	} else {
		/* One shared memory object, seen twice: read-only (or writable)
		 * between the guards, and writable somewhere else. */
		int fd = memfd_create(read_only ? "strcheck-src" : "strcheck-dst", MFD_CLOEXEC);
		int prot = read_only ? PROT_READ : PROT_READ | PROT_WRITE;

		if (fd >= 0 && ftruncate(fd, (off_t)a->data_len) == 0 &&
		    mmap(a->data, a->data_len, prot, MAP_SHARED | MAP_FIXED, fd, 0) == a->data) {
			a->rw = mmap(NULL, a->data_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
			close(fd);
			if (a->rw != MAP_FAILED)
				return 0;
		} else if (fd >= 0) {
			close(fd);
		}
	}
	int err = errno;
	munmap(a->map, a->map_len);
	a->map = NULL;
	errno = err;
	return -1;
}

void sc_arena_free(struct sc_arena *a)
{
	if (!a->map)
		return;
	if (a->rw != a->data)
		munmap(a->rw, a->data_len);
	munmap(a->map, a->map_len);
	a->map = NULL;
}

enum sc_region sc_arena_region(const struct sc_arena *a, uintptr_t addr)
{
	uintptr_t data = (uintptr_t)a->data;

	if (addr >= data - a->page && addr < data)
		return SC_GUARD_BEFORE;
	if (addr >= data && addr < data + a->data_len)
		return SC_DATA;
	if (addr >= data + a->data_len && addr < data + a->data_len + a->page)
		return SC_GUARD_AFTER;
	return SC_OUTSIDE;
}

unsigned char *sc_arena_place(const struct sc_arena *a, enum sc_place place,
			      unsigned off, size_t len)
{
	switch (place) {
	case SC_AT_START:
		return a->data + off;
	case SC_AT_END:
		return a->data + a->data_len - off - len;
	default:
		/* A page away from the first guard; 64-byte aligned plus off. */
		return a->data + a->page + off;
	}
}
