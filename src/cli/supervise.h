/*
 * supervise.h - run a plan of checks in a supervised child process.
 *
 * The engine already survives faults, hangs and aborts inside a call.  What
 * it cannot survive is a candidate that ends the process (exit, _exit), a
 * signal it cannot catch, or a scribble that wrecks the checker itself.  So
 * the cases run in a child that publishes, in shared memory, which case it
 * is on and every distinct defect found so far.  The parent only watches:
 * it never loads the candidate.  When the child dies or stops making
 * progress, the parent records that case as a crash or hang and starts a
 * new child that resumes after it.  Nothing found before is lost.
 */
#ifndef SC_SUPERVISE_H
#define SC_SUPERVISE_H

#include <stdint.h>

#include "../engine/case.h"
#include "../engine/engine.h"

struct sc_map;

/* Phases of a run, in order: the grid first (guard placements and short
 * strings lead it), then the concurrent checks, which stop at their first
 * finding, then random cases for the rest of the time. */
enum sc_phase { SC_PH_LOAD, SC_PH_ONE, SC_PH_GRID, SC_PH_READER, SC_PH_RACE, SC_PH_RANDOM,
		SC_PH_DONE, SC_PH_COUNT };

const char *sc_phase_name(enum sc_phase p);

/* What to run: filled in from the command line. */
struct sc_plan {
	const char *impl, *symbol;
	enum sc_api api;
	enum sc_policy policy;
	uint64_t seed;
	double seconds;          /* budget of the whole run */
	int64_t cases;           /* random cases; -1: until the budget is spent */
	double race_seconds;     /* each concurrent check; 0: skipped */
	int race, reader, first;
	unsigned timeout_ms;
	/* Just one case: SC_PH_ONE with one_case, or SC_PH_GRID / SC_PH_RANDOM
	 * with one_index (only_phase == SC_PH_DONE: the full run). */
	enum sc_phase only_phase;
	uint64_t one_index;
	const struct sc_case *one_case;
	int progress;            /* a progress line on stderr */
	struct sc_map *map;      /* --map: the child notes each case's outcome (or NULL) */
};

/* After this many distinct defects further ones are only counted. */
#define SC_MAX_DEFECTS 32
/* Dest bytes kept to show the difference between expected and actual. */
#define SC_IMG 48

/* One distinct defect (class and rule), with the first case that hit it. */
struct sc_defect {
	enum sc_class cls;
	char rule[40];
	char what[240];
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
	size_t case_len;
	uint8_t case_bytes[SC_HEADER_LEN + SC_SRC_MAX];
};

/* Calls that must overlap the other thread before a concurrent check may
 * pass (it runs up to three times its time to get them). */
#define SC_MIN_OVERLAP 2000

/* What a concurrent check did. */
struct sc_conc_stats {
	int ran;
	int cpus;                /* CPUs it could use: below 2, no parallel threads */
	int found;               /* it stopped at a finding */
	uint64_t calls, overlapped;
	double seconds;          /* how long it ran (to its finding, if any) */
};

/* The memory the child and parent share. */
struct sc_shared {
	volatile uint64_t beat;          /* bumped by the child per case */
	volatile int phase;              /* enum sc_phase being run */
	volatile uint64_t index;         /* case being run in that phase */
	volatile uint64_t done[SC_PH_COUNT];  /* cases run, per phase */
	volatile int finished;           /* the child ran the plan to the end */
	volatile int loaded;             /* the child loaded the candidate */
	volatile int stop;               /* stop asked (--first, too many hangs) */
	char load_error[512];
	uint64_t grid_total;
	struct sc_conc_stats race, reader;
	unsigned hangs, deaths, restarts;
	char stopped[160];               /* why the run stopped early, or "" */
	int ndefects;
	uint64_t extra_hits;             /* hits of defects past SC_MAX_DEFECTS */
	struct sc_defect d[SC_MAX_DEFECTS];
};

/* Result of sc_supervise. */
enum sc_sup_status { SC_SUP_OK, SC_SUP_LOAD_ERROR, SC_SUP_SYSTEM_ERROR };

/*
 * Run the plan in supervised children.  On SC_SUP_OK *out is the shared
 * record (findings, counts; free with sc_shared_free).  On a load error
 * err holds one line saying why; on a system error, likewise.
 */
enum sc_sup_status sc_supervise(const struct sc_plan *plan, struct sc_shared **out,
				char *err, size_t errlen);
void sc_shared_free(struct sc_shared *s);

/* The case of a grid or random index, regenerated (the one source of cases). */
int sc_plan_case(const struct sc_plan *plan, enum sc_phase phase, uint64_t index,
		 struct sc_case *c);

#endif
