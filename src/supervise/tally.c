/*
 * The run's totals, from the supervisor's own counts: how many cases of
 * each phase ran, whether the plan ran to its end, and, when the deadline
 * cut it, exactly which part ran and how to run the rest.
 */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../engine/race/race_trace.h"
#include "run.h"

/* The signals sc_catch_signals takes as the user's. */
static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	case SIGHUP: return "SIGHUP";
	case SIGQUIT: return "SIGQUIT";
	case SIGUSR1: return "SIGUSR1";
	case SIGUSR2: return "SIGUSR2";
	default: return "a signal";
	}
}

/* What ran of a phase, and what the cut (cause: the deadline or a
 * signal) left out. */
static void say_partial(struct sc_supervisor *r, const char *cause)
{
	const struct sc_layout *l = &r->l;
	const struct sc_plan *p = r->p;
	uint64_t spread = r->upto[SC_PH_SPREAD], grid = r->upto[SC_PH_GRID];
	uint64_t ran = sc_phase_cases(l, SC_PH_SPREAD, 0, spread) + sc_phase_cases(l, SC_PH_GRID, 0, grid);
	double spent = r->deadline > 0 || !r->budget ? sc_now() - r->start : 0;
	double rate = spent > 0 ? ran / spent : 0;
	double need = rate > 0 ? (double)(l->grid_n) / rate * 1.3 + 5 : 0;
	char *s = r->rec->stopped;
	size_t n = sizeof(r->rec->stopped);

	if (p->only_phase != SC_PH_DONE && p->only_phase != SC_PH_GRID)
		return;
	if (p->only_phase == SC_PH_GRID && grid >= l->grid_n)
		return;
	if (p->only_phase == SC_PH_DONE && spread >= l->spread_n && grid >= l->grid_n)
		return;
	if (p->only_phase == SC_PH_GRID) {
		if (grid)
			snprintf(s, n, "%s: grid cases %" PRIu64 "..%"
				 PRIu64 " ran; run the rest with --grid-case=%" PRIu64 "-%" PRIu64,
				 cause, l->grid_from, l->grid_from + grid - 1, l->grid_from + grid,
				 l->grid_from + l->grid_n - 1);
		else
			snprintf(s, n, "%s before any grid case ran; run them with --grid-case=%"
				 PRIu64 "-%" PRIu64, cause, l->grid_from, l->grid_from + l->grid_n - 1);
		return;
	}
	if (spread < l->spread_n) {
		/* Slots run round by round: which grid cases they were is no range. */
		snprintf(s, n, "%s before the grid was done: %" PRIu64
			 " of its %" PRIu64 " cases ran, all from its spread (%" PRIu64 " of %" PRIu64
			 " cases, one of each kind of placement per round: %s %u kinds met); not a "
			 "full check: run the grid with --grid-case=0-%" PRIu64 ", or the whole run "
			 "with --time=%.0f (about, at the %.1f cases/s measured)", cause, ran,
			 l->grid_total, spread, l->spread_n, spread >= l->kinds ? "all" : "only",
			 spread >= l->kinds ? l->kinds : (unsigned)spread, l->grid_total - 1, need, rate);
		return;
	}
	snprintf(s, n, "%s before the grid was done: %" PRIu64
		 " of its %" PRIu64 " cases ran: the %" PRIu64 " spread cases (every one of the %u "
		 "kinds of placement), then grid cases 0..%" PRIu64 " in order; not a full check: "
		 "run the rest with --grid-case=%" PRIu64 "-%" PRIu64 " (the spread cases among "
		 "them run again), or the whole run with --time=%.0f (about, at the %.1f cases/s "
		 "measured)", cause, ran, l->grid_total, l->spread_n, l->kinds,
		 grid ? grid - 1 : 0, grid, l->grid_total - 1, need, rate);
}

/* The traced plan cut by the deadline, or a case of it bounded: what ran,
 * what did not. */
static void say_traced(struct sc_supervisor *r, const char *cause)
{
	const struct sc_trace_stats *t = &r->rec->trace;
	char *s = r->rec->stopped;
	size_t n = sizeof(r->rec->stopped);

	if (!t->ran || t->found || (!t->cut && !t->bounded))
		return;
	if (t->cut && !t->cases)
		snprintf(s, n, "%s before any case of the traced plan (%" PRIu64 " cases) ran; not a "
			 "full check: run again with a longer --time", cause, t->planned);
	else if (t->cut)
		snprintf(s, n, "%s in the traced plan: its cases "
			 "0..%" PRIu64 " of %" PRIu64 " ran, %" PRIu64 "..%" PRIu64 " did not (from "
			 "the %s); not a full check: run again with a longer --time (the traced plan "
			 "took %.1f s for %" PRIu64 " cases)", cause, t->cases ? t->cases - 1 : 0,
			 t->planned, t->cases, t->planned - 1, sc_trace_section(t->cases), t->seconds,
			 t->cases);
	else
		snprintf(s, n, "the traced plan ran whole, but %" PRIu64 " of its cases were checked "
			 "bounded (the first: case %" PRIu64 ", --traced-case=%" PRIu64 "): %" PRIu64
			 " flip(s) not run, or more accesses in one call than the tracer keeps; not a "
			 "full check", t->bounded, t->bounded_first, t->bounded_first, t->unrun);
}

/* The record's totals, from the supervisor's own counts; finished only if
 * every phase of the plan ran to its end. */
void sc_run_settle(struct sc_supervisor *r)
{
	struct sc_record *rec = r->rec;
	int finished = 1;

	rec->grid_total = r->l.grid_total;
	rec->done[SC_PH_ONE] = r->upto[SC_PH_ONE];
	rec->done[SC_PH_GRID] = sc_phase_cases(&r->l, SC_PH_SPREAD, 0, r->upto[SC_PH_SPREAD]) +
				sc_phase_cases(&r->l, SC_PH_GRID, 0, r->upto[SC_PH_GRID]);
	rec->done[SC_PH_RANDOM] = r->upto[SC_PH_RANDOM];
	for (enum sc_phase ph = SC_PH_ONE; ph < SC_PH_DONE; ph++) {
		if (!sc_phase_wanted(r->p, ph))
			continue;
		if (sc_has_cases(ph) && sc_phase_n(&r->l, ph) != SC_UNBOUNDED)
			finished &= r->upto[ph] >= sc_phase_n(&r->l, ph);
		else if (!sc_has_cases(ph))
			finished &= r->conc_done[ph];
	}
	rec->finished = finished && !rec->interrupted;
	if (!rec->finished && !rec->stopped[0] && !r->stop) {
		char cause[80];

		if (rec->interrupted)
			snprintf(cause, sizeof(cause), "interrupted by %s (signal %d)",
				 signal_name(rec->interrupted), rec->interrupted);
		else
			snprintf(cause, sizeof(cause), "stopped at the deadline (--time=%g)",
				 r->p->seconds);
		say_partial(r, cause);
		if (!rec->stopped[0])
			say_traced(r, cause);
		if (!rec->stopped[0])
			snprintf(rec->stopped, sizeof(rec->stopped), "%s before every check had run "
				 "(the rest: run again with a longer --time)", cause);
	}
	if (!rec->sandbox[0])
		snprintf(rec->sandbox, sizeof(rec->sandbox), "not sandboxed: the candidate never ran");
	if (r->out_len) {
		fprintf(stderr, "strcheck: the checked process wrote %s%zu byte(s) to its stdout or "
			"stderr (not the report's); the first:\n", r->out_len > SC_OUT_KEEP ? "over " : "",
			r->out_len > SC_OUT_KEEP ? (size_t)SC_OUT_KEEP : r->out_len);
		for (char *line = strtok(r->out_keep, "\n"); line; line = strtok(NULL, "\n"))
			fprintf(stderr, "  checked process| %.200s\n", line);
	}
}

