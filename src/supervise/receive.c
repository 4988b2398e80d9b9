/*
 * Believing the child's reports: each message is checked (framing,
 * sequence, size, then every field against the plan) before anything of
 * it enters the record; findings are copied out as they arrive, so a
 * child cannot take one back.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "plan/channel.h"
#include "plan/plan.h"
#include "plan/findings.h"
#include "run.h"
#include "sandbox/sandbox.h"
#include "sandbox/syscalls.h"

void sc_run_stop(struct sc_supervisor *r, const char *why)
{
	if (!r->rec->stopped[0])
		snprintf(r->rec->stopped, sizeof(r->rec->stopped), "%s", why);
	r->stop = 1;
}

/* Anything the child says that does not hold: a tamper finding of its
 * own; nothing more from this child is believed. */
static void forged(struct sc_supervisor *r, const char *why)
{
	char what[240];

	snprintf(what, sizeof(what), "the checked process sent its supervisor %s", why);
	sc_record_tamper(r->rec, r->p, SC_RULE_HONEST_REPORTS, what, SC_PH_LOAD, 0, 0);
	r->forged = 1;
	sc_run_stop(r, "stopped: the checked process's reports could not be trusted");
}

static void on_tamper(struct sc_supervisor *r, const struct sc_msg_tamper *t)
{
	char name[64], what[240];
	enum sc_phase ph = (enum sc_phase)t->phase;
	uint64_t pos = t->pos;
	int known = sc_known_phase(r, t->phase) && sc_has_cases(ph) && pos < sc_phase_n(&r->l, ph);

	sc_syscall_name(t->nr, name, sizeof(name));
	snprintf(what, sizeof(what), "called %s (first argument %#" PRIx64 "), which no string "
		 "copy needs; the sandbox refused it%s", name, t->arg0,
		 t->phase == SC_PH_LOAD ? " (while the candidate was loaded: a constructor)" : "");
	if (known)
		sc_report_index(&r->l, &ph, &pos);
	sc_record_tamper(r->rec, r->p, sc_syscall_rule_of(name), what, known ? ph : (enum sc_phase)(t->phase <
			 SC_PH_DONE ? t->phase : SC_PH_LOAD), known ? pos : 0, known);
	r->rec->refused++;
}

static void on_defect(struct sc_supervisor *r, const struct sc_msg_defect *m, size_t len)
{
	char why[160];

	if (len < offsetof(struct sc_msg_defect, d) || m->id != (uint32_t)r->nmap ||
	    r->nmap >= SC_MAX_DEFECTS) {
		forged(r, "a defect record out of sequence");
		return;
	}
	if (sc_defect_check(&m->d, len - offsetof(struct sc_msg_defect, d), &r->l, why,
			    sizeof(why)) != 0) {
		forged(r, why);
		return;
	}
	r->map[r->nmap++] = sc_record_add(r->rec, &m->d);
	if (m->d.cls == SC_HANG)
		r->rec->hangs++;
}

static void on_hits(struct sc_supervisor *r, const struct sc_msg_hits *h)
{
	if (h->n > SC_HITS_MAX) {
		forged(r, "a hit count out of range");
		return;
	}
	for (uint32_t i = 0; i < h->n; i++) {
		uint32_t id = h->e[i].id;
		uint64_t delta = h->e[i].delta;

		if (id >= (uint32_t)r->nmap || delta > ((uint64_t)1 << 40)) {
			forged(r, "a hit count out of range");
			return;
		}
		if (r->map[id] < 0) {
			r->rec->extra_hits += delta;
			continue;
		}
		r->rec->d[r->map[id]].hits += delta;
		if (r->rec->d[r->map[id]].cls == SC_HANG)
			r->rec->hangs += (unsigned)delta;
	}
}

static void on_done(struct sc_supervisor *r, const struct sc_msg_done *m)
{
	enum sc_phase ph = (enum sc_phase)m->phase;

	if (sc_known_phase(r, m->phase) && !sc_has_cases(ph) && m->pos == 0)
		return;  /* a concurrent check's tick */
	if (!sc_known_phase(r, m->phase) || !sc_has_cases(ph) || m->pos > sc_phase_n(&r->l, ph) ||
	    m->pos < r->upto[ph]) {
		forged(r, "a case count that does not fit the plan");
		return;
	}
	/* Cases cut where dest stops being backed: a note, not a finding. */
	if (m->cut && m->cut <= m->pos - r->upto[ph] + 1 && m->cut_pos >= r->upto[ph] &&
	    m->cut_pos < m->pos) {
		if (!r->rec->cut) {
			enum sc_phase rph = ph;
			uint64_t idx = m->cut_pos;

			sc_report_index(&r->l, &rph, &idx);
			r->rec->cut_phase = rph;
			r->rec->cut_index = idx;
		}
		r->rec->cut += m->cut;
	}
	r->upto[ph] = m->pos;
}

static void on_conc(struct sc_supervisor *r, const struct sc_msg_conc *m)
{
	struct sc_conc_stats *st = m->phase == SC_PH_RACE ? &r->rec->race : &r->rec->reader;

	if ((m->phase != SC_PH_RACE && m->phase != SC_PH_READER) || !sc_known_phase(r, m->phase) ||
	    m->st.overlapped > m->st.calls || (m->st.ran != 0 && m->st.ran != 1) ||
	    (m->st.found != 0 && m->st.found != 1) || m->st.cpus < 0 || m->st.cpus > 65536 ||
	    !(m->st.seconds >= 0 && m->st.seconds <= 86400 * 2)) {
		forged(r, "concurrent-check counts that do not hold");
		return;
	}
	*st = m->st;
	r->conc_done[m->phase] = 1;
}

static void on_trace(struct sc_supervisor *r, const struct sc_trace_stats *m)
{
	if (!sc_known_phase(r, SC_PH_TRACE) || (m->ran != 0 && m->ran != 1) ||
	    (m->found != 0 && m->found != 1) || (m->cut != 0 && m->cut != 1) ||
	    m->cases > m->planned || m->flips > m->calls || m->reads_only > m->cases ||
	    !memchr(m->why, 0, sizeof(m->why)) ||
	    m->bounded > m->cases || (m->bounded && m->bounded_first >= m->cases) ||
	    !(m->seconds >= 0 && m->seconds <= 86400 * 2)) {
		forged(r, "traced-check counts that do not hold");
		return;
	}
	r->rec->trace = *m;
	/* Done only when the whole list ran unbounded (or stopped at a
	 * finding, or could not run here): a cut or bounded list is not a
	 * full check (tally.c says what ran). */
	r->conc_done[SC_PH_TRACE] = m->found || !m->ran || (!m->cut && !m->bounded);
}

/* One message, checked: its stream's order, its size, then its fields. */
static void on_message(struct sc_supervisor *r, const struct sc_msg_head *h, const unsigned char *pl)
{
	static const size_t size[SC_MSG_TYPES] = {
		[SC_MSG_LOADED] = sizeof(struct sc_msg_loaded),
		[SC_MSG_HITS] = sizeof(struct sc_msg_hits),
		[SC_MSG_DONE] = sizeof(struct sc_msg_done),
		[SC_MSG_CONC] = sizeof(struct sc_msg_conc),
		[SC_MSG_TAMPER] = sizeof(struct sc_msg_tamper),
		[SC_MSG_TRACE] = sizeof(struct sc_trace_stats),
	};

	if (h->stream == SC_STREAM_SIGNAL) {
		if (h->type == SC_MSG_TAMPER && h->len == size[SC_MSG_TAMPER])
			on_tamper(r, (const struct sc_msg_tamper *)pl);
		else
			forged(r, "a message on the signal stream that is not a refused call");
		return;
	}
	if (h->seq != r->seq + 1) {
		forged(r, "a message out of sequence (lost, repeated or injected)");
		return;
	}
	r->seq = h->seq;
	r->last_msg = sc_now();
	r->cpu_at_msg = sc_run_child_cpu(r);
	if (size[h->type] && h->len != size[h->type]) {
		forged(r, "a message of the wrong size for its type");
		return;
	}
	switch (h->type) {
	case SC_MSG_LOADED: {
		const struct sc_msg_loaded *m = (const void *)pl;

		if (r->loaded || !memchr(m->note, 0, sizeof(m->note))) {
			forged(r, "a second or malformed load report");
			return;
		}
		r->loaded = 1;
		if (!r->started) {
			/* The first load: the check's time starts now. */
			double t = sc_now();

			r->started = 1;
			r->rec->load_seconds = t - r->child_started;
			r->start = t;
			if (r->p->max_seconds > 0)
				r->cap = t + r->p->max_seconds;
		}
		if (!r->rec->sandbox[0] || !m->sandboxed) {
			snprintf(r->rec->sandbox, sizeof(r->rec->sandbox), "%s", m->note);
			r->rec->sandboxed = m->sandboxed == 1;
		}
		break;
	}
	case SC_MSG_LOAD_ERROR:
		snprintf(r->load_error, sizeof(r->load_error), "%.*s", (int)h->len, (const char *)pl);
		break;
	case SC_MSG_DEFECT:
		on_defect(r, (const struct sc_msg_defect *)pl, h->len);
		break;
	case SC_MSG_HITS:
		on_hits(r, (const struct sc_msg_hits *)pl);
		break;
	case SC_MSG_DONE:
		on_done(r, (const struct sc_msg_done *)pl);
		break;
	case SC_MSG_CONC:
		on_conc(r, (const struct sc_msg_conc *)pl);
		break;
	case SC_MSG_TRACE:
		on_trace(r, (const struct sc_trace_stats *)pl);
		break;
	case SC_MSG_FINISHED:
		r->finished_msg = 1;
		break;
	default:
		forged(r, "a message of a type the main stream does not send");
	}
}

void sc_run_drain(struct sc_supervisor *r)
{
	static unsigned char buf[SC_MSG_MAX];
	struct sc_msg_head h;
	char why[160];
	int rc;

	while (!r->forged && (rc = sc_chan_recv(r->sock, buf, &h, why, sizeof(why))) != 0) {
		if (rc == -1)
			break;
		if (rc == -2) {
			forged(r, why);
			break;
		}
		on_message(r, &h, buf + sizeof(h));
		if (r->p->first && r->rec->ndefects)
			sc_run_stop(r, "stopped at the first defect (--first)");
		if (r->rec->hangs >= SC_MAX_HANGS)
			sc_run_stop(r, "stopped after 3 hanging calls");
		if (r->stop)
			break;
	}
}

void sc_run_drain_output(struct sc_supervisor *r)
{
	char buf[4096];
	ssize_t n;

	while ((n = read(r->out[0], buf, sizeof(buf))) > 0) {
		size_t keep = r->out_len < SC_OUT_KEEP ? SC_OUT_KEEP - r->out_len : 0;

		if (keep > (size_t)n)
			keep = (size_t)n;
		memcpy(r->out_keep + r->out_len, buf, keep);
		r->out_len += (size_t)n;
		if (r->out_len > SC_OUT_KEEP)
			r->out_len = SC_OUT_KEEP + 1;
	}
}

/*
 * A progress word outside the plan: the child never stores one, so the
 * candidate wrote the shared memory.  The child sees that too, after the
 * call, with the case; which of the two notices first is timing, so both
 * name the same rule, and a report of the child's already sent is taken
 * first (it carries the case).
 */
static void overwritten(struct sc_supervisor *r)
{
	sc_run_drain(r);
	if (r->forged)
		return;
	sc_record_tamper(r->rec, r->p, SC_RULE_NO_SHARED_WRITE, "the progress record the checked "
			 "process shares with its supervisor was overwritten with a position outside "
			 "the plan", SC_PH_LOAD, 0, 0);
	r->forged = 1;
	sc_run_stop(r, "stopped: the checked process's progress record was overwritten");
}

/* The beacon, believed only within the plan and moving forward. */
void sc_run_read_beacon(struct sc_supervisor *r, double t)
{
	uint64_t w = __atomic_load_n(&r->b->where, __ATOMIC_ACQUIRE);
	uint32_t ph = (uint32_t)(w >> 56);
	uint64_t pos = w & SC_POS_MASK;

	if (ph == r->phase && pos == r->pos)
		return;
	if (ph == SC_PH_DONE && pos == 0) {
		r->phase = ph;
		r->last_move = t;
		r->cpu_at_move = sc_run_child_cpu(r);
		return;
	}
	if (!sc_known_phase(r, ph) || ph < r->phase ||
	    (sc_has_cases((enum sc_phase)ph) && pos >= sc_phase_n(&r->l, (enum sc_phase)ph)) ||
	    (ph == r->phase && pos < r->pos)) {
		overwritten(r);
		return;
	}
	r->phase = ph;
	r->pos = pos;
	r->last_move = t;
	r->cpu_at_move = sc_run_child_cpu(r);
	if (!r->beyond_start && sc_phase_beyond(ph))
		r->beyond_start = t;
}

double sc_run_child_cpu(const struct sc_supervisor *r)
{
	struct timespec ts;

	if (!r->has_child_clock || clock_gettime(r->child_clock, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

