/*
 * race_trace.c - the traced checks (race_trace.h): the read set, the
 * flips (chosen by race_flips.c) and the reader's watch over stores.  The
 * case list is race_plan.c's.
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../base/bytes.h"
#include "../memory/fixup.h"
#include "race.h"
#include "traced/race_flips.h"
#include "traced/race_place.h"
#include "traced/race_tamper.h"
#include "race_trace.h"

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

const char *sc_trace_actor(const struct sc_access *x, char *buf, size_t size)
{
	char at[128];

	if (!(x->flags & SC_ACC_KERNEL))
		return sc_trace_where(x->ip, buf, size);
	snprintf(buf, size, "the kernel in %s() (the system call at %s)", sc_trace_sys_name(x->sys),
		 sc_trace_where(x->ip, at, sizeof(at)));
	return buf;
}

/* Outside the pages it may read: the read-set rule's test. */
static int outside(const struct sc_access *x, uint64_t lo, uint64_t hi, size_t n)
{
	if (x->write || x->arena != 's')
		return 0;
	if (n && x->lo >= lo && x->lo + x->len <= hi)
		return 0;
	/* A kernel zeropad load that starts in an allowed page may run into
	 * the next one: the kernel completes it with zeros if that page is
	 * unmapped (fixup.h), so it can never fault. */
	return !(n && x->lo >= lo && x->lo < hi && sc_fixup_is_zeropad((uintptr_t)x->ip));
}

/* The read set: each source read must lie in the pages of the bytes the
 * call may read.  Where the kernel made the first such read (a system call
 * handed a pointer there), the candidate's own first read outside is named
 * too. */
static int check_reads(const struct sc_case *c, const struct sc_outcome *o,
		       const struct sc_trace *t, size_t page, struct sc_finding *f)
{
	size_t n = sc_case_readable(c);
	uint64_t src = (uint64_t)(uintptr_t)o->src, lo = src & ~(uint64_t)(page - 1);
	uint64_t hi = n ? ((src + n - 1) & ~(uint64_t)(page - 1)) + page : lo;
	char where[160];

	for (size_t i = 0; i < t->n; i++) {
		const struct sc_access *x = &t->acc[i];
		int64_t from = (int64_t)(x->lo - src);
		char own[200] = "";

		if (!outside(x, lo, hi, n))
			continue;
		for (size_t j = i + 1; (x->flags & SC_ACC_KERNEL) && j < t->n; j++) {
			const struct sc_access *y = &t->acc[j];

			if (!(y->flags & SC_ACC_KERNEL) && outside(y, lo, hi, n)) {
				char w[128];

				snprintf(own, sizeof(own), "; then %s read src%+" PRId64 "..src%+" PRId64,
					 sc_trace_where(y->ip, w, sizeof(w)), (int64_t)(y->lo - src),
					 (int64_t)(y->lo - src) + y->len - 1);
				break;
			}
		}
		return sc_add_finding(f, 0, 1, SC_RULE_READ_PAGES, n && x->lo < lo ? SC_UNDERREAD :
				      SC_OVERREAD, -1, "traced: %s read src%+" PRId64 "..src%+" PRId64
				      " (%u byte%s), on a page that holds none of src[0..%zd], the bytes it "
				      "may read%s", sc_trace_actor(x, where, sizeof(where)), from,
				      from + x->len - 1, x->len, SC_PL(x->len), (ssize_t)n - 1, own);
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
	t->reads_only = 0;
	t->flip_read = fl->read;
	t->flip_at = src + fl->byte;
	t->flip_rw = sc_arena_rw(&e->src, src) + fl->byte;
	t->flip_to = fl->to;
	sc_trace_run(e, c, fn, t);
	t->flip_read = 0;
	return sc_judge_race(c, &e->cand, f, max);
}

void sc_trace_flip_text(struct sc_finding *f, const struct sc_case *c, const struct sc_flip *fl,
			const struct sc_access *first, const struct sc_access *second)
{
	char w1[128], w2[128], was[sizeof(f->what)], byte[16];
	unsigned char v = c->src[fl->byte];

	snprintf(was, sizeof(was), "%s", f->what);
	if (v >= 0x20 && v < 0x7f)
		snprintf(byte, sizeof(byte), "'%c'", v);
	else
		snprintf(byte, sizeof(byte), "0x%02x", v);
	if (first)
		sc_trace_actor(first, w1, sizeof(w1));
	else
		snprintf(w1, sizeof(w1), "?");
	if (second)
		sc_trace_actor(second, w2, sizeof(w2));
	else
		snprintf(w2, sizeof(w2), "a later read");
	snprintf(f->what, sizeof(f->what), "traced: src[%u] (%s) made %s right after its read %u "
		 "by %.72s, read again by %.72s: ", fl->byte, byte, fl->to ? "non-NUL" : "NUL",
		 fl->read, w1, w2);
	{
		size_t at = strlen(f->what), room = sizeof(f->what) - 1 - at, k = strlen(was);

		memcpy(f->what + at, was, k < room ? k : room);
		f->what[at + (k < room ? k : room)] = 0;
	}
}

/*
 * The read set only (an API without a race promise, no reader): the pages
 * the call may read stay readable and cost nothing; every other page of
 * the source arena stays closed, so a read there faults and is recorded
 * as before, and check_reads judges it by the same rule.
 */
static void allow_reads(struct sc_engine *e, const struct sc_case *c, struct sc_trace *t)
{
	size_t n = sc_case_readable(c), page = e->src.page;
	uintptr_t s = (uintptr_t)sc_arena_place(&e->src, c->src_place, c->src_off, c->src_len);
	uintptr_t lo = s & ~(uintptr_t)(page - 1), hi = n ? ((s + n - 1) & ~(uintptr_t)(page - 1)) + page : lo;

	t->skip_src = (const unsigned char *)lo;
	t->skip_src_len = hi - lo;
}

/* The flip runs' trace (the case's own stays in the caller's). */
static struct sc_trace ft;

int sc_trace_check(struct sc_engine *e, struct sc_trace *t, const struct sc_case *c, void *fn,
		   int reader, struct sc_traced *r)
{
	static struct sc_flip fl[SC_FLIPS_MAX];
	size_t span = sc_trace_span(c), nfl, wanted;

	r->nf = 0;
	r->ordinary = 0;
	r->flip.read = 0;
	r->case_bounded = 0;
	t->watch_dest = reader;
	t->trace_dest = reader;
	t->flip_read = 0;
	t->reads_only = !reader && !sc_race_applies(c->api);
	if (t->reads_only)
		allow_reads(e, c, t);
	sc_trace_run(e, c, fn, t);
	t->skip_src_len = t->skip_dst_len = 0;
	r->runs++;
	r->accesses += t->n;
	r->faults += t->faults;
	if (t->reads_only)
		r->reads_only++;
	if (t->cut) {
		/* more accesses than the tracer keeps: the rest went unseen */
		r->cut++;
		r->case_bounded = 1;
	}
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
	/* The flips only where the contract promises race robustness. */
	if (!sc_race_applies(c->api))
		return 0;
	if (sc_flips_index(t, (uint64_t)(uintptr_t)e->cand.src, span) != 0)
		return 0;
	nfl = sc_flips_pick(t, c, (uint64_t)(uintptr_t)e->cand.src, span, fl, &wanted);
	if (wanted > nfl) {
		r->unrun += wanted - nfl;
		r->case_bounded = 1;
	}
	if (nfl && !ft.acc && sc_trace_init(&ft) != 0)
		return 0;
	for (size_t k = 0; k < nfl; k++) {
		size_t b = fl[k].byte;
		uint32_t j = fl[k].read;  /* the flip's read is read j-1 (0-based), the next read j */

		r->flips++;
		r->runs++;
		/* At other addresses, after a call with other arguments: no
		 * flip run repeats the call before it (race_place.h). */
		sc_flip_decoy(e, c, fn, (unsigned)k);
		r->nf = sc_trace_flip(e, &ft, sc_flip_placed(e, c, (unsigned)k), fn, &fl[k], r->f, 4);
		r->accesses += ft.n;
		r->faults += ft.faults;
		fl[k].step = (uint32_t)ft.n;
		if (r->nf) {
			for (int q = 0; q < r->nf; q++)
				sc_trace_flip_text(&r->f[q], c, &fl[k], &t->acc[sc_flips_read(b, j - 1)],
					      j < sc_flips_nreads(b) ? &t->acc[sc_flips_read(b, j)] : NULL);
			r->flip = fl[k];
			return r->nf;
		}
	}
	return 0;
}
