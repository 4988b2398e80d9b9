/*
 * test_relatives.c - strlcat, strncat, stpncpy and memccpy in the engine:
 * the references byte for byte against the C library's own functions
 * (strlcat: libbsd's, when installed); the case encoding's new fields
 * (dest's initial string, memccpy's c) round-trip, and a version-2 case
 * still decodes as it did; each API's grid passes its reference and the C
 * library's function; small implementations with one planted defect each
 * are caught with their class and rule.  Prints PASS/FAIL/SKIP lines, and
 * INFO lines with each grid's size and speed (test_relatives_run.c runs
 * the cases).  Argument "quick": no full
 * grids (the sanitizer build of tests/suite-36-relatives.sh).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ref/ref.h"
#include "test_relatives.h"

static int failures;

void result(const char *name, int ok, const char *why)
{
	printf(ok ? "PASS %s\n" : "FAIL %s: %s\n", name, why);
	failures += !ok;
}

static uint64_t rng = 42;

unsigned char some_byte(void)
{
	static const unsigned char b[] = { 'a', 0x80, 0xff, 0x01, 'Z', 0x7f, 0xfe, ' ', 0x41, 0xc1 };

	return b[sc_rand(&rng) % sizeof(b)];
}

/* ---- the references against the C library's functions ---- */

/* Through pointers: the calls are the library's, not the compiler's
 * builtins (which also warn about the truncations tested on purpose). */
static char *(*volatile libc_strncat)(char *, const char *, size_t) = strncat;
static char *(*volatile libc_stpncpy)(char *, const char *, size_t) = stpncpy;
static void *(*volatile libc_memccpy)(void *, const void *, int, size_t) = memccpy;

static int same(const unsigned char *a, const unsigned char *b, size_t n)
{
	return memcmp(a, b, n) == 0;
}

static void refs_vs_libc(void)
{
	static unsigned char src[256], d1[512], d2[512];
	char why[200] = "";
	int ok;
	size_t (*lcat)(char *, const char *, size_t);
	void *bsd = dlopen("libbsd.so.0", RTLD_NOW);

	/* strncat: every dest length, source length and n up to past both. */
	ok = 1;
	for (size_t dlen = 0; dlen <= 40; dlen++)
		for (size_t slen = 0; slen <= 40; slen++)
			for (size_t n = 0; n <= 50; n++) {
				for (size_t i = 0; i < sizeof(src); i++)
					src[i] = some_byte();
				src[slen] = 0;
				for (size_t i = 0; i < sizeof(d1); i++)
					d1[i] = d2[i] = (unsigned char)(0xc0 + i % 50);
				memset(d1, 'd', dlen);
				memset(d2, 'd', dlen);
				d1[dlen] = d2[dlen] = 0;
				if (ref_strncat((char *)d1, (char *)src, n) != (char *)d1 ||
				    libc_strncat((char *)d2, (char *)src, n) != (char *)d2 || !same(d1, d2, sizeof(d1))) {
					ok = 0;
					snprintf(why, sizeof(why), "dlen %zu slen %zu n %zu", dlen, slen, n);
				}
			}
	result("ref_strncat_matches_glibc", ok, why);

	/* stpncpy: returns and images, with every length and n. */
	ok = 1;
	for (size_t slen = 0; slen <= 80; slen++)
		for (size_t n = 0; n <= 100; n++) {
			for (size_t i = 0; i < sizeof(src); i++)
				src[i] = some_byte();
			src[slen] = 0;
			memset(d1, 0xcc, sizeof(d1));
			memset(d2, 0xcc, sizeof(d2));
			if (ref_stpncpy((char *)d1, (char *)src, n) - (char *)d1 !=
			    libc_stpncpy((char *)d2, (char *)src, n) - (char *)d2 || !same(d1, d2, sizeof(d1))) {
				ok = 0;
				snprintf(why, sizeof(why), "slen %zu n %zu", slen, n);
			}
		}
	result("ref_stpncpy_matches_glibc", ok, why);

	/* memccpy: c inside and outside 0..255, present or not, NULs in src. */
	ok = 1;
	for (int ci = 0; ci < 8; ci++) {
		static const int cs[] = { 0, 'a', 0x80, 0xff, -1, 0x141, 0x100, -128 };

		for (size_t n = 0; n <= 100; n++)
			for (int rep = 0; rep < 8; rep++) {
				for (size_t i = 0; i < sizeof(src); i++)
					src[i] = sc_rand(&rng) % 4 == 0 ? 0 : some_byte();
				memset(d1, 0xcc, sizeof(d1));
				memset(d2, 0xcc, sizeof(d2));
				unsigned char *r1 = ref_memccpy(d1, src, cs[ci], n);
				unsigned char *r2 = libc_memccpy(d2, src, cs[ci], n);

				if ((r1 ? r1 - d1 : -1) != (r2 ? r2 - d2 : -1) || !same(d1, d2, sizeof(d1))) {
					ok = 0;
					snprintf(why, sizeof(why), "c %d n %zu", cs[ci], n);
				}
			}
	}
	result("ref_memccpy_matches_glibc", ok, why);

	/* strlcat: libbsd's, with dest unterminated within size too. */
	lcat = bsd ? (size_t (*)(char *, const char *, size_t))dlsym(bsd, "strlcat") : NULL;
	if (!lcat) {
		printf("SKIP ref_strlcat_matches_libbsd: libbsd.so.0 not installed\n");
		return;
	}
	ok = 1;
	for (size_t dlen = 0; dlen <= 40; dlen++)
		for (size_t slen = 0; slen <= 40; slen++)
			for (size_t size = 0; size <= 90; size++) {
				for (size_t i = 0; i < sizeof(src); i++)
					src[i] = some_byte();
				src[slen] = 0;
				for (size_t i = 0; i < sizeof(d1); i++)
					d1[i] = d2[i] = (unsigned char)(0xc0 + i % 50);
				memset(d1, 'd', dlen);
				memset(d2, 'd', dlen);
				d1[dlen] = d2[dlen] = 0;
				if (ref_strlcat((char *)d1, (char *)src, size) !=
				    lcat((char *)d2, (char *)src, size) || !same(d1, d2, sizeof(d1))) {
					ok = 0;
					snprintf(why, sizeof(why), "dlen %zu slen %zu size %zu", dlen, slen, size);
				}
			}
	result("ref_strlcat_matches_libbsd", ok, why);
}

/* ---- the encoding ---- */

static struct sc_case a, b;
static uint8_t buf[SC_ENCODED_MAX];

static int same_case(const struct sc_case *x, const struct sc_case *y)
{
	return x->api == y->api && x->policy == y->policy && x->src_place == y->src_place &&
	       x->dst_place == y->dst_place && x->src_off == y->src_off && x->dst_off == y->dst_off &&
	       x->count_rel == y->count_rel && x->count == y->count && x->ch == y->ch &&
	       x->dst_init_len == y->dst_init_len && x->src_len == y->src_len &&
	       !memcmp(x->dst_init, y->dst_init, x->dst_init_len) && !memcmp(x->src, y->src, x->src_len);
}

static void encoding(void)
{
	static const int32_t chs[] = { 0, 'A', 0x80, 0xff, -1, 0x141, INT32_MIN, INT32_MAX };
	static const uint64_t counts[] = { 0, 1, 5, 17, 70, 4096, SC_COUNT_MAX,
					   ((uint64_t)1 << 32) + 3, UINT64_MAX };
	char why[200] = "";
	int ok = 1, dinit_kept = 1, ch_kept = 1;

	for (unsigned api = SC_STRLCAT; api < SC_API_COUNT; api++)
		for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++)
			for (int rep = 0; rep < 40; rep++) {
				memset(&a, 0, sizeof(a));
				a.api = (enum sc_api)api;
				a.policy = rep % 2 ? SC_STRICT : SC_NO_LEAK;
				a.src_place = (enum sc_place)(rep % 3);
				a.dst_place = (enum sc_place)(rep / 3 % 3);
				a.src_off = (unsigned)rep;
				a.dst_off = (unsigned)(63 - rep);
				a.count = counts[k];
				a.ch = chs[rep % 8];
				a.dst_init_len = (size_t)(sc_rand(&rng) % 90);
				for (size_t i = 0; i < a.dst_init_len; i++)
					a.dst_init[i] = rep % 4 == 0 ? some_byte() : i == a.dst_init_len / 2 ? 0 : 'x';
				a.src_len = (size_t)(sc_rand(&rng) % 60);
				for (size_t i = 0; i < a.src_len; i++)
					a.src[i] = sc_rand(&rng) % 5 ? some_byte() : 0;
				sc_case_normalize(&a);
				size_t n = sc_case_encode(&a, buf);

				sc_case_decode(&b, buf, n);
				if (n != sc_case_encoded_len(&a) || !same_case(&a, &b) ||
				    sc_case_version(buf, n) != SC_CASE_VERSION) {
					ok = 0;
					snprintf(why, sizeof(why), "%s count %llu rep %d", sc_api_name(a.api),
						 (unsigned long long)a.count, rep);
				}
				if (sc_api_appends(a.api) && a.count > 0 && a.dst_init_len == 0)
					dinit_kept = 0;
				if (a.api == SC_MEMCCPY && a.ch != chs[rep % 8])
					ch_kept = 0;
			}
	result("encoding_round_trips_dest_string_and_c", ok, why);
	result("concatenations_always_have_a_dest", dinit_kept, "a strlcat/strncat case lost dst_init");
	result("memccpy_keeps_c_outside_0_255", ch_kept, "c changed by normalizing");

	/* strncat's dest is always terminated; strlcat's only when it may be. */
	memset(&a, 0, sizeof(a));
	a.api = SC_STRNCAT;
	memset(a.dst_init, 'x', 10);
	a.dst_init_len = 10;
	a.count = 3;
	sc_case_normalize(&a);
	result("strncat_dest_gets_its_nul", sc_case_dlen(&a) < a.dst_init_len, "no NUL in dst_init");
	memset(&a, 0, sizeof(a));
	a.api = SC_STRLCAT;
	memset(a.dst_init, 'x', 10);
	a.dst_init_len = 10;
	a.count = 10;
	sc_case_normalize(&a);
	result("strlcat_keeps_unterminated_dest", sc_case_dlen(&a) == 10 && a.dst_init_len == 10,
	       "terminated");
	/* memccpy's source ends in c when n runs past it. */
	memset(&a, 0, sizeof(a));
	a.api = SC_MEMCCPY;
	a.ch = 0x141;
	memcpy(a.src, "xyz", 3);
	a.src_len = 3;
	a.count = 10;
	sc_case_normalize(&a);
	result("memccpy_source_gets_its_c", a.src_len == 4 && a.src[3] == 0x41, "no c appended");

	/* Version 2: a 12-byte header, read as it was (docs/internals.md's example). */
	static const uint8_t v2[] = { 0x10, 0x00, 0x05, 0x20, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x00 };

	sc_case_decode(&b, v2, sizeof(v2));
	result("version_2_case_decodes", sc_case_version(v2, sizeof(v2)) == 2 && b.api == SC_STRSCPY &&
	       b.src_place == SC_AT_END && b.dst_off == 5 && b.count == 64 && b.src_len == 1 &&
	       b.src[0] == 0, "fields differ");
	static const uint8_t v2_strncpy[] = { 0x03, 7, 9, 0x20, 5, 0, 0, 0, 0, 0, 0, 0, 'a', 'b', 0 };

	sc_case_decode(&b, v2_strncpy, sizeof(v2_strncpy));
	result("version_2_keeps_its_four_apis", b.api == SC_STRNCPY && b.src_off == 7 && b.count == 5 &&
	       b.src_len == 3, "fields differ");

	enum sc_api api = SC_STRSCPY;

	result("api_from_symbol", sc_api_from_symbol("my_strlcat", &api) == 0 && api == SC_STRLCAT &&
	       sc_api_from_symbol("strscpy_pad_fast", &api) == 0 && api == SC_STRSCPY_PAD &&
	       sc_api_from_symbol("__stpncpy_sse2", &api) == 0 && api == SC_STPNCPY &&
	       sc_api_from_symbol("copy", &api) == -1, "wrong API");
}

int main(int argc, char **argv)
{
	int quick = argc > 1 && strcmp(argv[1], "quick") == 0;

	if (sc_engine_init(&e, 2000) != 0) {
		perror("sc_engine_init");
		return 2;
	}
	refs_vs_libc();
	encoding();
	random_cases();
	defects();
	if (!quick)
		grids();
	sc_engine_fini(&e);
	return failures ? 1 : 0;
}
