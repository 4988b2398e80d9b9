#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>

#include "clock.h"
#include "grid.h"
#include "race.h"

struct shared {
	volatile int stop;
	volatile unsigned long gen;       /* bumped by the other thread per act */
	volatile unsigned long dest_seq;  /* odd while the checker sets dest up */
	unsigned char *volatile src_rw;   /* mutator: the source, writable view */
	volatile size_t span;             /* mutator: bytes it may flip */
	volatile size_t hot;              /* mutator: where the NUL was */
	struct sc_engine *e;              /* reader: e->dest_now, dest_now_len */
	volatile int saw_unterminated;
	uint64_t seed;
};

int sc_race_applies(enum sc_api api)
{
	return api == SC_STRSCPY || api == SC_STRSCPY_PAD;
}

/* Flip bytes between NUL and non-NUL: mostly at and just before the
 * original NUL (where the copy ends), sometimes anywhere before it. */
static void *mutator(void *arg)
{
	struct shared *s = arg;
	uint64_t rng = s->seed;

	while (!s->stop) {
		unsigned char *src = s->src_rw;
		size_t span = s->span, hot = s->hot, pos;
		uint64_t r = sc_rand(&rng);

		if (!src || !span)
			continue;
		if (r % 4 == 0)
			pos = (size_t)((r >> 8) % span);
		else
			pos = hot - (size_t)((r >> 8) % 16 % (hot + 1));
		if (pos >= span)
			pos = span - 1;
		for (int k = 0; k < 64; k++)
			src[pos] = (k & 1) ? 'r' : 0;
		s->gen++;
	}
	return NULL;
}

/* Poll dest between the checker's set-ups; report a moment with no NUL. */
static void *reader(void *arg)
{
	struct shared *s = arg;

	while (!s->stop) {
		unsigned long seq = __atomic_load_n(&s->dest_seq, __ATOMIC_ACQUIRE);
		const unsigned char *dst = s->e->dest_now;
		size_t count = s->e->dest_now_len;

		if ((seq & 1) || !dst || !count)
			continue;
		int terminated = memchr(dst, 0, count) != NULL;

		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&s->dest_seq, __ATOMIC_ACQUIRE) != seq)
			continue;
		s->gen++;
		if (!terminated) {
			s->saw_unterminated = 1;
			/* Hold until the checker has read the flag. */
			while (!s->stop && s->saw_unterminated)
				;
		}
	}
	return NULL;
}

/* A long string (64..4159 bytes) and a count either side of its length. */
static void race_case(uint64_t *rng, enum sc_api api, struct sc_case *c)
{
	size_t len = 64 + (size_t)(sc_rand(rng) % 4096), i;

	for (i = 0; i < len; i++)
		c->src[i] = (unsigned char)('a' + i % 26);
	c->src[len] = 0;
	c->src_len = len + 17;
	memset(c->src + len + 1, 'z', 16);
	c->api = api;
	c->policy = SC_NO_LEAK;
	c->src_place = SC_FREE;
	c->dst_place = (sc_rand(rng) % 2) ? SC_FREE : SC_AT_END;
	c->src_off = (unsigned)(sc_rand(rng) % 64);
	c->dst_off = (unsigned)(sc_rand(rng) % 64);
	c->count = sc_rand(rng) % 2 ? len + 1 + sc_rand(rng) % 64 : len - sc_rand(rng) % 32;
	sc_case_normalize(c);
}

static void reader_case(uint64_t *rng, enum sc_api api, struct sc_case *c)
{
	race_case(rng, api, c);
	/* Truncation is where an unterminated moment hides. */
	c->count = sc_case_strlen(c) - sc_rand(rng) % 32;
	c->dst_place = SC_FREE;
}

int sc_race(struct sc_engine *e, enum sc_race_kind kind, enum sc_api api, void *fn,
	    uint64_t seed, double seconds, uint64_t max_calls, struct sc_case *c,
	    struct sc_race_result *r)
{
	struct shared s;
	pthread_t th;
	sigset_t block, old;
	double deadline = sc_now() + seconds;
	uint64_t rng = seed;
	int err;

	memset(&s, 0, sizeof(s));
	memset(r, 0, sizeof(*r));
	s.seed = seed ^ 0x5eed;
	s.e = e;
	e->dest_now = NULL;
	e->dest_now_len = 0;
	r->c = c;

	/* The watchdog's SIGALRM must reach the calling thread only. */
	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	err = pthread_create(&th, NULL, kind == SC_RACE_READER ? reader : mutator, &s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		errno = err;
		return -1;
	}
	if (kind == SC_RACE_READER) {
		e->dest_seq = &s.dest_seq;
		e->dest_terminated = 1;
	}

	while (!r->nf && (!max_calls || r->calls < max_calls) && (r->calls % 64 || sc_now() < deadline)) {
		unsigned long gen;

		if (kind == SC_RACE_READER) {
			reader_case(&rng, api, c);
		} else {
			race_case(&rng, api, c);
			s.src_rw = NULL;
			s.span = c->src_len;
			s.hot = sc_case_strlen(c);
			s.src_rw = sc_arena_rw(&e->src, sc_arena_place(&e->src, c->src_place,
								       c->src_off, c->src_len));
		}
		gen = s.gen;
		sc_run(e, c, fn, &e->cand);
		r->calls++;
		if (s.gen != gen)
			r->overlapped++;
		if (kind == SC_RACE_READER) {
			if (s.saw_unterminated) {
				r->nf = sc_add_finding(r->f, 0, 4, SC_RULE_READER_SEES_NUL, SC_PASS, -1,
						       "a concurrent reader saw dest[0..%zu] with no NUL "
						       "during the call (a dest byte was written twice)",
						       (size_t)c->count - 1);
				s.saw_unterminated = 0;
			}
		}
		if (!r->nf)
			r->nf = sc_judge_race(c, &e->cand, r->f, 4);
	}
	s.stop = 1;
	pthread_join(th, NULL);
	e->dest_seq = NULL;
	e->dest_terminated = 0;
	return 0;
}
