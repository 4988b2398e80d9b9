#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "case.h"

/*
 * Header layout (little-endian, SC_HEADER_LEN bytes), then the source:
 *   [0] bits 0-1 api, bit 2 policy, bits 3-4 src_place, bits 5-6 dst_place
 *   [1] src_off        [2] dst_off
 *   [3] bit 0 huge: count = sc_huge_counts[count32 % n]
 *       bit 1 relative: count = strlen + (int16_t)count32  (clamped at 0)
 *   [4..7] count32
 * sc_case_encode writes absolute or huge counts only; the relative form is
 * there so that a fuzzer reaches counts near the string's length easily.
 */

const uint64_t sc_huge_counts[] = {
	(uint64_t)SIZE_MAX,
	(uint64_t)SIZE_MAX / 2,          /* SSIZE_MAX */
	(uint64_t)SIZE_MAX / 2 + 1,
	(uint64_t)INT_MAX + 1,
	(uint64_t)UINT32_MAX,
	(uint64_t)SIZE_MAX - 4095,       /* dest + count wraps around */
	(uint64_t)SIZE_MAX - 63,
	(uint64_t)SIZE_MAX - 7,
};
const unsigned sc_huge_count_n = sizeof(sc_huge_counts) / sizeof(sc_huge_counts[0]);

static const char *const api_names[SC_API_COUNT] = {
	"strscpy", "strscpy_pad", "strlcpy", "strncpy",
};

static const char *const place_names[SC_PLACE_COUNT] = {
	"free", "at-start-guard", "at-end-guard",
};

const char *sc_api_name(enum sc_api api)
{
	return (unsigned)api < SC_API_COUNT ? api_names[api] : "?";
}

int sc_api_parse(const char *name, enum sc_api *api)
{
	for (unsigned i = 0; i < SC_API_COUNT; i++)
		if (strcmp(name, api_names[i]) == 0) {
			*api = (enum sc_api)i;
			return 0;
		}
	return -1;
}

const char *sc_place_name(enum sc_place place)
{
	return (unsigned)place < SC_PLACE_COUNT ? place_names[place] : "?";
}

int sc_count_is_huge(const struct sc_case *c)
{
	return c->count > SC_COUNT_MAX;
}

size_t sc_case_dst_len(const struct sc_case *c)
{
	return sc_count_is_huge(c) ? SC_DST_SPAN : (size_t)c->count;
}

size_t sc_case_strlen(const struct sc_case *c)
{
	const unsigned char *nul = memchr(c->src, 0, c->src_len);

	return nul ? (size_t)(nul - c->src) : c->src_len;
}

size_t sc_case_readable(const struct sc_case *c)
{
	size_t len = sc_case_strlen(c);

	if (c->api == SC_STRLCPY || c->count > len)
		return len + 1;
	return (size_t)c->count;
}

void sc_case_normalize(struct sc_case *c)
{
	c->api = (enum sc_api)((unsigned)c->api % SC_API_COUNT);
	c->policy = c->policy == SC_STRICT ? SC_STRICT : SC_NO_LEAK;
	c->src_place = (enum sc_place)((unsigned)c->src_place % SC_PLACE_COUNT);
	c->dst_place = (enum sc_place)((unsigned)c->dst_place % SC_PLACE_COUNT);
	c->src_off &= SC_OFF_MAX;
	c->dst_off &= SC_OFF_MAX;
	if (c->src_len > SC_SRC_MAX)
		c->src_len = SC_SRC_MAX;
	/* These two write all count bytes: no huge counts for them. */
	if ((c->api == SC_STRSCPY_PAD || c->api == SC_STRNCPY) && sc_count_is_huge(c))
		c->count %= SC_COUNT_MAX + 1;
	/* A huge count gets a capped destination (sc_case_dst_len): a string that
	 * would not fit there ends at its last byte, or a correct copy (which
	 * a huge count allows) would be called an overwrite. */
	if (sc_count_is_huge(c) && sc_case_strlen(c) >= sc_case_dst_len(c))
		c->src[sc_case_dst_len(c) - 1] = 0;
	/* The contract would read one byte more than we have: terminate. */
	if (sc_case_readable(c) > c->src_len)
		c->src[c->src_len++] = 0;
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

void sc_case_decode(struct sc_case *c, const uint8_t *data, size_t len)
{
	uint8_t h[SC_HEADER_LEN] = {0};
	size_t hl = len < SC_HEADER_LEN ? len : SC_HEADER_LEN;
	uint32_t count32;

	memcpy(h, data, hl);
	data += hl;
	len -= hl;

	c->api = (enum sc_api)(h[0] & 3);
	c->policy = (h[0] >> 2) & 1 ? SC_STRICT : SC_NO_LEAK;
	c->src_place = (enum sc_place)(((h[0] >> 3) & 3) % SC_PLACE_COUNT);
	c->dst_place = (enum sc_place)(((h[0] >> 5) & 3) % SC_PLACE_COUNT);
	c->src_off = h[1] & SC_OFF_MAX;
	c->dst_off = h[2] & SC_OFF_MAX;
	c->src_len = len > SC_SRC_MAX ? SC_SRC_MAX : len;
	memcpy(c->src, data, c->src_len);

	count32 = get32(h + 4);
	if (h[3] & 1) {
		c->count = sc_huge_counts[count32 % sc_huge_count_n];
	} else if (h[3] & 2) {
		int64_t n = (int64_t)sc_case_strlen(c) + (int16_t)(count32 & 0xffff);
		c->count = n < 0 ? 0 : (uint64_t)n;
	} else {
		c->count = count32 % (SC_COUNT_MAX + 1);
	}
	sc_case_normalize(c);
}

size_t sc_case_encode(const struct sc_case *c, uint8_t *out)
{
	uint32_t count32 = (uint32_t)c->count;
	uint8_t mode = 0;

	if (sc_count_is_huge(c)) {
		mode = 1;
		for (count32 = 0; count32 < sc_huge_count_n; count32++)
			if (sc_huge_counts[count32] == c->count)
				break;
	}
	out[0] = (uint8_t)((c->api & 3) | (c->policy == SC_STRICT) << 2 |
			   (c->src_place & 3) << 3 | (c->dst_place & 3) << 5);
	out[1] = (uint8_t)c->src_off;
	out[2] = (uint8_t)c->dst_off;
	out[3] = mode;
	for (int i = 0; i < 4; i++)
		out[4 + i] = (uint8_t)(count32 >> (8 * i));
	memcpy(out + SC_HEADER_LEN, c->src, c->src_len);
	return SC_HEADER_LEN + c->src_len;
}
