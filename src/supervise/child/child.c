#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../engine/case/grid.h"
#include "../../engine/load/load.h"
#include "../../engine/race/race.h"
#include "../plan/channel.h"
#include "child.h"
#include "child_budget.h"
#include "child_fds.h"
#include "child_phases.h"
#include "child_trace.h"
#include "../plan/findings.h"
#include "../record/map_cells.h"
#include "../sandbox/sandbox.h"

/* Hits are sent in batches, and with every DONE: at most this many cases
 * apart. */
#define FLUSH_EVERY 4096

/* The child's own table of what it has sent: one record per (class, rule),
 * then only hit counts. */
struct child {
	const struct sc_child_args *a;
	struct sc_engine e;
	void *fn;
	uint64_t seq;
	int nsent;
	struct { enum sc_class cls; const char *rule; uint64_t pending; } sent[SC_MAX_DEFECTS];
	uint64_t since_flush;
	enum sc_phase bph;       /* the beacon's phase */
	double last_tick;
	const struct sc_flip *flip;  /* the traced check's flip of the finding being recorded */
	uint64_t cut, cut_pos;   /* cases cut since the last DONE, the first's position */
	struct sc_budget bud;    /* the cap and the budget beyond the plan */
};

static void send(struct child *ch, unsigned type, const void *payload, size_t len)
{
	sc_chan_send(ch->a->chan, SC_STREAM_MAIN, &ch->seq, type, payload, len);
}

static void flush_hits(struct child *ch)
{
	struct sc_msg_hits h;

	memset(&h, 0, sizeof(h));
	for (int i = 0; i < ch->nsent; i++)
		if (ch->sent[i].pending) {
			h.e[h.n].id = (uint32_t)i;
			h.e[h.n++].delta = ch->sent[i].pending;
			ch->sent[i].pending = 0;
		}
	if (h.n)
		send(ch, SC_MSG_HITS, &h, sizeof(h));
	ch->since_flush = 0;
}

static void done(struct child *ch, enum sc_phase phase, uint64_t pos)
{
	struct sc_msg_done m = { (uint32_t)phase, pos, ch->cut, ch->cut_pos };

	ch->cut = 0;
	flush_hits(ch);
	send(ch, SC_MSG_DONE, &m, sizeof(m));
}

/* Record a finding of case c: sent whole the first time, counted after. */
static void record(struct child *ch, const struct sc_case *c, const struct sc_finding *f,
		   enum sc_phase phase, uint64_t index, const struct sc_outcome *o,
		   const struct sc_outcome *ref)
{
	static struct sc_msg_defect m;
	int i;

	for (i = 0; i < ch->nsent; i++)
		if (ch->sent[i].cls == f->cls && !strcmp(ch->sent[i].rule, f->rule)) {
			ch->sent[i].pending++;
			if (f->cls == SC_HANG)
				flush_hits(ch);
			return;
		}
	if (ch->nsent >= SC_MAX_DEFECTS)
		return;
	ch->sent[i].cls = f->cls;
	ch->sent[i].rule = f->rule;
	ch->sent[i].pending = 0;
	ch->nsent++;
	m.id = (uint32_t)i;
	sc_defect_fill(&m.d, &ch->e, c, f, phase, index, o, ref);
	if (ch->flip) {
		m.d.flip_byte = ch->flip->byte;
		m.d.flip_read = ch->flip->read;
		m.d.flip_step = ch->flip->step;
	}
	send(ch, SC_MSG_DEFECT, &m, offsetof(struct sc_msg_defect, d.case_bytes) + m.d.case_len);
}

/* A tick at least every TICK seconds while cases run: the supervisor's
 * proof of progress (the beacon alone could be moved by anyone). */
#define TICK 0.1

static void tick(struct child *ch, uint64_t pos)
{
	struct sc_msg_done m = { (uint32_t)ch->bph, pos, 0, 0 };

	if (ch->cut && ch->cut_pos < pos) {
		m.cut = ch->cut;
		m.cut_pos = ch->cut_pos;
		ch->cut = 0;
	}
	send(ch, SC_MSG_DONE, &m, sizeof(m));
	ch->last_tick = sc_now();
}

/* The candidate wrote the memory shared with the supervisor during the
 * call: a finding of its own (the supervisor believes none of it anyway). */
static void shared_written(struct child *ch, const struct sc_case *c, enum sc_phase phase,
			   uint64_t index)
{
	struct sc_finding f = { SC_TAMPER, sc_rules[SC_RULE_NO_SHARED_WRITE].id, -1,
				"wrote the memory the checked process shares with its supervisor "
				"(its progress record)" };

	record(ch, c, &f, phase, index, &ch->e.cand, &ch->e.ref);
}

/* Run one case at position pos of the beacon's phase, reported under
 * (phase, index). */
static int run_case(struct child *ch, const struct sc_case *c, uint64_t pos,
		    enum sc_phase phase, uint64_t index)
{
	struct sc_finding f[4];
	uint64_t where;
	int nf;

	sc_beacon_set(ch->a->b, ch->bph, pos);
	where = ch->a->b->where;
	nf = sc_check(&ch->e, c, ch->fn, f, 4);
	if (ch->e.cand.stop == SC_CUT && !ch->cut++)
		ch->cut_pos = pos;
	sc_map_note(ch->a->p->map, c, nf ? f[0].cls : SC_PASS);
	if (ch->a->b->where != where)
		shared_written(ch, c, phase, index);
	for (int i = 0; i < nf; i++)
		record(ch, c, &f[i], phase, index, &ch->e.cand, &ch->e.ref);
	if (++ch->since_flush >= FLUSH_EVERY)
		flush_hits(ch);
	if (ch->since_flush % 16 == 0 && sc_now() - ch->last_tick >= TICK)
		tick(ch, pos);
	return nf;
}

/* The traced check's sink (child_trace.h). */
static void traced_record(void *arg, const struct sc_case *c, const struct sc_finding *f,
			  uint64_t index, const struct sc_outcome *o, const struct sc_outcome *ref,
			  const struct sc_flip *fl)
{
	((struct child *)arg)->flip = fl;
	record(arg, c, f, ((struct child *)arg)->bph, index, o, ref);
	((struct child *)arg)->flip = NULL;
}

static void traced_send(void *arg, unsigned type, const void *m, size_t len)
{
	flush_hits(arg);
	send(arg, type, m, len);
	((struct child *)arg)->last_tick = sc_now();
}

static void run_spread(struct child *ch, uint64_t from)
{
	static struct sc_case c;
	const struct sc_layout *l = ch->a->l;
	uint64_t k;

	for (k = from; k < l->spread_n && !sc_past(ch->bud.cap); k++) {
		sc_case_decode(&c, l->spread_case[k], l->spread_len[k]);
		run_case(ch, &c, k, SC_PH_GRID, l->spread[k]);
	}
	done(ch, SC_PH_SPREAD, k);
}

struct grid_walk {
	struct child *ch;
	uint64_t from, end;  /* grid indices */
	uint64_t stopped_at;
};

static int grid_case(const struct sc_case *c, uint64_t index, void *arg)
{
	struct grid_walk *w = arg;
	const struct sc_layout *l = w->ch->a->l;

	if (index < w->from || sc_layout_spread_has(l, index)) {
		/* Walking to where a restarted child resumes takes a while. */
		if ((index & 0xffff) == 0 && sc_now() - w->ch->last_tick >= TICK)
			tick(w->ch, index < w->from ? w->from - l->grid_from : index - l->grid_from);
		return 0;
	}
	if (index >= w->end || sc_past(w->ch->bud.cap)) {
		w->stopped_at = index < w->end ? index : w->end;
		return 1;
	}
	run_case(w->ch, c, index - l->grid_from, SC_PH_GRID, index);
	return 0;
}

static void run_grid(struct child *ch, uint64_t from)
{
	static struct sc_case c;
	const struct sc_layout *l = ch->a->l;
	struct grid_walk w = { ch, l->grid_from + from, l->grid_from + l->grid_n, 0 };

	w.stopped_at = w.end;
	sc_grid(ch->a->p->api, ch->a->p->policy, &c, grid_case, &w);
	done(ch, SC_PH_GRID, w.stopped_at - l->grid_from);
}

static void run_random(struct child *ch, uint64_t from)
{
	static struct sc_case c;
	const struct sc_plan *p = ch->a->p;
	const struct sc_layout *l = ch->a->l;
	uint64_t k;

	/* The budget's CPU clock is a system call: read every 32 cases. */
	for (k = from; k < l->random_n && !sc_past(ch->bud.cap) && !sc_past(ch->bud.wall_end) &&
	     (k % 32 || sc_budget_left(&ch->bud) > 0); k++) {
		sc_random_case(p->seed, l->random_from + k, p->api, p->policy, &c);
		run_case(ch, &c, k, SC_PH_RANDOM, l->random_from + k);
	}
	done(ch, SC_PH_RANDOM, k);
}

/*
 * A concurrent check stopped at a call that broke an invariant.  Run the
 * same input again with the source holding still: if it fails now too, it
 * is an ordinary defect (recorded under the ordinary check's class and
 * rule), not a race.  Only a call that passes alone is a race.
 */
static void record_concurrent(struct child *ch, const struct sc_race_result *r,
			      enum sc_phase phase, uint64_t index)
{
	static unsigned char win[SC_COUNT_MAX + 2 * SC_MARGIN];
	struct sc_outcome seen = ch->e.cand;
	struct sc_finding f[4];
	int nf;

	memcpy(win, seen.win, seen.win_len);
	seen.win = win;
	nf = sc_check(&ch->e, r->c, ch->fn, f, 4);
	for (int i = 0; i < nf; i++)
		record(ch, r->c, &f[i], phase, index, &ch->e.cand, &ch->e.ref);
	for (int i = 0; i < r->nf && !nf; i++)
		record(ch, r->c, &r->f[i], phase, index, &seen, NULL);
}

static void run_concurrent(struct child *ch, enum sc_phase phase)
{
	static struct sc_case c;
	const struct sc_plan *p = ch->a->p;
	struct sc_msg_conc m;
	struct sc_race_result r;
	double start = sc_now(), cpu0 = sc_cpu_now(), left = sc_budget_left(&ch->bud);
	double chunk = p->race_seconds < 0.25 ? p->race_seconds : 0.25;
	double want = p->race_seconds, limit = 2 * p->race_seconds;

	memset(&m, 0, sizeof(m));
	m.phase = (uint32_t)phase;
	/* Never past the budget, its backstop or the cap. */
	if (left < limit)
		limit = left > 0.05 ? left : 0.05;
	if (want > limit)
		want = limit;
	if (chunk > limit)
		chunk = limit;
	/* In chunks, each a tick for the supervisor, timed on this thread's
	 * CPU clock (a busy machine gives it the same work, in more wall
	 * time; race.c's chunks likewise).  A pass means something only if
	 * enough calls overlapped the other thread: keep going until they
	 * have (up to twice the time), and stop once the target is met. */
	for (uint64_t k = 0; ; k++) {
		double spent, wall;

		sc_beacon_set(ch->a->b, phase, m.st.calls);
		tick(ch, 0);
		if (sc_race(&ch->e, phase == SC_PH_RACE ? SC_RACE_MUTATOR : SC_RACE_READER,
			    p->api, ch->fn, p->seed + k, chunk, 0, &c, &r) != 0)
			break;
		m.st.ran = 1;
		m.st.cpus = r.cpus;
		m.st.seconds = sc_now() - start;
		m.st.calls += r.calls;
		m.st.overlapped += r.overlapped;
		if (r.nf) {
			/* The check's figures first: with --first the supervisor
			 * stops the run as soon as the finding arrives. */
			m.st.found = 1;
			send(ch, SC_MSG_CONC, &m, sizeof(m));
			record_concurrent(ch, &r, phase, m.st.calls - 1);
			flush_hits(ch);
			return;
		}
		spent = sc_cpu_now() - cpu0;
		wall = sc_now() - start;
		/* By its CPU clock, by what it achieved, or by the wall-clock
		 * backstop (each check its own share of the budget's). */
		if (spent >= limit || (spent >= want && m.st.overlapped >= SC_MIN_OVERLAP) ||
		    m.st.overlapped >= SC_ENOUGH_OVERLAP || sc_budget_left(&ch->bud) <= 0 ||
		    wall >= SC_BUDGET_WALL_FACTOR * limit ||
		    (wall >= SC_BUDGET_WALL_FACTOR * want && m.st.overlapped >= SC_MIN_OVERLAP))
			break;
	}
	flush_hits(ch);
	send(ch, SC_MSG_CONC, &m, sizeof(m));
}

static void load_error(struct child *ch, const char *msg)
{
	send(ch, SC_MSG_LOAD_ERROR, msg, strlen(msg) + 1);
	_exit(3);
}

void sc_child_main(const struct sc_child_args *a)
{
	static struct child ch;
	static struct sc_msg_loaded loaded;
	struct sc_trace_sink sink = { traced_record, traced_send, a->b, &ch };
	char err[512], note[320];
	enum sc_phase phase = a->phase;
	uint64_t from = a->from;
	struct sc_std_fds std;
	int tsc;

	sc_child_fresh_process(a->null_in, a->out, a->chan);
	ch.a = a;
	sc_beacon_set(a->b, SC_PH_LOAD, 0);
	sc_child_no_rseq();
	if (a->p->no_sandbox)
		snprintf(note, sizeof(note), "not sandboxed (--no-sandbox)");
	else
		loaded.sandboxed = sc_sandbox_early(a->chan, &a->b->where, note, sizeof(note));
	snprintf(loaded.note, sizeof(loaded.note), "%s", note);
	sc_child_std_fds(&std);
	ch.fn = sc_load(a->p->impl, a->p->symbol, a->p->api, err, sizeof(err));
	if (!ch.fn)
		load_error(&ch, err);
	if (sc_child_std_fds_changed(&std, a->p->impl, err, sizeof(err)))
		load_error(&ch, err);
	if (sc_engine_init(&ch.e, a->p->timeout_ms) != 0) {
		snprintf(err, sizeof(err), "cannot map the guard arenas: %s", strerror(errno));
		load_error(&ch, err);
	}
	tsc = sc_engine_trap_tsc();  /* the counter: the same in every phase (child_phases.h) */
	/* What a constructor opened (or a thread of its, until the lock). */
	sc_child_close_strays(a->chan);
	if (loaded.sandboxed)
		loaded.sandboxed = sc_child_lock_traced(&ch.e, loaded.note, sizeof(loaded.note));
	sc_child_close_strays(a->chan);
	if (tsc < 0)
		sc_child_note_tsc(loaded.note, sizeof(loaded.note));
	/* A cap counts from the end of the load. */
	ch.bud.cap = a->cap > 0 && a->after_load ? sc_now() + a->cap : a->cap;
	send(&ch, SC_MSG_LOADED, &loaded, sizeof(loaded));
	for (; phase < SC_PH_DONE; phase++, from = 0) {
		if (!sc_phase_wanted(a->p, phase))
			continue;
		if (sc_past(ch.bud.cap))
			break;  /* the cap the user asked for: nothing more runs */
		ch.bph = phase;
		if (sc_phase_beyond(phase))
			sc_budget_start(&ch.bud, a->p->seconds, a->beyond_cpu, a->beyond_wall_end);
		sc_beacon_set(a->b, phase, from);
		if (phase == SC_PH_ONE) {
			if ((!run_case(&ch, a->p->one_case, 0, SC_PH_ONE, 0) && !a->p->no_trace) ||
			    a->p->flip_read)
				sc_child_traced_one(&ch.e, ch.fn, a->p, a->p->one_case, &sink);
			done(&ch, SC_PH_ONE, 1);
		} else if (phase == SC_PH_SPREAD) {
			run_spread(&ch, from);
		} else if (phase == SC_PH_GRID) {
			run_grid(&ch, from);
		} else if (phase == SC_PH_RANDOM) {
			run_random(&ch, from);
		} else if (phase == SC_PH_TRACE) {
			sc_child_traced(&ch.e, ch.fn, a->p, ch.bud.cap, &sink);
		} else {
			run_concurrent(&ch, phase);
		}
	}
	sc_beacon_set(a->b, SC_PH_DONE, 0);
	send(&ch, SC_MSG_FINISHED, "", 0);
	_exit(0);
}
