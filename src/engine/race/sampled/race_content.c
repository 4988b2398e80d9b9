/*
 * race_content.c - the bytes of the race checks' strings (race_content.h).
 */
#include <string.h>

#include "../../case/grid.h"
#include "race_content.h"

/* Every class in turn: a path chosen by a byte's class (isalpha, a
 * control byte, a high byte, UTF-8 lead bytes) meets each early. */
static const unsigned char classes[] = {
	'a', '7', '.', ' ', 0x01, 'Q', 0x80, '~', 0x1f, 0xff, 'z', '0', 0x7f, '\t', 0xc3, 0xa9,
	'/', 0x9f, 'M', '\n', 0xe2, 0x82, 0xac, '_', 0xfe, '%', 0x10, 'k', 0xa0, '9', '"', 0xf0,
};

/* UTF-8 text, as a file name or a message would have it. */
static const char text[] = "na\xc3\xafve caf\xc3\xa9 \xe2\x80\x94 Gr\xc3\xbc\xc3\x9f"
			   "e, \xe6\x9d\xb1\xe4\xba\xac \xf0\x9f\x98\x80 ";

static const unsigned char tricky[] = {
	0x80, 'a', 0x81, 0x01, 0xfe, 'c', 0xff, 0x7f, 'd', 0x01, 0x80, 'e', 0xc3, 'f', 0x01, 'b',
};

static void cycle(unsigned char *p, size_t len, const unsigned char *pat, size_t n)
{
	for (size_t i = 0; i < len; i += n)
		memcpy(p + i, pat, len - i < n ? len - i : n);
}

void sc_race_fill(unsigned char *p, size_t len, uint64_t key)
{
	uint64_t rng = key;

	switch (key % SC_CONTENT_KINDS) {
	case 0:
		cycle(p, len, (const unsigned char *)"abcdefghijklmnopqrstuvwxyz", 26);
		break;
	case 1:
		for (size_t i = 0; i < len; i++)
			p[i] = (unsigned char)(0x80 + (i * 7 + key) % 128);
		break;
	case 2:
		cycle(p, len, classes, sizeof(classes));
		break;
	case 3:
		cycle(p, len, (const unsigned char *)text, sizeof(text) - 1);
		break;
	case 4:
		cycle(p, len, tricky, sizeof(tricky));
		break;
	default:
		for (size_t i = 0; i < len; i++)
			p[i] = (unsigned char)(1 + sc_rand(&rng) % 255);
		break;
	}
}
