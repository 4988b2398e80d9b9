#include <string.h>

#include "../src/engine/base/mem.h"
#include "count_shape.h"

/*
 * A case costs in proportion to its destination (the canary window is
 * count + 512 bytes, filled, copied and compared for the candidate and the
 * reference), and a mutated count mostly lands far from the counts that
 * matter: near the string's length, word and page sizes (an input holds at
 * most 8200 source bytes).  So a mutated small count is folded below
 * FH_SMALL 3 times in 4, else below FH_BIG.  Huge counts are cheap (their
 * destination is capped, SC_DST_SPAN) but a random 64-bit one is almost
 * never of a shape a truncation turns small: most are snapped to one.
 */
#define FH_SMALL 320u  /* five cache lines */
#define FH_BIG 8256u   /* two pages and a cache line */

/* Bases of the shapes: base + k, or (sub) base - 1 - k. */
static const struct {
	uint64_t base;
	int sub;
} bases[] = {
	{ (uint64_t)1 << 32, 0 }, { (uint64_t)1 << 16, 0 }, { (uint64_t)1 << 63, 0 },
	{ 0, 1 } /* SIZE_MAX - k */, { (uint64_t)1 << 31, 0 }, { (uint64_t)1 << 17, 0 },
	{ (uint64_t)3 << 32, 0 }, { (uint64_t)1 << 48, 0 }, { (uint64_t)1 << 32, 1 },
	{ (uint64_t)1 << 63, 1 },
};
#define NBASES (sizeof(bases) / sizeof(bases[0]))

static uint32_t get_aux(const uint8_t *data)
{
	return (uint32_t)data[12] | (uint32_t)data[13] << 8 | (uint32_t)data[14] << 16 |
	       (uint32_t)data[15] << 24;
}

static void set_aux(uint8_t *data, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		data[12 + i] = (uint8_t)(v >> (8 * i));
}

/* Where the source starts: after dest's initial bytes for strlcat and
 * strncat (as sc_case_decode reads them). */
static size_t src_start(enum sc_api api, const uint8_t *data, size_t len)
{
	uint32_t aux = get_aux(data);
	size_t rest = len - SC_HEADER_LEN;

	if (!sc_api_appends(api))
		return SC_HEADER_LEN;
	return SC_HEADER_LEN + (aux < rest ? aux : rest);
}

/* The length the count is measured against: the string's, or for
 * memccpy the index of the first byte c. */
static size_t strlen_of(enum sc_api api, const uint8_t *data, size_t len)
{
	size_t at = src_start(api, data, len);
	int stop = api == SC_MEMCCPY ? (unsigned char)get_aux(data) : 0;
	const uint8_t *hit = sc_memchr(data + at, stop, len - at);

	return hit ? (size_t)(hit - data - at) : len - at;
}

/* Near a power of two that a 16- or 32-bit truncation or a sign
 * conversion removes: leave it be, it is what we are after. */
static int is_shape(uint64_t v)
{
	for (size_t i = 0; i < NBASES; i++) {
		uint64_t d = bases[i].sub ? bases[i].base - 1 - v : v - bases[i].base;

		if (d <= 4096)
			return 1;
	}
	return 0;
}

/* A count of shape b with k near the string's length L: the truncated
 * count lands just below, on, or past the NUL. */
static uint64_t make_shape(size_t b, size_t L, unsigned r)
{
	uint64_t k = (uint64_t)L + (r % 5) - 2;

	if ((int64_t)k < 1)
		k = r % 2;
	if (r % 11 == 0)
		k = r % 64;  /* sometimes anywhere in the first cache line */
	return bases[b].sub ? bases[b].base - 1 - k : bases[b].base + k;
}

void fh_shape_count(enum sc_api api, uint8_t *data, size_t len, int changed, unsigned seed)
{
	uint64_t v;
	enum sc_count_form form = sc_header_count(data, &v);
	size_t L = strlen_of(api, data, len);
	uint32_t limit = seed % 4 ? FH_SMALL : FH_BIG;
	unsigned r = seed / 4;
	int64_t k;

	/* One mutation in 16 gets a shaped count whatever it changed. */
	if (!changed && seed % 16 != 5)
		return;
	if (!changed) {
		size_t b = (r / 8) % NBASES;

		if (r % 4 == 0 && api != SC_STRNCPY) {
			/* dest + count or src + count wraps to just past 0. */
			sc_header_set_count(data, r % 8 < 4 ? SC_FORM_DEST : SC_FORM_SRC,
					    (uint64_t)(int64_t)((r / 8) % 70 - 3));
			return;
		}
		v = make_shape(b, L, r / 64);
		if (!sc_count_fits_api(api, v, SC_REL_NONE))
			v = make_shape(1, L, r / 64);  /* 2^16 + k fits every API */
		sc_header_set_count(data, SC_FORM_ABS, v);
		return;
	}
	switch (form) {
	case SC_FORM_DEST:
	case SC_FORM_SRC:
		/* Wrap to within a page of the top of the address space. */
		k = (int64_t)v;
		if (k > 4096 || k < -4096)
			sc_header_set_count(data, form, (uint64_t)(k % 4097));
		return;
	case SC_FORM_STRLEN:
		k = (int64_t)v;
		if (k > (int64_t)limit / 2 || k < -(int64_t)limit / 2)
			sc_header_set_count(data, form, (uint64_t)(k % ((int64_t)limit / 2)));
		return;
	default:
		break;
	}
	if (v <= limit || (is_shape(v) && sc_count_fits_api(api, v, SC_REL_NONE)))
		return;
	if (v > SC_COUNT_MAX && sc_count_fits_api(api, v, SC_REL_NONE)) {
		/* A random huge count: 3 times in 4 snapped to a shape. */
		if (r % 4)
			sc_header_set_count(data, SC_FORM_ABS,
					    make_shape((size_t)(v >> 8) % NBASES, L, (unsigned)v));
		return;
	}
	sc_header_set_count(data, SC_FORM_ABS, v % (limit + 1));
}

/* c values the memccpy contract names (docs/contract.md), and the
 * int-versus-unsigned-char slips they catch. */
static const int32_t chars[] = { 0, 'a', 0x80, 0xff, -1, 0x141, -0x80, 0x100, 0x1ff, 0x7f };
#define NCHARS (sizeof(chars) / sizeof(chars[0]))

void fh_shape_aux(enum sc_api api, uint8_t *data, size_t len, int changed, unsigned seed)
{
	uint32_t aux = get_aux(data);
	size_t rest = len - SC_HEADER_LEN;
	unsigned r = seed / 16;

	if (sc_api_appends(api)) {
		/* All of the input as dest and no source is a waste: dest's
		 * initial string mostly short (the grid's 0..70), at most
		 * the input. */
		if (aux > rest || (changed && aux > 80 && r % 4))
			set_aux(data, (uint32_t)(rest ? aux % (r % 4 ? (rest < 81 ? rest + 1 : 81) :
								 rest + 1) : 0));
		return;
	}
	if (api != SC_MEMCCPY || (!changed && seed % 16 != 9))
		return;
	/* One in 16 mutations gets a new c whatever it changed; a changed c
	 * 3 times in 4: a named value, or a byte of the source (plus 256 k
	 * or minus 256 now and then: the same byte to memccpy). */
	if (!changed || r % 4) {
		uint32_t v = (uint32_t)chars[r / 4 % NCHARS];

		if (r % 3 == 0 && rest) {
			v = data[SC_HEADER_LEN + (r / 3) % rest];
			if (r % 7 == 0)
				v += 0x100u * (r % 5 + 1);
			else if (r % 11 == 0)
				v -= 0x100u;
		}
		set_aux(data, v);
	}
}
