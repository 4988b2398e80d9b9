/* report.c - what a fuzz harness prints about a defect (report.h). */
#include <inttypes.h>
#include <stdio.h>

#include "../src/engine/base/bytes.h"
#include "../src/engine/case/count.h"
#include "report.h"

/* Source bytes, C-escaped, at most max (<= FH_SHOW_MAX) of them. */
#define FH_SHOW_MAX 160
static void print_bytes(const unsigned char *s, size_t n, size_t max)
{
	static char buf[SC_ESCAPE_MAX(FH_SHOW_MAX)];

	sc_escape(s, n < max ? n : max, buf, sizeof(buf));
	fprintf(stderr, "\"%s\"", buf);
	if (n > max)
		fprintf(stderr, "... (%zu more)", n - max);
}

/* A window of the destination image, dest[from..to), in hex. */
static void print_image(const char *who, const struct sc_outcome *o, size_t from, size_t to)
{
	fprintf(stderr, "  %-9s dest[%zu..%zu]:", who, from, to);
	for (size_t i = from; i < to; i++)
		fprintf(stderr, " %02x", o->win[o->before + i]);
	fputc('\n', stderr);
}

/* A return value as the API gives it: a number, or dest + k, or NULL. */
static const char *ret_text(const struct sc_case *c, int64_t ret, char buf[40])
{
	if (c->api != SC_STRNCPY && c->api != SC_STRNCAT && c->api != SC_STPNCPY &&
	    c->api != SC_MEMCCPY)
		snprintf(buf, 40, "%" PRId64, ret);
	else if (ret == SC_RET_NULL)
		snprintf(buf, 40, "NULL");
	else
		snprintf(buf, 40, "dest + %" PRId64, ret);
	return buf;
}

void fh_report(const struct fh_who *w, const struct sc_engine *e, const struct sc_case *c,
	       const struct sc_finding *f, int nf, const uint8_t *data, size_t len, int patched)
{
	size_t L = sc_case_strlen(c);
	char count_text[SC_COUNT_TEXT];

	fprintf(stderr, "\n==strcheck== fuzz_%s: DEFECT in %s%s%s%s (%s)\n", w->harness,
		w->impl ? w->impl : "the project's ", w->impl ? ":" : "",
		w->symbol ? w->symbol : sc_api_name(w->cand_api),
		w->relations ? ", relations with the models" : "",
		w->policy == SC_STRICT ? "strict" : "no-leak policy");
	for (int i = 0; i < nf; i++)
		fprintf(stderr, "  %s: %-11s [%s] %s\n", i ? "also " : "check", sc_class_name(f[i].cls),
			f[i].rule, f[i].what);
	fprintf(stderr, "  case: %s count=%s%s, src_len=%zu strlen=%zu%s\n",
		sc_api_name(c->api), sc_count_describe(c, count_text, sizeof(count_text)),
		sc_count_is_huge(c) ? " (huge)" : "", c->src_len, L,
		L == c->src_len ? " (no NUL)" : "");
	fprintf(stderr, "  placement: src %s+%u (address %% 64 = %u), dest %s+%u\n",
		sc_place_name(c->src_place), c->src_off,
		(unsigned)((uintptr_t)e->cand.src % 64), sc_place_name(c->dst_place), c->dst_off);
	fprintf(stderr, "  src: ");
	print_bytes(c->src, c->src_len, FH_SHOW_MAX);
	fputc('\n', stderr);
	if (sc_api_appends(c->api)) {
		fprintf(stderr, "  dest before the call: ");
		print_bytes(c->dst_init, c->dst_init_len, FH_SHOW_MAX);
		fprintf(stderr, " (strlen %zu%s)\n", sc_case_dlen(c),
			sc_case_dlen(c) == c->dst_init_len ? ", no NUL" : "");
	}
	if (c->api == SC_MEMCCPY)
		fprintf(stderr, "  c: %" PRId32 " (0x%x; as unsigned char 0x%02x)\n", c->ch,
			(unsigned)c->ch, (unsigned char)c->ch);
	if (!w->relations && e->cand.stop == SC_RETURNED) {
		size_t n = e->cand.dst_len, at = f[0].offset > 0 ? (size_t)f[0].offset : 0;
		size_t from = at > 8 ? at - 8 : 0, to = from + 24 < n ? from + 24 : n;
		char got[40], want[40];

		fprintf(stderr, "  returned: %s, reference %s\n", ret_text(c, e->cand.ret, got),
			ret_text(c, e->ref.ret, want));
		if (to > from) {
			print_image("got", &e->cand, from, to);
			print_image("expected", &e->ref, from, to);
		}
	}
	/* strcheck replays the case through the same decoder; a relation is
	 * checked only here, so name this harness too. */
	fprintf(stderr, "  replay: strcheck%s%s%s%s --replay=CRASH_FILE%s\n",
		w->impl ? " --impl=" : "", w->impl ? w->impl : "", w->symbol ? " --symbol=" : "",
		w->symbol ? w->symbol : "", patched ? "  (NOTE: the file's api/policy bits "
		"differ from this harness's: use --case below)" : "");
	if (len <= 512) {
		/* Canonical and at least a header long: what was checked. */
		fprintf(stderr, "      or: strcheck%s%s%s%s --case=", w->impl ? " --impl=" : "",
			w->impl ? w->impl : "", w->symbol ? " --symbol=" : "", w->symbol ? w->symbol : "");
		for (size_t i = 0; i < len || i < SC_HEADER_LEN; i++)
			fprintf(stderr, "%02x", i < len ? data[i] : 0);
		fputc('\n', stderr);
	}
	fprintf(stderr, "      or: fuzz_%s CRASH_FILE  (this harness, same STRCHECK_* environment)\n",
		w->harness);
	fflush(stderr);
}
