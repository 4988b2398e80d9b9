/*
 * The body of every reproducer that `strcheck --emit-repro` writes.
 *
 * strcheck prints the case first (a block of REPRO_* macros and the source
 * bytes), then this file verbatim, so each reproducer is one standalone C
 * file: `cc repro.c -ldl -lpthread`, nothing else from strcheck.  It sets up
 * the case as strcheck did (guard pages, placement, canaries, read-only
 * source), calls the function in a child process (so a fault, an exit or a
 * hang is seen, not suffered), judges the outcome against a byte-at-a-time
 * reference of the contract, and exits 1 while the defect is there, 0 once
 * it is fixed, 2 when it cannot set up.  It uses no <string.h>, so the
 * function under test may be called strncpy or strlcpy without a clash.
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MARGIN 256

typedef long (*scpy_fn)(char *, const char *, size_t);
typedef size_t (*lcpy_fn)(char *, const char *, size_t);
typedef char *(*ncpy_fn)(char *, const char *, size_t);
typedef void *(*mccpy_fn)(void *, const void *, int, size_t);

/* A NULL returned (memccpy), as ret holds it. */
#define RET_NULL (-0x7fffffffffffffffLL - 1)

/* What one call did, written by the child into memory the parent reads. */
struct outcome {
	volatile int done, signo, bad;  /* bad: a race or reader invariant broke */
	volatile uintptr_t fault;
	long long ret;
	unsigned long calls;
	char why[160];
	unsigned char win[REPRO_SPAN + 2 * MARGIN];
};

static unsigned char canary(long long k)
{
	return (unsigned char)(0xc0 | ((unsigned long long)k * 5 + 3) % 64);
}

static unsigned char filler(long long k)
{
	return (unsigned char)('A' + (unsigned long long)k % 23);
}

/* dest[0..count-1], capped for a huge count as strcheck caps it. */
static const size_t span = REPRO_SPAN;
/* The case's source bytes (the NUL, when it has one, included). */
static const size_t src_len = REPRO_SRC_LEN;
/* dest's bytes before the call (strlcat, strncat; else none). */
static const size_t dinit_len = REPRO_DINIT_LEN;
static size_t page, data_len;
static unsigned char *src_map, *src_data, *src_rw, *dst_map, *dst_data, *src, *dst;
static size_t before, win_len;
static struct outcome *out;
static void *fn;

/* [guard][data][guard]; the source data read-only, with a writable alias. */
static void map_arenas(void)
{
	int fd = memfd_create("repro-src", 0);

	page = (size_t)sysconf(_SC_PAGESIZE);
	data_len = (REPRO_DATA_LEN + page - 1) / page * page;
	src_map = mmap(NULL, data_len + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	dst_map = mmap(NULL, data_len + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fd < 0 || src_map == MAP_FAILED || dst_map == MAP_FAILED || ftruncate(fd, (off_t)data_len))
		goto fail;
	src_data = src_map + page;
	dst_data = dst_map + page;
	if (mmap(src_data, data_len, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED ||
	    (src_rw = mmap(NULL, data_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED ||
	    mprotect(dst_data, data_len, PROT_READ | PROT_WRITE))
		goto fail;
	return;
fail:
	perror("repro: cannot map the guard pages");
	exit(2);
}

static unsigned char *place(unsigned char *data, int where, size_t off, size_t len)
{
	if (where == 1)                             /* off bytes after a guard */
		return data + off;
	if (where == 2)                             /* off bytes before a guard */
		return data + data_len - off - len;
	return data + page + off;                   /* a 64-byte boundary + off */
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* The source with filler around it, dest and its margins with canaries. */
static void set_up(void)
{
	unsigned char *rw;
	size_t i, sb, sa;

	src = place(src_data, REPRO_SRC_PLACE, REPRO_SRC_OFF, src_len);
	dst = place(dst_data, REPRO_DST_PLACE, REPRO_DST_OFF, span);
	rw = src_rw + (src - src_data);
	sb = min_size(MARGIN, (size_t)(src - src_data));
	sa = min_size(MARGIN, (size_t)(src_data + data_len - src) - src_len);
	for (i = 1; i <= sb; i++)
		rw[-(long)i] = filler(-(long long)i);
	for (i = 0; i < src_len; i++)
		rw[i] = repro_src[i];
	for (i = 0; i < sa; i++)
		rw[src_len + i] = filler((long long)(src_len + i));
	before = min_size(MARGIN, (size_t)(dst - dst_data));
	win_len = before + span + min_size(MARGIN, (size_t)(dst_data + data_len - dst) - span);
	for (i = 0; i < win_len; i++)
		dst[(long)i - (long)before] = canary((long long)i - (long long)before);
	for (i = 0; i < dinit_len; i++)
		dst[i] = repro_dinit[i];          /* dest's string before the call */
	if (REPRO_MODE == 2)
		dst[span - 1] = 0;                /* the reader starts from a string */
}

/* REPRO_COUNT, or the count making dest (1) / src (2) + count that address. */
static size_t case_count(void)
{
	return (size_t)((uintptr_t)REPRO_COUNT - (REPRO_COUNT_REL == 1 ? (uintptr_t)dst :
						  REPRO_COUNT_REL == 2 ? (uintptr_t)src : 0));
}

static long long call(void)
{
	size_t count = case_count();

	if (REPRO_API == 2 || REPRO_API == 4)       /* strlcpy, strlcat */
		return (long long)((lcpy_fn)fn)((char *)dst, (const char *)src, count);
	if (REPRO_API == 3 || REPRO_API == 5 || REPRO_API == 6)  /* strncpy, strncat, stpncpy */
		return (long long)(((ncpy_fn)fn)((char *)dst, (const char *)src, count) - (char *)dst);
	if (REPRO_API == 7) {                       /* memccpy */
		unsigned char *p = ((mccpy_fn)fn)(dst, src, REPRO_CH, count);

		return p ? (long long)(p - dst) : RET_NULL;
	}
	return ((scpy_fn)fn)((char *)dst, (const char *)src, count);
}

/* The contract's byte-at-a-time reference of the case's API, into a plain
 * image of dest: after this body (repro_reference.c). */
static long long reference(unsigned char *d);

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	out->fault = (uintptr_t)si->si_addr;
	out->signo = sig;
	_exit(3);
}

#if REPRO_MODE == 1
/* Race: flip the bytes the case names between NUL and non-NUL while the
 * function copies; every call must still leave a terminated dest that
 * agrees with the return value. */
static volatile int stop;
static void *mutate(void *arg)
{
	unsigned char *rw = src_rw + (src - src_data);
	size_t at = REPRO_HOT_FROM;

	(void)arg;
	while (!stop) {
		unsigned char was = repro_src[at];

		for (int i = 0; i < 64 && !stop; i++) {
			rw[at] = 0;
			rw[at] = was ? was : 'x';
		}
		rw[at] = was;
		if (++at >= REPRO_HOT_TO)
			at = REPRO_HOT_FROM;
	}
	return NULL;
}
#endif

#if REPRO_MODE == 1 || REPRO_MODE == 3
/* The race invariants: dest terminated where the return value says. */
static int race_broken(long long ret)
{
	size_t end, i;

	if (ret == -E2BIG)
		end = span - 1;
	else if (ret >= 0 && (unsigned long long)ret < span)
		end = (size_t)ret;
	else
		return snprintf(out->why, sizeof(out->why), "returned %lld, out of range", ret), 1;
	for (i = 0; i < end && dst[i]; i++)
		;
	if (i != end || dst[end])
		return snprintf(out->why, sizeof(out->why), "returned %lld but the first NUL is at "
				"dest[%zu]", ret, i), 1;
	return 0;
}
#endif

#if REPRO_MODE == 2
/* Reader: another thread polls dest; at no moment may dest[0..count-1]
 * hold no NUL.  seq is odd while this thread sets dest up again. */
static volatile int stop;
static volatile unsigned long seq;
static void *read_dest(void *arg)
{
	(void)arg;
	while (!stop) {
		unsigned long s0 = seq;
		size_t i;

		if (s0 & 1)
			continue;
		for (i = 0; i < span && ((volatile unsigned char *)dst)[i]; i++)
			;
		if (i == span && seq == s0) {
			out->bad = 1;
			snprintf(out->why, sizeof(out->why), "a reader saw no NUL in dest[0..%d]",
				 (int)span - 1);
			stop = 1;
		}
	}
	return NULL;
}
#endif

static void child(void)
{
	struct sigaction sa = { .sa_sigaction = on_fault, .sa_flags = SA_SIGINFO };

	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
#if REPRO_MODE == 0 || REPRO_MODE == 3
	out->ret = REPRO_ONE_CALL();        /* call(), or traced_call() (the flip) */
#else
	{
		pthread_t t;
		time_t end = time(NULL) + REPRO_SECONDS;

#if REPRO_MODE == 1
		if (pthread_create(&t, NULL, mutate, NULL))
#else
		if (pthread_create(&t, NULL, read_dest, NULL))
#endif
			_exit(2);
		while (!out->bad && time(NULL) < end) {
#if REPRO_MODE == 2
			seq++;
			set_up();
			seq++;
			out->ret = call();
#else
			out->ret = call();
			out->bad = race_broken(out->ret);
#endif
			out->calls++;
		}
		stop = 1;
		pthread_join(t, NULL);
	}
#endif
	for (size_t i = 0; i < win_len; i++)
		out->win[i] = dst[(long)i - (long)before];
	out->done = 1;
	_exit(0);
}

static const char *where(uintptr_t a)
{
	uintptr_t s = (uintptr_t)src_map, d = (uintptr_t)dst_map;

	if (a >= s && a < s + page)
		return "the guard page before the source";
	if (a >= s + page + data_len && a < s + 2 * page + data_len)
		return "the guard page after the source";
	if (a >= s && a < s + 2 * page + data_len)
		return "the read-only source (a write to it)";
	if (a >= d && a < d + page)
		return "the guard page before dest";
	if (a >= d + page + data_len && a < d + 2 * page + data_len)
		return "the guard page after dest";
	return "memory outside both buffers";
}

