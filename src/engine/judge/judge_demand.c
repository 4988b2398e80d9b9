/*
 * judge_demand.c - the part of a huge count's dest backed on demand
 * (memory/demand.c), judged after the call (judge.h).
 */
#include <inttypes.h>
#include <stdint.h>

#include "../base/bytes.h"
#include "../base/mem.h"
#include "../memory/canary.h"
#include "../memory/demand.h"
#include "judge.h"

/* What the byte at dest offset k may hold after the call. */
enum want { W_UNCHANGED, W_UNCHANGED_OR_ZERO, W_ZERO };

static enum want want_at(const struct sc_case *c, uint64_t k, uint64_t count, int64_t nul)
{
	if (k >= count || nul < 0 || k <= (uint64_t)nul)
		return W_UNCHANGED;  /* past count; nothing to write; (not reached) */
	if (c->api == SC_STRSCPY_PAD)
		return W_ZERO;
	if (c->api == SC_MEMCCPY)
		return W_UNCHANGED;  /* nothing after the c it copied */
	return c->policy == SC_STRICT ? W_UNCHANGED : W_UNCHANGED_OR_ZERO;
}

static const unsigned char zeros[64];

/* Bytes p[0..n) at dest offsets k0.. against what they may hold: the first
 * offender's offset into *first (if none yet), the count returned. */
static uint64_t scan(const struct sc_case *c, const unsigned char *p, size_t n, uint64_t k0,
		     uint64_t count, int64_t nul, uint64_t *first, enum want *how)
{
	uint64_t bad = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t k = k0 + i;
		enum want w;
		unsigned char b = p[i];

		/* A 64-byte block all of one kind: compared whole. */
		if (k % 64 == 0 && n - i >= 64 &&
		    (w = want_at(c, k, count, nul)) == want_at(c, k + 63, count, nul) &&
		    ((w != W_ZERO && sc_memcmp(p + i, sc_canaries((int64_t)k), 64) == 0) ||
		     (w != W_UNCHANGED && sc_memcmp(p + i, zeros, 64) == 0))) {
			i += 63;
			continue;
		}
		w = want_at(c, k, count, nul);
		if ((w == W_ZERO && b == 0) || (w != W_ZERO && b == sc_canary((int64_t)k)) ||
		    (w == W_UNCHANGED_OR_ZERO && b == 0))
			continue;
		if (!bad++) {
			*first = k;
			*how = w;
		}
	}
	return bad;
}

int sc_demand_judge(const struct sc_arena *a, const struct sc_case *c,
		    const struct sc_outcome *o, int64_t nul, struct sc_finding *f, int nf, int max)
{
	const unsigned char *region = sc_demand_region(a);
	size_t backed = sc_demand_backed(a), real = sc_demand_size(a);
	uint64_t base, first = 0, bad = 0, past = 0;
	const unsigned char *got = o->win + o->before;
	enum want how = W_UNCHANGED, how2;
	enum sc_rule_id rule;

	if (!sc_dst_is_huge(c) || !region)
		return nf;
	base = (uint64_t)(region - o->dst);
	/* The memfd's real size, not what strcheck backed: a candidate that
	 * grew it (to write past what is backed without a fault) is judged on
	 * every byte it can have written, and the resize is a finding. */
	if (real != backed) {
		nf = sc_add_finding(f, nf, max, SC_RULE_NO_MEMORY_CHANGES, SC_PASS, (int64_t)base,
				    "the memory behind dest (backed on demand) was resized during "
				    "the call: %zu bytes, strcheck backed %zu", real, backed);
		backed = real;
	}
	/* A cut call was not judged by sc_judge past the margins: its bytes
	 * after the NUL in the mapped part are judged here. */
	if (o->stop == SC_CUT && nul >= 0 && (size_t)nul + 1 < o->dst_len)
		bad = scan(c, got + nul + 1, o->dst_len - (size_t)nul - 1, (uint64_t)nul + 1, o->count,
			   nul, &first, &how);
	bad += scan(c, region, backed, base, o->count, nul, bad ? &past : &first,
		    bad ? &how2 : &how);
	if (bad) {
		unsigned char b = first < o->dst_len ? got[first] : region[first - base];

		if (first >= o->count)
			return sc_add_finding(f, nf, max, SC_RULE_NO_WRITE_PAST_COUNT, SC_PASS,
					      (int64_t)first, "wrote %" PRIu64 " byte%s at or past "
					      "dest+count, the first at dest+count+%" PRIu64, bad,
					      SC_PL(bad), first - o->count);
		rule = c->api == SC_MEMCCPY ? SC_RULE_STOPS_AFTER_C :
		       nul < 0 ? SC_RULE_HUGE_COUNT_WRITES_NOTHING :
		       how == W_ZERO ? SC_RULE_ZERO_PADDED :
		       c->policy == SC_STRICT ? SC_RULE_UNCHANGED_AFTER_NUL : SC_RULE_NO_LEAK_AFTER_NUL;
		if (nul < 0)
			return sc_add_finding(f, nf, max, rule, SC_PASS, (int64_t)first,
					      "dest[%" PRIu64 "] = 0x%02x (inside count, dest backed on "
					      "demand): expected it untouched, the call writes nothing "
					      "(%" PRIu64 " byte%s written)", first, b, bad, SC_PL(bad));
		return sc_add_finding(f, nf, max, rule, SC_PASS, (int64_t)first,
				      "dest[%" PRIu64 "] = 0x%02x, %" PRIu64 " byte%s after the NUL "
				      "(inside count, dest backed on demand): %s (%" PRIu64
				      " byte%s)", first, b, first - (uint64_t)nul,
				      SC_PL(first - (uint64_t)nul), how == W_ZERO ?
				      "expected 0" : c->policy == SC_STRICT ?
				      "changed (--strict allows none)" : "neither left alone nor zeroed",
				      bad, SC_PL(bad));
	}
	/* strscpy_pad zeroes up to count: every byte up to there written. */
	if (c->api == SC_STRSCPY_PAD && o->stop == SC_RETURNED && nul >= 0 &&
	    o->count > base + backed)
		return sc_add_finding(f, nf, max, SC_RULE_ZERO_PADDED, SC_PASS,
				      (int64_t)(base + backed), "dest[%" PRIu64 "] was never "
				      "written: not zero-padded up to count (dest[%" PRIu64 "..%"
				      PRIu64 "] untouched)", base + backed, base + backed,
				      o->count - 1);
	return nf;
}
