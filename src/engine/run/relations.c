#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/bytes.h"
#include "../base/mem.h"
#include "relations.h"

int sc_check_relations(struct sc_engine *e, const struct sc_case *c,
		       const struct sc_trio *fns, struct sc_finding *f, int max)
{
	static struct sc_case k;
	static unsigned char *scpy;
	int64_t L, d;
	size_t n, upto;

	if (max <= 0)
		return 0;
	if (!scpy && !(scpy = malloc(SC_COUNT_MAX + 2 * SC_MARGIN)))
		abort();
	/* strlcpy reads to the NUL and strncpy writes all count bytes: keep
	 * the case valid for all three. */
	k = *c;
	k.api = SC_STRLCPY;
	sc_case_normalize(&k);
	k.api = SC_STRNCPY;
	sc_case_normalize(&k);
	if (k.count == 0)
		return 0;

	k.api = SC_STRSCPY;
	sc_run(e, &k, fns && fns->strscpy ? fns->strscpy : sc_reference(SC_STRSCPY), &e->cand);
	if (e->cand.stop != SC_RETURNED)
		return sc_judge(&k, &e->cand, &e->cand, f, max);
	L = e->cand.ret;
	n = e->cand.dst_len;
	sc_memcpy(scpy, e->cand.win + e->cand.before, n);

	k.api = SC_STRLCPY;
	sc_run(e, &k, fns && fns->strlcpy ? fns->strlcpy : sc_reference(SC_STRLCPY), &e->ref);
	if (e->ref.stop != SC_RETURNED)
		return sc_judge(&k, &e->ref, &e->ref, f, max);
	if (L >= 0 ? e->ref.ret != L : (L != -E2BIG || e->ref.ret < (int64_t)k.count)) {
		return sc_add_finding(f, 0, max, SC_RULE_STRLCPY_RETURN, SC_PASS, -1,
				      "strscpy returned %" PRId64 " but strlcpy %" PRId64
				      " (count %" PRIu64 ")", L, e->ref.ret, k.count);
	}
	upto = L >= 0 ? (size_t)L + 1 : n;
	d = sc_first_diff(scpy, e->ref.win + e->ref.before, 0, upto, NULL);
	if (d >= 0)
		return sc_add_finding(f, 0, max, SC_RULE_STRLCPY_IMAGE, SC_PASS, d,
				      "strscpy and strlcpy images differ at dest[%" PRId64 "]", d);

	k.api = SC_STRNCPY;
	sc_run(e, &k, fns && fns->strncpy ? fns->strncpy : sc_reference(SC_STRNCPY), &e->ref);
	if (e->ref.stop != SC_RETURNED)
		return sc_judge(&k, &e->ref, &e->ref, f, max);
	upto = L >= 0 && (uint64_t)L < k.count - 1 ? (size_t)L : (size_t)k.count - 1;
	d = sc_first_diff(scpy, e->ref.win + e->ref.before, 0, upto, NULL);
	if (d >= 0)
		return sc_add_finding(f, 0, max, SC_RULE_STRNCPY_IMAGE, SC_PASS, d,
				      "strscpy and strncpy images differ at dest[%" PRId64 "]", d);
	return 0;
}
