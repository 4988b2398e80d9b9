/*
 * judge.c - the contract rules applied to one call's outcome: against the
 * reference's outcome (sc_judge), or, in the race check, against the
 * invariants alone (sc_judge_race).  Pure functions; no call into the
 * runner, so the runner can call them (engine.c -> judge.c, not back).
 */
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../base/bytes.h"
#include "../memory/canary.h"
#include "judge.h"
#include "../base/mem.h"

/* A call that did not return (fault, hang, signal): its one finding. */
static int judge_stop(const struct sc_case *c, const struct sc_outcome *o,
		      struct sc_finding *f, int max)
{
	char where[200];
	enum sc_class cls = SC_CRASH;

	if (o->stop == SC_HUNG)
		return sc_add_finding(f, 0, max, SC_RULE_RETURNS, SC_HANG, -1,
			   "the call did not return within the time limit");
	if (o->stop == SC_SIGNALLED)
		return sc_add_finding(f, 0, max, SC_RULE_RETURNS, SC_CRASH, -1,
				      "the call raised %s (signal %d)",
			   strsignal(o->signo), o->signo);

	sc_describe_fault(c, o, where, sizeof(where));
	if (o->fault_arena == 's')
		cls = o->fault_region == SC_GUARD_BEFORE ? SC_UNDERREAD :
		      o->fault_region == SC_GUARD_AFTER ? SC_OVERREAD : SC_SRC_WRITE;
	else if (o->fault_arena == 'd' && o->access == 'r')
		/* The concatenations read dest: past it (strlcat's size) or before. */
		cls = o->fault_region == SC_GUARD_BEFORE ? SC_UNDERREAD : SC_OVERREAD;
	else if (o->fault_arena == 'd')
		cls = o->fault_region == SC_GUARD_BEFORE ? SC_UNDERWRITE : SC_OVERWRITE;
	return sc_add_finding(f, 0, max, SC_RULE_NO_FAULT, cls, -1, "faulted: %s", where);
}

/* Bytes outside dest[0..dst_len-1] must still hold their canaries. */
static int judge_margins(const struct sc_outcome *o, int strncat_dest, struct sc_finding *f,
			 int n, int max)
{
	int64_t first_before = 0, first_after = -1;
	size_t hits_before = 0, hits_after = 0, i;
	size_t after = o->before + o->dst_len;

	/* The common case, both margins intact, at memcmp speed. */
	if (sc_memcmp(o->win, sc_canaries(-(int64_t)o->before), o->before) == 0 &&
	    sc_memcmp(o->win + after, sc_canaries((int64_t)o->dst_len), o->win_len - after) == 0)
		return n;
	for (i = 0; i < o->before; i++) {
		int64_t k = (int64_t)i - (int64_t)o->before;

		if (o->win[i] != sc_canary(k)) {
			if (!hits_before++)
				first_before = k;
		}
	}
	for (i = o->before + o->dst_len; i < o->win_len; i++) {
		int64_t k = (int64_t)i - (int64_t)o->before;

		if (o->win[i] != sc_canary(k)) {
			if (!hits_after++)
				first_after = k;
		}
	}
	if (hits_before)
		n = sc_add_finding(f, n, max, SC_RULE_NO_WRITE_BEFORE_DEST, SC_PASS, first_before,
			"wrote %zu byte%s before dest, the first at dest%+" PRId64,
			hits_before, SC_PL(hits_before), first_before);
	if (hits_after && strncat_dest)
		n = sc_add_finding(f, n, max, SC_RULE_NO_WRITE_PAST_COUNT, SC_PASS, first_after,
			"wrote %zu byte%s past the NUL it appends (dest+%zu), the first at "
			"dest+%" PRId64, hits_after, SC_PL(hits_after), o->dst_len - 1, first_after);
	else if (hits_after)
		n = sc_add_finding(f, n, max, SC_RULE_NO_WRITE_PAST_COUNT, SC_PASS, first_after,
			"wrote %zu byte%s at or past dest+count, the first at dest+count+%" PRId64,
			hits_after, SC_PL(hits_after), first_after - (int64_t)o->dst_len);
	return n;
}

int sc_judge_begin(const struct sc_case *c, const struct sc_outcome *o,
		   struct sc_finding *f, int max, int *nf)
{
	*nf = 0;
	if (max <= 0)
		return 0;
	if (o->stop == SC_CUT) {
		/* Cut where dest stops being backed: not a defect of its own; the
		 * margins here, its writes after the NUL by judge_demand.c. */
		*nf = judge_margins(o, c->api == SC_STRNCAT, f, 0, max);
		return 0;
	}
	if (o->stop != SC_RETURNED) {
		*nf = judge_stop(c, o, f, max);
		return 0;
	}
	*nf = judge_margins(o, c->api == SC_STRNCAT, f, 0, max);
	return 1;
}

static int dest_untouched(const struct sc_outcome *o)
{
	return sc_memcmp(o->win + o->before, sc_canaries(0), o->dst_len) == 0;
}

/*
 * A call cut where dest stops being backed (memory/demand.h) never
 * returned, but every byte it wrote before the reference's NUL is judged:
 * a byte written there (no longer its canary) must be the reference's, or
 * a candidate could copy wrong bytes and then write far into dest, inside
 * count, to be cut before the judge sees them (docs/tamper.md).  Bytes not
 * yet written are not judged (the call did not get to them), nor zeros: a
 * correct strncpy may zero dest first and copy after.
 */
static int judge_cut(const struct sc_outcome *cand, const struct sc_outcome *ref,
		     struct sc_finding *f, int nf, int max)
{
	const unsigned char *got = cand->win + cand->before, *was = sc_canaries(0);
	const unsigned char *want = ref->win + ref->before, *nul;
	size_t t, diffs = 0, i;
	int64_t d = -1;

	if (ref->stop != SC_RETURNED || !(nul = sc_memchr(want, 0, ref->dst_len)))
		return nf;
	t = (size_t)(nul - want);
	if (t > cand->dst_len)
		t = cand->dst_len;
	for (i = 0; i < t; i++)
		if (got[i] != want[i] && got[i] != was[i] && got[i] != 0 && !diffs++)
			d = (int64_t)i;
	if (d < 0)
		return nf;
	return sc_add_finding(f, nf, max, SC_RULE_COPIED_BYTES, SC_PASS, d,
			      "dest[%" PRId64 "] = 0x%02x, expected 0x%02x (%zu byte%s differ%s before "
			      "the NUL), written before the call was cut where strcheck stops "
			      "backing dest", d, got[d], want[d], diffs, SC_PL(diffs),
			      diffs == 1 ? "s" : "");
}

int sc_judge(const struct sc_case *c, const struct sc_outcome *cand,
	     const struct sc_outcome *ref, struct sc_finding *f, int max)
{
	const unsigned char *got = cand->win + cand->before;
	const unsigned char *want = ref->win + ref->before;
	size_t n = cand->dst_len, diffs, i, dlen;
	const unsigned char *nul;
	int64_t t, d;
	int nf;

	if (!sc_judge_begin(c, cand, f, max, &nf))
		return cand->stop == SC_CUT ? judge_cut(cand, ref, f, nf, max) : nf;

	/* strscpy may refuse a count above INT_MAX outright (docs/contract.md,
	 * "Huge counts"; docs/counts.md); a count below it must be copied. */
	if (sc_judge_exact(c)) {
		if (cand->ret != ref->ret)
			nf = sc_judge_return(c, cand, ref, f, nf, max);
		return sc_judge_image(c, cand, ref, f, nf, max);
	}
	if (c->api == SC_STRSCPY && cand->count > INT_MAX && cand->ret == -E2BIG &&
	    dest_untouched(cand))
		return nf;
	/* Where the reference writes nothing (strscpy_pad refuses a count
	 * above INT_MAX), the candidate must not write either: a refusal after
	 * a partial copy, e.g. of a count cut to 32 bits, is a defect. */
	if ((c->api == SC_STRSCPY || c->api == SC_STRSCPY_PAD || c->api == SC_STRLCPY) &&
	    ref->ret == -E2BIG && dest_untouched(ref)) {
		d = sc_first_diff(got, want, 0, n, &diffs);
		if (d >= 0)
			nf = sc_add_finding(f, nf, max, SC_RULE_HUGE_COUNT_WRITES_NOTHING, SC_PASS,
					    d, "dest[%" PRId64 "] = 0x%02x, expected it untouched: a "
					    "count above INT_MAX is refused without writing (%zu "
					    "byte%s written)", d, got[d], diffs, SC_PL(diffs));
	}

	if (cand->ret != ref->ret)
		nf = sc_judge_return(c, cand, ref, f, nf, max);

	/* strscpy, strscpy_pad, strlcpy, strlcat: the reference wrote exactly
	 * one NUL at t and copied no NUL before it (strlcat: after dest's
	 * string, dest[0..dlen-1], which it keeps). */
	nul = sc_memchr(want, 0, n);
	if (!nul)
		return nf;
	t = nul - want;
	if (got[t] != 0)
		nf = sc_add_finding(f, nf, max, SC_RULE_NUL_TERMINATED, SC_PASS, t,
			 "dest[%" PRId64 "] = 0x%02x, expected the NUL there", t, got[t]);
	dlen = c->api == SC_STRLCAT ? sc_case_dlen(c) : 0;
	d = sc_first_diff(got, want, 0, dlen, &diffs);
	if (d >= 0)
		nf = sc_add_finding(f, nf, max, SC_RULE_DEST_STRING_KEPT, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected 0x%02x, dest's string before the call "
			 "(%zu of its %zu byte%s changed)", d, got[d], want[d], diffs, dlen, SC_PL(dlen));
	d = sc_first_diff(got, want, dlen, (size_t)t, &diffs);
	if (d >= 0)
		nf = sc_add_finding(f, nf, max, SC_RULE_COPIED_BYTES, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected 0x%02x (%zu byte%s differ%s before the NUL)",
			 d, got[d], want[d], diffs, SC_PL(diffs), diffs == 1 ? "s" : "");

	if (c->api == SC_STRSCPY_PAD) {
		d = sc_first_diff(got, want, (size_t)t + 1, n, &diffs);
		if (d >= 0)
			nf = sc_add_finding(f, nf, max, SC_RULE_ZERO_PADDED, SC_PASS, d,
				 "dest[%" PRId64 "] = 0x%02x after the NUL, expected 0 "
				 "(%zu byte%s not zeroed)", d, got[d], diffs, SC_PL(diffs));
		return nf;
	}
	/* Fast path: everything after the NUL left alone. */
	i = (size_t)t + 1;
	/* Untouched: as the reference left it (canaries, or dest's bytes
	 * before the call for strlcat; the reference writes nothing after
	 * its NUL). */
	if (sc_memcmp(got + i, want + i, n - i) == 0)
		i = n;
	for (diffs = 0, d = -1; i < n; i++) {
		unsigned char b = got[i];

		/* Skip untouched 64-byte blocks of a long dest quickly. */
		if (i % 64 == 0 && n - i >= 64 && sc_memcmp(got + i, want + i, 64) == 0)
			i += 63;
		else if (b != want[i] && (c->policy == SC_STRICT || b != 0) && !diffs++)
			d = (int64_t)i;
	}
	if (d >= 0) {
		if (c->policy == SC_STRICT)
			nf = sc_add_finding(f, nf, max, SC_RULE_UNCHANGED_AFTER_NUL, SC_PASS, d,
				 "dest[%" PRId64 "] = 0x%02x was changed after the NUL "
				 "(%zu byte%s; --strict allows none)", d, got[d], diffs, SC_PL(diffs));
		else
			nf = sc_add_finding(f, nf, max, SC_RULE_NO_LEAK_AFTER_NUL, SC_PASS, d,
				 "dest[%" PRId64 "] = 0x%02x after the NUL: neither left alone nor "
				 "zeroed (%zu byte%s)%s", d, got[d], diffs, SC_PL(diffs),
				 (size_t)d < c->src_len && got[d] == c->src[d] ? ", a source byte" : "");
	}
	return nf;
}

/*
 * After the NUL at end, under a race as without one: strscpy_pad's bytes
 * up to count are zero; strscpy's are left alone or zeroed (--strict:
 * left alone), never source bytes.  "Left alone" is the canary dest held
 * (dest[count-1] may be the NUL a reader's dest started with: a zero).
 */
static int judge_race_after_nul(const struct sc_case *c, const struct sc_outcome *o, size_t end,
				struct sc_finding *f, int nf, int max)
{
	const unsigned char *got = o->win + o->before, *was = sc_canaries(0);
	const unsigned char *last = memrchr(c->src, 0, c->src_len);
	size_t n = o->dst_len, diffs = 0, slen = last ? (size_t)(last - c->src) : c->src_len;
	int64_t d = -1;

	/* strscpy may also leave there what the same source byte held as string
	 * content: a NUL that appeared mid-copy turns bytes already copied into
	 * bytes after the NUL (SPEC, race robustness).  The race checks flip
	 * bytes between their own value and NUL, never the source's last NUL
	 * (the backstop), so every byte before it is some version's content.
	 * strscpy_pad's zeros are strict. */
	for (size_t i = end + 1; i < n; i++) {
		unsigned char b = got[i];
		int ok = c->api == SC_STRSCPY_PAD ? b == 0 :
			 b == was[i] || (b == 0 && (c->policy != SC_STRICT || i == n - 1)) ||
			 (i < slen && b == c->src[i]);

		if (!ok && !diffs++)
			d = (int64_t)i;
	}
	if (d < 0)
		return nf;
	if (c->api == SC_STRSCPY_PAD)
		return sc_add_finding(f, nf, max, SC_RULE_ZERO_PADDED, SC_RACE, d,
			 "dest[%" PRId64 "] = 0x%02x after the NUL at %zu, expected 0 (%zu byte%s "
			 "not zeroed), while the source changed", d, got[d], end, diffs, SC_PL(diffs));
	return sc_add_finding(f, nf, max, c->policy == SC_STRICT ? SC_RULE_UNCHANGED_AFTER_NUL :
			      SC_RULE_NO_LEAK_AFTER_NUL, SC_RACE, d,
			      "dest[%" PRId64 "] = 0x%02x after the NUL at %zu: %s (%zu byte%s), "
			      "while the source changed", d, got[d], end, c->policy == SC_STRICT ?
			      "changed (--strict allows none)" : "neither left alone nor zeroed", diffs,
			      SC_PL(diffs));
}

int sc_judge_race(const struct sc_case *c, const struct sc_outcome *o,
		  struct sc_finding *f, int max)
{
	const unsigned char *got = o->win + o->before;
	size_t n = o->dst_len, end;
	const unsigned char *nul;
	int nf;

	if (!sc_judge_begin(c, o, f, max, &nf))
		return nf;
	if (o->ret == -E2BIG)
		end = n - 1;
	else if (o->ret >= 0 && (uint64_t)o->ret < n)
		end = (size_t)o->ret;
	else
		return sc_add_finding(f, nf, max, SC_RULE_RACE_RETURN_IN_RANGE, SC_PASS, -1,
			   "returned %" PRId64 " with count %" PRIu64 " while the source changed",
			   o->ret, c->count);
	nul = sc_memchr(got, 0, end + 1);
	if (!nul)
		nf = sc_add_finding(f, nf, max, SC_RULE_RACE_NUL_TERMINATED, SC_PASS, (int64_t)end,
			 "returned %" PRId64 " but dest[%zu] = 0x%02x, not the NUL, while the "
			 "source changed", o->ret, end, got[end]);
	else if ((size_t)(nul - got) != end)
		nf = sc_add_finding(f, nf, max, SC_RULE_RACE_LENGTH_AGREES, SC_PASS, nul - got,
			 "returned %" PRId64 " but dest has a NUL at %td, while the source changed",
			 o->ret, nul - got);
	else
		nf = judge_race_after_nul(c, o, end, f, nf, max);
	return nf;
}
