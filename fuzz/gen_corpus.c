/*
 * gen_corpus.c - write the seed corpus: gen_corpus DIR writes
 * DIR/fuzz_NAME/NNN-what for every harness.  Run by scripts/gen-corpus.sh.
 *
 * Seeds are cases in the engine's encoding (sc_case_encode): hand-made
 * ones that reach every branch of src/lib/strscpy.c (named for the branch),
 * the guard placements of the case space, tricky bytes, counts relative to
 * the length (so that mutations stay near it), and a sample of the grid.
 * Counts stay small: a fuzzer's exec/s falls with the destination's size.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../src/engine/case.h"
#include "../src/engine/grid.h"

#define MAX_LEN 8200       /* keep in step with max_len in fuzz.options */
#define GRID_STEP 7919     /* a prime: a spread-out sample of the grid */

static const char *const harnesses[] = {
	"strscpy", "strscpy_pad", "strlcpy", "strncpy", "relations",
};

static char dir[4096];
static unsigned seq;
static struct sc_case c;
static uint8_t buf[SC_HEADER_LEN + SC_SRC_MAX];

static void write_seed(const char *what, int relative)
{
	size_t n;
	FILE *fp;
	char path[4200];

	sc_case_normalize(&c);
	n = sc_case_encode(&c, buf);
	/* Relative count (src/engine/case.c): count = strlen + int16 delta. */
	if (relative && !sc_count_is_huge(&c)) {
		int64_t delta = (int64_t)c.count - (int64_t)sc_case_strlen(&c);

		if (delta >= -32768 && delta <= 32767) {
			uint16_t d = (uint16_t)(int16_t)delta;

			buf[3] = 2;
			buf[4] = (uint8_t)d;
			buf[5] = (uint8_t)(d >> 8);
			buf[6] = buf[7] = 0;
		}
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
	c.count = count;
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
	for (unsigned i = 0; i < sc_huge_count_n; i++) {
		char what[32];

		snprintf(what, sizeof(what), "huge-count-%u", i);
		seed(what, "hello", 0, i, sc_huge_counts[i]);
	}
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

static int from_grid(const struct sc_case *k, uint64_t index, void *arg)
{
	char what[64];

	(void)arg;
	if (index % GRID_STEP || k->src_len > 300 || k->count > 4200)
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
		enum sc_api api = h < SC_API_COUNT ? (enum sc_api)h : SC_STRSCPY;

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
		guards();
		bytes();
		sc_grid(api, SC_NO_LEAK, &scratch, from_grid, NULL);
		printf("%s: %u seeds\n", dir, seq);
	}
	return 0;
}
