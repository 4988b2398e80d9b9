/*
 * progress.c - the progress line on a terminal (run.h): which part of the
 * run, how far, once the run has lasted a second; nothing otherwise.
 */
#include <inttypes.h>
#include <stdio.h>

#include "../engine/race/race_trace.h"
#include "run.h"

/* Seconds a run lasts before it shows its progress. */
#define PROGRESS_AFTER 1.0

void sc_run_progress(const struct sc_supervisor *r, int last)
{
	static int shown;
	const struct sc_trace_stats *tr = &r->rec->trace;
	uint64_t traced = r->phase == SC_PH_TRACE ? r->pos : tr->cases;
	uint64_t grid = sc_phase_cases(&r->l, SC_PH_SPREAD, 0, r->upto[SC_PH_SPREAD]) +
			sc_phase_cases(&r->l, SC_PH_GRID, 0, r->upto[SC_PH_GRID]);
	const char *part;

	if (!r->p->progress)
		return;
	if (last) {
		if (shown)
			fprintf(stderr, "\r\033[K");
		return;
	}
	if (!r->started || sc_now() - r->start < PROGRESS_AFTER)
		return;
	switch (r->phase) {
	case SC_PH_SPREAD:
	case SC_PH_GRID: part = "the grid (the plan)"; break;
	case SC_PH_TRACE: part = "the traced plan"; break;
	case SC_PH_READER: part = "the reader check (sampled)"; break;
	case SC_PH_RACE: part = "the race check (sampled)"; break;
	case SC_PH_RANDOM: part = "random cases"; break;
	default: part = sc_phase_name((enum sc_phase)r->phase); break;
	}
	shown = 1;
	fprintf(stderr, "\r\033[Kstrcheck: grid %" PRIu64 "/%" PRIu64, grid, r->l.grid_n);
	if (sc_phase_wanted(r->p, SC_PH_TRACE))
		fprintf(stderr, "  traced %" PRIu64 "/%" PRIu64, traced, sc_trace_cases_total());
	fprintf(stderr, "  random %" PRIu64 "  defects %d  %.0f s: %s", r->upto[SC_PH_RANDOM],
		r->rec->ndefects, sc_now() - r->start, part);
}
