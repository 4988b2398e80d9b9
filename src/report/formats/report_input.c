/*
 * report_input.c - the text report's input block: the source as a C
 * literal, dest's string before the call, memccpy's c, the count by its
 * shape, where each buffer sits against its guard pages, and where the
 * last byte the call may read lies in its page.
 */
#include <inttypes.h>
#include <string.h>

#include "../../engine/base/bytes.h"
#include "../../engine/case/count.h"
#include "report_input.h"

/* The source as a C string literal, the middle left out when long. */
#define SRC_HEAD 40
#define SRC_TAIL 24
#define SRC_WHOLE (SRC_HEAD + SRC_TAIL + 8)  /* shown whole up to this long */

static void print_source(FILE *out, const struct sc_case *c)
{
	/* Room for the longest source shown whole, every byte escaped. */
	static char buf[SC_ESCAPE_MAX(SRC_WHOLE)];

	if (c->src_len <= SRC_WHOLE) {
		sc_escape(c->src, c->src_len, buf, sizeof(buf));
		fprintf(out, "\"%s\"", buf);
		return;
	}
	sc_escape(c->src, SRC_HEAD, buf, sizeof(buf));
	fprintf(out, "\"%s\" ... (%zu bytes) ... ", buf, c->src_len - SRC_HEAD - SRC_TAIL);
	sc_escape(c->src + c->src_len - SRC_TAIL, SRC_TAIL, buf, sizeof(buf));
	fprintf(out, "\"%s\"", buf);
}

/* dest's string before the call (strlcat, strncat), cut when long. */
static void print_dest_string(FILE *out, const struct sc_case *c)
{
	static char buf[SC_ESCAPE_MAX(SRC_WHOLE)];
	size_t dlen = sc_case_dlen(c), n = c->dst_init_len;

	sc_escape(c->dst_init, n <= SRC_WHOLE ? n : SRC_HEAD, buf, sizeof(buf));
	fprintf(out, "            dest   = \"%s\"%s before the call: ", buf,
		n <= SRC_WHOLE ? "" : "...");
	if (dlen == n)
		fprintf(out, "%zu byte%s, no NUL\n", n, SC_PL(n));
	else
		fprintf(out, "%zu byte%s, strlen %zu\n", n, SC_PL(n), dlen);
}

static void print_place(FILE *out, const char *name, enum sc_place place, unsigned off,
			const struct sc_defect *d, unsigned align, const uint64_t gap[2],
			size_t len)
{
	fprintf(out, "%-6s %zu byte%s, ", name, len, SC_PL(len));
	if (place == SC_AT_START)
		fprintf(out, "starts %u byte%s after a guard page", off, SC_PL(off));
	else if (place == SC_AT_END)
		fprintf(out, "ends %u byte%s before a guard page", off, SC_PL(off));
	else
		fprintf(out, "away from the guard pages, 64-byte boundary + %u", off);
	if (d->has_place)
		fprintf(out, " (address 64n+%u; %" PRIu64 " / %" PRIu64
			" bytes to the guard before / after)", align, gap[0], gap[1]);
	fputc('\n', out);
}

/*
 * Where the last source byte the call may read lies in its page, and what
 * follows that page: a read past it that no guard page shows (a mapped
 * next page) is found only by the read set, and "2 bytes before a page
 * end, the next page mapped" says so where "address 64n+36" does not.
 */
#define PAGE 4096u

static void print_pages(FILE *out, const struct sc_case *c, const struct sc_defect *d)
{
	size_t last = sc_case_readable(c), len = sc_case_strlen(c);
	uint64_t at, before, end, data;

	if (!d->has_place || last == 0 || last > c->src_len)
		return;
	last--;
	at = d->src_gap[0] + last;  /* from the source arena's first data page */
	before = PAGE - 1 - at % PAGE;
	end = at + before + 1;
	data = d->src_gap[0] + c->src_len + d->src_gap[1];
	fprintf(out, "            pages  %s (src+%zu) ", last == len ? "the NUL" :
		"the last byte it may read", last);
	if (before)
		fprintf(out, "%" PRIu64 " byte%s before a page end", before, SC_PL(before));
	else
		fputs("on the last byte of a page", out);
	fprintf(out, ", %s\n", end < data ? "the next page mapped (only the read set sees a read "
		"there)" : "a guard page next");
}

void sc_report_text_input(FILE *out, const struct sc_case *c, const struct sc_defect *d)
{
	char count_text[SC_COUNT_TEXT];
	size_t len = sc_case_strlen(c);

	fprintf(out, "  input     src    = ");
	print_source(out, c);
	if (len < c->src_len)
		fprintf(out, "\n                   %zu byte%s, strlen %zu\n", c->src_len,
			SC_PL(c->src_len), len);
	else
		fprintf(out, "\n                   %zu byte%s, no NUL\n", c->src_len,
			SC_PL(c->src_len));
	if (sc_api_appends(c->api))
		print_dest_string(out, c);
	if (c->api == SC_MEMCCPY)
		fprintf(out, "            c      = %" PRId32 " (0x%x), as unsigned char 0x%02x%s\n",
			c->ch, (unsigned)c->ch, (unsigned char)c->ch,
			sc_case_chpos(c) < c->src_len ? "" : ", not in src");
	/* The bound by the name its API's prototype gives it. */
	fprintf(out, "            %-6s = %s%s\n", c->api == SC_STRLCAT ? "size" :
		c->api >= SC_STRNCAT ? "n" : "count",
		sc_count_describe(c, count_text, sizeof(count_text)),
		sc_count_is_huge(c) ? " (huge)" : "");
	fputs("            ", out);
	print_place(out, "src", c->src_place, c->src_off, d, d->src_align, d->src_gap, c->src_len);
	fputs("            ", out);
	print_place(out, "dest", c->dst_place, c->dst_off, d, d->dst_align, d->dst_gap,
		    sc_case_dst_len(c));
	print_pages(out, c, d);
	if (c->policy == SC_STRICT)
		fputs("            policy --strict\n", out);
}
