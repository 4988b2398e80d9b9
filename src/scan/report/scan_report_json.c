/*
 * scan_report_json.c - a --scan's report as one JSON object
 * (docs/schemas/strcheck-scan.schema.json): the tree, the counts, one
 * entry per definition found, the verdict.
 */
#include <string.h>

#include "../../report/report.h"
#include "scan_report.h"

static void key_string(FILE *out, const char *key, const char *v, const char *after)
{
	fprintf(out, "\"%s\": ", key);
	if (v && *v)
		sc_put_json_string(out, v);
	else
		fputs("null", out);
	fputs(after, out);
}

static void row(FILE *out, const struct sc_scan_row *r)
{
	char api[100];

	sc_scan_row_api(r, api, sizeof(api));
	fputs("    {", out);
	key_string(out, "file", r->fn.file, ", ");
	fprintf(out, "\"line\": %u, ", r->fn.line);
	key_string(out, "function", r->fn.name, ",\n     ");
	fprintf(out, "\"api\": %s%s%s, \"api_from\": %s, ",
		r->state == SC_ROW_UNPROBED ? "" : "\"",
		r->state == SC_ROW_UNPROBED ? "null" : sc_api_name(r->api),
		r->state == SC_ROW_UNPROBED ? "" : "\"",
		r->state == SC_ROW_OTHER || r->state == SC_ROW_UNPROBED ? "null"
		: r->api_inferred ? "\"probe\"" : "\"name\"");
	key_string(out, "api_text", api, ", ");
	if (r->probe_ran)
		fprintf(out, "\"probe\": {\"matched\": %u, \"cases\": %u},\n     ", r->probe_match,
			r->probe_cases);
	else
		fputs("\"probe\": null,\n     ", out);
	fprintf(out, "\"static\": %s, \"assembly\": %s, ", r->fn.is_static ? "true" : "false",
		r->fn.is_asm ? "true" : "false");
	key_string(out, "condition", r->fn.cond, ",\n     ");
	fprintf(out, "\"verdict\": \"%s\", ", sc_scan_row_verdict(r));
	key_string(out, "reason", r->why, ",\n     ");
	fprintf(out, "\"defects\": %u, \"first_defect\": ", r->ndefects);
	if (r->defect_class[0]) {
		fputs("{", out);
		key_string(out, "class", r->defect_class, ", ");
		key_string(out, "what", r->defect, "},\n     ");
	} else {
		fputs("null,\n     ", out);
	}
	key_string(out, "build", r->build, ",\n     ");
	key_string(out, "replay", r->replay, ", ");
	fprintf(out, "\"seconds\": %.1f}", r->seconds);
}

void sc_scan_report_json(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc)
{
	unsigned counts[6] = { 0 };

	fputs("{\n  ", out);
	key_string(out, "scan", sc->dir, ", ");
	fprintf(out, "\"files\": %u, \"seconds_per_check\": %g, \"seed\": %llu,\n", sc->files,
		o->seconds, (unsigned long long)o->seed);
	fputs("  \"functions\": [\n", out);
	for (size_t i = 0; i < sc->nrows; i++) {
		counts[sc->rows[i].state]++;
		row(out, &sc->rows[i]);
		fputs(i + 1 < sc->nrows ? ",\n" : "\n", out);
	}
	fprintf(out, "  ],\n  \"counts\": {\"pass\": %u, \"fail\": %u, \"incomplete\": %u, "
		"\"not_checked\": %u, \"not_one_of_the_eight\": %u, \"not_probed\": %u, "
		"\"like_none\": %u},\n", counts[SC_ROW_PASS], counts[SC_ROW_FAIL],
		counts[SC_ROW_INCOMPLETE], counts[SC_ROW_NOT_CHECKED], counts[SC_ROW_OTHER],
		counts[SC_ROW_UNPROBED], sc->shaped);
	fprintf(out, "  \"verdict\": \"%s\"\n}\n", sc_scan_verdict(sc));
}
