/*
 * race_plan.c - the traced plan (race_trace.h, docs/race.md "The traced
 * plan"): a fixed list of cases, the same on every machine and load, run
 * whole.  Its sections follow the paths real implementations choose by
 * length, count and alignment; each section says why it is there.
 */
#include <string.h>

#include "sampled/race_content.h"
#include "race_trace.h"

#define PAGE 4096u

/* The sections, in the list's order. */
enum { S_LONG, S_LENGTHS, S_ALIGN, S_COUNTS, S_FIT, S_PAGE, S_ENDS, S_BIG, S_COALIGN, S_ZONE,
       S_N };

/* A long string: a page-crossing word loop that stops at the source's page
 * end thousands of bytes before count (5,000 truncated by 1 and its exact
 * fit first), three pages and more, every page traced. */
static const struct { unsigned len; int d; } longs[] = {
	{ 5000, -1 }, { 5000, 0 }, { 12300, -1 }, { 12300, 0 }, { 9000, 100 },
	{ 6000, -8 }, { 20000, 0 }, { 20000, -1 },
};
#define N_LONG (sizeof(longs) / sizeof(longs[0]))

/* Lengths 0..130 (a byte head, one and two words, a 16/32/64-byte vector
 * and its tail, a 128-byte unrolled loop), each with the five most telling
 * counts (exact fit, truncation by 1, fit + 1, truncation by 2, a page
 * above) and two of the 21 others in turn (fit + 2..16, truncation 3..8):
 * every tail residue of a word and a vector at both ends. */
#define LENS 131
#define PER_LEN 7
static const signed char kinds[26] = {
	0, -1, 1, -2, 99, 2, -3, 3, -4, 4, -5, 5, -6, 6, -7, 7, -8,
	8, 9, 10, 11, 12, 13, 14, 15, 16,
};

/* Every source and dest offset pair modulo 16 (co-aligned or not: which
 * head, which loop, which tail a mutual-alignment table picks), each with a
 * short fit (24..31: head, a word or two, tail) and a truncated 72..87
 * (the vector loop), the 64-byte alignment turning too. */
#define N_ALIGN (256 * 2)

/* Counts that select other paths: powers of two and their neighbours up
 * to 4,096 (a small-count path, a count-band medium path, a page-sized
 * one), each with an exact fit, fit + 1, truncation by 1 (no NUL within
 * count), a longer truncated string and a short string far below count. */
static const unsigned pow_counts[] = {
	1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
	255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 3000,
	4095, 4096, 4097,
};
#define N_POW (sizeof(pow_counts) / sizeof(pow_counts[0]))
#define PER_POW 5

/* Fit counts of every kind up to a page above the length (and strscpy_pad's
 * padding paths: a byte loop, rep stosb, vector stores, memset of pages). */
static const unsigned fit_above[] = {
	17, 24, 31, 32, 33, 48, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257, 511,
	512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3000, 4095, 4096, 4097,
	8200,
};
static const unsigned fit_lens[] = { 0, 5, 17, 40, 100 };
#define N_FITA (sizeof(fit_above) / sizeof(fit_above[0]))
#define N_FIT (N_FITA * (sizeof(fit_lens) / sizeof(fit_lens[0])))

/* Medium strings that start 1..64 bytes before a page boundary (a page-
 * crossing prologue, a loop that checks the page end), about a page long
 * for every start, about two pages for every fourth; alternately an exact
 * fit, truncated by 1 (src + count on the guard), a fit far below count. */
#define N_PAGE (64 + 16)

/* Short strings whose NUL (or src[count-1]) lies 1..64 bytes before the end
 * of a page followed by a mapped page (bytes after the NUL fill it): a
 * vector load that runs past the string onto that page reads a page the
 * call may not read, and no guard page shows it; only the read set does. */
#define N_ENDS 64

/* Counts far above a page (8 KiB to 1 MiB, not only near powers of two).
 * Truncations of strings of 8 to 24 KiB, dest flush against its guard (so
 * dest + count lies on a 64-byte line: a big-count or streaming path) with
 * the source at each offset modulo 8 (a word loop reaches count at every
 * residue), and once away from the guard; then short strings and long ones
 * padded far below count (the padding paths after a long string), for
 * strscpy_pad too (above SC_COUNT_MAX its dest is backed on demand past
 * the first page, which alone the reader's watch records). */
static const unsigned big_trunc[] = { 8200, 12345, 16448, 24640 };
#define N_BIG_TRUNC (sizeof(big_trunc) / sizeof(big_trunc[0]) * 9)
static const struct { unsigned len; unsigned count; } big_fit[] = {
	{ 40, 20000 }, { 40, 65600 }, { 100, 300007 }, { 17, 1048583 },
	{ 5000, 9000 }, { 9000, 12000 }, { 12300, 30000 }, { 20000, 28672 },
};
#define N_BIG (N_BIG_TRUNC + sizeof(big_fit) / sizeof(big_fit[0]))

/* Source and dest co-aligned modulo 64, every residue, at counts that
 * select a vector or cache-line loop (256 and more): a fit of 300..363
 * bytes and a truncation of a longer one. */
#define N_COALIGN (64 * 2)

/* The NUL (or src[count-1]) anywhere in the last 256 bytes of a page that
 * the page ends section does not reach (65..256 bytes before the page
 * end), the next page mapped: a path for the last 256 bytes of a page. */
#define ZONE_LO 65
#define ZONE_HI 256
#define N_ZONE (ZONE_HI - ZONE_LO + 1)

static const uint64_t sizes[S_N] = {
	N_LONG, LENS * PER_LEN, N_ALIGN, N_POW * PER_POW, N_FIT, N_PAGE, N_ENDS, N_BIG,
	N_COALIGN, N_ZONE,
};

uint64_t sc_trace_cases_total(void)
{
	uint64_t n = 0;

	for (int s = 0; s < S_N; s++)
		n += sizes[s];
	return n;
}

const char *sc_trace_section(uint64_t i)
{
	static const char *const names[S_N] = {
		"long strings", "lengths 0..130", "offset pairs", "path counts",
		"fit counts", "page crossings", "page ends", "big counts", "co-aligned",
		"page-end zone",
	};

	for (int s = 0; s < S_N; s++) {
		if (i < sizes[s])
			return names[s];
		i -= sizes[s];
	}
	return "past the end";
}

/* The content of the case being made: its number in the list picks the
 * kind (race_content.h), so every section meets every kind. */
static uint64_t content_key;

/*
 * Fill c with a string of length L (content_key's kind), then for a fit
 * (d >= 0) its NUL, `tail` bytes and a second NUL (the backstop: a flipped NUL keeps a
 * correct copy in bounds), count L + 1 + d; for a truncation (d < 0)
 * count L + 1 + d, with a NUL after the string, or (bare) none at all:
 * src_len = count.
 */
static void make(struct sc_case *c, size_t L, long d, size_t tail, int bare)
{
	sc_race_fill(c->src, L, content_key);
	if (d < 0 && (size_t)-d > L)
		d = 17 - d;  /* no such truncation: a fit instead */
	c->count = L + 1 + (uint64_t)d;
	if (d < 0 && bare) {
		c->src_len = (size_t)c->count;
	} else if (d < 0) {
		c->src[L] = 0;
		c->src_len = L + 1;
	} else {
		c->src[L] = 0;
		memset(c->src + L + 1, 'z', tail);
		c->src[L + 1 + tail] = 0;
		c->src_len = L + 2 + tail;
	}
}

/* Every fifth case flush against a guard: the source's last byte, or dest's. */
static void place(struct sc_case *c, unsigned k)
{
	if (k % 5 == 3) {
		c->src_place = SC_AT_END;
		c->src_off = 0;
	} else if (k % 5 == 4) {
		c->src_place = SC_AT_START;
		c->src_off = 0;
		c->dst_place = SC_AT_END;
		c->dst_off = 0;
	}
}

static void lengths(struct sc_case *c, uint64_t i)
{
	size_t L = (size_t)(i / PER_LEN);
	unsigned j = (unsigned)(i % PER_LEN);
	unsigned k = j < 5 ? j : 5 + (unsigned)((L * 2 + (j - 5)) % 21);
	int d = kinds[k];

	make(c, L, d == 99 ? (long)(PAGE + (L * 7) % 64) : d, L % 16, (unsigned)(L + k) % 2);
	c->src_off = (unsigned)((L * 5 + k * 17) % 64);
	c->dst_off = (unsigned)((L * 3 + k * 11 + 1) % 64);
	place(c, (unsigned)(L + k));
}

static void align(struct sc_case *c, uint64_t i)
{
	unsigned p = (unsigned)(i / 2), s = p / 16, t = p % 16;

	if (i % 2 == 0)
		make(c, 24 + p % 8, 0, p % 9, 0);
	else
		make(c, 72 + p % 16, -3, 0, p % 3 == 0);
	c->src_off = s + 16 * ((p / 7 + (unsigned)i) % 4);
	c->dst_off = t + 16 * ((p / 5) % 4);
}

static void counts(struct sc_case *c, uint64_t i)
{
	size_t n = pow_counts[i / PER_POW];
	unsigned j = (unsigned)(i % PER_POW);

	switch (j) {
	case 0: make(c, n - 1, 0, n % 16, 0); break;        /* exact fit */
	case 1: make(c, n > 1 ? n - 2 : 0, n > 1 ? 1 : 0, 3, 0); break;
	case 2: make(c, n, -1, 0, 1); break;                 /* truncated by 1 */
	case 3: make(c, n + 9, -10, 0, 0); break;            /* a longer string */
	default: make(c, n / 2, (long)(n - n / 2 - 1), 5, 0); break;
	}
	c->count = n;
	c->src_off = (unsigned)((i * 13) % 64);
	c->dst_off = (unsigned)((i * 29 + 3) % 64);
	place(c, (unsigned)i);
}

static void fits(struct sc_case *c, uint64_t i)
{
	size_t L = fit_lens[i / N_FITA];
	unsigned d = fit_above[i % N_FITA];

	make(c, L, (long)d, (L + d) % 16, 0);
	c->src_off = (unsigned)((i * 7) % 64);
	c->dst_off = (unsigned)((i * 19 + 5) % 64);
	place(c, (unsigned)i + 1);
}

/* The string starts j bytes before a page end: placed flush against the
 * arena's end, src_len + src_off = j modulo the page. */
static void page_cross(struct sc_case *c, uint64_t i)
{
	unsigned j = i < 64 ? (unsigned)i + 1 : 1 + (unsigned)(i - 64) * 4;
	size_t total = (i < 64 ? PAGE : 2 * PAGE) + j, off = (j * 7) % 8;

	switch (i % 3) {
	case 0: make(c, total - off - 6, 0, 4, 0); break;       /* exact fit */
	case 1: make(c, total - off, -1, 0, 1); break;          /* truncated by 1 */
	default: make(c, total - off - 6, 200, 4, 0); break;    /* count far above */
	}
	c->src_place = SC_AT_END;
	c->src_off = (unsigned)off;
	c->dst_off = (unsigned)((i * 37) % 64);
	if (i % 4 == 1) {
		/* dest crossing a page too: flush against its guard */
		c->dst_place = SC_AT_END;
		c->dst_off = 0;
	}
}

/* The NUL e bytes before a page boundary that is not the arena's end: the
 * source flush against its guard, its last 4,096 + e - 2 bytes after the
 * NUL ('z's and the backstop). */
static void page_end_at(struct sc_case *c, uint64_t i, unsigned e)
{
	size_t L = 16 + (e * 5) % 48;

	make(c, L, i % 2 ? 200 : 0, PAGE + e - 2, 0);
	if (i % 4 == 3)
		c->count = L;  /* truncated by 1: src[count-1] e + 1 bytes before it */
	c->src_place = SC_AT_END;
	c->src_off = 0;
	c->dst_off = (unsigned)((i * 11) % 64);
}

static void page_end(struct sc_case *c, uint64_t i)
{
	page_end_at(c, i, (unsigned)i + 1);
}

static void big(struct sc_case *c, uint64_t i)
{
	size_t L;
	uint64_t n;

	if (i < N_BIG_TRUNC) {
		unsigned k = (unsigned)(i % 9);

		n = big_trunc[i / 9];
		L = n + 100;
		make(c, L, (long)n - (long)L - 1, 0, k % 2);  /* truncated */
		c->src_off = k < 8 ? k + 8 * (unsigned)(i / 9) : 37;
		if (k < 8) {
			c->dst_place = SC_AT_END;  /* dest + count on a page: on a 64-byte line */
			c->dst_off = 0;
		} else {
			c->dst_off = 19;
		}
		return;
	}
	i -= N_BIG_TRUNC;
	L = big_fit[i].len;
	n = big_fit[i].count;
	make(c, L, (long)(n - L - 1), 5, 0);
	c->src_off = (unsigned)((i * 23) % 64);
	c->dst_off = (unsigned)((i * 13 + 7) % 64);
}

static void coalign(struct sc_case *c, uint64_t i)
{
	unsigned r = (unsigned)(i / 2);

	if (i % 2 == 0)
		make(c, 300 + r, (long)(256 + r % 5), 3, 0);
	else
		make(c, 600 + r, -(long)(200 + r), 0, r % 3 == 0);
	c->src_off = r;
	c->dst_off = r;
}

void sc_trace_case(enum sc_api api, uint64_t i, struct sc_case *c)
{
	int s;

	memset(c, 0, offsetof(struct sc_case, src));
	c->api = api;
	c->policy = SC_NO_LEAK;
	i %= sc_trace_cases_total();  /* past the end: the list again */
	content_key = i;
	for (s = 0; s < S_N && i >= sizes[s]; s++)
		i -= sizes[s];
	switch (s) {
	case S_LONG:
		make(c, longs[i].len, longs[i].d, 7, 1);
		c->src_off = (unsigned)(i * 9 % 64);
		c->dst_off = (unsigned)(i * 5 % 64);
		break;
	case S_LENGTHS: lengths(c, i); break;
	case S_ALIGN: align(c, i); break;
	case S_COUNTS: counts(c, i); break;
	case S_FIT: fits(c, i); break;
	case S_PAGE: page_cross(c, i); break;
	case S_ENDS: page_end(c, i); break;
	case S_BIG: big(c, i); break;
	case S_COALIGN: coalign(c, i); break;
	default: page_end_at(c, i, ZONE_LO + (unsigned)i); break;
	}
	/* strlcat's size holds dest's string too; strncat appends to one;
	 * memccpy stops at the NUL (c = 0), as the others do. */
	if (sc_api_appends(api)) {
		size_t k = (size_t)(i % 5);

		memset(c->dst_init, 'A', k);
		c->dst_init[k] = 0;
		c->dst_init_len = k + 1;
		if (api == SC_STRLCAT)
			c->count += k;
	}
	sc_case_normalize(c);
}
