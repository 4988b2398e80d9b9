/*
 * test_lib_paths.c - the checks every path of strscpy must pass (each
 * one this CPU runs, and strscpy() itself): the grid, seeded random cases,
 * the named guard-page shapes, page boundaries inside the string, every
 * byte value, the NUL at every position of a long string, and the two
 * concurrent checks.
 */
#include <stdio.h>
#include <string.h>

#include "../src/engine/case/grid.h"
#include "test_lib.h"

/* The path under test, and a check's name with its name in it. */
static void *cand;
static const char *cand_name;
static char name_buf[128];

static const char *named(const char *fmt)
{
	snprintf(name_buf, sizeof(name_buf), fmt, cand_name);
	return name_buf;
}

/* Named guard-page cases: the grid's cases of one placement shape. */
static int src_no_nul_at_end(const struct sc_case *c)
{
	return c->src_place == SC_AT_END && c->src_off == 0 && c->count == c->src_len &&
	       sc_case_strlen(c) == c->src_len;
}

static int src_nul_last_before_guard(const struct sc_case *c)
{
	return c->src_place == SC_AT_END && c->src_off == 0 && c->src_len &&
	       sc_case_strlen(c) == c->src_len - 1 && c->count > c->src_len;
}

static int src_at_page_start(const struct sc_case *c)
{
	return c->src_place == SC_AT_START && c->src_off == 0;
}

static int dst_ends_at_guard(const struct sc_case *c)
{
	return c->dst_place == SC_AT_END && c->dst_off == 0;
}

static int dst_starts_at_guard(const struct sc_case *c)
{
	return c->dst_place == SC_AT_START && c->dst_off == 0;
}

/* The five named shapes, checked in one walk of the grid (a walk makes
 * every case, which costs more than checking the few selected: 1 to 3 s a
 * walk under qemu-user); each shape is its own check, as before. */
static const struct {
	const char *name;
	int (*select)(const struct sc_case *);
} guard_shapes[] = {
	{ "guard_src_no_nul_ends_at_guard_%s", src_no_nul_at_end },
	{ "guard_src_nul_last_before_guard_%s", src_nul_last_before_guard },
	{ "guard_src_starts_after_guard_%s", src_at_page_start },
	{ "guard_dest_ends_at_guard_%s", dst_ends_at_guard },
	{ "guard_dest_starts_after_guard_%s", dst_starts_at_guard },
};
#define NSHAPES (sizeof(guard_shapes) / sizeof(guard_shapes[0]))

static int guard_one(const struct sc_case *c, uint64_t index, void *arg)
{
	struct run *r = arg;

	(void)index;
	for (size_t i = 0; i < NSHAPES; i++)
		check_one(c, 0, &r[i]);
	return 0;
}

static void guards(void)
{
	static struct run r[NSHAPES];
	unsigned saved = stride;

	memset(r, 0, sizeof(r));
	for (size_t i = 0; i < NSHAPES; i++) {
		r[i].fn = cand;
		r[i].select = guard_shapes[i].select;
	}
	stride = 1;
	sc_grid(SC_STRSCPY, SC_NO_LEAK, &scratch, guard_one, r);
	stride = saved;
	for (size_t i = 0; i < NSHAPES; i++)
		report(named(guard_shapes[i].name), &r[i], 20);
}

/* Every non-zero byte value, at every offset of a word, in every alignment. */
static void byte_values(void)
{
	struct run r = { .fn = cand };

	for (unsigned b = 1; b <= 255; b++)
		for (size_t len = 0; len <= 16; len++)
			for (unsigned so = 0; so < 16; so++) {
				memset(scratch.src, 'a', 17);
				if (len)
					scratch.src[len - 1] = (unsigned char)b;
				scratch.src[len] = 0;
				memset(scratch.src + len + 1, (int)b, 8);
				scratch.src_len = len + 9;
				scratch.api = SC_STRSCPY;
				scratch.policy = SC_NO_LEAK;
				scratch.src_place = scratch.dst_place = SC_FREE;
				scratch.src_off = so;
				scratch.dst_off = 15 - so;
				scratch.count = len + 1 + so % 3;
				sc_case_normalize(&scratch);
				check_one(&scratch, 0, &r);
			}
	report(named("byte_values_0x01_to_0xff_%s"), &r, 255 * 17 * 16);
}

/*
 * A page boundary inside the string at every distance from its start
 * (1..140 bytes: every offset within a word, a vector and a 64-byte
 * round), in every alignment, for fit and truncation: where each path
 * switches from its wide loads to the pieces before the boundary.  The
 * string's last byte is the last one before the guard page.
 */
static void page_crossing(void)
{
	struct run r = { .fn = cand };
	uint64_t n = 0;

	for (unsigned off = 0; off < 64; off++)
		for (size_t len = 4097; len <= 4096 + 140; len++, n++) {
			if (n % stride)
				continue;
			memset(scratch.src, 'a' + off % 26, len);
			scratch.src[len - 1] = 0;
			scratch.src_len = len;
			scratch.api = SC_STRSCPY;
			scratch.policy = SC_NO_LEAK;
			scratch.src_place = SC_AT_END;
			scratch.src_off = 0;
			scratch.dst_place = SC_FREE;
			scratch.dst_off = off;
			scratch.count = len - 1 + (n % 3 == 0) - 2 * (n % 3 == 1) * (1 + off % 9);
			sc_case_normalize(&scratch);
			check_one(&scratch, 0, &r);
		}
	report(named("page_boundary_mid_string_%s"), &r, 64 * 140 / stride);
}

/*
 * The NUL at every position 0..1100 of a long source whose bytes after it
 * are not zero (a store that keeps them shows), in four alignments, for
 * fit (count well past the NUL, and the NUL exactly in dest[count-1]) and
 * truncation at that position: every place of a 128-byte round of 32-byte
 * vectors and of a 256-byte round of 64-byte ones (strscpy_avx512 starts
 * those at byte 256, after aligning dest), away from any page boundary.
 */
static void nul_positions(void)
{
	static const unsigned offs[4][2] = { { 0, 0 }, { 13, 5 }, { 63, 1 }, { 32, 0 } };
	struct run r = { .fn = cand };
	uint64_t n = 0;

	for (unsigned o = 0; o < 4; o++)
		for (size_t len = 0; len <= 1100; len++)
			for (unsigned k = 0; k < 3; k++, n++) {
				if (n % stride)
					continue;
				for (size_t i = 0; i < len + 300; i++)
					scratch.src[i] = (unsigned char)('A' + (i * 7 + o) % 50);
				scratch.src[len] = 0;
				scratch.src_len = len + 300;
				scratch.api = SC_STRSCPY;
				scratch.policy = SC_NO_LEAK;
				scratch.src_place = scratch.dst_place = SC_FREE;
				scratch.src_off = offs[o][0];
				scratch.dst_off = offs[o][1];
				scratch.count = k == 0 ? len + 300 : k == 1 ? len + 1 : len ? len : 1;
				sc_case_normalize(&scratch);
				check_one(&scratch, 0, &r);
			}
	report(named("nul_at_every_position_to_1100_%s"), &r, 4 * 1101 * 3 / stride);
}

void path_checks(void *fn, const char *name, int argc, char **argv)
{
	cand = fn;
	cand_name = name;
	if (wanted(argc, argv, "grid"))
		grid(named("grid_%s_vs_reference"), SC_STRSCPY, SC_NO_LEAK, cand);
	if (wanted(argc, argv, "random"))
		random_cases(named("random_%s_vs_reference"), SC_STRSCPY, cand, random_n);
	if (wanted(argc, argv, "guard")) {
		guards();
		page_crossing();
	}
	if (wanted(argc, argv, "bytes"))
		byte_values();
	if (wanted(argc, argv, "nul"))
		nul_positions();
	if (wanted(argc, argv, "race")) {
		race(named("race_source_changes_mid_copy_%s"), SC_RACE_MUTATOR, SC_STRSCPY, cand);
		race(named("race_reader_never_sees_unterminated_%s"), SC_RACE_READER, SC_STRSCPY, cand);
	}
}
