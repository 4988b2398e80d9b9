/*
 * engine.h - the one path every case takes, whoever asks for it:
 *
 *   case -> placed in the guard arenas -> candidate called under a fault
 *   handler and a watchdog -> outcome -> judged against the reference's
 *   outcome -> findings
 *
 * The CLI, the fuzz harnesses and the tests all call sc_check(); none of
 * them decodes, places or judges on its own.
 */
#ifndef SC_ENGINE_H
#define SC_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "case.h"

/* Defect classes (docs/contract.md, "The defect classes"). */
enum sc_class {
	SC_PASS,
	SC_OVERREAD,
	SC_OVERWRITE,
	SC_UNDERREAD,
	SC_UNDERWRITE,
	SC_SRC_WRITE,
	SC_RETVAL,
	SC_TERMINATION,
	SC_CONTENT,
	SC_LEAK,
	SC_RACE,
	SC_HANG,
	SC_CRASH,
	SC_CLASS_COUNT
};

const char *sc_class_name(enum sc_class cls);

/* How the call ended. */
enum sc_stop { SC_RETURNED, SC_FAULTED, SC_HUNG, SC_SIGNALLED };

/* Margin of canary bytes checked on each side of dest. */
#define SC_MARGIN 256

struct sc_outcome {
	enum sc_stop stop;
	int signo;
	char access;             /* fault: 'r', 'w', or '?' when unknown */
	uintptr_t fault_addr;
	char fault_arena;        /* 's' source, 'd' dest, 0 elsewhere */
	enum sc_region fault_region;
	int64_t ret;             /* strncpy: returned pointer minus dest */
	const unsigned char *src, *dst;  /* where the buffers were placed */
	size_t dst_len;          /* dest bytes the call may write (count, capped) */
	size_t before;           /* window bytes before dest */
	size_t win_len;          /* window: [dst - before, dst - before + win_len) */
	unsigned char *win;      /* image of the window after the call */
};

struct sc_finding {
	enum sc_class cls;
	const char *rule;        /* the contract clause, e.g. "return-value" */
	int64_t offset;          /* dest offset the finding is about, or -1 */
	char what[240];          /* one line: what was expected, what happened */
};

/* Type of each API's function. */
typedef long (*sc_strscpy_fn)(char *, const char *, size_t);  /* ssize_t */
typedef size_t (*sc_strlcpy_fn)(char *, const char *, size_t);
typedef char *(*sc_strncpy_fn)(char *, const char *, size_t);

struct sc_engine {
	struct sc_arena src;     /* read-only for the candidate */
	struct sc_arena dst;
	struct sc_outcome cand, ref;
	/* For the concurrent-reader check (race.h): dest starts out as a
	 * terminated string (NUL at dest[count-1]), and dest_seq is odd while
	 * sc_run sets dest up. */
	int dest_terminated;
	volatile unsigned long *dest_seq;
	const unsigned char *volatile dest_now;  /* set inside the odd window */
	volatile size_t dest_now_len;
};

/*
 * Map the arenas and install the fault handlers (SIGSEGV, SIGBUS, SIGILL,
 * SIGFPE, SIGABRT, SIGTRAP, and SIGALRM for the watchdog).  timeout_ms is
 * how long one call may run before it is called hung; 0: no watchdog (for
 * libFuzzer, which has its own).  Returns 0, or -1 with errno.
 */
int sc_engine_init(struct sc_engine *e, unsigned timeout_ms);
void sc_engine_fini(struct sc_engine *e);

/* The canary byte at dest offset k (never zero). */
static inline unsigned char sc_canary(int64_t k)
{
	return (unsigned char)(0xc0 | ((uint64_t)k * 5 + 3) % 64);
}

/* The byte around the source at source offset k (never zero). */
static inline unsigned char sc_filler(int64_t k)
{
	return (unsigned char)('A' + (uint64_t)k % 23);
}

/*
 * The canaries sc_canary(k), sc_canary(k+1), ... as n contiguous bytes,
 * n <= SC_COUNT_MAX + 2 * SC_MARGIN: fills and comparisons go through
 * memcpy and memcmp with it (a fuzzer's exec/s is made of these).
 */
const unsigned char *sc_canaries(int64_t k);

/* The byte-at-a-time reference function of an API. */
void *sc_reference(enum sc_api api);

/* Place the case and call fn (of the case's API type) once. */
void sc_run(struct sc_engine *e, const struct sc_case *c, void *fn,
	    struct sc_outcome *out);

/*
 * Judge a candidate's outcome against the reference's for the same case:
 * a pure function.  Writes up to max findings, the most telling first, and
 * returns how many (0: the call kept the contract).
 */
int sc_judge(const struct sc_case *c, const struct sc_outcome *cand,
	     const struct sc_outcome *ref, struct sc_finding *f, int max);

/* sc_run the candidate (into e->cand) and the reference (e->ref), judge. */
int sc_check(struct sc_engine *e, const struct sc_case *c, void *fn,
	     struct sc_finding *f, int max);

/* Describe where a fault hit, e.g. "read at src+count+0 (guard page after
 * the source)".  Returns buf. */
char *sc_describe_fault(const struct sc_case *c, const struct sc_outcome *o,
			char *buf, size_t size);

/* Calls made so far by sc_run (one engine runs one call at a time). */
extern volatile unsigned long sc_calls;

#endif
