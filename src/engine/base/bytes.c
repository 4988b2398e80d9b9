/* bytes.c - compare, hex and escape byte strings (bytes.h). */
#include <string.h>

#include "bytes.h"
#include "mem.h"

int64_t sc_first_diff(const unsigned char *a, const unsigned char *b, size_t from, size_t to,
		      size_t *diffs)
{
	int64_t first = -1;

	if (diffs)
		*diffs = 0;
	/* Images mostly agree: memcmp first, the byte loop only to locate. */
	if (from >= to || sc_memcmp(a + from, b + from, to - from) == 0)
		return -1;
	for (size_t i = from; i < to; i++) {
		if (a[i] == b[i])
			continue;
		if (first < 0)
			first = (int64_t)i;
		if (!diffs)
			break;
		++*diffs;
	}
	return first;
}

static const char digits[] = "0123456789abcdef";

void sc_hex(const uint8_t *b, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[b[i] >> 4];
		out[2 * i + 1] = digits[b[i] & 15];
	}
	out[2 * n] = 0;
}

static int nibble(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

long sc_unhex(const char *hex, uint8_t *b, size_t max)
{
	size_t n = strlen(hex);

	if (n % 2 || n / 2 > max)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		b[i] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(n / 2);
}

size_t sc_escape(const unsigned char *b, size_t n, char *out, size_t size)
{
	size_t len = 0, i;
	int numeric = 0;  /* the last escape was \0 or \xNN */

	for (i = 0; i < n; i++) {
		unsigned char ch = b[i];
		char e[4];
		size_t k = 0;

		if (ch == '"' || ch == '\\') {
			e[k++] = '\\';
			e[k++] = (char)ch;
		} else if (ch >= 0x20 && ch < 0x7f && !(numeric && nibble((char)ch) >= 0)) {
			e[k++] = (char)ch;
		} else if (ch == 0) {
			e[k++] = '\\';
			e[k++] = '0';
		} else {
			e[k++] = '\\';
			e[k++] = 'x';
			e[k++] = digits[ch >> 4];
			e[k++] = digits[ch & 15];
		}
		if (len + k >= size)
			break;
		memcpy(out + len, e, k);
		len += k;
		numeric = e[0] == '\\' && (e[1] == '0' || e[1] == 'x');
	}
	if (size)
		out[len] = 0;
	return i;
}
