/*
 * child_trace.c - the traced check in the checked child (child_trace.h).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/base/clock.h"
#include "../../engine/race/race.h"
#include "../../engine/race/traced/race_place.h"
#include "../plan/channel.h"
#include "child_trace.h"
#include "../sandbox/sandbox.h"

static struct sc_trace t;

static int ready(struct sc_engine *e, const char **why)
{
	if (!sc_trace_available(e, why))
		return 0;
	if (!t.acc && sc_trace_init(&t) != 0) {
		*why = "out of memory for the trace";
		return 0;
	}
	return 1;
}

static void report(const struct sc_trace_sink *s, struct sc_engine *e, const struct sc_case *c,
		   uint64_t index, const struct sc_traced *r)
{
	for (int i = 0; i < r->nf; i++)
		s->record(s->arg, c, &r->f[i], index, &e->cand, r->ordinary ? &e->ref : NULL,
			  r->flip.read ? &r->flip : NULL);
}

static void tick(const struct sc_trace_sink *s)
{
	struct sc_msg_done m;

	memset(&m, 0, sizeof(m));
	m.phase = SC_PH_TRACE;
	s->send(s->arg, SC_MSG_DONE, &m, sizeof(m));
}

void sc_child_traced(struct sc_engine *e, void *fn, const struct sc_plan *p, double deadline,
		     const struct sc_trace_sink *s)
{
	static struct sc_case c;
	static struct sc_trace_stats stats;
	struct sc_trace_stats *st = &stats;
	struct sc_traced r;
	const char *why = NULL;
	double start = sc_now(), last = start;
	uint64_t k;

	memset(st, 0, sizeof(*st));
	memset(&r, 0, sizeof(r));
	st->planned = sc_trace_cases_total();
	tick(s);
	if (!ready(e, &why)) {
		snprintf(st->why, sizeof(st->why), "%s", why);
		s->send(s->arg, SC_MSG_TRACE, st, sizeof(*st));
		return;
	}
	st->ran = 1;
	/* The whole list: only a cap the user asked for cuts it (then the
	 * run is INCOMPLETE, and says how far it got). */
	for (k = 0; k < st->planned; k++) {
		double now = sc_now();

		if (deadline > 0 && now >= deadline) {
			st->cut = 1;
			break;
		}
		if (now - last >= 0.1) {
			tick(s);
			last = now;
		}
		sc_beacon_set(s->beacon, SC_PH_TRACE, k);
		sc_trace_case(p->api, k, &c);
		if (sc_trace_check(e, &t, &c, fn, p->reader, &r)) {
			st->found = 1;
			report(s, e, &c, k, &r);
			k++;
			break;
		}
		if (r.case_bounded && !st->bounded++)
			st->bounded_first = k;
	}
	st->cases = k;
	st->calls = r.runs;
	st->accesses = r.accesses;
	st->flips = r.flips;
	st->faults = r.faults;
	st->reads_only = r.reads_only;
	st->unrun = r.unrun;
	st->seconds = sc_now() - start;
	s->send(s->arg, SC_MSG_TRACE, st, sizeof(*st));
}

void sc_child_traced_one(struct sc_engine *e, void *fn, const struct sc_plan *p,
			 const struct sc_case *c, const struct sc_trace_sink *s)
{
	static char line[200];
	struct sc_traced r;
	const char *why;

	if (!ready(e, &why)) {
		if (!p->flip_read)
			return;
		snprintf(line, sizeof(line), "--race-flip: the tracer cannot run here (%s)", why);
		s->send(s->arg, SC_MSG_LOAD_ERROR, line, strlen(line) + 1);
		_exit(3);
	}
	memset(&r, 0, sizeof(r));
	if (p->flip_read) {
		struct sc_flip fl = { p->flip_byte, p->flip_read, 0, 0 };

		if (fl.byte >= c->src_len)
			return;
		fl.to = sc_flip_value(c->src[fl.byte]);
		/* As the traced check runs a flip (race_place.h): the ordinary
		 * run of the case came just before, with its arguments. */
		sc_flip_decoy(e, c, fn, 0);
		r.nf = sc_trace_flip(e, &t, sc_flip_placed(e, c, 0), fn, &fl, r.f, 4);
		fl.step = (uint32_t)t.n;
		r.flip = fl;
		for (int i = 0; i < r.nf; i++)
			sc_trace_flip_text(&r.f[i], c, &fl, t.n ? &t.acc[t.n - 1] : NULL, NULL);
	} else {
		sc_trace_check(e, &t, c, fn, p->reader && sc_race_applies(c->api), &r);
	}
	report(s, e, c, 0, &r);
}

int sc_child_lock_traced(struct sc_engine *e, char *note, size_t notelen)
{
	int on, traced = sc_trace_available(e, NULL);

	if (traced) {
		uint64_t lo[SC_TRACE_ARENAS], hi[SC_TRACE_ARENAS];

		_Static_assert(SC_TRACE_ARENAS == SC_TRACER_ARENAS, "the tracer's arenas, the sandbox's");
		sc_trace_arenas(e, lo, hi);
		sc_sandbox_allow_tracer(sc_trace_syscall_ip(), lo, hi);
	}
	on = sc_sandbox_lock(note, notelen);
	if (on && traced && !sc_sandbox_tracer_on()) {
		static char why[160];

		snprintf(why, sizeof(why), "the sandbox could not allow the tracer's mprotect: %s",
			 sc_sandbox_tracer_why());
		sc_trace_refuse(why);
	}
	return on;
}
