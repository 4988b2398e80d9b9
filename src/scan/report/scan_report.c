/*
 * scan_report.c - a --scan's report in the format asked for, and as text
 * (one table, each row followed by its details).
 */
#include <string.h>

#include "scan_report.h"

void sc_scan_report(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc)
{
	switch (o->format) {
	case SC_JSON:
		sc_scan_report_json(out, o, sc);
		break;
	case SC_JUNIT:
		sc_scan_report_junit(out, o, sc);
		break;
	case SC_SARIF:
		sc_scan_report_sarif(out, o, sc);
		break;
	default:
		sc_scan_report_text(out, o, sc);
	}
}

static int listed(const struct sc_scan_row *r)
{
	return r->state != SC_ROW_UNPROBED;
}

static void upper(const char *s, char *buf, size_t size)
{
	size_t i = 0;

	for (; s[i] && i + 1 < size; i++)
		buf[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
	buf[i] = 0;
}

void sc_scan_report_text(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc)
{
	int wloc = 9, wfn = 8, wapi = 3;
	unsigned counts[6] = { 0 }, unprobed = 0;
	char loc[1100], api[100], verdict[40];

	for (size_t i = 0; i < sc->nrows; i++) {
		const struct sc_scan_row *r = &sc->rows[i];
		int n = snprintf(loc, sizeof(loc), "%s:%u", r->fn.file, r->fn.line);

		counts[r->state]++;
		if (!listed(r)) {
			unprobed++;
			continue;
		}
		sc_scan_row_api(r, api, sizeof(api));
		wloc = n > wloc ? n : wloc;
		wfn = (int)strlen(r->fn.name) > wfn ? (int)strlen(r->fn.name) : wfn;
		wapi = (int)strlen(api) > wapi ? (int)strlen(api) : wapi;
	}
	if (!o->quiet && sc->shards)
		fprintf(out, "strcheck --scan=%s --shard=%u/%u: %zu definition(s) of the tree's %u "
			"in %u file(s); each checked with --time=%g\n\n", sc->dir, sc->shard,
			sc->shards, sc->nrows - unprobed, sc->found, sc->files, o->seconds);
	else if (!o->quiet)
		fprintf(out, "strcheck --scan=%s: %zu definition(s) in %u file(s); each checked with "
			"--time=%g\n\n", sc->dir, sc->nrows - unprobed, sc->files, o->seconds);
	fprintf(out, "%-*s  %-*s  %-*s  %-20s  %s\n", wloc, "file:line", wfn, "function", wapi,
		"API", "verdict", "first defect");
	for (size_t i = 0; i < sc->nrows; i++) {
		const struct sc_scan_row *r = &sc->rows[i];

		if (!listed(r))
			continue;
		snprintf(loc, sizeof(loc), "%s:%u", r->fn.file, r->fn.line);
		sc_scan_row_api(r, api, sizeof(api));
		upper(sc_scan_row_verdict(r), verdict, sizeof(verdict));
		if (r->cached)
			strcat(verdict, " (cached)");
		fprintf(out, "%-*s  %-*s  %-*s  %-20s  %s\n", wloc, loc, wfn, r->fn.name, wapi, api,
			verdict, r->defect_class[0] ? r->defect_class : "-");
		if (r->fn.cond[0])
			fprintf(out, "    built only if: %s\n", r->fn.cond);
		if (r->use_where[0] && r->state != SC_ROW_OTHER)
			fprintf(out, "    used as %s: %s\n", sc_api_name(r->api), r->use_where);
		if (r->why[0])
			fprintf(out, "    %s: %s\n", r->state == SC_ROW_OTHER ? "contract" : "why",
				r->why);
		if (r->defect[0])
			fprintf(out, "    defect: %s (%u distinct)\n", r->defect, r->ndefects);
		if (r->build[0] && !o->quiet)
			fprintf(out, "    %s\n", r->build);
		if (r->replay[0])
			fprintf(out, "    replay: %s\n", r->replay);
	}
	if (unprobed && !o->quiet) {
		fprintf(out, "\nof a copy's shape, but not probed (their names say no API):\n");
		for (size_t i = 0; i < sc->nrows; i++)
			if (!listed(&sc->rows[i]))
				fprintf(out, "    %s:%u %s: %s\n", sc->rows[i].fn.file, sc->rows[i].fn.line,
					sc->rows[i].fn.name, sc->rows[i].why);
	}
	upper(sc_scan_verdict(sc), verdict, sizeof(verdict));
	if (!o->quiet)
		fprintf(out, "\nscanned in %.1f s, %u check(s) at once; %u row(s) from the cache "
			"(--no-cache checks all again)", sc->seconds, sc->jobs, sc->from_cache);
	fprintf(out, "\n%u passed, %u failed, %u incomplete, %u not checked, %u not one of the "
		"eight\nVERDICT: %s\n", counts[SC_ROW_PASS], counts[SC_ROW_FAIL],
		counts[SC_ROW_INCOMPLETE], counts[SC_ROW_NOT_CHECKED], counts[SC_ROW_OTHER], verdict);
}
