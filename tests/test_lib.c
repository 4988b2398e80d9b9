/*
 * test_lib.c - the library's own tests: every path of the optimized
 * strscpy (src/lib/strscpy_paths.h: each one this CPU runs, then strscpy()
 * itself) and strscpy_pad against the byte references, through the same
 * engine the checker uses (guard pages, canaries, read-only source), plus
 * the models and the concurrent checks.  Prints "PASS name" / "FAIL name:
 * why" / "SKIP name: why".
 *
 *   test_lib [-q] [-r N] [-t TAG] [CHECK...]   (CHECK: edge choose mem grid
 *            random guard bytes nul race models relations; none: all)
 *     -q       quick: every 7th grid case (sanitizers, qemu)
 *     -r N     N seeded random cases per path (default 40000): the forced
 *              build variants, whose grid runs whole, take fewer
 *     -t TAG   appended to each check name (the build variant)
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../ref/ref.h"
#include "../src/engine/base/clock.h"
#include "../src/engine/base/mem.h"
#include "../src/engine/run/engine.h"
#include "../src/engine/case/grid.h"
#include "../src/engine/race/race.h"
#include "../src/engine/run/relations.h"
#include "../src/lib/strscpy.h"
#include "../src/lib/strscpy_paths.h"
#include "test_lib.h"

struct sc_engine eng;
struct sc_case scratch;
const char *tag = "";
unsigned stride = 1;
uint64_t random_n = 40000;
static int failures;


static double last_result;

void result(const char *name, int ok, const char *why)
{
	double t = sc_now();

	printf("%s %s%s%s%s (%.1f s)\n", ok ? "PASS" : "FAIL", name, tag, ok ? "" : ": ",
	       ok ? "" : why, t - last_result);
	fflush(stdout);
	last_result = t;
	failures += !ok;
}

static void describe(const struct sc_case *c, const struct sc_finding *f, char *buf, size_t n)
{
	snprintf(buf, n, "%s %s: %s [%s, src_len %zu, count %" PRIu64 ", src %s+%u, dst %s+%u]",
		 sc_class_name(f->cls), f->rule, f->what, sc_api_name(c->api), c->src_len,
		 c->count, sc_place_name(c->src_place), c->src_off, sc_place_name(c->dst_place),
		 c->dst_off);
}

int check_one(const struct sc_case *c, uint64_t index, void *arg)
{
	struct run *r = arg;
	struct sc_finding f[4];

	if (index % stride || (r->select && !r->select(c)))
		return 0;
	r->cases++;
	if (sc_check(&eng, c, r->fn, f, 4) && !r->failed++)
		describe(c, &f[0], r->first, sizeof(r->first));
	return 0;
}

void report(const char *name, struct run *r, uint64_t at_least)
{
	char why[800];

	if (r->failed)
		snprintf(why, sizeof(why), "%" PRIu64 " of %" PRIu64 " cases failed; first: %s",
			 r->failed, r->cases, r->first);
	else
		snprintf(why, sizeof(why), "only %" PRIu64 " cases ran", r->cases);
	result(name, !r->failed && r->cases >= at_least, why);
}

/* The whole grid of one API against its reference. */
void grid(const char *name, enum sc_api api, enum sc_policy policy, void *fn)
{
	struct run r = { .fn = fn };

	sc_grid(api, policy, &scratch, check_one, &r);
	report(name, &r, 1000);
}

/* --strict: the byte reference leaves dest alone after the NUL and passes;
 * the optimized strscpy zeroes the rest of the NUL's word and must be told
 * so, with only zero bytes and only after the NUL. */
static int zeroed_after_nul(const struct sc_case *c, uint64_t index, void *arg)
{
	struct run *r = arg;
	struct sc_finding f[4];
	int n;

	if (index % (stride * 5))
		return 0;
	r->cases++;
	n = sc_check(&eng, c, r->fn, f, 4);
	if (n == 0)
		return 0;
	r->failed++;
	if (n != 1 || f[0].cls != SC_LEAK || eng.cand.win[eng.cand.before + f[0].offset] != 0) {
		describe(c, &f[0], r->first, sizeof(r->first));
		r->fn = NULL;
		return 1;
	}
	return 0;
}

/* strscpy_word, then the rest of the NUL's 8 bytes zeroed, as a path
 * storing whole words would (the library's paths store nothing after the
 * NUL): what --strict must flag. */
static ssize_t zero_tail_strscpy(char *dest, const char *src, size_t count)
{
	ssize_t n = strscpy_word(dest, src, count);
	size_t end;

	if (n < 0)
		return n;
	end = ((size_t)n + 8) & ~(size_t)7;
	if (end > count)
		end = count;
	memset(dest + n + 1, 0, end - (size_t)n - 1);
	return n;
}

static void strict_policy(void)
{
	struct run ref = { .fn = sc_reference(SC_STRSCPY) }, ours = { .fn = (void *)zero_tail_strscpy };

	sc_grid(SC_STRSCPY, SC_STRICT, &scratch, zeroed_after_nul, &ref);
	result("strict_policy_passes_reference", ref.failed == 0 && ref.cases > 1000, "the reference failed --strict");
	sc_grid(SC_STRSCPY, SC_STRICT, &scratch, zeroed_after_nul, &ours);
	result("strict_policy_flags_zeroed_tail", ours.fn && ours.failed > 100, ours.fn ? "no case flagged" : ours.first);
}

void random_cases(const char *name, enum sc_api api, void *fn, uint64_t n)
{
	struct run r = { .fn = fn };

	for (uint64_t i = 0; i < n; i += stride) {
		sc_random_case(12345, i, api, SC_NO_LEAK, &scratch);
		check_one(&scratch, 0, &r);
	}
	report(name, &r, n / stride);
}

/*
 * The models against their contracts, written out directly rather than
 * compared with another model.  strncpy is also compared, through the
 * engine, with the C library's own (independently written) strncpy.
 */
static int strlcpy_contract(const char *src, size_t size, char *dst)
{
	size_t len = strlen(src), n = len < size ? len : size ? size - 1 : 0;

	memset(dst, 0x55, size + 8);
	if (ref_strlcpy(dst, src, size) != len)
		return 0;
	if (size && (memcmp(dst, src, n) != 0 || dst[n] != 0))
		return 0;
	for (size_t i = size ? n + 1 : 0; i < size + 8; i++)
		if ((unsigned char)dst[i] != 0x55)
			return 0;
	return 1;
}

static int strncpy_contract(const char *src, size_t size, char *dst)
{
	size_t len = strlen(src), n = len < size ? len : size;

	memset(dst, 0x55, size + 8);
	if (ref_strncpy(dst, src, size) != dst || memcmp(dst, src, n) != 0)
		return 0;
	for (size_t i = n; i < size; i++)
		if (dst[i] != 0)
			return 0;
	for (size_t i = size; i < size + 8; i++)
		if ((unsigned char)dst[i] != 0x55)
			return 0;
	return 1;
}

static void models(void)
{
	static char src[300], dst[300];
	int ok_l = 1, ok_n = 1;
	struct run r = { .fn = (void *)strncpy };

	for (size_t len = 0; len < 100; len++) {
		memset(src, 'x', len);
		src[len] = 0;
		for (size_t size = 0; size < 110; size++) {
			ok_l &= strlcpy_contract(src, size, dst);
			ok_n &= strncpy_contract(src, size, dst);
		}
	}
	result("strlcpy_model_contract", ok_l, "ref_strlcpy broke its contract");
	result("strncpy_model_contract", ok_n, "ref_strncpy broke its contract");
	sc_grid(SC_STRNCPY, SC_NO_LEAK, &scratch, check_one, &r);
	report("strncpy_model_vs_libc", &r, 1000);
}

static int relate_one(const struct sc_case *c, uint64_t index, void *arg)
{
	struct run *r = arg;
	struct sc_finding f;

	if (index % (stride * 3))
		return 0;
	r->cases++;
	if (sc_check_relations(&eng, c, r->fn, &f, 1) && !r->failed++)
		describe(c, &f, r->first, sizeof(r->first));
	return 0;
}

static void relations(void)
{
	struct sc_trio refs = { 0 }, ours = { (void *)strscpy, NULL, NULL };
	struct run r = { .fn = &refs }, o = { .fn = &ours };

	sc_grid(SC_STRSCPY, SC_NO_LEAK, &scratch, relate_one, &r);
	report("relations_between_models", &r, 1000);
	sc_grid(SC_STRSCPY, SC_NO_LEAK, &scratch, relate_one, &o);
	report("relations_with_optimized_strscpy", &o, 1000);
}

/*
 * Run a concurrent check until the two threads have overlapped in 2,000
 * calls (a loaded machine may starve the other thread for a while), or a
 * time limit, in rounds of 0.1 s of CPU (one round overlapped 4,600 to
 * 10,700 calls, o2-gcc at load 14; rounds of 0.5 s overlapped 5 times
 * more than the 2,000 asked, at 5 times the CPU).  A pass needs a
 * finding-free run in which they overlapped at all: how many overlaps a
 * second buys is make bench's figure (scripts/bench-race.sh), not a
 * test's bet on a quiet machine.
 */
void race(const char *name, enum sc_race_kind kind, enum sc_api api, void *fn)
{
	struct sc_race_result r;
	uint64_t calls = 0, overlapped = 0, seed = 7;
	double start = sc_now();
	char why[600];

	do {
		if (sc_race(&eng, kind, api, fn, seed++, 0.1, 0, &scratch, &r) != 0) {
			result(name, 0, "could not start the thread");
			return;
		}
		calls += r.calls;
		overlapped += r.overlapped;
	} while (!r.nf && overlapped < 2000 && sc_now() - start < 20);
	if (r.nf)
		describe(r.c, &r.f[0], why, sizeof(why));
	else
		snprintf(why, sizeof(why), "%" PRIu64 " of %" PRIu64 " calls overlapped the other thread",
			 overlapped, calls);
	result(name, !r.nf && overlapped > 0, why);
}

/* The engine's word-at-a-time memcmp and memchr (src/engine/base/mem.h)
 * against the C library's: lengths 0..80 and a few long ones, at 16
 * alignments, the differing or sought byte at every position and none;
 * each in a block of just its length, where a sanitizer sees a read past. */
static void mem_words(void)
{
	static const size_t longs[] = { 255, 256, 257, 4099 };
	static const unsigned char pat[] = { 'a', 0, 0x80, 0xff, 0x01, 0x7f, 0xfe, 'c', 0x81 };
	unsigned bad = 0, n = 0;
	char why[160] = "";

	for (size_t li = 0; li < 81 + 4; li++)
		for (size_t al = 0; al < 16; al++) {
			size_t len = li <= 80 ? li : longs[li - 81], bl = al * 7 % 16;
			unsigned char *a = malloc(al + len + !len), *b = malloc(bl + len + !len);
			unsigned char *p = a + al, *q = b + bl;
			int x, y;

			for (size_t d = 0; a && b && d <= len; d += len > 80 ? 37 : 1)
				for (int v = 0; v < 2; v++, n++) {
					for (size_t i = 0; i < len; i++)
						p[i] = q[i] = pat[(i + al) % sizeof(pat)];
					if (d < len)
						q[d] = (unsigned char)(p[d] + (v ? 1 : -1));
					x = sc_memcmp_words(p, q, len), y = memcmp(p, q, len);
					if ((x > 0) - (x < 0) != (y > 0) - (y < 0) && !bad++)
						snprintf(why, sizeof(why), "memcmp, length %zu +%zu +%zu, differing at %zu",
							 len, al, bl, d);
					/* 'b' at d (and 9 on if v), as c + 256 if v. */
					if (d < len)
						p[d] = 'b';
					if (v && d + 9 < len)
						p[d + 9] = 'b';
					if (sc_memchr_words(p, 'b' + 256 * v, len) != memchr(p, 'b', len) && !bad++)
						snprintf(why, sizeof(why), "memchr, length %zu +%zu, at %zu", len, al, d);
				}
			if (!a || !b)
				bad++;
			free(a);
			free(b);
		}
	snprintf(why + strlen(why), sizeof(why) - strlen(why), " (%u of %u calls wrong)", bad, n);
	result("mem_words_as_libc", !bad && n > 10000, why);
}

static void fixed_cases(void)
{
	char d[16];
	int ok = strscpy(d, "abc", 0) == -E2BIG && strscpy(d, "abc", (size_t)INT32_MAX + 1) == -E2BIG &&
		 strscpy(d, "abc", SIZE_MAX) == -E2BIG && strscpy(d, "abc", 4) == 3 &&
		 strscpy(d, "abcd", 4) == -E2BIG && strcmp(d, "abc") == 0 &&
		 strscpy_pad(d, "ab", 8) == 2 && !memcmp(d, "ab\0\0\0\0\0\0", 8);

	result("documented_edge_cases", ok, "count 0, count > INT_MAX, exact fit or padding wrong");
}

int wanted(int argc, char **argv, const char *name)
{
	if (optind >= argc)
		return 1;
	for (int i = optind; i < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	struct strscpy_path paths[8];
	size_t np;
	int opt;

	while ((opt = getopt(argc, argv, "qr:t:")) != -1) {
		if (opt == 'q')
			stride = 7;
		else if (opt == 'r')
			random_n = strtoull(optarg, NULL, 10);
		else if (opt == 't')
			tag = optarg;
		else
			return 2;
	}
	last_result = sc_now();
	if (sc_engine_init(&eng, 2000) != 0) {
		perror("engine");
		return 2;
	}
	if (wanted(argc, argv, "edge"))
		fixed_cases();
	if (wanted(argc, argv, "choose"))
		choose_checks();
	if (wanted(argc, argv, "mem"))
		mem_words();
	np = strscpy_paths(paths, 8);
	for (size_t i = 0; i < np; i++) {
		if (paths[i].usable)
			path_checks((void *)paths[i].fn, paths[i].name, argc, argv);
		else
			printf("SKIP %s%s: this CPU lacks %s\n", paths[i].name, tag, paths[i].missing);
	}
	/* strscpy() itself: the path it chose, through its own entry. */
	if (wanted(argc, argv, "grid")) {
		strict_policy();
		grid("grid_strscpy_pad_vs_reference", SC_STRSCPY_PAD, SC_NO_LEAK, (void *)strscpy_pad);
	}
	if (wanted(argc, argv, "random"))
		random_cases("random_strscpy_vs_reference", SC_STRSCPY, (void *)strscpy, random_n);
	if (wanted(argc, argv, "models"))
		models();
	if (wanted(argc, argv, "relations"))
		relations();
	if (wanted(argc, argv, "race"))
		race("race_pad_source_changes_mid_copy", SC_RACE_MUTATOR, SC_STRSCPY_PAD, (void *)strscpy_pad);
	sc_engine_fini(&eng);
	return failures ? 1 : 0;
}
