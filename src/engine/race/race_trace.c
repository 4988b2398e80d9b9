/*
 * race_trace.c - the traced checks (race_trace.h): the case list, the
 * read set, the flips and the reader's watch over stores.
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../memory/fixup.h"
#include "race.h"
#include "race_tamper.h"
#include "race_trace.h"

#define LENS 131          /* every length 0..130 */
#define KINDS 26          /* counts around each length (kind_count) */
#define ROUNDS 4          /* the list again, other alignments */
#define LONG_EVERY 16     /* every 16th case a long string (up to three pages) */
#define MAX_FLIPS 48      /* flip runs per case */
#define MAX_READS 4       /* reads kept per source byte */

uint64_t sc_trace_cases_total(void)
{
	uint64_t shortn = (uint64_t)LENS * KINDS * ROUNDS;

	return shortn + shortn / (LONG_EVERY - 1);
}

/*
 * The count of kind k for length L, most telling first: the exact fit,
 * truncation by 1, fit + 1, truncation by 2, a count far above, then the
 * rest of fit + 2..16 and truncation by 3..8.  *trunc: a truncation.
 */
static uint64_t kind_count(unsigned k, size_t L, int *trunc)
{
	static const signed char kinds[KINDS] = {
		0, -1, 1, -2, 99, 2, -3, 3, -4, 4, -5, 5, -6, 6, -7, 7, -8,
		8, 9, 10, 11, 12, 13, 14, 15, 16,
	};
	int d = kinds[k % KINDS];

	*trunc = 0;
	if (d == 99)
		return L + 1 + 4096 + (L * 7) % 64;  /* far above: past a page more */
	if (d >= 0)
		return L + 1 + (size_t)d;
	if ((size_t)-d > L)
		return L + 17 - (size_t)d;  /* no such truncation: a fit instead */
	*trunc = 1;
	return L + 1 - (size_t)-d;
}

static const unsigned dst_offs[8] = { 0, 1, 7, 8, 15, 32, 33, 63 };

void sc_trace_case(enum sc_api api, uint64_t i, struct sc_case *c)
{
	uint64_t s, round, r;
	unsigned kind, place;
	size_t L, j;
	int trunc;

	memset(c, 0, offsetof(struct sc_case, src));
	c->api = api;
	c->policy = SC_NO_LEAK;
	if (i % LONG_EVERY == LONG_EVERY - 1) {
		/* Long strings, sampled up to three pages.  The first two are
		 * a pair that crosses a page far before count: truncated by 1
		 * (case 15), then its exact fit (case 31), so a short run
		 * sees a copy whose source page ends mid-string (a word loop
		 * that stops at the page's end and goes on some other way). */
		uint64_t k = i / LONG_EVERY;

		if (k < 2) {
			L = 5000;
			kind = k ? 0 : 1;
		} else {
			L = 131 + (size_t)((k * 2749) % (3 * 4096 - 131));
			kind = (unsigned)(k % 5);
		}
		round = k;
	} else {
		/* Each round: the five most telling counts (kind 0..4) for every
		 * length, then the other 21; the kind turns fastest and the
		 * lengths are visited in a stride (37 is prime to 131), so any
		 * prefix of the list spreads over lengths and counts alike. */
		s = i - i / LONG_EVERY;
		round = s / (LENS * KINDS);
		r = s % (LENS * KINDS);
		if (r < LENS * 5) {
			kind = (unsigned)(r % 5);
			L = (size_t)((r / 5 * 37 + round * 11) % LENS);
		} else {
			r -= LENS * 5;
			kind = 5 + (unsigned)(r % (KINDS - 5));
			L = (size_t)((r / (KINDS - 5) * 37 + round * 11) % LENS);
		}
	}
	c->count = kind_count(kind, L, &trunc);
	c->src_off = (unsigned)((L * 5 + kind * 17 + round * 23) % 64);
	c->dst_off = dst_offs[(L + kind * 3 + round) % 8];
	place = (unsigned)((L + kind + round) % 5);
	if (place == 3) {
		/* the source's last byte against the guard after it */
		c->src_place = SC_AT_END;
		c->src_off = 0;
	} else if (place == 4) {
		c->src_place = SC_AT_START;
		c->src_off = 0;
		c->dst_place = SC_AT_END;
		c->dst_off = 0;
	}
	for (j = 0; j < L; j++)
		c->src[j] = (unsigned char)('a' + j % 26);
	if (trunc && (L + kind + round) % 2) {
		/* no NUL within count: src + count may be the guard */
		c->src_len = (size_t)c->count;
	} else if (trunc) {
		c->src[L] = 0;
		c->src_len = L + 1;
	} else {
		/* A fit: after the NUL a few bytes and a second NUL (the
		 * backstop), so a flipped NUL keeps a correct copy in bounds. */
		size_t tail = L % 16;

		c->src[L] = 0;
		memset(c->src + L + 1, 'z', tail);
		c->src[L + 1 + tail] = 0;
		c->src_len = L + 2 + tail;
	}
	sc_case_normalize(c);
}

size_t sc_trace_span(const struct sc_case *c)
{
	return sc_case_readable(c);
}

const char *sc_trace_where(uint64_t ip, char *buf, size_t size)
{
	Dl_info di;

	if (dladdr((void *)(uintptr_t)ip, &di) && di.dli_sname && di.dli_saddr)
		snprintf(buf, size, "%s+0x%" PRIx64, di.dli_sname, ip - (uint64_t)(uintptr_t)di.dli_saddr);
	else if (di.dli_fname && di.dli_fbase) {
		const char *base = strrchr(di.dli_fname, '/');

		snprintf(buf, size, "%s+0x%" PRIx64, base ? base + 1 : di.dli_fname,
			 ip - (uint64_t)(uintptr_t)di.dli_fbase);
	} else
		snprintf(buf, size, "0x%" PRIx64, ip);
	return buf;
}

/* The read set: each source read must lie in the pages of the bytes the
 * call may read. */
static int check_reads(const struct sc_case *c, const struct sc_outcome *o,
		       const struct sc_trace *t, size_t page, struct sc_finding *f)
{
	size_t n = sc_case_readable(c);
	uint64_t src = (uint64_t)(uintptr_t)o->src, lo = src & ~(uint64_t)(page - 1);
	uint64_t hi = n ? ((src + n - 1) & ~(uint64_t)(page - 1)) + page : lo;
	char where[160];

	for (size_t i = 0; i < t->n; i++) {
		const struct sc_access *x = &t->acc[i];
		int under;
		int64_t from = (int64_t)(x->lo - src);

		if (x->write || x->arena != 's')
			continue;
		if (n && x->lo >= lo && x->lo + x->len <= hi)
			continue;
		/* A kernel zeropad load that starts in an allowed page may run
		 * into the next one: the kernel completes it with zeros if that
		 * page is unmapped (fixup.h), so it can never fault. */
		if (n && x->lo >= lo && x->lo < hi && sc_fixup_is_zeropad((uintptr_t)x->ip))
			continue;
		under = n && x->lo < lo;
		sc_trace_where(x->ip, where, sizeof(where));
		return sc_add_finding(f, 0, 1, SC_RULE_READ_PAGES, under ? SC_UNDERREAD : SC_OVERREAD,
				      -1, "traced: %s read src%+" PRId64 "..src%+" PRId64 " (%u byte(s)), "
				      "on a page that holds none of src[0..%zd], the bytes it may read",
				      where, from, from + x->len - 1, x->len, (ssize_t)n - 1);
	}
	return 0;
}

static int check_stores(const struct sc_case *c, const struct sc_outcome *o, const struct sc_trace *t,
			struct sc_finding *f)
{
	char w1[160], w2[160];
	size_t last = (size_t)c->count - 1;

	if (t->unterminated_at >= 0) {
		const struct sc_access *x = &t->acc[t->unterminated_at];

		return sc_add_finding(f, 0, 1, SC_RULE_READER_SEES_NUL, SC_PASS, (int64_t)last,
				      "traced: after the store to dest%+" PRId64 " (%u byte(s)) by %s, "
				      "dest[0..%zu] held no NUL: a concurrent reader sees an "
				      "unterminated dest", (int64_t)(x->lo - (uint64_t)(uintptr_t)o->dst), x->len, sc_trace_where(x->ip, w1, sizeof(w1)),
				      last);
	}
	if (t->rewrite_at >= 0) {
		const struct sc_access *x = &t->acc[t->rewrite_at];

		if (t->rewrite_first == (long)UINT32_MAX)
			snprintf(w2, sizeof(w2), "the NUL it held before the call");
		else
			sc_trace_where(t->acc[t->rewrite_first].ip, w2, sizeof(w2));
		return sc_add_finding(f, 0, 1, SC_RULE_DEST_WRITTEN_ONCE, SC_PASS,
				      (int64_t)t->rewrite_byte,
				      "traced: dest[%zu] stored 0x%02x by %s, then 0x%02x by %s: a "
				      "byte written twice", t->rewrite_byte, t->rewrite_old, w2,
				      t->rewrite_new, sc_trace_where(x->ip, w1, sizeof(w1)));
	}
	return 0;
}

int sc_trace_flip(struct sc_engine *e, struct sc_trace *t, const struct sc_case *c, void *fn,
		  const struct sc_flip *fl, struct sc_finding *f, int max)
{
	unsigned char *src = sc_arena_place(&e->src, c->src_place, c->src_off, c->src_len);

	t->watch_dest = 0;
	t->trace_dest = 0;
	t->flip_read = fl->read;
	t->flip_at = src + fl->byte;
	t->flip_rw = sc_arena_rw(&e->src, src) + fl->byte;
	t->flip_to = fl->to;
	sc_trace_run(e, c, fn, t);
	t->flip_read = 0;
	return sc_judge_race(c, &e->cand, f, max);
}

/* Per source byte: its reads (indices into the trace), in order. */
static uint32_t nreads[SC_SRC_MAX + 1];
static uint32_t reads[SC_SRC_MAX + 1][MAX_READS];

static int add_flip(struct sc_flip *fl, size_t *n, const struct sc_case *c, size_t b, uint32_t read)
{
	for (size_t q = 0; q < *n; q++)
		if (fl[q].byte == b && fl[q].read == read)
			return 0;
	if (*n >= MAX_FLIPS)
		return 0;
	fl[*n].byte = (uint32_t)b;
	fl[*n].read = read;
	fl[*n].to = sc_flip_value(c->src[b]);
	(*n)++;
	return 1;
}

/*
 * Which flips to run, at most MAX_FLIPS: every read but the last of the
 * byte that decides the end (the NUL, or src[count-1]); for the other
 * bytes, grouped by the pair of reads (the same two instructions' loads)
 * and the flip's direction, the first and the last byte of each group.
 * (A vector path's overlapping loads re-read dozens of bytes per call:
 * each group's ends stand for the bytes between, whose flips differ only
 * in where the NUL lands inside the same two loads.)
 */
static size_t pick_flips(size_t span, struct sc_flip *fl, const struct sc_case *c)
{
	size_t n = 0, hot = span ? span - 1 : 0;

	if (span && nreads[hot] > 1)
		for (uint32_t j = 0; j + 1 < nreads[hot] && j + 1 < MAX_READS; j++)
			add_flip(fl, &n, c, hot, j + 1);
	for (size_t b = 0; b < span && n < MAX_FLIPS; b++) {
		for (uint32_t j = 0; j + 1 < nreads[b] && j + 1 < MAX_READS; j++) {
			int to0 = c->src[b] != 0;
			/* the group's first byte: no byte just below in the group */
			int first = b == 0 || nreads[b - 1] <= j + 1 ||
				    reads[b - 1][j] != reads[b][j] || reads[b - 1][j + 1] != reads[b][j + 1] ||
				    (c->src[b - 1] != 0) != to0;
			int last = b + 1 >= span || nreads[b + 1] <= j + 1 ||
				   reads[b + 1][j] != reads[b][j] || reads[b + 1][j + 1] != reads[b][j + 1] ||
				   (c->src[b + 1] != 0) != to0;

			if (first || last)
				add_flip(fl, &n, c, b, j + 1);
		}
	}
	return n;
}

void sc_trace_flip_text(struct sc_finding *f, const struct sc_case *c, const struct sc_flip *fl,
			uint64_t first_ip, uint64_t second_ip)
{
	char w1[128], w2[128], was[240], byte[16];
	unsigned char v = c->src[fl->byte];

	snprintf(was, sizeof(was), "%s", f->what);
	if (v >= 0x20 && v < 0x7f)
		snprintf(byte, sizeof(byte), "'%c'", v);
	else
		snprintf(byte, sizeof(byte), "0x%02x", v);
	sc_trace_where(first_ip, w1, sizeof(w1));
	if (second_ip)
		sc_trace_where(second_ip, w2, sizeof(w2));
	else
		snprintf(w2, sizeof(w2), "a later read");
	snprintf(f->what, sizeof(f->what), "traced: src[%u] (%s) made %s right after its read %u "
		 "by %.48s, read again by %.48s: ", fl->byte, byte, fl->to ? "non-NUL" : "NUL",
		 fl->read, w1, w2);
	{
		size_t at = strlen(f->what), room = sizeof(f->what) - 1 - at, k = strlen(was);

		memcpy(f->what + at, was, k < room ? k : room);
		f->what[at + (k < room ? k : room)] = 0;
	}
}

/*
 * A string over three pages: its first and last pages are traced (the
 * prologue, the page ends, the NUL and the tail: where the narrow races
 * live), the pages between run untraced (a byte loop would take 4,096
 * traced reads a page).  Likewise dest.
 */
static void skip_middle(struct sc_engine *e, const struct sc_case *c, struct sc_trace *t)
{
	size_t page = e->src.page, span = sc_trace_span(c), n = sc_case_dst_len(c);
	uintptr_t s = (uintptr_t)sc_arena_place(&e->src, c->src_place, c->src_off, c->src_len);
	uintptr_t d = (uintptr_t)sc_arena_place(&e->dst, c->dst_place, c->dst_off, n);
	uintptr_t lo, hi;

	t->skip_src_len = t->skip_dst_len = 0;
	lo = (s & ~(uintptr_t)(page - 1)) + page;
	hi = span ? (s + span - 1) & ~(uintptr_t)(page - 1) : 0;
	if (hi > lo) {
		t->skip_src = (const unsigned char *)lo;
		t->skip_src_len = hi - lo;
	}
	lo = (d & ~(uintptr_t)(page - 1)) + page;
	hi = n ? (d + n - 1) & ~(uintptr_t)(page - 1) : 0;
	if (hi > lo) {
		t->skip_dst = (const unsigned char *)lo;
		t->skip_dst_len = hi - lo;
	}
}

/* The flip runs' trace (the case's own stays in the caller's). */
static struct sc_trace ft;

int sc_trace_check(struct sc_engine *e, struct sc_trace *t, const struct sc_case *c, void *fn,
		   int reader, struct sc_traced *r)
{
	static struct sc_flip fl[MAX_FLIPS];
	size_t span = sc_trace_span(c), nfl;
	uint64_t src;

	r->nf = 0;
	r->ordinary = 0;
	r->flip.read = 0;
	t->watch_dest = reader;
	t->trace_dest = reader;
	t->flip_read = 0;
	skip_middle(e, c, t);
	sc_trace_run(e, c, fn, t);
	t->skip_src_len = t->skip_dst_len = 0;
	r->runs++;
	r->accesses += t->n;
	r->cut |= t->cut;
	/* The ordinary rules first (the reference started the same way). */
	e->dest_terminated = reader;
	sc_run(e, c, sc_reference(c->api), &e->ref);
	e->dest_terminated = 0;
	if ((r->nf = sc_judge(c, &e->cand, &e->ref, r->f, 4)) != 0) {
		r->ordinary = 1;
		return r->nf;
	}
	if ((r->nf = check_reads(c, &e->cand, t, e->src.page, r->f)) != 0)
		return r->nf;
	if ((r->nf = sc_trace_tampered(e, c, t, r->f, 4)) != 0)  /* race_tamper.c: tamper's */
		return r->nf;
	if (reader && (r->nf = check_stores(c, &e->cand, t, r->f)) != 0)
		return r->nf;
	if (!sc_race_applies(c->api))
		return 0;
	/* Each byte's reads. */
	src = (uint64_t)(uintptr_t)e->cand.src;
	memset(nreads, 0, span * sizeof(nreads[0]));
	for (size_t i = 0; i < t->n; i++) {
		const struct sc_access *x = &t->acc[i];
		uint64_t lo = x->lo > src ? x->lo - src : 0, hi = x->lo + x->len - src;

		if (x->write || x->arena != 's' || x->lo + x->len <= src)
			continue;
		for (uint64_t b = lo; b < hi && b < span; b++)
			if (nreads[b] < MAX_READS)
				reads[b][nreads[b]++] = (uint32_t)i;
			else
				nreads[b]++;
	}
	nfl = pick_flips(span, fl, c);
	if (nfl && !ft.acc && sc_trace_init(&ft) != 0)
		return 0;
	for (size_t k = 0; k < nfl; k++) {
		size_t b = fl[k].byte;
		uint32_t j = fl[k].read;  /* the flip's read is reads[b][j-1], the next reads[b][j] */

		r->flips++;
		r->runs++;
		r->nf = sc_trace_flip(e, &ft, c, fn, &fl[k], r->f, 4);
		r->accesses += ft.n;
		fl[k].step = (uint32_t)ft.n;
		if (r->nf) {
			for (int q = 0; q < r->nf; q++)
				sc_trace_flip_text(&r->f[q], c, &fl[k], t->acc[reads[b][j - 1]].ip,
					      j < MAX_READS && j < nreads[b] ? t->acc[reads[b][j]].ip : 0);
			r->flip = fl[k];
			return r->nf;
		}
	}
	return 0;
}
