/*
 * race.c - the concurrent checks' driver: starts the helper thread (the
 * mutator or the reader) on a core of its own, runs the cases, starts the
 * helper with each call (race_threads.h), and judges every outcome.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../base/clock.h"
#include "../case/grid.h"
#include "race.h"
#include "sampled/race_case.h"
#include "sampled/race_threads.h"

/* Each strategy's turn: the strategies take turns in slices of this many
 * seconds, so each gets an equal share of any run longer than a few. */
#define SLICE 0.004

double sc_race_share(double run_seconds)
{
	return run_seconds / 4 > 0.5 ? run_seconds / 4 : 0.5;
}

int sc_race_applies(enum sc_api api)
{
	return api == SC_STRSCPY || api == SC_STRSCPY_PAD;
}

/* sc_run's before_call hook: post the call and give the helper a moment
 * to claim it, so that both start together. */
static void start_helper(void *arg)
{
	struct sc_race_sync *s = arg;
	unsigned long run = (s->state & ~3ul) | SC_RS_RUN;

	__atomic_store_n(&s->state, run, __ATOMIC_RELEASE);
	/* A claim takes well under a microsecond when the helper runs; when
	 * it does not (a busy machine), the call goes ahead alone. */
	for (int spins = 0; spins < 64 && s->state == run; spins++) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
	}
}

/* After the call: withdraw an unclaimed post, or stop the helper and wait
 * until it is idle.  Returns 1 if the helper had claimed the call. */
static int stop_helper(struct sc_race_sync *s)
{
	unsigned long st = s->state, k = st >> 2;
	unsigned spins = 0;

	if ((st & 3) == SC_RS_RUN &&
	    __atomic_compare_exchange_n(&s->state, &st, SC_RS(k + 1, SC_RS_IDLE), 0,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return 0;
	/* Claimed (BUSY): ask it to stop. */
	__atomic_store_n(&s->state, SC_RS(k, SC_RS_STOP), __ATOMIC_RELEASE);
	while (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) != SC_RS(k + 1, SC_RS_IDLE))
		sc_race_relax(&spins, s->one_cpu);
	return 1;
}

/*
 * Put the helper on a CPU other than the one the calling thread runs on
 * now, when the process may use two: then the helper acts during the call
 * instead of taking turns with it.  The calling thread keeps the process's
 * own mask: the candidate sees the CPUs the machine has in every phase
 * (docs/tamper.md, "Phases that look alike").  Returns how many CPUs the
 * process may use.
 */
static int place_helper(pthread_attr_t *attr)
{
	cpu_set_t all, other;
	int n, here = sched_getcpu(), there = -1;

	if (sched_getaffinity(0, sizeof(all), &all) != 0)
		return 1;
	n = CPU_COUNT(&all);
	if (n < 2)
		return n;
	if (here < 0)
		here = 0;
	for (int k = 1; k < CPU_SETSIZE && there < 0; k++)
		if (CPU_ISSET((here + k) % CPU_SETSIZE, &all))
			there = (here + k) % CPU_SETSIZE;
	CPU_ZERO(&other);
	CPU_SET(there, &other);
	pthread_attr_setaffinity_np(attr, sizeof(other), &other);
	return n;
}

static int reader_finding(const struct sc_race_sync *s, const struct sc_case *c,
			  struct sc_finding *f)
{
	size_t last = (size_t)c->count - 1;

	if (!s->seen_nul_before)
		return sc_add_finding(f, 0, 1, SC_RULE_READER_SEES_NUL, SC_PASS, (int64_t)last,
				      "a concurrent reader saw dest[0..%zu] with no NUL during the "
				      "call: dest[%zu] held 0x%02x before its NUL (a dest byte "
				      "written twice)", last, last, s->seen_byte);
	return sc_add_finding(f, 0, 1, SC_RULE_DEST_WRITTEN_ONCE, SC_PASS, (int64_t)last,
			      "dest[%zu], a NUL before the call and after it, held 0x%02x during "
			      "it: a concurrent reader saw the byte written twice", last,
			      s->seen_byte);
}

int sc_race(struct sc_engine *e, enum sc_race_kind kind, enum sc_api api, void *fn,
	    uint64_t seed, double seconds, uint64_t max_calls, struct sc_case *c,
	    struct sc_race_result *r)
{
	static struct sc_race_sync s;
	pthread_t th;
	pthread_attr_t attr;
	sigset_t block, old_mask;
	double wall_end = sc_now() + SC_BUDGET_WALL_FACTOR * seconds, cpu_end = sc_cpu_now() + seconds;
	uint64_t rng = seed;
	int err;

	memset(&s, 0, sizeof(s));
	memset(r, 0, sizeof(*r));
	r->c = c;
	pthread_attr_init(&attr);
	r->cpus = place_helper(&attr);
	s.one_cpu = r->cpus < 2;

	/* The watchdog's SIGALRM must reach the calling thread only. */
	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &block, &old_mask);
	err = pthread_create(&th, &attr, kind == SC_RACE_READER ? sc_race_reader : sc_race_mutator,
			     &s);
	pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
	pthread_attr_destroy(&attr);
	if (err) {
		errno = err;
		return -1;
	}
	e->dest_terminated = kind == SC_RACE_READER;
	e->before_call = start_helper;
	e->before_call_arg = &s;

	/* Timed on this thread's CPU clock (a system call: every 16 calls). */
	while (!r->nf && (!max_calls || r->calls < max_calls) &&
	       (r->calls % 16 || (sc_cpu_now() < cpu_end && sc_now() < wall_end))) {
		struct sc_race_target *t = &s.t;
		unsigned long acts;
		int claimed;
		size_t n;

		memset(t, 0, sizeof(*t));
		sc_race_case(&rng, api, c, &t->span, &t->hot);
		n = (size_t)c->count;
		t->src = sc_arena_place(&e->src, c->src_place, c->src_off, c->src_len);
		t->src_rw = sc_arena_rw(&e->src, t->src);
		t->dst = sc_arena_place(&e->dst, c->dst_place, c->dst_off, n);
		t->count = n;
		t->strategy = (enum sc_strategy)((uint64_t)(sc_now() / SLICE) % SC_ST_COUNT);
		t->seq = r->calls;
		t->rng = sc_rand(&rng);
		if (kind == SC_RACE_READER)
			t->src_rw = NULL;
		else
			t->dst = NULL;

		acts = s.acts;
		sc_run(e, c, fn, &e->cand);
		claimed = stop_helper(&s);
		if (claimed && s.acts != acts)
			r->overlapped++;
		r->calls++;
		if (kind == SC_RACE_READER && s.seen) {
			r->nf = reader_finding(&s, c, r->f);
			s.seen = 0;
		}
		if (!r->nf)
			r->nf = sc_judge_race(c, &e->cand, r->f, 4);
	}
	s.quit = 1;
	pthread_join(th, NULL);
	e->before_call = NULL;
	e->before_call_arg = NULL;
	e->dest_terminated = 0;
	return 0;
}
