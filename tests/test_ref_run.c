/*
 * test_ref_run.c - sc_check's reference run (engine.c, run_reference),
 * which fills and copies only what the reference may write, gives exactly
 * the outcome of a plain sc_run of the reference: the same stop, return
 * value, window geometry and window bytes, and the same findings, for the
 * grid of strscpy and random cases of every API (counts of every shape,
 * every placement), with the project's function and with the reference as
 * the candidate before it.  Two engines: A runs sc_check, B sc_run twice.
 * Prints PASS/FAIL lines (tests/suite-40-fuzz.sh runs it).
 */
#include <stdio.h>
#include <string.h>

#include "../src/engine/run/engine.h"
#include "../src/engine/case/grid.h"
#include "../src/lib/strscpy.h"

static struct sc_engine A, B;
static void *cand;
static unsigned long cases, differ;
static char first[200];

/* A relative count resolves against each engine's own arena: not compared. */
static int same(const struct sc_outcome *x, const struct sc_outcome *y)
{
	return x->stop == y->stop && x->ret == y->ret && x->signo == y->signo &&
	       x->before == y->before && x->win_len == y->win_len && x->dst_len == y->dst_len &&
	       memcmp(x->win, y->win, x->win_len) == 0;
}

static int one(const struct sc_case *c, uint64_t index, void *arg)
{
	struct sc_finding f[4], g[4];
	int na, nb;

	(void)arg;
	na = sc_check(&A, c, cand, f, 4);
	sc_run(&B, c, cand, &B.cand);
	sc_run(&B, c, sc_reference(c->api), &B.ref);
	nb = sc_judge(c, &B.cand, &B.ref, g, 4);
	cases++;
	if (na != nb || !same(&A.ref, &B.ref) || !same(&A.cand, &B.cand) ||
	    (na > 0 && f[0].cls != g[0].cls)) {
		if (!differ++)
			snprintf(first, sizeof(first), "%s case %llu: %d vs %d finding(s), "
				 "reference returned %lld vs %lld", sc_api_name(c->api),
				 (unsigned long long)index, na, nb, (long long)A.ref.ret,
				 (long long)B.ref.ret);
	}
	return 0;
}

static void *own(enum sc_api api)
{
	return api == SC_STRSCPY ? (void *)strscpy : api == SC_STRSCPY_PAD ? (void *)strscpy_pad
	       : sc_reference(api);
}

int main(void)
{
	static struct sc_case c;

	if (sc_engine_init(&A, 0) != 0 || sc_engine_init(&B, 0) != 0) {
		perror("sc_engine_init");
		return 2;
	}
	for (unsigned api = 0; api < SC_API_COUNT; api++) {
		for (int k = 0; k < 2; k++) {
			cand = k ? own((enum sc_api)api) : sc_reference((enum sc_api)api);
			if (api == SC_STRSCPY && k)
				sc_grid((enum sc_api)api, SC_NO_LEAK, &c, one, NULL);
			for (uint64_t i = 0; i < 20000; i++) {
				sc_random_case(15, i, (enum sc_api)api, i % 2 ? SC_STRICT : SC_NO_LEAK, &c);
				one(&c, i, NULL);
			}
		}
	}
	if (differ)
		printf("FAIL reference_run_same_outcome: %lu of %lu cases differ, first: %s\n",
		       differ, cases, first);
	else
		printf("PASS reference_run_same_outcome: %lu cases\n", cases);
	return differ != 0;
}
