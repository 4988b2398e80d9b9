/*
 * run.h - the supervisor's state of a run (its own memory; the child
 * reaches none of it), shared by the files of the supervisor: watch.c
 * (watching and restarting), receive.c (believing the child's reports),
 * tally.c (the run's totals).
 */
#ifndef SC_RUN_H
#define SC_RUN_H

#include <sys/types.h>

#include "child/child.h"
#include "plan/plan.h"
#include "record/record.h"

/* In-process hangs each cost a timeout: after this many the run stops. */
#define SC_MAX_HANGS 3
/* Bytes of the child's stdout and stderr kept (and shown, prefixed). */
#define SC_OUT_KEEP 2048

struct sc_supervisor {
	const struct sc_plan *p;
	struct sc_layout l;
	struct sc_record *rec;
	struct sc_beacon *b;
	int null_in, out[2];
	size_t out_len;
	char out_keep[SC_OUT_KEEP + 1];
	double start, deadline, grid_deadline;
	/* The deadlines count from the end of the first load (constructors do
	 * not eat the check; the load has its own limit): until then these are
	 * the budgets, and deadline is 0. */
	double budget, grid_budget;
	double child_started;            /* when the current child was forked */
	uint64_t upto[SC_PH_COUNT];      /* positions confirmed run, per phase */
	int conc_done[SC_PH_COUNT];
	/* The current child. */
	pid_t pid;
	int sock;
	uint64_t seq;                    /* last main-stream number */
	int loaded, finished_msg, forged, forged_progress;
	char load_error[512];
	int map[SC_MAX_DEFECTS];         /* child's defect id -> record slot */
	int nmap;
	uint32_t phase;                  /* the beacon as last believed */
	uint64_t pos;
	double last_move;                /* when the beacon last moved */
	double last_msg;                 /* when the last main-stream message came */
	int stop;                        /* the supervisor decided to stop */
};

static inline int sc_known_phase(const struct sc_supervisor *r, uint32_t ph)
{
	return ph < SC_PH_DONE && ph != SC_PH_LOAD && sc_phase_wanted(r->p, (enum sc_phase)ph);
}

static inline int sc_has_cases(enum sc_phase ph)
{
	return ph == SC_PH_ONE || ph == SC_PH_SPREAD || ph == SC_PH_GRID || ph == SC_PH_RANDOM;
}


/* Stop the run (the first reason stays). */
void sc_run_stop(struct sc_supervisor *r, const char *why);

/* Read every waiting message of the child, checking each; a message that
 * does not hold is a tamper finding and ends the child's credit. */
void sc_run_drain(struct sc_supervisor *r);

/* Read what the child wrote to its stdout and stderr (kept, not shown). */
void sc_run_drain_output(struct sc_supervisor *r);

/* Take the beacon's position if it fits the plan and moves forward. */
void sc_run_read_beacon(struct sc_supervisor *r, double t);

/* Fill the record's totals from the supervisor's own counts, say what part
 * did not run (and how to run it), show the child's output. */
void sc_run_settle(struct sc_supervisor *r);

#endif
