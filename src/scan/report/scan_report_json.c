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
	fprintf(out, "\"api\": %s%s%s, ",
		r->state == SC_ROW_UNPROBED ? "" : "\"",
		r->state == SC_ROW_UNPROBED ? "null" : sc_api_name(r->api),
		r->state == SC_ROW_UNPROBED ? "" : "\"");
	key_string(out, "api_from", sc_scan_row_from(r), ", ");
	key_string(out, "used_as", r->use_where, ", ");
	key_string(out, "api_text", api, ", ");
	if (r->probe_ran) {
		fprintf(out, "\"probe\": {\"matched\": %u, \"cases\": %u, ", r->probe_match,
			r->probe_cases);
		key_string(out, "first_unlike", r->probe_first, "},\n     ");
	}
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
	fprintf(out, "\"cached\": %s, \"seconds\": %.1f, \"total_seconds\": %.1f}",
		r->cached ? "true" : "false", r->seconds, r->total);
}

void sc_scan_report_json(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc)
{
	unsigned counts[6] = { 0 };

	fputs("{\n  ", out);
	key_string(out, "scan", sc->dir, ", ");
	fprintf(out, "\"files\": %u, \"seconds_per_check\": %g, \"seed\": %llu,\n", sc->files,
		o->seconds, (unsigned long long)o->seed);
	fprintf(out, "  \"jobs\": %u, \"seconds\": %.1f, \"from_cache\": %u,\n", sc->jobs,
		sc->seconds, sc->from_cache);
	if (sc->shards)
		fprintf(out, "  \"shard\": {\"part\": %u, \"parts\": %u, \"definitions\": %u},\n",
			sc->shard, sc->shards, sc->found);
	else
		fputs("  \"shard\": null,\n", out);
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
