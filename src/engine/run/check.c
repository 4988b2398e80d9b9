/*
 * check.c - one case checked: the candidate's run, the reference's run
 * into its own image, then the judges (engine.h).
 */
#include <limits.h>
#include <stdint.h>

#include "../../../ref/ref.h"
#include "../base/mem.h"
#include "../memory/demand.h"
#include "../judge/judge.h"
#include "engine.h"
#include "engine_call.h"

void *sc_reference(enum sc_api api)
{
	static void *const refs[SC_API_COUNT] = {
		(void *)ref_strscpy, (void *)ref_strscpy_pad, (void *)ref_strlcpy, (void *)ref_strncpy,
		(void *)ref_strlcat, (void *)ref_strncat, (void *)ref_stpncpy, (void *)ref_memccpy,
	};

	return refs[(unsigned)api < SC_API_COUNT ? api : SC_STRNCPY];
}

/*
 * How many bytes from dest on the API's reference may write (ref/): the
 * string and its NUL, cut at count (strscpy, strlcpy; strlcat after
 * dest's string; memccpy up to c); count bytes (strncpy, stpncpy,
 * strscpy_pad), none when strscpy_pad refuses a count above INT_MAX;
 * strncat's dest is exactly what it writes.  Nothing before dest, nothing past the bound.
 */
static size_t ref_writes(const struct sc_case *c, const struct sc_outcome *o)
{
	uint64_t L1 = (uint64_t)sc_case_strlen(c) + 1, dlen;

	switch (c->api) {
	case SC_STRSCPY:
	case SC_STRLCPY:
		return (size_t)(L1 < o->count ? L1 : o->count);
	case SC_STRLCAT:
		/* From dest on: its string, what is appended, the NUL. */
		dlen = sc_case_dlen(c);
		return dlen >= o->count ? 0 : (size_t)(dlen + L1 < o->count ? dlen + L1 : o->count);
	case SC_MEMCCPY:
		L1 = (uint64_t)sc_case_chpos(c) + 1;
		return (size_t)(L1 < o->count ? L1 : o->count);
	case SC_STRSCPY_PAD:
		return o->count > INT_MAX ? 0 : o->dst_len;
	default:
		return o->dst_len;
	}
}

/*
 * The reference's run, with the outcome sc_run would give, at the cost of
 * what the reference writes.  The reference is trusted code that writes
 * nothing outside dest[0..count) whatever dest's address (ref/), so it
 * runs straight into its image, ref_img, with the count the arena's
 * placement gives: only the bytes it may write (ref_writes) get their
 * canaries back first, the rest of the image keeps those of the last such
 * run (a case with a count of 2^16 + 5 no longer fills and copies 64 KB
 * twice for the reference), and the candidate's image in the arena is
 * left as it is.
 */
static void run_reference(struct sc_engine *e, const struct sc_case *c)
{
	struct sc_outcome *out = &e->ref;
	unsigned char *dst;
	size_t w;

	sc_place_case(e, c, out);
	out->win = e->ref_img;
	dst = out->win + out->before;
	w = ref_writes(c, out);
	if (e->ref_ok && e->ref_before == out->before && e->ref_len >= out->win_len) {
		sc_memcpy(dst, sc_canaries(0), e->ref_dirty);
	} else {
		sc_memcpy(out->win, sc_canaries(-(int64_t)out->before), out->win_len);
		e->ref_before = out->before;
		e->ref_len = out->win_len;
	}
	/* dest's initial string (strlcat, strncat) is the reference's too. */
	sc_memcpy(dst, c->dst_init, c->dst_init_len);
	e->ref_ok = 1;
	e->ref_dirty = w > c->dst_init_len ? w : c->dst_init_len;
	sc_call_guarded(e, c, sc_reference(c->api), dst, out);
}

/* sc_judge, then the part of a huge count's dest backed on demand. */
static int judge_all(struct sc_engine *e, const struct sc_case *c, struct sc_finding *f, int max)
{
	int nf = sc_judge(c, &e->cand, &e->ref, f, max);

	if (sc_dst_is_huge(c)) {
		const unsigned char *want = e->ref.win + e->ref.before;
		const unsigned char *nul = e->ref.stop == SC_RETURNED ?
					   sc_memchr(want, 0, e->ref.dst_len) : NULL;
		int64_t end = nul ? nul - want : -1;

		/* memccpy ends at the c it copied (ref.ret is past it), not a NUL. */
		if (c->api == SC_MEMCCPY)
			end = e->ref.stop == SC_RETURNED && e->ref.ret != SC_RET_NULL ? e->ref.ret - 1 : -1;
		if (e->cand.stop == SC_RETURNED || e->cand.stop == SC_CUT)
			nf = sc_demand_judge(&e->hdst, c, &e->cand, end, f, nf, max);
		sc_demand_reset(&e->hdst);
	}
	return nf;
}

int sc_check(struct sc_engine *e, const struct sc_case *c, void *fn,
	     struct sc_finding *f, int max)
{
	/* The concurrent checks' hooks want the plain runs. */
	if (e->dest_terminated || e->before_call) {
		sc_run(e, c, fn, &e->cand);
		sc_run(e, c, sc_reference(c->api), &e->ref);
		return judge_all(e, c, f, max);
	}
	/* Judged where the call left it: the window is not copied out. */
	sc_run_in_arena(e, c, fn, &e->cand);
	e->cand.win = (unsigned char *)e->cand.dst - e->cand.before;
	run_reference(e, c);
	return judge_all(e, c, f, max);
}
