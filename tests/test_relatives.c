/*
 * test_relatives.c - strlcat, strncat, stpncpy and memccpy in the engine:
 * the references byte for byte against the C library's own functions
 * (strlcat: libbsd's, when installed); the case encoding's new fields
 * (dest's initial string, memccpy's c) round-trip, and a version-2 case
 * still decodes as it did; each API's grid passes its reference and the C
 * library's function; small implementations with one planted defect each
 * are caught with their class and rule.  Prints PASS/FAIL/SKIP lines, and
 * INFO lines with each grid's size and speed.  Argument "quick": no full
 * grids (the sanitizer build of tests/suite-36-relatives.sh).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ref/ref.h"
#include "../src/engine/engine.h"
#include "../src/engine/grid.h"

static int failures;

static void result(const char *name, int ok, const char *why)
{
	printf(ok ? "PASS %s\n" : "FAIL %s: %s\n", name, why);
	failures += !ok;
}

static uint64_t rng = 42;

static unsigned char some_byte(void)
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

/* ---- grids ---- */

static struct sc_engine e;
static struct sc_case scratch;

struct grid_run {
	void *fn;
	uint64_t cases, bad;
	struct sc_finding first;
	char first_case[40];
	int stop_at_first;
};

static int check_one(const struct sc_case *c, uint64_t index, void *arg)
{
	struct grid_run *r = arg;
	struct sc_finding f[2];

	(void)index;
	r->cases++;
	if (sc_check(&e, c, r->fn, f, 2) > 0) {
		if (!r->bad++) {
			r->first = f[0];
			snprintf(r->first_case, sizeof(r->first_case), "case %llu",
				 (unsigned long long)index);
		}
		return r->stop_at_first;
	}
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *libc_fn(enum sc_api api)
{
	static void *bsd;

	switch (api) {
	case SC_STRNCAT:
		return (void *)strncat;
	case SC_STPNCPY:
		return (void *)stpncpy;
	case SC_MEMCCPY:
		return (void *)memccpy;
	default:
		if (!bsd)
			bsd = dlopen("libbsd.so.0", RTLD_NOW);
		return bsd ? dlsym(bsd, "strlcat") : NULL;
	}
}

static void grids(void)
{
	for (unsigned api = SC_STRLCAT; api < SC_API_COUNT; api++) {
		struct grid_run r = { sc_reference((enum sc_api)api), 0, 0, { 0 }, "", 0 };
		char name[80], why[512];
		double t0 = now(), t;
		clock_t c0 = clock();

		sc_grid((enum sc_api)api, SC_NO_LEAK, &scratch, check_one, &r);
		t = now() - t0;
		printf("INFO grid %s: %llu cases, %.0f cases/s (%.0f per CPU second) against its "
		       "reference\n", sc_api_name((enum sc_api)api), (unsigned long long)r.cases,
		       r.cases / t, r.cases / ((double)(clock() - c0) / CLOCKS_PER_SEC));
		snprintf(name, sizeof(name), "grid_%s_reference_passes", sc_api_name((enum sc_api)api));
		snprintf(why, sizeof(why), "%llu of %llu cases: %s %s (%s)", (unsigned long long)r.bad,
			 (unsigned long long)r.cases, r.first.rule, r.first.what, r.first_case);
		result(name, r.bad == 0 && r.cases > 800000, why);

		r = (struct grid_run){ libc_fn((enum sc_api)api), 0, 0, { 0 }, "", 0 };
		snprintf(name, sizeof(name), "grid_%s_libc_passes", sc_api_name((enum sc_api)api));
		if (!r.fn) {
			printf("SKIP %s: no libbsd.so.0\n", name);
			continue;
		}
		sc_grid((enum sc_api)api, SC_NO_LEAK, &scratch, check_one, &r);
		snprintf(why, sizeof(why), "%llu of %llu cases: %s %s (%s)", (unsigned long long)r.bad,
			 (unsigned long long)r.cases, r.first.rule, r.first.what, r.first_case);
		result(name, r.bad == 0, why);
	}
}

/* ---- planted defects ---- */

/* strlcat: strlen(dst) unbounded (reads past an unterminated dst). */
static size_t bad_lcat_strlen(char *dst, const char *src, size_t size)
{
	size_t dlen = strlen(dst), slen = strlen(src), i;

	if (dlen >= size)
		return size + slen;
	for (i = 0; i < slen && dlen + i < size - 1; i++)
		dst[dlen + i] = src[i];
	dst[dlen + i] = 0;
	return dlen + slen;
}

/* strlcat: returns what it stored when dlen == size - 1, not dlen + slen. */
static size_t bad_lcat_ret(char *dst, const char *src, size_t size)
{
	size_t r = ref_strlcat(dst, src, size);
	size_t dlen = strnlen(dst, size);

	return dlen + 1 == size && r > dlen ? dlen : r;
}

/* strlcat: terminates an unterminated dst at dst[size-1]. */
static size_t bad_lcat_term(char *dst, const char *src, size_t size)
{
	size_t r = ref_strlcat(dst, src, size);

	if (size && !memchr(dst, 0, size))
		dst[size - 1] = 0;
	return r;
}

/* strncat: tests src[i] before i < n (reads src[n]). */
static char *bad_ncat_read(char *dst, const char *src, size_t n)
{
	char *d = dst + strlen(dst);
	size_t i = 0;

	while (src[i] && i < n) {
		d[i] = src[i];
		i++;
	}
	d[i] = 0;
	return dst;
}

/* strncat: stores a zero word after the bytes appended (8 bytes, not 1). */
static char *bad_ncat_word(char *dst, const char *src, size_t n)
{
	char *d = dst + strlen(dst);
	size_t i = 0;

	for (; i < n && src[i]; i++)
		d[i] = src[i];
	memset(d + i, 0, 8 - i % 8);
	return dst;
}

/* strncat: appends over dst's last byte (the search for its NUL is off by one). */
static char *bad_ncat_off(char *dst, const char *src, size_t n)
{
	size_t dlen = strlen(dst), i;
	char *d = dst + (dlen ? dlen - 1 : 0);

	for (i = 0; i < n && src[i]; i++)
		d[i] = src[i];
	d[i] = 0;
	return dst;
}

/* stpncpy: dst + n - 1 on an exact fill. */
static char *bad_stp_ret(char *dst, const char *src, size_t n)
{
	char *r = ref_stpncpy(dst, src, n);

	return n && r == dst + n ? r - 1 : r;
}

/* stpncpy: the zero-fill stops one byte short. */
static char *bad_stp_fill(char *dst, const char *src, size_t n)
{
	size_t i = 0, end;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	end = i;
	for (; i + 1 < n; i++)
		dst[i] = 0;
	if (end == n - 1 && n)
		dst[end] = 0;
	return dst + end;
}

/* memccpy: compares the int c with the byte unconverted. */
static void *bad_mc_int(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	for (size_t i = 0; i < n; i++) {
		d[i] = s[i];
		if (s[i] == c)
			return d + i + 1;
	}
	return NULL;
}

/* memccpy: copies the byte after c too. */
static void *bad_mc_extra(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst, *r = ref_memccpy(dst, src, c, n);
	const unsigned char *s = src;

	if (r && (size_t)(r - d) < n)
		d[r - d] = s[r - d];
	return r;
}

/* memccpy: reads the next byte before testing the one copied. */
static void *bad_mc_read(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	for (size_t i = 0; i < n; i++) {
		unsigned char next = i + 1 < n ? s[i + 1] : 0;

		d[i] = s[i];
		if (s[i] == (unsigned char)c)
			return d + i + 1;
		(void)next;
		__asm__ volatile("" : : "r"(next));
	}
	return NULL;
}

static void defects(void)
{
	static const struct {
		const char *name;
		enum sc_api api;
		void *fn;
		enum sc_class cls;
		const char *rule;
	} bad[] = {
		{ "strlcat_unbounded_strlen", SC_STRLCAT, (void *)bad_lcat_strlen, SC_OVERREAD, "no-fault" },
		{ "strlcat_return_at_size_minus_1", SC_STRLCAT, (void *)bad_lcat_ret, SC_RETVAL, "return-value" },
		{ "strlcat_terminates_unterminated", SC_STRLCAT, (void *)bad_lcat_term, SC_CONTENT,
		  "unterminated-dest-untouched" },
		{ "strncat_reads_src_n", SC_STRNCAT, (void *)bad_ncat_read, SC_OVERREAD, "no-fault" },
		{ "strncat_word_store", SC_STRNCAT, (void *)bad_ncat_word, SC_OVERWRITE, NULL },
		{ "strncat_appends_over_dest", SC_STRNCAT, (void *)bad_ncat_off, SC_CONTENT, "dest-string-kept" },
		{ "stpncpy_exact_fill_return", SC_STPNCPY, (void *)bad_stp_ret, SC_RETVAL, "return-value" },
		{ "stpncpy_fill_one_short", SC_STPNCPY, (void *)bad_stp_fill, SC_CONTENT, "zero-fill" },
		{ "memccpy_int_c_unconverted", SC_MEMCCPY, (void *)bad_mc_int, SC_RETVAL, "return-value" },
		{ "memccpy_writes_after_c", SC_MEMCCPY, (void *)bad_mc_extra, SC_CONTENT, "stops-after-c" },
		{ "memccpy_reads_after_c", SC_MEMCCPY, (void *)bad_mc_read, SC_OVERREAD, "no-fault" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct grid_run r = { bad[i].fn, 0, 0, { 0 }, "", 1 };
		char name[80], why[512];

		sc_grid(bad[i].api, SC_NO_LEAK, &scratch, check_one, &r);
		snprintf(name, sizeof(name), "defect_%s_caught", bad[i].name);
		snprintf(why, sizeof(why), "%s: %s [%s] %s", r.bad ? "wrong finding" : "not caught",
			 sc_class_name(r.first.cls), r.first.rule ? r.first.rule : "-", r.first.what);
		result(name, r.bad && r.first.cls == bad[i].cls &&
		       (!bad[i].rule || strcmp(r.first.rule, bad[i].rule) == 0), why);
	}
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
	defects();
	if (!quick)
		grids();
	sc_engine_fini(&e);
	return failures ? 1 : 0;
}
