/*
 * test_relatives_run.c - the relatives' cases through the engine
 * (tests/test_relatives.c has the rest): each API's whole grid against its
 * reference and the C library's function, with its size and speed; random
 * cases (deterministic, passing, holding dest's string and c); planted
 * defects, each caught with its class and rule.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../ref/ref.h"
#include "test_relatives.h"

/* ---- grids ---- */

static void *libc_fn(enum sc_api api);

struct sc_engine e;
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

void grids(void)
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

/* Random cases: the same (seed, index) gives the same case whatever the
 * scratch held, and the reference and the C library pass them. */
void random_cases(void)
{
	static struct sc_case r1, r2;
	static uint8_t e1[SC_ENCODED_MAX], e2[SC_ENCODED_MAX];

	for (unsigned api = SC_STRLCAT; api < SC_API_COUNT; api++) {
		int same_ok = 1, have_dest = 0, unterminated = 0, have_c = 0;
		uint64_t bad = 0, bad_libc = 0;
		struct sc_finding f[2];
		void *lib = libc_fn((enum sc_api)api);
		char name[80], why[512] = "";

		for (uint64_t i = 0; i < 5000; i++) {
			memset(&r2, (int)(i % 251), sizeof(r2));
			sc_random_case(7, i, (enum sc_api)api, SC_NO_LEAK, &r1);
			sc_random_case(7, i, (enum sc_api)api, SC_NO_LEAK, &r2);
			size_t n1 = sc_case_encode(&r1, e1), n2 = sc_case_encode(&r2, e2);

			same_ok &= n1 == n2 && memcmp(e1, e2, n1) == 0;
			have_dest += sc_case_dlen(&r1) > 8;
			unterminated += sc_api_appends(r1.api) && sc_case_dlen(&r1) == r1.dst_init_len &&
					r1.dst_init_len > 0;
			have_c += r1.ch != 0 && sc_case_chpos(&r1) < r1.src_len;
			if (sc_check(&e, &r1, sc_reference((enum sc_api)api), f, 2) > 0 && !bad++)
				snprintf(why, sizeof(why), "ref: case %llu %s %s", (unsigned long long)i,
					 f[0].rule, f[0].what);
			if (lib && sc_check(&e, &r1, lib, f, 2) > 0 && !bad_libc++)
				snprintf(why, sizeof(why), "libc: case %llu %s %s", (unsigned long long)i,
					 f[0].rule, f[0].what);
		}
		snprintf(name, sizeof(name), "random_%s_deterministic", sc_api_name((enum sc_api)api));
		result(name, same_ok, "the scratch case changed a random case");
		snprintf(name, sizeof(name), "random_%s_pass_reference_and_libc",
			 sc_api_name((enum sc_api)api));
		result(name, !bad && !bad_libc, why);
		snprintf(name, sizeof(name), "random_%s_hold_the_api_fields", sc_api_name((enum sc_api)api));
		result(name, api == SC_MEMCCPY ? have_c > 1250 :
		       api == SC_STRLCAT ? have_dest > 1250 && unterminated > 125 :
		       api == SC_STRNCAT ? have_dest > 1250 : 1, "too few dest strings or c");
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

void defects(void)
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

