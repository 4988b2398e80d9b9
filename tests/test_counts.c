/*
 * test_counts.c - the engine's counts (docs/counts.md): the version-2
 * encoding carries every 64-bit count and both relative forms; the grid
 * and the random cases hold every shape for every API that takes it, and
 * nothing an API cannot take; the grid walk stops when asked; the judge
 * allows a refusal only above INT_MAX; sc_count_describe.  Prints
 * PASS/FAIL lines (tests/suite-34-counts.sh runs it under ASan and UBSan).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "../src/engine/case/count.h"
#include "../src/engine/memory/demand.h"
#include "../src/engine/run/engine.h"
#include "../src/engine/case/grid.h"

static int failures;

static void result(const char *name, int ok, const char *why)
{
	printf(ok ? "PASS %s\n" : "FAIL %s: %s\n", name, why);
	failures += !ok;
}

static struct sc_case a, b, scratch;
static uint8_t buf[SC_ENCODED_MAX];

static void encoding(void)
{
	static const uint64_t counts[] = {
		0, 1, 17, 65536 + 5, SC_COUNT_MAX, SC_COUNT_MAX + 1, (1u << 20) + 1, INT_MAX,
		(uint64_t)INT_MAX + 1, ((uint64_t)1 << 32) + 5, ((uint64_t)3 << 32) + 5,
		((uint64_t)1 << 63) + 5, UINT64_MAX - 5, UINT64_MAX,
	};
	int ok = 1;
	char why[200] = "";

	for (unsigned api = 0; api < SC_API_COUNT; api++)
		for (unsigned rel = 0; rel < SC_REL_COUNT; rel++)
			for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
				memset(&a, 0, sizeof(a));
				a.api = (enum sc_api)api;
				a.count_rel = (enum sc_count_rel)rel;
				a.count = rel ? counts[i] % 4097 : counts[i];
				memcpy(a.src, "hello, world", 13);
				a.src_len = 13;
				sc_case_normalize(&a);
				size_t n = sc_case_encode(&a, buf);
				sc_case_decode(&b, buf, n);
				if (sc_case_version(buf, n) != SC_CASE_VERSION || b.api != a.api ||
				    b.count != a.count || b.count_rel != a.count_rel ||
				    b.src_len != a.src_len || memcmp(b.src, a.src, a.src_len)) {
					ok = 0;
					snprintf(why, sizeof(why), "api %u rel %u count %llu",
						 api, rel, (unsigned long long)a.count);
				}
				/* What survives normalising is what the API takes. */
				if (!sc_count_fits_api(a.api, a.count, a.count_rel))
					ok = 0, snprintf(why, sizeof(why), "api %u kept count %llu",
							 api, (unsigned long long)a.count);
			}
	result("encoding_round_trips_every_count", ok, why);

	/* strscpy and strlcpy keep every count as it is. */
	memset(&a, 0, sizeof(a));
	a.count = ((uint64_t)1 << 32) + 5;
	a.src_len = 1;
	sc_case_normalize(&a);
	result("strscpy_keeps_2p32_plus_5", a.count == ((uint64_t)1 << 32) + 5, "folded");
	/* strscpy_pad pads up to count: counts whose dest is backed whole
	 * (SC_DEST_BACKED, on demand) are kept, larger ones up to INT_MAX folded. */
	a.api = SC_STRSCPY_PAD;
	a.count = (1u << 20) + 1;
	sc_case_normalize(&a);
	result("strscpy_pad_keeps_counts_backed_whole", a.count == (1u << 20) + 1, "folded");
	a.count = (1u << 24);
	sc_case_normalize(&a);
	result("strscpy_pad_folds_counts_it_cannot_pad", a.count <= SC_COUNT_MAX, "kept");
	a.api = SC_STRNCPY;
	a.count = UINT64_MAX;
	sc_case_normalize(&a);
	result("strncpy_folds_huge_counts", a.count <= SC_COUNT_MAX, "kept");

	/* The strlen form: count = strlen + signed delta, at least 0. */
	memset(buf, 0, SC_HEADER_LEN);
	sc_header_set_count(buf, SC_FORM_STRLEN, (uint64_t)-3);
	memcpy(buf + SC_HEADER_LEN, "abcdef", 7);
	sc_case_decode(&b, buf, SC_HEADER_LEN + 7);
	result("strlen_form_minus_3", b.count == 3 && b.count_rel == SC_REL_NONE, "count != 3");
	sc_header_set_count(buf, SC_FORM_STRLEN, (uint64_t)INT64_MIN);
	sc_case_decode(&b, buf, SC_HEADER_LEN + 7);
	result("strlen_form_clamps_at_0", b.count == 0, "count != 0");
}

static void describe(void)
{
	static const struct {
		uint64_t v;
		const char *want;
	} t[] = {
		{ 17, "17" },
		{ 4097, "4097" },
		{ 70001, "70001" },
		{ 65536 + 5, "2^16 + 5 (65541)" },
		{ ((uint64_t)1 << 32) + 5, "2^32 + 5 (4294967301)" },
		{ (uint64_t)1 << 31, "2^31 (2147483648)" },
		{ INT_MAX, "2^31 - 1 = INT_MAX (2147483647)" },
		{ UINT64_MAX, "2^64 - 1 = SIZE_MAX (18446744073709551615)" },
		{ UINT64_MAX - 4, "2^64 - 5 (18446744073709551611)" },
		{ ((uint64_t)1 << 63) + 5, "2^63 + 5 (9223372036854775813)" },
		{ ((uint64_t)1 << 63) - 1, "2^63 - 1 = SSIZE_MAX (9223372036854775807)" },
	};
	char got[SC_COUNT_TEXT], why[300] = "";
	int ok = 1;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(sc_count_value_describe(t[i].v, got, sizeof(got)), t[i].want)) {
			ok = 0;
			snprintf(why, sizeof(why), "'%s', expected '%s'", got, t[i].want);
		}
	memset(&a, 0, sizeof(a));
	a.count_rel = SC_REL_DEST;
	a.count = 5;
	if (strcmp(sc_count_describe(&a, got, sizeof(got)),
		   "2^64 - dest + 5 (dest + count wraps around to 5)"))
		ok = 0, snprintf(why, sizeof(why), "relative: '%s'", got);
	result("count_describe", ok, why);
}

/* What the grid holds, per API. */
struct seen {
	enum sc_api api;
	int misfit, u32_short, u32_long, u16_short, u16_long, s63, size_max, dest_wrap, src_wrap;
	int far_capped, pad_refuse;
	uint64_t misfit_count;
};

static int look(const struct sc_case *c, uint64_t index, void *arg)
{
	struct seen *s = arg;
	uint64_t v = c->count, L = sc_case_strlen(c);

	(void)index;
	if (!sc_count_fits_api(c->api, c->count, c->count_rel))
		s->misfit++, s->misfit_count = v;
	if (c->count_rel == SC_REL_DEST)
		s->dest_wrap++;
	if (c->count_rel == SC_REL_SRC)
		s->src_wrap++;
	if (c->count_rel)
		return 0;
	if (v >> 32 && (uint32_t)v > 0 && (uint32_t)v < 100) {
		s->u32_short += L >= (uint32_t)v;
		s->u32_long += L < (uint32_t)v;
	}
	if (v > 65536 && v < 65536 + 100) {
		s->u16_short += L >= v - 65536;
		s->u16_long += L < v - 65536;
	}
	s->s63 += v >> 63 && v < ((uint64_t)1 << 63) + 100;
	s->size_max += v > UINT64_MAX - 100;
	s->far_capped += v > SC_COUNT_MAX && v <= INT_MAX && L < 32;
	s->pad_refuse += c->api == SC_STRSCPY_PAD && v > INT_MAX;
	return 0;
}

static void grid_shapes(void)
{
	char why[200];

	for (unsigned api = 0; api < SC_API_COUNT; api++) {
		struct seen s = { (enum sc_api)api, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
		char name[64];
		/* The APIs that take any count (sc_count_fits_api). */
		int any = api == SC_STRSCPY || api == SC_STRLCPY || api == SC_STRLCAT ||
			  api == SC_STRNCAT || api == SC_MEMCCPY;

		sc_grid((enum sc_api)api, SC_NO_LEAK, &scratch, look, &s);
		for (uint64_t i = 0; i < 20000; i++) {
			sc_random_case(1, i, (enum sc_api)api, SC_NO_LEAK, &scratch);
			look(&scratch, i, &s);
		}
		snprintf(name, sizeof(name), "grid_counts_%s", sc_api_name((enum sc_api)api));
		snprintf(why, sizeof(why), "misfit %d (%llu) u32 %d/%d u16 %d/%d 2^63 %d SIZE_MAX %d "
			 "wrap %d/%d far %d pad-refuse %d", s.misfit,
			 (unsigned long long)s.misfit_count, s.u32_short, s.u32_long, s.u16_short,
			 s.u16_long, s.s63, s.size_max, s.dest_wrap, s.src_wrap, s.far_capped,
			 s.pad_refuse);
		result(name, !s.misfit && s.u16_short && s.u16_long &&
		       (any ? s.u32_short && s.u32_long && s.s63 && s.size_max && s.dest_wrap &&
			s.src_wrap && s.far_capped :
		       api == SC_STRSCPY_PAD ? s.pad_refuse && s.dest_wrap && s.far_capped :
		       !s.u32_short && !s.dest_wrap && !s.far_capped), why);
	}
}

static int stop_at(const struct sc_case *c, uint64_t index, void *arg)
{
	(void)c;
	return index == *(uint64_t *)arg;
}

static void grid_stops(void)
{
	int ok = 1;
	char why[100] = "";

	/* Inside the count shapes, at their end, and later. */
	for (uint64_t at = 0; at < 3000; at += 97) {
		uint64_t n = sc_grid(SC_STRSCPY, SC_NO_LEAK, &scratch, stop_at, &at);

		if (n != at + 1)
			ok = 0, snprintf(why, sizeof(why), "asked to stop at %llu, visited %llu",
					 (unsigned long long)at, (unsigned long long)n);
	}
	result("grid_walk_stops_when_asked", ok, why);
}

/* A walk that skips cases (sc_grid_some) makes the cases it keeps as the
 * whole walk does: a section must not depend on the previous case having
 * been made.  FNV-1a over the encodings of every 997th case and the last. */
struct some { uint64_t hash, n, total; };

static int some_wants(uint64_t index, void *arg)
{
	const struct some *s = arg;

	return index % 997 == 0 || index + 1 == s->total;
}

static int some_hash(const struct sc_case *c, uint64_t index, void *arg)
{
	static uint8_t enc[1 << 22];
	struct some *s = arg;
	size_t len;

	if (!some_wants(index, arg))
		return 0;
	len = sc_case_encode(c, enc);
	s->hash ^= index;
	for (size_t i = 0; i < len; i++)
		s->hash = (s->hash ^ enc[i]) * 0x100000001b3u;
	s->n++;
	return 0;
}

static void grid_some(void)
{
	int ok = 1;
	char why[160] = "";

	for (unsigned api = 0; api < SC_API_COUNT; api++) {
		uint64_t total = sc_grid_size((enum sc_api)api, SC_NO_LEAK);
		struct some all = { 0xcbf29ce484222325u, 0, total }, some = all;

		sc_grid((enum sc_api)api, SC_NO_LEAK, &scratch, some_hash, &all);
		sc_grid_some((enum sc_api)api, SC_NO_LEAK, &scratch, some_wants, some_hash, &some);
		if (all.hash != some.hash || all.n != some.n || some.n < total / 997)
			ok = 0, snprintf(why, sizeof(why), "%s: %llu cases kept, %llu made by the whole walk, or their encodings differ",
					 sc_api_name((enum sc_api)api), (unsigned long long)some.n,
					 (unsigned long long)all.n);
	}
	result("grid_walk_skipping_makes_the_same_cases", ok, why);
}

/* Candidates for the judge. */
static ssize_t copy_u32(char *d, const char *s, size_t count)
{
	return ((ssize_t(*)(char *, const char *, size_t))sc_reference(SC_STRSCPY))(
		d, s, (unsigned)count);
}

static ssize_t refuse_above_1m(char *d, const char *s, size_t count)
{
	if (count > (1u << 20))
		return -E2BIG;
	return ((ssize_t(*)(char *, const char *, size_t))sc_reference(SC_STRSCPY))(d, s, count);
}

/* Zero-fills dest after the string up to count (allowed by no-leak). */
static ssize_t zero_fill(char *d, const char *s, size_t count)
{
	ssize_t r = ((ssize_t(*)(char *, const char *, size_t))sc_reference(SC_STRSCPY))(d, s, count);

	for (size_t i = (size_t)r + 1; r >= 0 && i < count; i++)
		d[i] = 0;
	return r;
}

/* Writes a non-zero byte far past the NUL, inside count. */
static ssize_t scribble_far(char *d, const char *s, size_t count)
{
	ssize_t r = ((ssize_t(*)(char *, const char *, size_t))sc_reference(SC_STRSCPY))(d, s, count);

	if (count > 300000)
		d[300000] = 'x';
	return r;
}

/* Pads only the first 64 KiB after the string. */
static ssize_t pad_64k(char *d, const char *s, size_t count)
{
	ssize_t r = ((ssize_t(*)(char *, const char *, size_t))sc_reference(SC_STRSCPY))(d, s, count);

	for (size_t i = (size_t)r + 1; r >= 0 && i < count && i < 65536; i++)
		d[i] = 0;
	return r;
}

/* Writes one byte past count. */
static ssize_t past_count(char *d, const char *s, size_t count)
{
	ssize_t r = ((ssize_t(*)(char *, const char *, size_t))sc_reference(SC_STRSCPY))(d, s, count);

	d[count] = 0;
	return r;
}

static struct sc_engine eng;
static enum sc_policy check_policy = SC_NO_LEAK;

static int check(enum sc_api api, enum sc_count_rel rel, uint64_t count, void *fn,
		 struct sc_finding *f)
{
	memset(&a, 0, sizeof(a));
	a.policy = check_policy;
	a.api = api;
	a.count_rel = rel;
	a.count = count;
	memcpy(a.src, "0123456789", 11);
	a.src_len = 11;
	sc_case_normalize(&a);
	return sc_check(&eng, &a, fn, f, 4);
}

static void judge(void)
{
	struct sc_finding f[4];
	int n;

	if (sc_engine_init(&eng, 1000) != 0) {
		result("engine_init", 0, "cannot map the arenas");
		return;
	}
	n = check(SC_STRSCPY, SC_REL_NONE, ((uint64_t)1 << 32) + 5, (void *)copy_u32, f);
	result("judge_flags_count_cut_to_32_bits", n > 0 && f[0].cls == SC_RETVAL, "not flagged");
	n = check(SC_STRSCPY, SC_REL_NONE, ((uint64_t)1 << 32) + 50, (void *)copy_u32, f);
	result("judge_passes_cut_count_above_length", n == 0, f[0].what);
	n = check(SC_STRSCPY, SC_REL_NONE, (uint64_t)INT_MAX + 1, (void *)refuse_above_1m, f);
	result("judge_allows_refusal_above_int_max", n == 0, f[0].what);
	n = check(SC_STRSCPY, SC_REL_NONE, (1u << 20) + 1, (void *)refuse_above_1m, f);
	result("judge_flags_refusal_below_int_max", n > 0 && f[0].cls == SC_RETVAL, "not flagged");
	n = check(SC_STRSCPY, SC_REL_DEST, 5, sc_reference(SC_STRSCPY), f);
	result("judge_dest_wrap_reference_passes", n == 0, f[0].what);
	result("dest_wrap_resolves", eng.cand.count == (uint64_t)(5 - (uintptr_t)eng.cand.dst),
	       "dest + count != 5");
	n = check(SC_STRSCPY_PAD, SC_REL_NONE, UINT64_MAX, sc_reference(SC_STRSCPY), f);
	result("judge_pad_huge_must_write_nothing", n > 0, "a copy without refusal passed");
	n = check(SC_STRSCPY_PAD, SC_REL_NONE, UINT64_MAX, sc_reference(SC_STRSCPY_PAD), f);
	result("judge_pad_huge_refusal_passes", n == 0, f[0].what);
	/* dest backed on demand up to count (memory/demand.h). */
	n = check(SC_STRSCPY, SC_REL_NONE, (1u << 17) + 65, (void *)zero_fill, f);
	result("demand_zero_fill_2p17_passes", n == 0 && sc_demand_backed(&eng.hdst) == 0, f[0].what);
	n = check(SC_STRSCPY, SC_REL_NONE, (1u << 20) + 1, (void *)zero_fill, f);
	result("demand_zero_fill_2p20_passes", n == 0, f[0].what);
	n = check(SC_STRSCPY_PAD, SC_REL_NONE, 1u << 20, sc_reference(SC_STRSCPY_PAD), f);
	result("demand_pad_2p20_passes", n == 0 && eng.cand.ret == 10, f[0].what);
	n = check(SC_STRSCPY_PAD, SC_REL_NONE, 1u << 20, (void *)pad_64k, f);
	result("demand_pad_short_flagged", n > 0 && f[0].cls == SC_CONTENT, "passed");
	n = check(SC_STRSCPY, SC_REL_NONE, (1u << 20) + 1, (void *)scribble_far, f);
	result("demand_scribble_far_is_leak", n > 0 && f[0].cls == SC_LEAK && f[0].offset == 300000,
	       "not flagged");
	n = check(SC_STRSCPY, SC_REL_NONE, 300001, (void *)past_count, f);
	result("demand_write_at_count_is_overwrite", n > 0 && f[0].cls == SC_OVERWRITE, "not flagged");
	n = check(SC_STRSCPY, SC_REL_NONE, (uint64_t)1 << 40, (void *)zero_fill, f);
	result("demand_too_large_is_cut_not_defect", n == 0 && eng.cand.stop == SC_CUT, f[0].what);
	check_policy = SC_STRICT;
	n = check(SC_STRSCPY, SC_REL_NONE, (1u << 17) + 65, (void *)zero_fill, f);
	result("demand_strict_flags_zero_fill", n > 0 && f[0].cls == SC_LEAK, "passed");
	sc_engine_fini(&eng);
}

int main(void)
{
	encoding();
	describe();
	grid_shapes();
	grid_stops();
	grid_some();
	judge();
	return failures != 0;
}
