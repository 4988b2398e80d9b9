/*
 * gen_corpus.c - write the seed corpus: gen_corpus DIR writes
 * DIR/fuzz_NAME/NNN-what for every harness.  Run by scripts/gen-corpus.sh.
 *
 * Seeds are cases in the engine's encoding (sc_case_encode): hand-made
 * ones that reach every branch of src/lib/strscpy.c (named for the branch),
 * counts of every shape a truncation or a wrap-around turns small, the
 * guard placements of the case space, tricky bytes, counts relative to the
 * length (so that mutations stay near it), a sample of the grid, and for
 * the relatives seeds of their own: dest's initial string and sizes around
 * it (strlcat, strncat), the stop byte c (memccpy), exact fills and fills
 * ending at the guard (stpncpy).  Other counts stay small: a fuzzer's exec/s falls with the destination's
 * size (a huge count's destination is capped).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../src/engine/case/case.h"
#include "../src/engine/case/grid.h"

#define MAX_LEN 8200       /* keep in step with max_len in fuzz.options */
#define GRID_STEP 7919     /* a prime: a spread-out sample of the grid */

static const char *const harnesses[] = {
	"strscpy", "strscpy_pad", "strlcpy", "strncpy", "strlcat", "strncat", "stpncpy", "memccpy",
	"relations",
};

static char dir[4096];
static unsigned seq;
static struct sc_case c;
static uint8_t buf[SC_ENCODED_MAX];

static void write_seed(const char *what, int relative)
{
	size_t n;
	FILE *fp;
	char path[4200];

	sc_case_normalize(&c);
	n = sc_case_encode(&c, buf);
	/* Relative count (src/engine/case/case.c): count = strlen + delta. */
	if (relative && !sc_count_is_huge(&c)) {
		int64_t delta = (int64_t)c.count - (int64_t)sc_case_strlen(&c);

		if (delta >= -32768 && delta <= 32767)
			sc_header_set_count(buf, SC_FORM_STRLEN, (uint64_t)delta);
	}
	snprintf(path, sizeof(path), "%s/%03u-%s", dir, seq++, what);
	if (!(fp = fopen(path, "wb")) || fwrite(buf, 1, n, fp) != n || fclose(fp) != 0) {
		perror(path);
		exit(1);
	}
}

/* c = s (len bytes, then a NUL unless nul < 0) with the given layout. */
static void set(const void *s, size_t len, int nul, enum sc_place sp, unsigned so,
		enum sc_place dp, unsigned doff, uint64_t count)
{
	memcpy(c.src, s, len);
	c.src_len = len;
	if (nul >= 0)
		c.src[c.src_len++] = 0;
	c.src_place = sp;
	c.src_off = so;
	c.dst_place = dp;
	c.dst_off = doff;
	c.count_rel = SC_REL_NONE;
	c.count = count;
	c.dst_init_len = 0;  /* strlcat, strncat: dest "" (the NUL comes in normalizing) */
	c.ch = 0;            /* memccpy: c = 0, its use as a string copy */
}

/* dest's initial bytes (strlcat, strncat): a string of len bytes, then a
 * NUL unless nul < 0 (strlcat: unterminated within size). */
static void set_dest(size_t len, int nul)
{
	for (size_t i = 0; i < len; i++)
		c.dst_init[i] = (unsigned char)('A' + i % 26);
	c.dst_init_len = len;
	if (nul >= 0)
		c.dst_init[c.dst_init_len++] = 0;
}

static void seed(const char *what, const char *s, int nul, unsigned so, uint64_t count)
{
	set(s, strlen(s), nul, SC_FREE, so, SC_FREE, 0, count);
	write_seed(what, 0);
}

static char *pattern(size_t len, unsigned variant)
{
	static char p[MAX_LEN + 1];
	static const char tricky[] = "a\x80" "b\x81\x01\xfe" "c\xff\x7f" "d\x01\x80" "e\xc3" "f\x01";

	for (size_t i = 0; i < len; i++)
		p[i] = tricky[(i + variant) % (sizeof(tricky) - 1)];
	p[len] = 0;
	return p;
}

/* Every branch of src/lib/strscpy.c, named for it (64-bit words). */
static void branches(void)
{
	seed("count-0", "abc", 0, 0, 0);
	seed("head-nul", "a", 0, 1, 16);
	seed("head-ends-at-count", "abcdefgh", 0, 3, 2);
	seed("head-then-final-nul", "a", 0, 3, 2);
	seed("word-nul", "hello, world", 0, 0, 64);
	seed("word-is-last", "abcdefghijkl", 0, 0, 8);
	seed("word-then-tail-truncated", "abcdefghijklmnopqrstuvwxyz", 0, 0, 13);
	seed("tail-nul", "abcdefghij", 0, 0, 12);
	seed("final-nul", "abcdefghij", 0, 0, 11);
	seed("final-not-nul", "abcdefghijk", 0, 0, 11);
	seed("count-1", "abc", 0, 5, 1);
	seed("empty", "", 0, 0, 9);
	seed("no-nul-in-count", "abcdefghijklmnopq", -1, 0, 17);
}

/*
 * Counts of the shapes a truncation, a sign conversion or a wrap-around
 * turns small (docs/counts.md), with a 12-byte string: the truncated count
 * k below it (5), on its NUL (12) and past it (20); counts that make
 * dest + count or src + count wrap; counts far above the length.  Only
 * those the harness's API takes (sc_count_fits_api).
 */
static void count_shapes(void)
{
	static const struct {
		const char *what;
		uint64_t base;
	} bases[] = {
		{ "2p16", (uint64_t)1 << 16 }, { "2p31", (uint64_t)1 << 31 },
		{ "2p32", (uint64_t)1 << 32 }, { "3x2p32", (uint64_t)3 << 32 },
		{ "2p48", (uint64_t)1 << 48 }, { "2p63", (uint64_t)1 << 63 },
		{ "2p64", 0 },
	};
	static const int ks[] = { -6, -1, 1, 5, 12, 20 };
	static const uint64_t far[] = { 100000, SC_COUNT_MAX, (1u << 20) + 1, INT32_MAX };
	static const int64_t wraps[] = { 0, 5, -1 };
	char what[64];

	for (size_t b = 0; b < sizeof(bases) / sizeof(bases[0]); b++)
		for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
			uint64_t count = bases[b].base + (uint64_t)(int64_t)ks[i];

			if ((bases[b].base == 0 && ks[i] >= 0) ||
			    !sc_count_fits_api(c.api, count, SC_REL_NONE))
				continue;
			snprintf(what, sizeof(what), "count-%s%+d", bases[b].what, ks[i]);
			seed(what, "hello, world", 0, (unsigned)i, count);
		}
	for (size_t i = 0; i < sizeof(far) / sizeof(far[0]); i++) {
		if (!sc_count_fits_api(c.api, far[i], SC_REL_NONE))
			continue;
		snprintf(what, sizeof(what), "count-far-%llu", (unsigned long long)far[i]);
		seed(what, "hi", 0, 0, far[i]);
	}
	for (int rel = SC_REL_DEST; rel <= SC_REL_SRC; rel++)
		for (size_t i = 0; i < sizeof(wraps) / sizeof(wraps[0]); i++) {
			if (!sc_count_fits_api(c.api, 0, (enum sc_count_rel)rel))
				continue;
			set("hello", 5, 0, SC_FREE, (unsigned)i, SC_FREE, 0, (uint64_t)wraps[i]);
			c.count_rel = (enum sc_count_rel)rel;
			snprintf(what, sizeof(what), "count-%s-wraps-to%+lld",
				 rel == SC_REL_DEST ? "dest" : "src", (long long)wraps[i]);
			write_seed(what, 0);
		}
}

/* Buffers flush against the guard pages (docs/checking.md, "What a run does"). */
static void guards(void)
{
	static const size_t lens[] = { 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 4095, 4096, 4097 };
	char what[64];

	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t len = lens[i];
		const char *p = pattern(len, (unsigned)i);

		snprintf(what, sizeof(what), "src-ends-at-guard-no-nul-%zu", len);
		set(p, len, -1, SC_AT_END, 0, SC_FREE, 0, len);
		write_seed(what, 0);
		snprintf(what, sizeof(what), "nul-last-before-guard-%zu", len);
		set(p, len, 0, SC_AT_END, 0, SC_FREE, 3, len + 64);
		write_seed(what, 1);
		snprintf(what, sizeof(what), "src-after-guard-%zu", len);
		set(p, len, 0, SC_AT_START, 0, SC_FREE, 0, len + 1);
		write_seed(what, 1);
		snprintf(what, sizeof(what), "dest-ends-at-guard-%zu", len);
		set(p, len, 0, SC_FREE, 5, SC_AT_END, 0, len + 1);
		write_seed(what, 1);
		snprintf(what, sizeof(what), "dest-after-guard-trunc-%zu", len);
		set(p, len, 0, SC_FREE, 2, SC_AT_START, 0, len);
		write_seed(what, 1);
	}
}

/* High bytes and 0x01 around a NUL at every offset of a word, counts near
 * the length, in relative form. */
static void bytes(void)
{
	static const unsigned char vals[] = { 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff };
	static const int deltas[] = { -1, 0, 1, 8 };
	char s[32], what[64];

	for (size_t v = 0; v < sizeof(vals); v++)
		for (size_t len = 0; len < 17; len += 3) {
			memset(s, vals[v], len);
			set(s, len, 0, SC_FREE, (unsigned)(len + v) % 8, SC_FREE, (unsigned)v, 0);
			memset(c.src + len + 1, vals[v], 8);
			c.src_len = len + 9;
			c.count = (uint64_t)((int64_t)len + deltas[(v + len) % 4] < 0 ? 0 :
					     (int64_t)len + deltas[(v + len) % 4]);
			snprintf(what, sizeof(what), "byte-%02x-len-%zu", vals[v], len);
			write_seed(what, 1);
		}
}

/*
 * The concatenations (strlcat, strncat): dest's string of lengths around
 * the word and the cache line, sizes around dlen + slen (strlcat: a full
 * buffer, dlen == size - 1, and no NUL within size at all), each buffer
 * flush against a guard page; strncat with n below the source's length,
 * and a source with no NUL in n bytes ending at the guard.
 */
static void appends(void)
{
	static const size_t dlens[] = { 0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65 };
	static const char s[] = "hello, world";  /* 12 bytes */
	static const int deltas[] = { -13, -5, -1, 0, 1, 2, 9 };
	char what[80];

	for (size_t i = 0; i < sizeof(dlens) / sizeof(dlens[0]); i++) {
		size_t dlen = dlens[i];

		for (size_t k = 0; k < sizeof(deltas) / sizeof(deltas[0]); k++) {
			int64_t n = (int64_t)dlen * (c.api == SC_STRLCAT) + 12 + deltas[k];
			enum sc_place sp = k % 3 == 1 ? SC_AT_END : SC_FREE;
			enum sc_place dp = k % 3 == 2 ? SC_AT_END : k % 3 == 0 ? SC_AT_START : SC_FREE;

			if (n < 0)
				continue;
			set(s, 12, 0, sp, (unsigned)(dlen + k) % 8, dp, (unsigned)k, (uint64_t)n);
			set_dest(dlen, 0);
			snprintf(what, sizeof(what), "%s-dlen-%zu-n-%+d", sc_api_name(c.api), dlen,
				 deltas[k]);
			write_seed(what, 0);
		}
		if (c.api == SC_STRLCAT) {
			/* A full buffer (dlen == size - 1), and no NUL within
			 * size (dlen == size) with dest's end at the guard. */
			set(s, 12, 0, SC_FREE, 1, SC_AT_END, 0, dlen + 1);
			set_dest(dlen, 0);
			snprintf(what, sizeof(what), "strlcat-full-dlen-%zu", dlen);
			write_seed(what, 0);
			if (dlen) {
				set(s, 12, 0, SC_FREE, 2, SC_AT_END, 0, dlen);
				set_dest(dlen, -1);
				snprintf(what, sizeof(what), "strlcat-unterminated-%zu", dlen);
				write_seed(what, 0);
				set(s, 12, 0, SC_FREE, 3, SC_FREE, 5, dlen);
				set_dest(dlen, -1);
				snprintf(what, sizeof(what), "strlcat-unterminated-free-%zu", dlen);
				write_seed(what, 0);
			}
		} else {
			/* n below the source's length; a source with no NUL in n
			 * bytes, ending at the guard. */
			set(pattern(40, (unsigned)i), 40, -1, SC_AT_END, 0, SC_FREE, 0, 40 - i % 9);
			c.src_len = 40 - i % 9;
			set_dest(dlen, 0);
			snprintf(what, sizeof(what), "strncat-src-no-nul-at-guard-%zu", dlen);
			write_seed(what, 0);
		}
	}
	/* Huge sizes, and the ones a 32-bit or signed count turns small. */
	{
		static const uint64_t huge[] = { UINT64_MAX, (uint64_t)1 << 31,
			((uint64_t)1 << 32) + 3, ((uint64_t)1 << 32) + 20, (uint64_t)1 << 63 };

		for (size_t i = 0; i < sizeof(huge) / sizeof(huge[0]); i++) {
			set(s, 12, 0, SC_FREE, (unsigned)i, SC_FREE, 0, huge[i]);
			set_dest(5 + i, 0);
			snprintf(what, sizeof(what), "%s-huge-%zu", sc_api_name(c.api), i);
			write_seed(what, 0);
		}
	}
}

/*
 * memccpy: the stop byte c as the contract names it (0, printable bytes,
 * 0x80, 0xff, and -1, 0x141, -0x80, which must convert to unsigned char),
 * at several positions, with n around it; c the last byte before the
 * source's guard page with n larger; c absent (NULL return).
 */
static void memccpy_seeds(void)
{
	static const int32_t chs[] = { 0, 'e', 0x80, 0xff, -1, 0x141, -0x80, 0x7f };
	static const size_t ats[] = { 0, 3, 7, 8, 15, 16, 31 };
	char what[80], buf[64];

	for (size_t i = 0; i < sizeof(chs) / sizeof(chs[0]); i++) {
		unsigned char uc = (unsigned char)chs[i];

		for (size_t a = 0; a < sizeof(ats) / sizeof(ats[0]); a++) {
			size_t at = ats[a];

			for (size_t k = 0; k < 40; k++)
				buf[k] = (char)(uc == 'a' + k % 26 ? 'Z' : 'a' + k % 26);
			buf[at] = (char)uc;
			/* n: below, on and past the stop byte. */
			set(buf, 40, -1, SC_FREE, (unsigned)(i + a) % 8, SC_FREE, (unsigned)a,
			    at + (a % 3 == 0 ? 0 : a % 3 == 1 ? 1 : 9));
			c.ch = chs[i];
			snprintf(what, sizeof(what), "memccpy-c-%d-at-%zu", chs[i], at);
			write_seed(what, 0);
			/* c last before the guard, n 8 and 64 past it. */
			set(buf, at + 1, -1, SC_AT_END, 0, SC_FREE, 0, at + 1 + (a % 2 ? 8 : 64));
			c.ch = chs[i];
			snprintf(what, sizeof(what), "memccpy-c-%d-last-before-guard-%zu", chs[i], at);
			write_seed(what, 0);
		}
		/* c absent: n bytes copied, NULL; dest's end at its guard. */
		for (size_t k = 0; k < 40; k++)
			buf[k] = (char)(uc == 'a' + k % 26 ? 'Z' : 'a' + k % 26);
		set(buf, 20, -1, SC_AT_END, 0, SC_AT_END, 0, 20);
		c.ch = chs[i];
		snprintf(what, sizeof(what), "memccpy-c-%d-absent", chs[i]);
		write_seed(what, 0);
	}
}

/* stpncpy: an exact fill (strlen == n, no NUL written, returns dest + n),
 * and zero-fills ending at dest's guard at every offset of a word. */
static void stpncpy_seeds(void)
{
	char what[80];

	for (size_t n = 1; n < 20; n++) {
		set(pattern(n, (unsigned)n), n, 0, SC_FREE, (unsigned)n % 8, SC_AT_END, 0, n);
		snprintf(what, sizeof(what), "stpncpy-exact-fill-%zu", n);
		write_seed(what, 0);
		set("abc", 3, 0, SC_FREE, 0, SC_AT_END, 0, 3 + n);
		snprintf(what, sizeof(what), "stpncpy-fill-to-guard-%zu", n);
		write_seed(what, 0);
	}
}

static int from_grid(const struct sc_case *k, uint64_t index, void *arg)
{
	char what[64];

	(void)arg;
	if (index % GRID_STEP || k->src_len > 300 || k->count > 4200 || k->count_rel)
		return 0;
	c = *k;
	snprintf(what, sizeof(what), "grid-%llu", (unsigned long long)index);
	write_seed(what, 0);
	return 0;
}

int main(int argc, char **argv)
{
	static struct sc_case scratch;

	if (argc != 2) {
		fprintf(stderr, "usage: gen_corpus DIR\n");
		return 2;
	}
	for (size_t h = 0; h < sizeof(harnesses) / sizeof(harnesses[0]); h++) {
		enum sc_api api = SC_STRSCPY;  /* fuzz_relations: strscpy's cases */

		sc_api_parse(harnesses[h], &api);

		snprintf(dir, sizeof(dir), "%s/fuzz_%s", argv[1], harnesses[h]);
		if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
			perror(dir);
			return 1;
		}
		seq = 0;
		memset(&c, 0, sizeof(c));
		c.api = api;
		c.policy = SC_NO_LEAK;
		branches();
		count_shapes();
		guards();
		bytes();
		if (sc_api_appends(api))
			appends();
		else if (api == SC_MEMCCPY)
			memccpy_seeds();
		else if (api == SC_STPNCPY)
			stpncpy_seeds();
		sc_grid(api, SC_NO_LEAK, &scratch, from_grid, NULL);
		printf("%s: %u seeds\n", dir, seq);
	}
	return 0;
}
