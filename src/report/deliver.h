/*
 * deliver.h - the report (stdout or --output), the map (--map) and the
 * reproducers (--emit-repro) of a run, each destination checked before the
 * run and written after it.
 */
#ifndef SC_DELIVER_H
#define SC_DELIVER_H

#include "map.h"
#include "output.h"
#include "report.h"

/* Where the command line says the results go. */
struct sc_deliver_opts {
	enum sc_format format;
	const char *output;      /* the report's file (NULL: stdout) */
	const char *emit_repro;  /* a directory for reproducers, or NULL */
	const char *map;         /* an SVG file, or NULL */
};

struct sc_deliver {
	enum sc_format format;
	const char *repro_dir;   /* --emit-repro, or NULL */
	struct sc_output report, map_out;
	int has_map;
};

/* Check and open every destination the options name (and give the plan a
 * map to fill).  0, or -1 with one line in err. */
int sc_deliver_open(struct sc_deliver *dv, const struct sc_deliver_opts *o, struct sc_plan *p,
		    char *err, size_t errlen);

/* Write the reproducers, the map and the report.  0, or -1 with err. */
int sc_deliver(struct sc_deliver *dv, const struct sc_plan *p, const struct sc_report_info *ri,
	       const struct sc_record *s, char *err, size_t errlen);

/* The run ended without results: drop what was opened. */
void sc_deliver_abort(struct sc_deliver *dv);

#endif
