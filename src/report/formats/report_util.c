/* report_util.c - what the text and JSON reports share (report_util.h). */
#include <inttypes.h>
#include <string.h>

#include "../../engine/base/bytes.h"
#include "../../engine/memory/demand.h"
#include "report_util.h"

/* Longest --case= hex that goes on a command line; longer cases are named
 * by their grid or random index instead (same case, regenerated). */
#define HEX_MAX 8192

const char *sc_report_clause(const struct sc_defect *d)
{
	const struct sc_rule *r = sc_rule_find(d->cls, d->rule);

	return r ? r->clause : d->rule;
}

int sc_report_is_race_run(const struct sc_defect *d)
{
	return (d->phase == SC_PH_RACE || d->phase == SC_PH_READER) && !d->has_ref;
}

const char *sc_report_policy(enum sc_policy policy)
{
	return policy == SC_STRICT ? "strict" : "no-leak";
}

/* Shell-quote s if it needs it. */
static void print_word(FILE *out, const char *s)
{
	if (s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._-+=,:@")]) {
		fputc('\'', out);
		for (; *s; s++)
			fputs(*s == '\'' ? "'\\''" : (char[]){ *s, 0 }, out);
		fputc('\'', out);
	} else {
		fputs(s, out);
	}
}

void sc_report_replay(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		      const struct sc_defect *d)
{
	static char hex[2 * HEX_MAX + 1];
	const char *strict = p->policy == SC_STRICT ? " --strict" : "";

	fputs("strcheck --impl=", out);
	print_word(out, ri->impl);
	if (ri->build_flags && *ri->build_flags)
		fprintf(out, " %s", ri->build_flags);
	if (ri->symbol && strcmp(ri->symbol, sc_api_name(p->api))) {
		fputs(" --symbol=", out);
		print_word(out, ri->symbol);
	}
	fprintf(out, " --api=%s", sc_api_name(p->api));
	if (sc_report_is_race_run(d) || !d->has_case) {
		fprintf(out, " --seed=%" PRIu64 "%s%s", p->seed, strict,
			d->phase == SC_PH_READER ? " --reader" : "");
		return;
	}
	if (d->case_len <= HEX_MAX || d->phase == SC_PH_TRACE ||
	    (d->phase == SC_PH_ONE && p->traced_one)) {
		/* A case of the traced check's list too long to print goes by
		 * its number there (the hex stays the first choice: it does
		 * not depend on the list). */
		if (d->case_len <= HEX_MAX) {
			sc_hex(d->case_bytes, d->case_len, hex);
			fprintf(out, " --case=%s", hex);
		} else {
			fprintf(out, " --traced-case=%" PRIu64,
				d->phase == SC_PH_TRACE ? d->index : p->one_index);
		}
		/* The traced check's findings replay traced: the flip, the reader. */
		if (d->flip_read)
			fprintf(out, " --race-flip=%" PRIu32 "@%" PRIu32, d->flip_byte, d->flip_read);
		if ((d->phase == SC_PH_TRACE || (d->phase == SC_PH_ONE && p->traced_one)) &&
		    p->reader)
			fputs(" --reader", out);
	} else if (d->phase == SC_PH_GRID) {
		fprintf(out, "%s --grid-case=%" PRIu64, strict, d->index);
	} else {
		fprintf(out, " --seed=%" PRIu64 "%s --random-case=%" PRIu64, p->seed, strict,
			d->index);
	}
}

enum sc_verdict sc_report_verdict(const struct sc_record *s)
{
	if (s->ndefects)
		return SC_VERDICT_FAIL;
	return s->finished ? SC_VERDICT_PASS : SC_VERDICT_INCOMPLETE;
}

const char *sc_verdict_name(enum sc_verdict v, int lower)
{
	static const char *const upper_names[] = { "PASS", "FAIL", "INCOMPLETE" };
	static const char *const lower_names[] = { "pass", "fail", "incomplete" };

	return (lower ? lower_names : upper_names)[v];
}

char *sc_report_coverage(const struct sc_plan *p, const struct sc_record *s, char *buf,
			 size_t size)
{
	buf[0] = 0;
	if (p->only_phase == SC_PH_GRID && p->last_index > p->one_index)
		snprintf(buf, size, "grid cases %" PRIu64 "..%" PRIu64 " of %" PRIu64 " only, as "
			 "asked (--grid-case); no random cases, no concurrent checks", p->one_index,
			 p->last_index, s->grid_total);
	else if (p->only_phase == SC_PH_GRID)
		snprintf(buf, size, "grid case %" PRIu64 " of %" PRIu64 " only, as asked "
			 "(--grid-case)", p->one_index, s->grid_total);
	else if (p->only_phase == SC_PH_RANDOM)
		snprintf(buf, size, "random case %" PRIu64 " of seed %" PRIu64 " only, as asked "
			 "(--random-case)", p->one_index, p->seed);
	else if (p->only_phase == SC_PH_ONE)
		snprintf(buf, size, p->traced_one ? "traced case %" PRIu64 " only, as asked "
			 "(--traced-case)" : "the one case given only (--case or --replay)",
			 p->one_index);
	else if (p->cases >= 0)
		snprintf(buf, size, "the grid, the concurrent checks asked for and %" PRId64
			 " random case(s) (--cases)", p->cases);
	return buf;
}

char *sc_report_cut_note(const struct sc_record *s, char *buf, size_t size)
{
	buf[0] = 0;
	if (s->cut)
		snprintf(buf, size, "%" PRIu64 " case(s) had a count too large to back with "
			 "memory (above %zu KiB) and wrote dest past the part strcheck backs "
			 "for such a count (the mapped part and %zu KiB more): their writes from "
			 "there on and their return values were not judged (not defects); "
			 "the first: %s%.0" PRIu64, s->cut, (size_t)SC_DEST_BACKED / 1024,
			 (size_t)SC_DEMAND_PROBE / 1024,
			 s->cut_phase == SC_PH_ONE ? "the replayed case" :
			 s->cut_phase == SC_PH_GRID ? "grid case " : "random case ",
			 s->cut_phase == SC_PH_ONE ? 0 : s->cut_index);
	return buf;
}

void sc_put_json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20 || ch >= 0x7f)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

void sc_put_xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '<')
			fputs("&lt;", out);
		else if (ch == '>')
			fputs("&gt;", out);
		else if (ch == '&')
			fputs("&amp;", out);
		else if (ch == '"')
			fputs("&quot;", out);
		else if ((ch < 0x20 && ch != '\n' && ch != '\t') || ch >= 0x7f)
			fputc('?', out);
		else
			fputc(ch, out);
	}
}

void sc_put_uri_path(FILE *out, const char *path)
{
	static const char ok[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
				 "/._-~+,=@:";

	for (; *path; path++) {
		if (strchr(ok, *path))
			fputc(*path, out);
		else
			fprintf(out, "%%%02X", (unsigned char)*path);
	}
}
