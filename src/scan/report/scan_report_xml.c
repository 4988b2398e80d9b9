/*
 * scan_report_xml.c - a --scan's report for CI and code scanning: JUnit
 * XML (one test case per definition: a failure for a defect, an error for
 * one not checked whole, skipped for one not of the eight) and SARIF
 * 2.1.0 (a result per defect, per function not checked, per function not
 * of the eight, located at the function's file and line, so that a
 * code-scanning view shows it at the definition).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../../report/report.h"
#include "scan_report.h"

static int listed(const struct sc_scan_row *r)
{
	return r->state != SC_ROW_UNPROBED;
}

void sc_scan_report_junit(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc)
{
	unsigned tests = 0, fail = 0, err = 0, skip = 0;
	char api[100], msg[1200];

	(void)o;
	for (size_t i = 0; i < sc->nrows; i++) {
		enum sc_row_state s = sc->rows[i].state;

		tests += listed(&sc->rows[i]);
		fail += s == SC_ROW_FAIL;
		err += s == SC_ROW_NOT_CHECKED || s == SC_ROW_INCOMPLETE;
		skip += s == SC_ROW_OTHER;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"strcheck --scan\" tests=\"%u\" failures=\"%u\" "
		"errors=\"%u\" skipped=\"%u\">\n  <testsuite name=\"", tests, fail, err, skip);
	sc_put_xml_text(out, sc->dir);
	fprintf(out, "\" tests=\"%u\" failures=\"%u\" errors=\"%u\" skipped=\"%u\">\n", tests, fail,
		err, skip);
	for (size_t i = 0; i < sc->nrows; i++) {
		const struct sc_scan_row *r = &sc->rows[i];

		if (!listed(r))
			continue;
		sc_scan_row_api(r, api, sizeof(api));
		fputs("    <testcase classname=\"", out);
		sc_put_xml_text(out, r->fn.file);
		fprintf(out, "\" name=\"%s:%u %s, %s\" time=\"%.1f\">\n", "line", r->fn.line,
			r->fn.name, api, r->seconds);
		if (r->state == SC_ROW_FAIL) {
			snprintf(msg, sizeof(msg), "%u distinct defect(s), the first %s: %s", r->ndefects,
				 r->defect_class, r->defect);
			fputs("      <failure type=\"defect\" message=\"", out);
			sc_put_xml_text(out, msg);
			fputs("\">", out);
			sc_put_xml_text(out, r->replay);
			fputs("</failure>\n", out);
		} else if (r->state == SC_ROW_NOT_CHECKED || r->state == SC_ROW_INCOMPLETE) {
			fputs("      <error type=\"not-checked\" message=\"", out);
			sc_put_xml_text(out, r->state == SC_ROW_INCOMPLETE
					     ? "the check was cut before its plan was done" : r->why);
			fputs("\"/>\n", out);
		} else if (r->state == SC_ROW_OTHER) {
			fputs("      <skipped message=\"", out);
			sc_put_xml_text(out, r->why);
			fputs("\"/>\n", out);
		}
		if (r->fn.cond[0]) {
			fputs("      <system-out>built only if: ", out);
			sc_put_xml_text(out, r->fn.cond);
			fputs("</system-out>\n", out);
		}
		fputs("    </testcase>\n", out);
	}
	fputs("  </testsuite>\n</testsuites>\n", out);
}

/* A path as a URI relative to the scan's root (%SRCROOT%), percent-encoded. */
static void put_uri(FILE *out, const char *path)
{
	fputc('"', out);
	sc_put_uri_path(out, path);
	fputc('"', out);
}

static const char *const rule_ids[] = { "defect", "not-checked", "not-one-of-the-eight" };

static void result(FILE *out, const struct sc_scan *sc, const struct sc_scan_row *r, int first)
{
	int rule = r->state == SC_ROW_FAIL ? 0 : r->state == SC_ROW_OTHER ? 2 : 1;
	const char *rel = r->fn.file;
	char msg[1400], api[100];
	size_t n = strlen(sc->dir);

	/* Relative to the scanned directory, which is the root (or to the
	 * folder of the one file scanned). */
	if (!strcmp(rel, sc->dir))
		rel = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	else if (!strncmp(rel, sc->dir, n) && rel[n] == '/')
		rel += n + 1;
	else if (!strncmp(rel, sc->dir, n) && sc->dir[n - 1] == '/')
		rel += n;
	sc_scan_row_api(r, api, sizeof(api));
	if (rule == 0)
		snprintf(msg, sizeof(msg), "%s (%s): %s: %s", r->fn.name, api, r->defect_class,
			 r->defect);
	else if (r->state == SC_ROW_INCOMPLETE)
		snprintf(msg, sizeof(msg), "%s (%s): the check was cut before its plan was done",
			 r->fn.name, api);
	else
		snprintf(msg, sizeof(msg), "%s: %s", r->fn.name, r->why);
	fputs(first ? "\n" : ",\n", out);
	fprintf(out, "        {\"ruleId\": \"%s\", \"ruleIndex\": %d, \"level\": \"%s\", "
		"\"message\": {\"text\": ", rule_ids[rule], rule,
		rule == 0 ? "error" : rule == 1 ? "warning" : "note");
	sc_put_json_string(out, msg);
	fputs("},\n         \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ",
	      out);
	put_uri(out, rel);
	fprintf(out, ", \"uriBaseId\": \"SRCROOT\"}, \"region\": {\"startLine\": %u}}, "
		"\"logicalLocations\": [{\"name\": ", r->fn.line);
	sc_put_json_string(out, r->fn.name);
	fputs(", \"kind\": \"function\"}]}],\n         \"properties\": {\"api\": ", out);
	sc_put_json_string(out, api);
	fputs(", \"condition\": ", out);
	sc_put_json_string(out, r->fn.cond);
	fputs(", \"replay\": ", out);
	sc_put_json_string(out, r->replay);
	fputs("}}", out);
}

void sc_scan_report_sarif(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc)
{
	static const char *const rule_text[] = {
		"a bounded copy breaks its contract (the defect's class and rule in the message)",
		"a bounded copy could not be checked whole (not built, or its check was cut)",
		"a function named for one of the eight whose contract is another: not judged",
	};
	char root[PATH_MAX];
	int first = 1;

	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	      "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\n"
	      "        \"name\": \"strcheck\", \"version\": ", out);
	sc_put_json_string(out, sc->version ? sc->version : "unknown");
	fputs(",\n        \"informationUri\": \"https://example.invalid/strcheck\",\n"
	      "        \"rules\": [", out);
	for (int i = 0; i < 3; i++) {
		fprintf(out, "%s\n          {\"id\": \"%s\", \"shortDescription\": {\"text\": ",
			i ? "," : "", rule_ids[i]);
		sc_put_json_string(out, rule_text[i]);
		fputs("}}", out);
	}
	fputs("]}},\n    \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": ", out);
	if (realpath(sc->dir, root)) {
		size_t n = strlen(root);
		const char *dot = strrchr(root, '/');

		/* A scan of one file: its folder is the root. */
		if (dot && root[n - 1] != '/' && strchr(dot, '.') && strcmp(sc->dir, ".") &&
		    sc->nrows && !strcmp(sc->rows[0].fn.file, sc->dir))
			*(char *)strrchr(root, '/') = 0;
		strncat(root, "/", sizeof(root) - strlen(root) - 1);
		fputs("\"file://", out);
		fputs(root, out);
		fputs("\"", out);
	} else {
		fputs("\"file:///\"", out);
	}
	fprintf(out, "}},\n    \"invocations\": [{\"executionSuccessful\": true, \"properties\": "
		"{\"verdict\": \"%s\", \"seconds_per_check\": %g}}],\n    \"results\": [",
		sc_scan_verdict(sc), o->seconds);
	for (size_t i = 0; i < sc->nrows; i++) {
		const struct sc_scan_row *r = &sc->rows[i];

		if (r->state == SC_ROW_PASS || !listed(r))
			continue;
		result(out, sc, r, first);
		first = 0;
	}
	fputs(first ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n", out);
}
