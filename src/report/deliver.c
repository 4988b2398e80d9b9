/*
 * deliver.c - what a run hands the user: the report in its format (on
 * stdout, or written atomically to --output), the case-space map
 * (--map) and the reproducers (--emit-repro).
 *
 * Every destination is checked before the run starts (sc_deliver_open),
 * so a bad one costs an error line, not a finished run; and everything is
 * written only from what the supervisor recorded, after the run.
 */
#include <stdlib.h>
#include <string.h>

#include "deliver.h"
#include "repro/repro.h"

static int bad(char *err, size_t errlen, const char *msg)
{
	snprintf(err, errlen, "%s", msg);
	return -1;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && !strcmp(s + n - k, tail);
}

int sc_deliver_open(struct sc_deliver *dv, const struct sc_deliver_opts *o, struct sc_plan *p,
		    char *err, size_t errlen)
{
	memset(dv, 0, sizeof(*dv));
	dv->format = o->format;
	dv->repro_dir = o->emit_repro;
	if (o->map && p->only_phase != SC_PH_DONE)
		return bad(err, errlen, "--map: a map needs a whole run, not one replayed case "
			   "(leave out --case, --replay, --grid-case, --random-case and "
			   "--traced-case)");
	if (o->map && !ends_with(o->map, ".svg"))
		return bad(err, errlen, "--map: the map is an SVG file: give a name ending in .svg");
	if (o->emit_repro && sc_repro_dir_ok(o->emit_repro, err, errlen) != 0)
		return -1;
	if (o->map) {
		if (sc_output_open(&dv->map_out, o->map, err, errlen) != 0)
			return -1;
		dv->has_map = 1;
		p->map = sc_map_new();
		if (!p->map) {
			sc_deliver_abort(dv);
			return bad(err, errlen, "--map: cannot map memory for the map");
		}
	}
	if (sc_output_open(&dv->report, o->output, err, errlen) != 0) {
		sc_deliver_abort(dv);
		return -1;
	}
	return 0;
}

/* Each defect's text report, for the reproducers' comments. */
static char **defect_texts(const struct sc_plan *p, const struct sc_report_info *ri,
			   const struct sc_record *s)
{
	char **t = calloc((size_t)s->ndefects + 1, sizeof(*t));

	for (int i = 0; t && i < s->ndefects; i++) {
		size_t len = 0;
		FILE *mem = open_memstream(&t[i], &len);

		if (mem) {
			sc_report_text_defect(mem, p, ri, &s->d[i], i + 1);
			fclose(mem);
		}
		if (!t[i])
			t[i] = strdup("");
	}
	return t;
}

int sc_deliver(struct sc_deliver *dv, const struct sc_plan *p, const struct sc_report_info *ri,
	       const struct sc_record *s, char *err, size_t errlen)
{
	static void (*const writers[])(FILE *, const struct sc_plan *,
				       const struct sc_report_info *, const struct sc_record *) = {
		[SC_TEXT] = sc_report_text, [SC_JSON] = sc_report_json,
		[SC_JUNIT] = sc_report_junit, [SC_SARIF] = sc_report_sarif,
	};
	int rc = 0;

	if (dv->repro_dir) {
		char **texts = defect_texts(p, ri, s);

		rc = texts ? sc_emit_repro(dv->repro_dir, p, ri, s, (const char *const *)texts,
					   err, errlen) : bad(err, errlen, "out of memory");
		for (int i = 0; texts && i < s->ndefects; i++)
			free(texts[i]);
		free(texts);
	}
	if (rc == 0 && dv->has_map) {
		char title[600];

		snprintf(title, sizeof(title), "strcheck map: %s in %s (seed %llu)",
			 ri->symbol ? ri->symbol : sc_api_name(p->api), ri->impl,
			 (unsigned long long)p->seed);
		sc_map_svg(dv->map_out.f, p->map, title);
		rc = sc_output_commit(&dv->map_out, err, errlen);
		dv->has_map = 0;
	}
	writers[dv->format](dv->report.f, p, ri, s);
	if (sc_output_commit(&dv->report, err, errlen) != 0)
		rc = -1;
	sc_deliver_abort(dv);
	return rc;
}

void sc_deliver_abort(struct sc_deliver *dv)
{
	sc_output_abort(&dv->report);
	if (dv->has_map) {
		if (dv->map_out.f)
			fclose(dv->map_out.f);
		sc_output_abort(&dv->map_out);
		dv->has_map = 0;
	}
}
