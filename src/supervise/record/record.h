/*
 * record.h - what a supervised run records and the report is printed
 * from: the plan (what to run), each distinct defect with its first case,
 * the concurrent checks' figures, the run's totals.  The supervisor fills
 * it in its own memory (watch.h); the reports only read it.
 */
#ifndef SC_RECORD_H
#define SC_RECORD_H

#include <stdint.h>

#include "../../engine/case/case.h"
#include "../../engine/run/engine.h"

struct sc_map;

/* Phases of a run, in order: a spread of the grid that touches every kind
 * of placement first (so a slow candidate still meets each), the rest of
 * the grid, the traced check (race_trace.h), then the concurrent checks,
 * which stop at their first finding, then random cases for the rest of
 * the time. */
enum sc_phase { SC_PH_LOAD, SC_PH_ONE, SC_PH_SPREAD, SC_PH_GRID, SC_PH_TRACE, SC_PH_READER,
		SC_PH_RACE, SC_PH_RANDOM, SC_PH_DONE, SC_PH_COUNT };

/* The phase's name as reports show it (record.c). */
const char *sc_phase_name(enum sc_phase p);

/* What to run: filled in from the command line. */
struct sc_plan {
	const char *impl, *symbol;
	enum sc_api api;
	enum sc_policy policy;
	uint64_t seed;
	double seconds;          /* --time: the run's budget in the checked thread's CPU
				  * time; what goes beyond the plan (the sampled checks,
				  * random cases) gets what the plan left, at least half;
				  * 0: no random cases */
	double max_seconds;      /* --max-time: a hard wall-clock cap on the whole run
				  * from the load (0: none); only it cuts the plan */
	int64_t cases;           /* random cases; -1: until the budget is spent */
	double race_seconds;     /* each concurrent check; 0: skipped */
	int race, reader, first;
	unsigned timeout_ms;
	/* Just one case: SC_PH_ONE with one_case, or SC_PH_GRID / SC_PH_RANDOM
	 * with one_index (only_phase == SC_PH_DONE: the full run).  For the grid,
	 * last_index > one_index asks for the range one_index..last_index. */
	enum sc_phase only_phase;
	uint64_t one_index, last_index;
	const struct sc_case *one_case;
	/* With one_case: flip source byte flip_byte right after its
	 * flip_read-th read (--race-flip=BYTE@READ; flip_read 0: none). */
	uint32_t flip_byte, flip_read;
	/* one_case is case one_index of the traced check's list
	 * (--traced-case): a replay line names it so. */
	int traced_one;
	int no_trace;            /* --no-trace: no traced phase, no traced replay */
	int traced;              /* the traced plan runs (read set: every API;
				  * flips: where the contract promises race
				  * robustness) */
	int progress;            /* a progress line on stderr */
	struct sc_map *map;      /* --map: the child notes each case's outcome (or NULL) */
	int no_sandbox;          /* run the child without seccomp (to measure its cost) */
};

/* After this many distinct defects further ones are only counted. */
#define SC_MAX_DEFECTS 32
/* Dest bytes kept to show the difference between expected and actual. */
#define SC_IMG 48

/* One distinct defect (class and rule), with the first case that hit it. */
struct sc_defect {
	enum sc_class cls;
	char rule[40];
	char what[320];
	uint64_t hits;           /* cases that hit it */
	enum sc_phase phase;     /* where the first case came from */
	uint64_t index;          /* its index in the grid or the random cases */
	int has_case;            /* 0: died in a concurrent check, no one case */
	int has_outcome;         /* the candidate's outcome (0: the process died) */
	int has_ref;             /* the reference's outcome (0: a race) */
	int has_place;           /* src_align .. dst_gap measured */
	enum sc_stop stop;
	int signo;
	int64_t ret, ref_ret;
	char fault[200];         /* sc_describe_fault, when it faulted */
	/* Placement: address mod 64 and bytes to the guard before / after. */
	unsigned src_align, dst_align;
	uint64_t src_gap[2], dst_gap[2];
	/* Dest image around the difference: dest offsets img_from.. */
	int64_t img_from, img_center;
	unsigned img_len;
	uint64_t ndiff;          /* bytes of the window that differ */
	unsigned char want[SC_IMG], got[SC_IMG];
	/* Found by the traced check with a flip (flip_read > 0): source byte
	 * flip_byte changed right after its flip_read-th read. */
	uint32_t flip_byte, flip_read;
	uint32_t flip_step;      /* accesses to the byte's page up to the flip */
	size_t case_len;
	uint8_t case_bytes[SC_ENCODED_MAX];
};

/* Calls that must overlap the other thread before a concurrent check may
 * pass (it runs up to twice its time to get them). */
#define SC_MIN_OVERLAP 2000
/* Overlapped calls after which a concurrent check ends whatever its time
 * (several times what a quiet machine's default 2.25 s gets: the clock
 * ends a default run first; a long --race-time ends here). */
#define SC_ENOUGH_OVERLAP 200000

/* What a concurrent check did. */
struct sc_conc_stats {
	int ran;
	int cpus;                /* CPUs it could use: below 2, no parallel threads */
	int found;               /* it stopped at a finding */
	uint64_t calls, overlapped;
	double seconds;          /* how long it ran (to its finding, if any) */
};

/* What the traced check did (race_trace.h). */
struct sc_trace_stats {
	int ran;                 /* 1: traced; 0: not run (why says why) */
	int found;               /* it stopped at a finding */
	int cut;                 /* the deadline came before the list's end */
	uint64_t cases, planned; /* traced cases run, of the list's */
	uint64_t calls, accesses, flips;
	uint64_t faults;         /* the tracer's signals: what the accesses cost */
	uint64_t reads_only;     /* cases traced for the read set only (no access
				  * recorded but a read outside the pages allowed) */
	/* cases whose check was bounded (flips not run, or more accesses than
	 * the tracer keeps): not a full check; the first one, flips not run */
	uint64_t bounded, bounded_first, unrun;
	double seconds;
	char why[160];           /* not traced: why (the race check is sampled) */
};

/*
 * The run's record, as the supervisor established it, in its own memory
 * (the child reaches none of it).
 */
struct sc_record {
	uint64_t done[SC_PH_COUNT];      /* cases run, per phase (grid: spread included) */
	int finished;                    /* the plan ran to its end */
	uint64_t grid_total;
	struct sc_conc_stats race, reader;
	struct sc_trace_stats trace;
	unsigned hangs, deaths, restarts;
	char stopped[700];               /* why the run stopped early (and what ran), or "" */
	char sandbox[320];               /* how the child was sandboxed, or why not */
	int sandboxed;
	uint64_t refused;                /* system calls the sandbox refused */
	double load_seconds;             /* the first load (constructors), by the supervisor's clock */
	int interrupted;                 /* the signal that cut the run (SIGINT, SIGTERM, ...), or 0 */
	/* Cases whose call ran past the dest strcheck backs (memory/demand.h):
	 * its writes from there on were not judged; the first one's case. */
	uint64_t cut, cut_index;
	enum sc_phase cut_phase;
	int ndefects;
	uint64_t extra_hits;             /* hits of defects past SC_MAX_DEFECTS */
	struct sc_defect d[SC_MAX_DEFECTS];
};

/* Free a record sc_supervise returned (record.c). */
/* Order the distinct defects by their class's severity, worst first
 * (sc_class_severity), keeping the order found within one severity. */
void sc_record_by_severity(struct sc_record *s);

void sc_record_free(struct sc_record *s);

#endif
