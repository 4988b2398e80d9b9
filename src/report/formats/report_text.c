/*
 * report_text.c - the text report: a header, one block per distinct defect
 * (check, what, input, expected, actual, the dest bytes side by side, where
 * it was found, the replay command), the counts, and the verdict line.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "../../engine/base/bytes.h"
#include "../../engine/case/count.h"
#include "report_util.h"
#include "source_lines.h"

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
		fprintf(out, "%zu byte(s), no NUL\n", n);
	else
		fprintf(out, "%zu byte(s), strlen %zu\n", n, dlen);
}

static void print_ret(FILE *out, enum sc_api api, int64_t ret)
{
	char text[40];

	if (api >= SC_STRLCAT)
		fputs(sc_ret_text(api, ret, text, sizeof(text)), out);
	else if (api == SC_STRNCPY)
		fprintf(out, "dest%+" PRId64, ret);
	else if ((api == SC_STRSCPY || api == SC_STRSCPY_PAD) && ret == -E2BIG)
		fprintf(out, "-E2BIG (%" PRId64 ")", ret);
	else if (api == SC_STRLCPY)
		fprintf(out, "%" PRIu64, (uint64_t)ret);
	else
		fprintf(out, "%" PRId64, ret);
}

static void print_actual(FILE *out, enum sc_api api, const struct sc_defect *d)
{
	if (!d->has_outcome)
		fprintf(out, "%s", d->what);
	else if (d->stop == SC_FAULTED)
		fprintf(out, "faulted (%s): %s", strsignal(d->signo), d->fault);
	else if (d->stop == SC_HUNG)
		fprintf(out, "did not return (killed by the watchdog)");
	else if (d->stop == SC_CUT)
		fprintf(out, "still writing dest where strcheck stops backing it, the count "
			"being too large to back (stopped there; its return not judged)");
	else if (d->stop == SC_SIGNALLED)
		fprintf(out, "raised %s", strsignal(d->signo));
	else {
		fprintf(out, "returned ");
		print_ret(out, api, d->ret);
	}
}

static void print_place(FILE *out, const char *name, enum sc_place place, unsigned off,
			const struct sc_defect *d, unsigned align, const uint64_t gap[2],
			size_t len)
{
	fprintf(out, "%-6s %zu byte(s), ", name, len);
	if (place == SC_AT_START)
		fprintf(out, "starts %u byte(s) after a guard page", off);
	else if (place == SC_AT_END)
		fprintf(out, "ends %u byte(s) before a guard page", off);
	else
		fprintf(out, "away from the guard pages, 64-byte boundary + %u", off);
	if (d->has_place)
		fprintf(out, " (address 64n+%u; %" PRIu64 " / %" PRIu64
			" bytes to the guard before / after)", align, gap[0], gap[1]);
	fputc('\n', out);
}

static void print_image_row(FILE *out, const char *label, const unsigned char *img,
			    const struct sc_defect *d, int64_t from, int64_t to, size_t count)
{
	fprintf(out, "            %-9s", label);
	for (int64_t k = from; k < to; k++) {
		unsigned char b = img[k - d->img_from];

		if (k == 0 || k == (int64_t)count)
			fputs(" |", out);
		if (b == sc_canary(k))
			fputs(" ..", out);
		else
			fprintf(out, " %02x", b);
	}
	fputc('\n', out);
}

/* Expected and actual dest bytes around the finding, side by side. */
static void print_image(FILE *out, const struct sc_defect *d, size_t count)
{
	int64_t from = d->img_center - 8, to = d->img_center + 16;

	if (from < d->img_from)
		from = d->img_from;
	if (to > d->img_from + (int64_t)d->img_len)
		to = d->img_from + (int64_t)d->img_len;
	if (to <= from)
		return;
	fprintf(out, "  dest      dest%+" PRId64 " .. dest%+" PRId64
		"  (.. canary, untouched; | at dest[0] and dest[count])\n", from, to - 1);
	if (d->has_ref)
		print_image_row(out, "expected", d->want, d, from, to, count);
	if (d->has_outcome)
		print_image_row(out, "actual", d->got, d, from, to, count);
	if (d->has_ref && d->has_outcome && !d->ndiff) {
		fputs("            (dest and its margins are as the reference left them)\n", out);
	} else if (d->has_ref && d->has_outcome) {
		fprintf(out, "            %-9s", "");
		for (int64_t k = from; k < to; k++) {
			if (k == 0 || k == (int64_t)count)
				fputs("  ", out);
			fputs(d->want[k - d->img_from] != d->got[k - d->img_from] ? " ^^" : "   ", out);
		}
		fprintf(out, "\n            %" PRIu64 " byte(s) differ in dest and its margins\n",
			d->ndiff);
	}
}

static const char *found_in(const struct sc_defect *d)
{
	switch (d->phase) {
	case SC_PH_ONE:
		return "the replayed case";
	case SC_PH_GRID:
		return "grid case";
	case SC_PH_RANDOM:
		return "random case";
	case SC_PH_RACE:
		return "race check, call";
	case SC_PH_READER:
		return "reader check, call";
	case SC_PH_TRACE:
		return "traced check, case";
	default:
		return "loading";
	}
}

void sc_report_text_defect(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			   const struct sc_defect *d, int n)
{
	static struct sc_case c;
	char count_text[SC_COUNT_TEXT], src_lines[400];
	int conc = sc_report_is_race_run(d);

	fprintf(out, "DEFECT %d: %s (rule %s), %" PRIu64 " case(s)\n", n, sc_class_name(d->cls),
		d->rule, d->hits);
	fprintf(out, "  check     %s\n", sc_report_clause(d));
	fprintf(out, "  what      %s\n", d->what);
	if (!strncmp(d->what, "traced: ", 8) && sc_source_lines(p->impl, d->what, src_lines,
								  sizeof(src_lines)))
		fprintf(out, "  source    %s\n", src_lines);
	if (d->has_case) {
		size_t len;

		sc_case_decode(&c, d->case_bytes, d->case_len);
		len = sc_case_strlen(&c);
		fprintf(out, "  input     src    = ");
		print_source(out, &c);
		if (len < c.src_len)
			fprintf(out, "\n                   %zu byte(s), strlen %zu\n", c.src_len, len);
		else
			fprintf(out, "\n                   %zu byte(s), no NUL\n", c.src_len);
		if (sc_api_appends(c.api))
			print_dest_string(out, &c);
		if (c.api == SC_MEMCCPY)
			fprintf(out, "            c      = %" PRId32 " (0x%x), as unsigned char 0x%02x%s\n",
				c.ch, (unsigned)c.ch, (unsigned char)c.ch,
				sc_case_chpos(&c) < c.src_len ? "" : ", not in src");
		/* The bound by the name its API's prototype gives it. */
		fprintf(out, "            %-6s = %s%s\n", c.api == SC_STRLCAT ? "size" :
			c.api >= SC_STRNCAT ? "n" : "count",
			sc_count_describe(&c, count_text, sizeof(count_text)),
			sc_count_is_huge(&c) ? " (huge)" : "");
		fputs("            ", out);
		print_place(out, "src", c.src_place, c.src_off, d, d->src_align, d->src_gap, c.src_len);
		fputs("            ", out);
		print_place(out, "dest", c.dst_place, c.dst_off, d, d->dst_align, d->dst_gap,
			    sc_case_dst_len(&c));
		if (c.policy == SC_STRICT)
			fputs("            policy --strict\n", out);
	}
	if (d->has_ref) {
		fputs("  expected  returns ", out);
		print_ret(out, p->api, d->ref_ret);
		fputc('\n', out);
	} else if (conc && !strcmp(d->rule, sc_rules[SC_RULE_READER_SEES_NUL].id)) {
		fputs("  expected  a NUL in dest[0..count-1] at every moment of the call\n", out);
	} else if (conc && !strcmp(d->rule, sc_rules[SC_RULE_DEST_WRITTEN_ONCE].id)) {
		fputs("  expected  dest[count-1] a NUL at every moment of the call\n", out);
	} else if (conc || ((d->phase == SC_PH_TRACE || d->flip_read) && d->cls == SC_RACE)) {
		fputs("  expected  a NUL-terminated dest that agrees with the return value\n", out);
	}
	fputs("  actual    ", out);
	print_actual(out, p->api, d);
	fputc('\n', out);
	if ((d->has_outcome || d->has_ref) && d->has_case)
		print_image(out, d, sc_case_dst_len(&c));
	if (d->phase == SC_PH_ONE || d->phase == SC_PH_LOAD)  /* no position: one case, a load */
		fprintf(out, "  found by  %s\n", found_in(d));
	else
		fprintf(out, "  found by  %s %" PRIu64 " (seed %" PRIu64 ")\n", found_in(d), d->index,
			p->seed);
	fprintf(out, "  %-9s ", conc ? "rerun" : "replay");
	sc_report_replay(out, p, ri, d);
	fputc('\n', out);
	if (conc)
		fputs("            (timing-dependent: reruns the concurrent check with the same seed;\n"
		      "             the input above is the call that broke)\n", out);
	fputc('\n', out);
}

static void text_conc(FILE *out, const char *name, const struct sc_conc_stats *st,
		      const char *skipped, const char *acted)
{
	if (skipped)
		fprintf(out, "%s check: skipped (%s)\n", name, skipped);
	else if (st->ran && st->cpus < 2)
		fprintf(out, "%s check: %" PRIu64 " calls, %" PRIu64 " of them %s, in %.2f s (one "
			"CPU: the two threads took turns and never ran at once, so this check could "
			"catch little)\n", name, st->calls, st->overlapped, acted, st->seconds);
	else if (st->ran)
		fprintf(out, "%s check: %" PRIu64 " calls, %" PRIu64 " of them %s, in %.2f s%s%s\n",
			name, st->calls, st->overlapped, acted, st->seconds,
			st->found ? ", stopped at a finding" : "",
			st->overlapped < SC_MIN_OVERLAP && !st->found ? " (few: the two threads "
			"seldom ran at once; a busy machine? more --time or --race-time helps)" : "");
}

/* The traced check's line; where it could not run, the one line that says
 * the race check is sampled here. */
static void text_trace(FILE *out, const struct sc_trace_stats *t, const char *skipped,
		       const char *trace_skipped)
{
	if (skipped)
		return;
	if (trace_skipped)
		fprintf(out, "traced check: skipped (%s): the race check is sampled, not traced\n",
			trace_skipped);
	else if (t->ran) {
		if (t->cases == t->planned && !t->found)
			fprintf(out, "traced check: all %" PRIu64 " cases", t->planned);
		else
			fprintf(out, "traced check: %" PRIu64 " of %" PRIu64 " cases", t->cases, t->planned);
		fprintf(out, ", %" PRIu64 " calls (%" PRIu64 " with a source byte flipped between two "
			"reads), %" PRIu64 " accesses traced, in %.2f s%s", t->calls, t->flips,
			t->accesses, t->seconds, t->found ? ", stopped at a finding" : t->cut ?
			" (cut at the deadline: not a full check)" : "");
		if (t->bounded)
			fprintf(out, "; %" PRIu64 " case(s) checked bounded (%" PRIu64 " flip(s) not "
				"run; the first: case %" PRIu64 "): not a full check", t->bounded,
				t->unrun, t->bounded_first);
		fputc('\n', out);
	}
	else if (t->why[0])
		fprintf(out, "traced check: not here (%s): the race check is sampled, not traced\n",
			t->why);
}

static uint64_t cases_run(const struct sc_record *s)
{
	return s->done[SC_PH_ONE] + s->done[SC_PH_GRID] + s->done[SC_PH_RANDOM];
}

void sc_report_text(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		    const struct sc_record *s)
{
	char coverage[300];

	sc_report_coverage(p, s, coverage, sizeof(coverage));
	if (!ri->quiet) {
		fprintf(out, "strcheck: %s", sc_api_name(p->api));
		if (ri->symbol && strcmp(ri->symbol, sc_api_name(p->api)))
			fprintf(out, " (symbol %s)", ri->symbol);
		fprintf(out, " in %s, policy %s, seed %" PRIu64 "\n", ri->impl,
			sc_report_policy(p->policy), p->seed);
		/* How and what strcheck built it from, and what it noticed. */
		if (ri->how && *ri->how)
			fprintf(out, "%s\n", ri->how);
		if (ri->about && *ri->about)
			fprintf(out, "%s\n", ri->about);
		if (ri->arch)
			fprintf(out, "architecture: %s\n", ri->arch);
		fprintf(out, "%s\n", ri->notes ? ri->notes : "");
	}
	for (int i = 0; i < s->ndefects; i++)
		sc_report_text_defect(out, p, ri, &s->d[i], i + 1);
	if (s->extra_hits)
		fprintf(out, "(%" PRIu64 " more finding(s) of further kinds not shown)\n\n",
			s->extra_hits);
	if (!ri->quiet) {
		if (p->only_phase == SC_PH_DONE)
			fprintf(out, "cases: %" PRIu64 " of %" PRIu64 " in the grid, %" PRIu64
				" random\n", s->done[SC_PH_GRID], s->grid_total,
				s->done[SC_PH_RANDOM]);
		text_trace(out, &s->trace, ri->race_skipped && ri->reader_skipped ? ri->race_skipped : NULL,
			   ri->trace_skipped);
		text_conc(out, "race", &s->race, ri->race_skipped, "overlapped a change of the source");
		text_conc(out, "reader", &s->reader, ri->reader_skipped,
			  "overlapped a poll of a concurrent reader");
		if (s->restarts)
			fprintf(out, "checked process restarted %u time(s) after a crash or hang\n",
				s->restarts);
		if (s->load_seconds >= 1)
			fprintf(out, "load: %.1f s in the candidate's constructors (not counted in "
				"--time; at most 5 s)\n", s->load_seconds);
		if (s->stopped[0])
			fprintf(out, "run %s\n", s->stopped);
		if (s->cut) {
			char note[400];

			fprintf(out, "not judged: %s\n", sc_report_cut_note(s, note, sizeof(note)));
		}
	}
	if (!ri->quiet || !s->sandboxed)
		fprintf(out, "sandbox: %s\n", s->sandbox);
	switch (sc_report_verdict(s)) {
	case SC_VERDICT_FAIL:
		fprintf(out, "VERDICT: FAIL, %d distinct defect(s) in %" PRIu64 " case(s)",
			s->ndefects, cases_run(s));
		break;
	case SC_VERDICT_INCOMPLETE:
		fprintf(out, "VERDICT: INCOMPLETE, no defect in the %" PRIu64 " case(s) that ran",
			cases_run(s));
		break;
	default:
		fprintf(out, "VERDICT: PASS, no defect in %" PRIu64 " case(s)", cases_run(s));
	}
	if (s->race.calls + s->reader.calls)
		fprintf(out, " and %" PRIu64 " concurrent call(s)", s->race.calls + s->reader.calls);
	if (!s->sandboxed)
		fputs(" (not sandboxed)", out);
	if (s->ndefects && !s->finished)
		fputs(" (run cut short: more defects may remain)", out);
	if (sc_report_verdict(s) == SC_VERDICT_INCOMPLETE)
		fputs(ri->allow_incomplete ? " (not a full check; --allow-incomplete: exit 0)" :
		      " (not a full check)", out);
	if (coverage[0])
		fprintf(out, " (covers %s)", coverage);
	fputc('\n', out);
}
