#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arena.h"

static size_t round_up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

int sc_arena_init(struct sc_arena *a, size_t data_len, int mode)
{
	int read_only = mode == SC_ARENA_READ_ONLY;

	a->page = (size_t)sysconf(_SC_PAGESIZE);
	a->data_len = round_up(data_len, a->page);
	a->map_len = a->data_len + 2 * a->page;
	a->map = mmap(NULL, a->map_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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
