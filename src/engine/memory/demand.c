/* demand.c - a huge count's dest, backed on demand (demand.h). */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "canary.h"
#include "demand.h"
#include "../base/mem.h"

/* A sanitizer that owns SIGBUS (unless told to allow a user's handler)
 * would die of the probe's fault; those builds run natively. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DEMAND_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define DEMAND_SANITIZED 1
#endif
#endif
#ifndef DEMAND_SANITIZED
#define DEMAND_SANITIZED 0
#endif

volatile unsigned long sc_demand_cuts;

/* One region per engine (a process may have several: tests compare two). */
struct region {
	unsigned char *data;         /* its arena's data: the key */
	unsigned char *region;       /* first byte backed on demand */
	int fd;
	volatile size_t backed;      /* region bytes backed (the memfd's size) */
};

#define REGIONS 8
static struct region regions[REGIONS];

/* The call in progress: its region, dest and count (one call at a time). */
static struct {
	struct region *rg;
	size_t page;
	const unsigned char *dest;
	uint64_t count;
	size_t limit;                /* region bytes this call may have backed */
	volatile int armed, cut;
} dm;

/*
 * Whether the region is backed whole before each call instead of as the
 * call faults (set once, by faults_are_exact): under qemu-user a SIGBUS past
 * the memfd's end names the wrong address (ppc32: a page further; s390x:
 * its halves swapped), and one raised in a helper's host memset (ppc's
 * dcbz in glibc's memset) resumes the call at the wrong instruction (the
 * memset's entry, its registers half-way), so a call resumed after backing
 * writes what it never would: strscpy_pad left 64 KiB unpadded.  A kernel
 * names the address exactly, and resumes the faulting instruction.  On
 * aarch64 under qemu-user the address is exact and strscpy_pad's memset
 * (dc zva) was still left 61,505 bytes short past the first chunk, so
 * outside x86 (where the other architectures run here: qemu-user) the
 * region is backed before the call whatever the probe says; natively
 * that only costs time.
 */
#if defined(__x86_64__) || defined(__i386__)
#define DEMAND_X86 1
#else
#define DEMAND_X86 0
#endif
static int eager, probed;
static sigjmp_buf probe_env;
static volatile uintptr_t probe_addr;

static void probe_handler(int sig, siginfo_t *si, void *uctx)
{
	(void)sig;
	(void)uctx;
	probe_addr = (uintptr_t)si->si_addr;
	siglongjmp(probe_env, 1);
}

/* Read one byte of the (still empty) region: 1 when its SIGBUS names it. */
static int faults_are_exact(const unsigned char *region)
{
	const volatile unsigned char *p = region + 100;
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = probe_handler;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGBUS, &sa, &old) != 0)
		return 0;
	probe_addr = 0;
	if (sigsetjmp(probe_env, 1) == 0)
		(void)*p;
	sigaction(SIGBUS, &old, NULL);
	return probe_addr == (uintptr_t)p;
}

int sc_demand_eager(void)
{
	return eager;
}

static struct region *region_of(const struct sc_arena *a)
{
	for (int i = 0; i < REGIONS; i++)
		if (regions[i].data && regions[i].data == a->data)
			return &regions[i];
	return NULL;
}

int sc_demand_fds(int *fds, int max)
{
	int n = 0;

	for (int i = 0; i < REGIONS && n < max; i++)
		if (regions[i].data)
			fds[n++] = regions[i].fd;
	return n;
}

static size_t round_up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

/* The mapped part: the string (SC_DST_SPAN at most), the offset, a margin. */
static size_t span_of(size_t page)
{
	return round_up(SC_DST_SPAN + 64 + SC_MARGIN, page);
}

int sc_demand_init(struct sc_arena *a)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), span = span_of(page);
	struct region *rg = NULL;
	int fd;

	for (int i = 0; i < REGIONS && !rg; i++)
		if (!regions[i].data)
			rg = &regions[i];
	if (!rg) {
		errno = ENOMEM;
		return -1;
	}
	if (sc_arena_init(a, span + SC_DEMAND_CAP, 0) != 0)
		return -1;
	fd = memfd_create("strcheck-dest", MFD_CLOEXEC);
	if (fd < 0 || mmap(a->data + span, SC_DEMAND_CAP, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_FIXED, fd, 0) != a->data + span) {
		int err = errno;

		if (fd >= 0)
			close(fd);
		sc_arena_free(a);
		errno = err;
		return -1;
	}
	dm.page = page;
	if (!probed) {
		eager = !DEMAND_SANITIZED && (!DEMAND_X86 || !faults_are_exact(a->data + span));
		probed = 1;
	}
	rg->region = a->data + span;
	rg->fd = fd;
	rg->backed = 0;
	rg->data = a->data;
	return 0;
}

void sc_demand_fini(struct sc_arena *a)
{
	struct region *rg = region_of(a);

	if (rg) {
		if (dm.rg == rg)
			dm.rg = NULL;
		close(rg->fd);
		memset(rg, 0, sizeof(*rg));
	}
	sc_arena_free(a);
}

unsigned char *sc_demand_place(const struct sc_arena *a, enum sc_place place, unsigned off,
			       size_t *mapped)
{
	unsigned char *end = a->data + span_of(a->page), *dest;

	/* At the start guard as any dest is; otherwise ending off bytes before
	 * the region (free: 64n + off, 64 bytes further from it). */
	if (place == SC_AT_START)
		dest = a->data + off;
	else if (place == SC_AT_END)
		dest = end - SC_DST_SPAN - off;
	else
		dest = end - SC_DST_SPAN - 64 + off;
	*mapped = (size_t)(end - dest);
	return dest;
}

static int back(struct region *rg, size_t want, int cut);

void sc_demand_arm(const struct sc_arena *a, const unsigned char *dest, uint64_t count)
{
	/* Only a dest in this arena (a huge count's) can be backed or cut: a
	 * call on any other dest is never "not judged" (and costs no lookup). */
	int mine = (uintptr_t)dest >= (uintptr_t)a->data &&
		   (uintptr_t)dest < (uintptr_t)a->data + a->data_len;
	struct region *rg = mine ? region_of(a) : NULL;
	uint64_t before = rg ? (uint64_t)((uintptr_t)rg->region - (uintptr_t)dest) : 0;
	uint64_t need = count > before ? count - before : 0;
	struct stat st;

	if (rg && (uintptr_t)dest >= (uintptr_t)rg->region)
		rg = NULL;
	/* A memfd whose size is not what was backed (the candidate resized it
	 * through /proc/self/fd or a dup): start again from nothing. */
	if (rg && fstat(rg->fd, &st) == 0 && (uint64_t)st.st_size != rg->backed &&
	    ftruncate(rg->fd, 0) == 0)
		rg->backed = 0;
	dm.rg = rg;
	dm.dest = dest;
	dm.count = count;
	dm.limit = need <= SC_DEMAND_CAP ? round_up((size_t)need, dm.page) : SC_DEMAND_PROBE;
	dm.cut = 0;
	dm.armed = rg != NULL;
	/* Where faults do not resume exactly: all of it now, for a dest of
	 * this arena whose count reaches the region (a failed ftruncate
	 * leaves it to the faults). */
	if (rg && eager && need && (uintptr_t)dest >= (uintptr_t)a->data &&
	    (uintptr_t)dest < (uintptr_t)rg->region && rg->backed < dm.limit)
		back(rg, dm.limit, 0);
}

void sc_demand_disarm(void)
{
	dm.armed = 0;
}

/* Back the region up to want bytes (canaries in the new pages).  1, or 0
 * when the memfd cannot grow (then, if cut, the call is cut). */
static int back(struct region *rg, size_t want, int cut)
{
	uintptr_t r = (uintptr_t)rg->region;

	if (ftruncate(rg->fd, (off_t)want) != 0) {
		if (cut) {
			dm.cut = 1;
			sc_demand_cuts++;
		}
		return 0;
	}
	for (size_t off = rg->backed; off < want; off += dm.page)
		sc_memcpy(rg->region + off, sc_canaries((int64_t)(r + off - (uintptr_t)dm.dest)),
			  dm.page);
	rg->backed = want;
	return 1;
}

/*
 * A SIGBUS whose address says nothing usable (qemu-user's s390x gives one
 * with its halves swapped): the only SIGBUS a call can get here is an
 * access past the memfd's end, so back the next chunk; at the limit, a
 * count that reaches further is cut there, else it is a fault (past count).
 */
static int blind(struct region *rg)
{
	uint64_t reach = dm.count - (uint64_t)((uintptr_t)rg->region - (uintptr_t)dm.dest);

	if (rg->backed < dm.limit)
		return back(rg, rg->backed + SC_DEMAND_CHUNK < dm.limit ?
				rg->backed + SC_DEMAND_CHUNK : dm.limit, 1);
	if (reach > dm.limit) {
		dm.cut = 1;
		sc_demand_cuts++;
	}
	return 0;
}

int sc_demand_fault(const siginfo_t *si, char access)
{
	struct region *rg = dm.rg;
	uintptr_t a = (uintptr_t)si->si_addr, r;
	uint64_t k, lim;
	size_t want;

	/* Only a fault the kernel sent (si_code > 0): a SIGBUS the candidate
	 * raises or queues itself (SI_USER, SI_TKILL, SI_QUEUE) is its crash. */
	if (!dm.armed || !rg || si->si_code <= 0)
		return 0;
	r = (uintptr_t)rg->region;
	if (si->si_signo == SIGBUS && (a < r || a >= r + SC_DEMAND_CAP + dm.page))
		return eager ? blind(rg) : 0;  /* (an address that says nothing: qemu) */
	if (a < r || a < (uintptr_t)dm.dest)
		return 0;
	k = a - (uintptr_t)dm.dest;
	if (k >= dm.count || a < r + rg->backed)
		return 0;  /* past count (an overwrite), or not for want of backing */
	if (a >= r + dm.limit && access == 'r')
		/* A read past what we back is served (backed, and judged with
		 * the rest), up to the cap; past it, a read fault of the
		 * candidate's: only a write cuts, so it cannot choose to be cut
		 * by reading. */
		return a < r + SC_DEMAND_CAP ? back(rg, round_up(a - r + 1, dm.page), 0) : 0;
	if (a >= r + dm.limit) {
		/* Inside count but past what we back: cut the call here. */
		dm.cut = 1;
		sc_demand_cuts++;
		return 0;
	}
	/* Up to the faulting page, a chunk ahead, never past count's page. */
	want = round_up(a - r + 1, dm.page);
	if (want < rg->backed + SC_DEMAND_CHUNK)
		want = rg->backed + SC_DEMAND_CHUNK;
	lim = dm.count - (uint64_t)(r - (uintptr_t)dm.dest);
	if (lim < want)
		want = round_up((size_t)lim, dm.page);
	if (want > dm.limit)
		want = dm.limit;
	return back(rg, want, 1);
}

int sc_demand_was_cut(void)
{
	return dm.cut;
}

size_t sc_demand_backed(const struct sc_arena *a)
{
	struct region *rg = region_of(a);

	return rg ? rg->backed : 0;
}

size_t sc_demand_size(const struct sc_arena *a)
{
	struct region *rg = region_of(a);
	struct stat st;

	if (!rg || fstat(rg->fd, &st) != 0)
		return rg ? rg->backed : 0;
	return st.st_size < 0 ? 0 : (uint64_t)st.st_size > SC_DEMAND_CAP ? SC_DEMAND_CAP
									: (size_t)st.st_size;
}

void sc_demand_reset(const struct sc_arena *a)
{
	struct region *rg = region_of(a);

	if (rg && rg->backed && ftruncate(rg->fd, 0) == 0)
		rg->backed = 0;
	dm.cut = 0;
}

const unsigned char *sc_demand_region(const struct sc_arena *a)
{
	struct region *rg = region_of(a);

	return rg ? rg->region : NULL;
}
