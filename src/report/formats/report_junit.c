/*
 * report_junit.c - the run as JUnit XML (--format=junit), for CI systems:
 * one test case per check (grid, random cases, race, reader, a replayed
 * case) and one per distinct defect, whose failure text is that defect's
 * text report.  docs/schemas/junit.xsd describes the layout.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report_util.h"

/* Defects first found in a phase: a check fails when it found any. */
static int defects_in(const struct sc_record *s, enum sc_phase ph)
{
	int n = 0;

	for (int i = 0; i < s->ndefects; i++)
		n += s->d[i].phase == ph;
	return n;
}

struct check {
	const char *name;
	enum sc_phase phase;
	int ran;
	const char *skipped;    /* why it did not run, or NULL */
	char detail[160];
};

static void junit_check(FILE *out, const char *cls, const struct check *k, int failed)
{
	fprintf(out, "    <testcase classname=\"");
	sc_put_xml_text(out, cls);
	fprintf(out, "\" name=\"%s\" time=\"0\">\n", k->name);
	if (k->skipped || !k->ran) {
		fputs("      <skipped message=\"", out);
		sc_put_xml_text(out, k->skipped ? k->skipped : "not run");
		fputs("\"/>\n", out);
	} else if (failed) {
		fprintf(out, "      <failure type=\"defect\" message=\"%d distinct defect(s) first found "
			"here\">", failed);
		sc_put_xml_text(out, k->detail);
		fputs("</failure>\n", out);
	} else {
		fputs("      <system-out>", out);
		sc_put_xml_text(out, k->detail);
		fputs("</system-out>\n", out);
	}
	fputs("    </testcase>\n", out);
}

static void junit_defect(FILE *out, const char *cls, const struct sc_plan *p,
			 const struct sc_report_info *ri, const struct sc_defect *d, int n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (mem) {
		sc_report_text_defect(mem, p, ri, d, n);
		fclose(mem);
	}
	fprintf(out, "    <testcase classname=\"");
	sc_put_xml_text(out, cls);
	fprintf(out, "\" name=\"defect %d: %s (rule ", n, sc_class_name(d->cls));
	sc_put_xml_text(out, d->rule);
	fputs(")\" time=\"0\">\n      <failure type=\"", out);
	sc_put_xml_text(out, sc_class_name(d->cls));
	fputs("\" message=\"", out);
	sc_put_xml_text(out, d->what);
	fputs("\">", out);
	sc_put_xml_text(out, text ? text : d->what);
	fputs("</failure>\n    </testcase>\n", out);
	free(text);
}

void sc_report_junit(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		     const struct sc_record *s)
{
	struct check k[5];
	int nk = 0, failures = 0, skipped = 0, errors = 0, extra = !s->finished;
	char cls[300];

	snprintf(cls, sizeof(cls), "strcheck.%s", sc_api_name(p->api));
	if (p->only_phase != SC_PH_DONE) {
		k[nk] = (struct check){ "replayed case", p->only_phase, 1, NULL, "" };
		snprintf(k[nk++].detail, sizeof(k[0].detail), "%" PRIu64 " case(s) run",
			 s->done[SC_PH_ONE] + s->done[SC_PH_GRID] + s->done[SC_PH_RANDOM]);
	} else {
		k[nk] = (struct check){ "grid", SC_PH_GRID, 1, NULL, "" };
		snprintf(k[nk++].detail, sizeof(k[0].detail), "%" PRIu64 " of %" PRIu64
			 " grid cases run", s->done[SC_PH_GRID], s->grid_total);
		k[nk] = (struct check){ "random cases", SC_PH_RANDOM, 1, NULL, "" };
		snprintf(k[nk++].detail, sizeof(k[0].detail), "%" PRIu64 " random cases run (seed %"
			 PRIu64 ")", s->done[SC_PH_RANDOM], p->seed);
		k[nk] = (struct check){ "race", SC_PH_RACE, s->race.ran, ri->race_skipped, "" };
		snprintf(k[nk++].detail, sizeof(k[0].detail), "%" PRIu64 " calls, %" PRIu64
			 " overlapped a change of the source", s->race.calls, s->race.overlapped);
		k[nk] = (struct check){ "reader", SC_PH_READER, s->reader.ran, ri->reader_skipped, "" };
		snprintf(k[nk++].detail, sizeof(k[0].detail), "%" PRIu64 " calls, %" PRIu64
			 " overlapped a poll of a concurrent reader", s->reader.calls,
			 s->reader.overlapped);
	}
	for (int i = 0; i < nk; i++) {
		if (k[i].skipped || !k[i].ran)
			skipped++;
		else
			failures += defects_in(s, k[i].phase) > 0;
	}
	failures += s->ndefects;
	/* A cut run: one more test, "complete", an error (a CI job fails on
	 * it) unless --allow-incomplete, then skipped. */
	if (!s->finished) {
		errors = !ri->allow_incomplete;
		skipped += ri->allow_incomplete;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"strcheck\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
		"skipped=\"%d\" time=\"0\">\n", nk + s->ndefects + extra, failures, errors, skipped);
	fputs("  <testsuite name=\"", out);
	sc_put_xml_text(out, cls);
	fputs(" ", out);
	sc_put_xml_text(out, ri->impl);
	fprintf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"0\">\n",
		nk + s->ndefects + extra, failures, errors, skipped);
	fputs("    <properties>\n      <property name=\"impl\" value=\"", out);
	sc_put_xml_text(out, ri->impl);
	fprintf(out, "\"/>\n      <property name=\"api\" value=\"%s\"/>\n      <property name=\"seed\" "
		"value=\"%" PRIu64 "\"/>\n      <property name=\"policy\" value=\"%s\"/>\n"
		"      <property name=\"verdict\" value=\"%s\"/>\n    </properties>\n",
		sc_api_name(p->api), p->seed, sc_report_policy(p->policy),
		sc_verdict_name(sc_report_verdict(s), 1));
	if (extra) {
		fputs("    <testcase classname=\"", out);
		sc_put_xml_text(out, cls);
		fprintf(out, "\" name=\"complete\" time=\"0\">\n      <%s message=\"",
			ri->allow_incomplete ? "skipped" : "error type=\"incomplete\"");
		sc_put_xml_text(out, ri->allow_incomplete ? "run cut before the plan was done "
				"(--allow-incomplete)" : "run cut before the plan was done: not a full check");
		fputs(ri->allow_incomplete ? "\"/>\n" : "\">", out);
		if (!ri->allow_incomplete) {
			sc_put_xml_text(out, s->stopped);
			fputs("</error>\n", out);
		}
		fputs("    </testcase>\n", out);
	}
	for (int i = 0; i < nk; i++)
		junit_check(out, cls, &k[i], k[i].ran && !k[i].skipped ? defects_in(s, k[i].phase) : 0);
	for (int i = 0; i < s->ndefects; i++)
		junit_defect(out, cls, p, ri, &s->d[i], i + 1);
	fputs("  </testsuite>\n</testsuites>\n", out);
}
