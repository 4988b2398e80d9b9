/*
 * judge_image.c - the exact-image judges (judge.h): the APIs whose whole
 * dest is fixed by the contract, byte for byte (strncpy, stpncpy: copy
 * and zero-fill to n; strncat: dest's string, the bytes appended, one
 * NUL; memccpy: the bytes up to c; strlcat with no NUL in dest's size
 * bytes: nothing), and every API's return value in its own terms.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "../base/bytes.h"
#include "judge.h"

int sc_judge_exact(const struct sc_case *c)
{
	switch (c->api) {
	case SC_STRNCPY:
	case SC_STPNCPY:
	case SC_STRNCAT:
	case SC_MEMCCPY:
		return 1;
	case SC_STRLCAT:
		return sc_case_dlen(c) >= sc_case_dst_len(c) && !sc_dst_is_huge(c);
	default:
		return 0;
	}
}

char *sc_ret_text(enum sc_api api, int64_t ret, char *buf, size_t size)
{
	switch (api) {
	case SC_STRNCPY:
	case SC_STRNCAT:
	case SC_STPNCPY:
	case SC_MEMCCPY:
		if (ret == SC_RET_NULL)
			snprintf(buf, size, "NULL");
		else if (ret == 0)
			snprintf(buf, size, "dest");
		else
			snprintf(buf, size, "dest%+" PRId64, ret);
		break;
	case SC_STRLCPY:
	case SC_STRLCAT:
		snprintf(buf, size, "%" PRIu64, (uint64_t)ret);
		break;
	default:
		if (ret == -E2BIG)
			snprintf(buf, size, "-E2BIG");
		else
			snprintf(buf, size, "%" PRId64, ret);
		break;
	}
	return buf;
}

int sc_judge_return(const struct sc_case *c, const struct sc_outcome *cand,
		    const struct sc_outcome *ref, struct sc_finding *f, int nf, int max)
{
	char got[40], want[40];

	sc_ret_text(c->api, cand->ret, got, sizeof(got));
	sc_ret_text(c->api, ref->ret, want, sizeof(want));
	/* Old reports printed plain numbers: keep them for the first four. */
	if (c->api <= SC_STRNCPY)
		return sc_add_finding(f, nf, max, SC_RULE_RETURN_VALUE, SC_PASS, -1,
			 "returned %" PRId64 ", expected %" PRId64, cand->ret, ref->ret);
	return sc_add_finding(f, nf, max, SC_RULE_RETURN_VALUE, SC_PASS, -1,
			      "returned %s, expected %s", got, want);
}

/* The rule a difference at dest[d] breaks: what the reference did there. */
static enum sc_rule_id rule_at(const struct sc_case *c, const struct sc_outcome *ref, size_t d)
{
	const unsigned char *want = ref->win + ref->before;
	size_t dlen;

	switch (c->api) {
	case SC_STRLCAT:
		return SC_RULE_UNTERMINATED_UNTOUCHED;
	case SC_STRNCAT:
		dlen = sc_case_dlen(c);
		return d < dlen ? SC_RULE_DEST_STRING_KEPT :
		       d == ref->dst_len - 1 ? SC_RULE_NUL_TERMINATED : SC_RULE_COPIED_BYTES;
	case SC_MEMCCPY:
		return d <= sc_case_chpos(c) ? SC_RULE_COPIED_BYTES : SC_RULE_STOPS_AFTER_C;
	default:
		/* strncpy, stpncpy: the copy, then zeros up to n. */
		return want[d] == 0 ? SC_RULE_ZERO_FILL : SC_RULE_COPIED_BYTES;
	}
}

int sc_judge_image(const struct sc_case *c, const struct sc_outcome *cand,
		   const struct sc_outcome *ref, struct sc_finding *f, int nf, int max)
{
	const unsigned char *got = cand->win + cand->before;
	const unsigned char *want = ref->win + ref->before;
	size_t diffs;
	int64_t d = sc_first_diff(got, want, 0, cand->dst_len, &diffs);
	enum sc_rule_id rule;

	if (d < 0)
		return nf;
	rule = rule_at(c, ref, (size_t)d);
	switch (rule) {
	case SC_RULE_UNTERMINATED_UNTOUCHED:
		return sc_add_finding(f, nf, max, rule, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected it untouched (0x%02x): dest has no NUL "
			 "in its %zu bytes (%zu byte%s written)", d, got[d], want[d],
			 cand->dst_len, diffs, SC_PL(diffs));
	case SC_RULE_DEST_STRING_KEPT:
		return sc_add_finding(f, nf, max, rule, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected 0x%02x, dest's string before the call "
			 "(%zu byte%s differ%s)", d, got[d], want[d], diffs, SC_PL(diffs),
			 diffs == 1 ? "s" : "");
	case SC_RULE_NUL_TERMINATED:
		return sc_add_finding(f, nf, max, rule, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected the NUL there", d, got[d]);
	case SC_RULE_STOPS_AFTER_C:
		return sc_add_finding(f, nf, max, rule, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected it untouched (0x%02x): written after "
			 "the copy of c = %" PRId32 " (0x%02x) at dest[%zu] (%zu byte%s differ%s)", d,
			 got[d], want[d], c->ch, (unsigned char)c->ch, sc_case_chpos(c), diffs,
			 SC_PL(diffs), diffs == 1 ? "s" : "");
	default:
		return sc_add_finding(f, nf, max, rule, SC_PASS, d,
			 "dest[%" PRId64 "] = 0x%02x, expected 0x%02x (%zu byte%s differ%s)",
			 d, got[d], want[d], diffs, SC_PL(diffs), diffs == 1 ? "s" : "");
	}
}
