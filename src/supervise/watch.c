/*
 * The supervisor: starts a child per stretch of the plan, reads and checks
 * its reports, enforces the stall limits (the child's CPU time, with
 * wall-clock backstops) and the cap (--max-time), records
 * deaths and hangs with their case, kills every process the child left,
 * and restarts after the case that ended the last child.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "plan/channel.h"
#include "child/child.h"
#include "plan/findings.h"
#include "plan/plan.h"
#include "sandbox/sandbox.h"
#include "procs.h"
#include "run.h"
#include "watch.h"

/* Seconds the candidate's constructors may take. */
#define LOAD_LIMIT 5
/* Child processes that may die before the run stops. */
#define MAX_DEATHS 8

/* The supervisor's wall-clock limits: this many times the CPU ones (a
 * child that makes no progress in that much wall time is hung even if it
 * got little CPU: it blocks). */
#define WALL_FACTOR 10

/* CPU seconds the child may spend on one case (or chunk, or the load)
 * without a word: a busy machine slows the wall clock, not this. */
static double stall_cpu(const struct sc_plan *p, uint32_t phase)
{
	double call = p->timeout_ms / 1000.0 * 2;

	if (phase == SC_PH_LOAD)
		return LOAD_LIMIT;
	if (phase == SC_PH_TRACE)
		return 30 + 2 * call;  /* one traced case, its flips included */
	if (phase == SC_PH_RACE || phase == SC_PH_READER)
		return 2 * (p->race_seconds + 3 + 2 * call);  /* two threads */
	return 1 + 2 * call;
}

/* The wall-clock backstop: many times the CPU limit, and longer than the
 * engine's own backstop for a call that blocks.  The load keeps its own
 * limit (LOAD_LIMIT s, "its constructor did not return"). */
static double stall_wall(const struct sc_plan *p, uint32_t phase)
{
	if (phase == SC_PH_LOAD)
		return LOAD_LIMIT;
	return WALL_FACTOR * stall_cpu(p, phase) + SC_CALL_WALL_FACTOR * p->timeout_ms / 1000.0;
}

/* No word from the child for too long: by its CPU clock or the wall's. */
static int stalled(const struct sc_supervisor *r, double t, double since, double cpu_since)
{
	double cpu = sc_run_child_cpu(r);

	return t - since > stall_wall(r->p, r->phase) ||
	       (cpu > 0 && cpu - cpu_since > stall_cpu(r->p, r->phase));
}

/*
 * No report for too long.  If the beacon still moved meanwhile, someone
 * other than the child's loop moved it (the loop reports while it runs):
 * forged progress, and the case it is on is unknown.
 */
static int fake_progress(struct sc_supervisor *r, double t)
{
	double cpu = sc_run_child_cpu(r);

	if (!r->loaded || t - r->last_move > stall_wall(r->p, r->phase) / 2 ||
	    (cpu > 0 && cpu - r->cpu_at_move > stall_cpu(r->p, r->phase) / 2))
		return 0;
	r->forged_progress = 1;
	sc_record_tamper(r->rec, r->p, SC_RULE_HONEST_REPORTS, "the progress record the checked process "
			 "shares with its supervisor kept moving while the process made no reports "
			 "(a thread writing it?); the call it was in hung", SC_PH_LOAD, 0, 0);
	sc_run_stop(r, "stopped: the checked process's progress record was forged");
	return 1;
}

enum end { END_EXITED, END_HUNG, END_STOPPED, END_DEADLINE, END_USER };

/* Watch the child until it ends or is ended.  *status: its wait status. */
static enum end watch(struct sc_supervisor *r, int *status)
{
	/* The child stops at a deadline by itself, within a call: a call
	 * that blocks may take the engine's wall backstop. */
	double shown = 0, grace = 2 + SC_CALL_WALL_FACTOR * r->p->timeout_ms / 1000.0;
	double beyond_end = r->p->seconds * SC_BUDGET_WALL_FACTOR;
	struct pollfd fds[2] = { { r->sock, POLLIN, 0 }, { r->out[0], POLLIN, 0 } };
	enum end why = END_EXITED;

	r->last_move = r->last_msg = sc_now();
	r->cpu_at_move = r->cpu_at_msg = sc_run_child_cpu(r);
	for (;;) {
		double t;
		pid_t w;

		poll(fds, 2, 10);
		sc_run_drain(r);
		sc_run_drain_output(r);
		w = waitpid(r->pid, status, WNOHANG);
		if (w == r->pid || (w < 0 && errno != EINTR)) {
			sc_run_drain(r);
			/* Where it ended: the beacon's last word, not the last one
			 * polled (thousands of cases may have run since). */
			if (!r->forged)
				sc_run_read_beacon(r, sc_now());
			/* Stopped by what it sent (--first's defect, a forgery):
			 * a slow supervisor may read that only once the child has
			 * ended, and the drain leaves the rest (its FINISHED)
			 * unread; the end is the stop, not a death. */
			return r->stop ? END_STOPPED : why;
		}
		t = sc_now();
		if (sc_user_interrupt)
			why = END_USER;
		else if (r->stop)
			why = END_STOPPED;
		else if (r->cap > 0 && t > r->cap + grace)
			why = END_DEADLINE;
		else if (r->beyond_start > 0 && beyond_end > 0 && t > r->beyond_start + beyond_end + grace)
			why = END_DEADLINE;  /* the budget's backstop: the child did not stop */
		else if (!r->forged && (sc_run_read_beacon(r, t), 0))
			;
		else if (!r->forged && r->phase != SC_PH_DONE &&
			 (stalled(r, t, r->last_move, r->cpu_at_move) ||
			  (r->loaded && stalled(r, t, r->last_msg, r->cpu_at_msg))))
			why = fake_progress(r, t) ? END_STOPPED : END_HUNG;
		if (r->forged && why == END_EXITED)
			why = END_STOPPED;
		if (why != END_EXITED) {
			kill(-r->pid, SIGKILL);
			kill(r->pid, SIGKILL);
			waitpid(r->pid, status, 0);
			sc_run_drain(r);
			if (!r->forged && why != END_STOPPED)
				sc_run_read_beacon(r, sc_now());
			return why;
		}
		if (t - shown > 0.1) {
			sc_run_progress(r, 0);
			shown = t;
		}
	}
}

static pid_t start_child(struct sc_supervisor *r, enum sc_phase phase, uint64_t from, char *err,
			 size_t errlen)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		snprintf(err, errlen, "cannot make a socket pair: %s", strerror(errno));
		return -1;
	}
	sc_beacon_set(r->b, SC_PH_LOAD, 0);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		struct sc_child_args a = { r->p, &r->l, r->b, sv[1], r->out[1], r->null_in, phase, from,
					   r->cap, 0, 0, 0 };

		/* Not loaded yet: the child starts the cap's clock once it has. */
		if (r->p->max_seconds > 0 && !r->started) {
			a.cap = r->p->max_seconds;
			a.after_load = 1;
		}
		/* Started again beyond the plan: what is left of the budget. */
		if (r->beyond_start > 0 && r->p->seconds > 0) {
			double left = r->p->seconds - (sc_now() - r->beyond_start);

			a.beyond_cpu = left > 0.05 ? left : 0.05;
			a.beyond_wall_end = r->beyond_start + SC_BUDGET_WALL_FACTOR * r->p->seconds;
		}

		close(sv[0]);
		sc_child_main(&a);
	}
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		snprintf(err, errlen, "cannot fork: %s", strerror(errno));
		return -1;
	}
	setpgid(pid, pid);
	r->has_child_clock = clock_getcpuclockid(pid, &r->child_clock) == 0;
	r->child_started = sc_now();
	sc_child_pgid = pid;
	r->pid = pid;
	r->sock = sv[0];
	r->seq = 0;
	r->loaded = r->finished_msg = r->forged = r->forged_progress = 0;
	r->load_error[0] = 0;
	r->nmap = 0;
	r->phase = SC_PH_LOAD;
	r->pos = 0;
	return pid;
}

static void end_child(struct sc_supervisor *r)
{
	sc_kill_descendants(r->pid);
	close(r->sock);
	r->sock = -1;
	sc_child_pgid = 0;
}

/* The child never got the candidate loaded: say why, in one line. */
static void load_failed(const struct sc_supervisor *r, int status, int hung, char *err, size_t errlen)
{
	const char *impl = r->p->impl;

	if (r->load_error[0])
		snprintf(err, errlen, "%s", r->load_error);
	else if (hung)
		snprintf(err, errlen, "cannot load %s: its constructor did not return within %d s",
			 impl, LOAD_LIMIT);
	else if (WIFEXITED(status))
		snprintf(err, errlen, "cannot load %s: its constructor called exit(%d)", impl,
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(err, errlen, "cannot load %s: its constructor crashed (%s, signal %d)", impl,
			 strsignal(WTERMSIG(status)), WTERMSIG(status));
	else
		snprintf(err, errlen, "cannot load %s: the loading process ended (status %#x)", impl,
			 status);
}

/* A death or hang at the believed (phase, pos): record it with its case;
 * the next child starts after it.  Returns the phase to resume in. */
static enum sc_phase after_death(struct sc_supervisor *r, int status, int hung, uint64_t *from)
{
	enum sc_phase ph = (enum sc_phase)r->phase, rph = ph;
	uint64_t pos = r->pos, idx = pos;
	int known = sc_has_cases(ph) && sc_known_phase(r, ph);

	if (known)
		sc_report_index(&r->l, &rph, &idx);
	sc_record_death(r->rec, r->p, known || ph == SC_PH_RACE || ph == SC_PH_READER ||
			ph == SC_PH_TRACE ? rph
			: SC_PH_LOAD, idx, known, status, hung);
	if (known) {
		if (pos + 1 > r->upto[ph])
			r->upto[ph] = pos + 1;
		*from = pos + 1;
		if (*from < sc_phase_n(&r->l, ph))
			return ph;
	} else if (ph == SC_PH_RACE || ph == SC_PH_READER || ph == SC_PH_TRACE) {
		r->conc_done[ph] = 1;
	}
	*from = 0;
	return (enum sc_phase)(ph + 1);
}

static int setup(struct sc_supervisor *r, const struct sc_plan *p, char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	/* First: a ^C while the plan is laid out is the user's too. */
	sc_catch_signals();
	r->p = p;
	r->sock = -1;
	r->rec = calloc(1, sizeof(*r->rec));
	if (!r->rec || sc_layout_make(p, &r->l) != 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	r->b = mmap(NULL, sizeof(*r->b), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	r->null_in = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (r->b == MAP_FAILED || r->null_in < 0 || pipe2(r->out, O_CLOEXEC | O_NONBLOCK) != 0) {
		snprintf(err, errlen, "cannot set up the checked process: %s", strerror(errno));
		return -1;
	}
	/* The check's time (and the cap's) starts at the first load (receive.c). */
	r->start = sc_now();
	/* Orphans of the child come to us, so none outlives the run. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	return 0;
}

enum sc_sup_status sc_supervise(const struct sc_plan *p, struct sc_record **out,
				char *err, size_t errlen)
{
	static struct sc_supervisor r;
	enum sc_phase phase = p->only_phase != SC_PH_DONE ? p->only_phase : SC_PH_SPREAD;
	uint64_t from = 0;

	if (setup(&r, p, err, errlen) != 0)
		return SC_SUP_SYSTEM_ERROR;
	*out = r.rec;
	while (phase < SC_PH_DONE && !r.stop) {
		int status = 0;
		enum end why;

		if (start_child(&r, phase, from, err, errlen) < 0) {
			if (!r.rec->restarts)
				return SC_SUP_SYSTEM_ERROR;
			sc_run_stop(&r, "stopped: cannot start a new checked process");
			break;
		}
		why = watch(&r, &status);
		end_child(&r);
		if (why == END_USER) {
			/* The user's signal: what ran so far is the report, cut. */
			r.rec->interrupted = sc_user_interrupt;
			if (!r.forged && !r.forged_progress && sc_has_cases((enum sc_phase)r.phase) &&
			    sc_known_phase(&r, r.phase) && r.pos > r.upto[r.phase])
				r.upto[r.phase] = r.pos;
			sc_run_progress(&r, 1);
			sc_run_settle(&r);
			return SC_SUP_INTERRUPTED;
		}
		if (sc_foreign_signo) {
			char what[240];

			snprintf(what, sizeof(what), "process %d of the checked process's group sent "
				 "strcheck %s", (int)sc_foreign_pid, strsignal(sc_foreign_signo));
			sc_record_tamper(r.rec, p, SC_RULE_NO_SIGNALS, what, SC_PH_LOAD, 0, 0);
			sc_foreign_signo = 0;
		}
		if (!r.loaded && why != END_STOPPED) {
			sc_run_progress(&r, 1);
			load_failed(&r, status, why == END_HUNG, err, errlen);
			if (!r.rec->restarts)
				return SC_SUP_LOAD_ERROR;
			/* It loaded before: what it did then stays found. */
			sc_record_ctor(r.rec, p, status, why == END_HUNG, err);
			err[0] = 0;
			sc_run_stop(&r, "stopped: started again after a death or hang, the checked "
				    "process could not load the candidate");
			break;
		}
		if (why == END_STOPPED || why == END_DEADLINE) {
			/* The cases before the one it was on ran. */
			if (!r.forged && !r.forged_progress && sc_has_cases((enum sc_phase)r.phase) &&
			    sc_known_phase(&r, r.phase) && r.pos > r.upto[r.phase])
				r.upto[r.phase] = r.pos;
			break;
		}
		if (why == END_EXITED && r.finished_msg && WIFEXITED(status) && !WEXITSTATUS(status))
			break;
		phase = after_death(&r, status, why == END_HUNG, &from);
		if (p->first) {
			sc_run_stop(&r, "stopped at the first defect (--first)");
			break;
		}
		if (r.rec->hangs >= SC_MAX_HANGS) {
			sc_run_stop(&r, "stopped after 3 hanging calls");
			break;
		}
		if (++r.rec->deaths >= MAX_DEATHS) {
			sc_run_stop(&r, "stopped after 8 cases that killed the checked process");
			break;
		}
		r.rec->restarts++;
	}
	sc_run_progress(&r, 1);
	sc_run_settle(&r);
	return SC_SUP_OK;
}
