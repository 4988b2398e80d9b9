#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../engine/grid.h"
#include "../engine/load.h"
#include "../engine/race.h"
#include "map.h"
#include "supervise.h"

/* In-process hangs each cost a timeout: after this many the run stops. */
#define MAX_HANGS 3
/* Seconds the candidate's constructors may take. */
#define LOAD_LIMIT 5
/* Child processes that may die before the run stops. */
#define MAX_DEATHS 8

static const char *const phase_names[SC_PH_COUNT] = {
	"load", "replay", "grid", "reader", "race", "random", "done",
};

const char *sc_phase_name(enum sc_phase p)
{
	return (unsigned)p < SC_PH_COUNT ? phase_names[p] : "?";
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int grid_pick(const struct sc_case *c, uint64_t index, void *arg)
{
	(void)c;
	return index >= *(uint64_t *)arg;
}

int sc_plan_case(const struct sc_plan *plan, enum sc_phase phase, uint64_t index,
		 struct sc_case *c)
{
	switch (phase) {
	case SC_PH_ONE:
		*c = *plan->one_case;
		return 0;
	case SC_PH_GRID:
		/* sc_grid leaves the case it stopped at in its scratch case. */
		return sc_grid(plan->api, plan->policy, c, grid_pick, &index) > index ? 0 : -1;
	case SC_PH_RANDOM:
		sc_random_case(plan->seed, index, plan->api, plan->policy, c);
		return 0;
	default:
		return -1;
	}
}

/* ---- the child: runs cases and publishes what it finds ---- */

struct child {
	const struct sc_plan *plan;
	struct sc_shared *s;
	struct sc_engine e;
	void *fn;
	double deadline;
};

static struct sc_defect *find_defect(struct sc_shared *s, enum sc_class cls, const char *rule)
{
	for (int i = 0; i < s->ndefects; i++)
		if (s->d[i].cls == cls && !strcmp(s->d[i].rule, rule))
			return &s->d[i];
	return NULL;
}

/* A new defect record (not yet visible: publish() counts it). */
static struct sc_defect *new_defect(struct sc_shared *s, enum sc_class cls, const char *rule,
				    const char *what, enum sc_phase phase, uint64_t index)
{
	struct sc_defect *d;

	if (s->ndefects >= SC_MAX_DEFECTS)
		return NULL;
	d = &s->d[s->ndefects];
	memset(d, 0, offsetof(struct sc_defect, case_bytes));
	d->cls = cls;
	snprintf(d->rule, sizeof(d->rule), "%s", rule);
	snprintf(d->what, sizeof(d->what), "%s", what);
	d->hits = 1;
	d->phase = phase;
	d->index = index;
	return d;
}

static void publish(struct sc_shared *s)
{
	__atomic_add_fetch(&s->ndefects, 1, __ATOMIC_RELEASE);
}

static int64_t first_window_diff(const struct sc_outcome *a, const struct sc_outcome *b)
{
	for (size_t i = 0; i < a->win_len && i < b->win_len; i++)
		if (a->win[i] != b->win[i])
			return (int64_t)i - (int64_t)a->before;
	return 0;
}

/* Keep the dest image around offset (-1: the first difference): the
 * candidate's (o) and the reference's (ref); either may be missing. */
static void keep_image(struct sc_defect *d, int64_t offset, const struct sc_outcome *o,
		       const struct sc_outcome *ref)
{
	const struct sc_outcome *any = o ? o : ref;
	int64_t center = offset >= 0 ? offset : o && ref ? first_window_diff(o, ref) : 0;
	int64_t from = center - 16, end;

	d->img_center = center;
	if (from < -(int64_t)any->before)
		from = -(int64_t)any->before;
	end = from + SC_IMG;
	if (end > (int64_t)(any->win_len - any->before))
		end = (int64_t)(any->win_len - any->before);
	d->img_from = from;
	d->img_len = end > from ? (unsigned)(end - from) : 0;
	if (o)
		memcpy(d->got, o->win + o->before + from, d->img_len);
	if (ref)
		memcpy(d->want, ref->win + ref->before + from, d->img_len);
	for (size_t i = 0; o && ref && i < o->win_len; i++)
		d->ndiff += o->win[i] != ref->win[i];
}

static void keep_placement(struct sc_defect *d, const struct sc_engine *e,
			   const struct sc_case *c, const struct sc_outcome *o)
{
	d->src_align = (unsigned)((uintptr_t)o->src % 64);
	d->dst_align = (unsigned)((uintptr_t)o->dst % 64);
	d->src_gap[0] = (uint64_t)(o->src - e->src.data);
	d->src_gap[1] = (uint64_t)(e->src.data + e->src.data_len - (o->src + c->src_len));
	d->dst_gap[0] = (uint64_t)(o->dst - e->dst.data);
	d->dst_gap[1] = (uint64_t)(e->dst.data + e->dst.data_len - (o->dst + o->dst_len));
	d->has_place = 1;
}

/* Count a finding of case c under its (class, rule); keep the first case. */
static void record(struct child *ch, const struct sc_case *c, const struct sc_finding *f,
		   enum sc_phase phase, uint64_t index, const struct sc_outcome *o,
		   const struct sc_outcome *ref)
{
	struct sc_shared *s = ch->s;
	struct sc_defect *d = find_defect(s, f->cls, f->rule);

	if (d) {
		d->hits++;
		return;
	}
	d = new_defect(s, f->cls, f->rule, f->what, phase, index);
	if (!d) {
		s->extra_hits++;
		return;
	}
	d->has_case = 1;
	d->case_len = sc_case_encode(c, d->case_bytes);
	d->has_outcome = 1;
	d->has_ref = ref != NULL;
	d->stop = o->stop;
	d->signo = o->signo;
	d->ret = o->ret;
	d->ref_ret = ref ? ref->ret : 0;
	if (o->stop == SC_FAULTED)
		sc_describe_fault(c, o, d->fault, sizeof(d->fault));
	keep_placement(d, &ch->e, c, o);
	keep_image(d, f->offset, o, ref);
	publish(s);
}

static void stop_run(struct sc_shared *s, const char *why)
{
	if (!s->stopped[0])
		snprintf(s->stopped, sizeof(s->stopped), "%s", why);
	s->stop = 1;
}

/* Run one case; non-zero when the run should stop. */
static int run_case(struct child *ch, const struct sc_case *c, enum sc_phase phase,
		    uint64_t index)
{
	struct sc_shared *s = ch->s;
	struct sc_finding f[4];
	int nf;

	s->phase = phase;
	s->index = index;
	s->beat++;
	nf = sc_check(&ch->e, c, ch->fn, f, 4);
	sc_map_note(ch->plan->map, c, nf ? f[0].cls : SC_PASS);
	for (int i = 0; i < nf; i++) {
		record(ch, c, &f[i], phase, index, &ch->e.cand, &ch->e.ref);
		if (f[i].cls == SC_HANG && ++s->hangs >= MAX_HANGS)
			stop_run(s, "stopped after 3 hanging calls");
	}
	s->done[phase]++;
	if (ch->plan->first && s->ndefects)
		stop_run(s, "stopped at the first defect (--first)");
	return s->stop;
}

struct grid_walk {
	struct child *ch;
	uint64_t from, only;  /* only: UINT64_MAX for all */
};

static int grid_case(const struct sc_case *c, uint64_t index, void *arg)
{
	struct grid_walk *w = arg;

	if (index < w->from || (w->only != UINT64_MAX && index != w->only))
		return w->only != UINT64_MAX && index > w->only;
	return run_case(w->ch, c, SC_PH_GRID, index) || index == w->only;
}

static void run_grid(struct child *ch, uint64_t from, uint64_t only)
{
	static struct sc_case c;
	struct grid_walk w = { ch, from, only };

	sc_grid(ch->plan->api, ch->plan->policy, &c, grid_case, &w);
}

static void run_random(struct child *ch, uint64_t from, uint64_t only)
{
	static struct sc_case c;
	const struct sc_plan *p = ch->plan;

	for (uint64_t i = only != UINT64_MAX ? only : from; ; i++) {
		if (only != UINT64_MAX ? i > only :
		    p->cases >= 0 ? i >= (uint64_t)p->cases : now() >= ch->deadline)
			break;
		sc_random_case(p->seed, i, p->api, p->policy, &c);
		if (run_case(ch, &c, SC_PH_RANDOM, i))
			break;
	}
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
	const struct sc_plan *p = ch->plan;
	struct sc_shared *s = ch->s;
	struct sc_conc_stats *st = phase == SC_PH_RACE ? &s->race : &s->reader;
	struct sc_race_result r;
	double start = now(), chunk = p->race_seconds < 0.25 ? p->race_seconds : 0.25;

	s->phase = phase;
	s->index = 0;
	/* In chunks, each a heartbeat for the parent.  A pass means something
	 * only if enough calls overlapped the other thread: on a busy machine,
	 * keep going (up to twice the time). */
	for (uint64_t k = 0; ; k++) {
		double spent;

		s->beat++;
		if (sc_race(&ch->e, phase == SC_PH_RACE ? SC_RACE_MUTATOR : SC_RACE_READER,
			    p->api, ch->fn, p->seed + k, chunk, 0, &c, &r) != 0)
			return;
		st->ran = 1;
		st->cpus = r.cpus;
		st->seconds = now() - start;
		st->calls += r.calls;
		st->overlapped += r.overlapped;
		s->done[phase] = st->calls;
		s->index = st->calls;
		if (r.nf) {
			st->found = 1;
			record_concurrent(ch, &r, phase, st->calls - 1);
			break;
		}
		spent = now() - start;
		if (spent >= p->race_seconds &&
		    (st->overlapped >= SC_MIN_OVERLAP || spent >= 2 * p->race_seconds))
			break;
	}
	if (p->first && s->ndefects)
		stop_run(s, "stopped at the first defect (--first)");
}

static int phase_wanted(const struct sc_plan *p, enum sc_phase ph)
{
	if (p->only_phase != SC_PH_DONE)
		return ph == p->only_phase;
	switch (ph) {
	case SC_PH_GRID:
		return 1;
	case SC_PH_RACE:
		return p->race && p->race_seconds > 0;
	case SC_PH_READER:
		return p->reader && p->race_seconds > 0;
	case SC_PH_RANDOM:
		return p->cases != 0;
	default:
		return 0;
	}
}

static void child_main(const struct sc_plan *p, struct sc_shared *s, enum sc_phase phase,
		       uint64_t from, double deadline)
{
	static struct child ch;
	uint64_t only = p->only_phase != SC_PH_DONE ? p->one_index : UINT64_MAX;
	struct rlimit no_core = { 0, 0 };

	/* Dies with us; leaves no core file when a candidate kills it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	setrlimit(RLIMIT_CORE, &no_core);
	signal(SIGINT, SIG_IGN);  /* the parent handles ^C */
	signal(SIGTERM, SIG_IGN);
	/* Whatever the candidate prints must not mix into the report. */
	dup2(STDERR_FILENO, STDOUT_FILENO);
	ch.plan = p;
	ch.s = s;
	ch.deadline = deadline;
	s->phase = SC_PH_LOAD;
	ch.fn = sc_load(p->impl, p->symbol, p->api, s->load_error, sizeof(s->load_error));
	if (!ch.fn)
		_exit(3);
	if (sc_engine_init(&ch.e, p->timeout_ms) != 0) {
		snprintf(s->load_error, sizeof(s->load_error), "cannot map the guard arenas: %s",
			 strerror(errno));
		_exit(3);
	}
	s->loaded = 1;
	for (; phase < SC_PH_DONE && !s->stop; phase++, from = 0) {
		if (!phase_wanted(p, phase))
			continue;
		if (phase == SC_PH_ONE)
			run_case(&ch, p->one_case, SC_PH_ONE, 0);
		else if (phase == SC_PH_GRID)
			run_grid(&ch, from, only);
		else if (phase == SC_PH_RANDOM)
			run_random(&ch, from, only);
		else
			run_concurrent(&ch, phase);
	}
	s->finished = 1;
	_exit(0);
}

/* ---- the parent: watches, records deaths, restarts ---- */

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* How long the child may go without starting a case. */
static double stall_limit(const struct sc_plan *p, int phase)
{
	double call = p->timeout_ms / 1000.0 * 2;

	if (phase == SC_PH_LOAD)
		return LOAD_LIMIT;
	if (phase == SC_PH_RACE || phase == SC_PH_READER)
		return p->race_seconds + 3 + 2 * call;  /* per chunk: see run_concurrent */
	return 1 + 2 * call;
}

static void describe_end(int status, int hung, char *buf, size_t size)
{
	if (hung)
		snprintf(buf, size, "made no progress for too long and was killed");
	else if (WIFEXITED(status))
		snprintf(buf, size, "ended the process with exit status %d (exit or _exit)",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, size, "killed the process with %s (signal %d), which the fault "
			 "handler could not catch", strsignal(WTERMSIG(status)), WTERMSIG(status));
	else
		snprintf(buf, size, "ended the process (status %#x)", status);
}

/* How loading ended when the candidate's constructor took the child. */
static void describe_load_end(int status, int hung, char *buf, size_t size)
{
	if (hung)
		snprintf(buf, size, "did not return within %d s", LOAD_LIMIT);
	else if (WIFEXITED(status))
		snprintf(buf, size, "called exit(%d)", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, size, "crashed (%s, signal %d)", strsignal(WTERMSIG(status)),
			 WTERMSIG(status));
	else
		snprintf(buf, size, "ended the process (status %#x)", status);
}

/*
 * What the reference does with a case that killed the child: the parent
 * runs it (only the reference: the parent never loads the candidate), in
 * arenas mapped like the child's, so placement and expected image are what
 * the candidate saw.
 */
static void keep_expected(struct sc_defect *d, const struct sc_case *c)
{
	static struct sc_engine e;
	static int ready;

	if (!ready && sc_engine_init(&e, 0) != 0)
		return;
	ready = 1;
	sc_run(&e, c, sc_reference(c->api), &e.ref);
	if (e.ref.stop != SC_RETURNED)
		return;
	d->has_ref = 1;
	d->ref_ret = e.ref.ret;
	keep_placement(d, &e, c, &e.ref);
	keep_image(d, 0, NULL, &e.ref);
}

/* The child died or hung in case (phase, index): record that case. */
static void record_death(const struct sc_plan *p, struct sc_shared *s, int status, int hung)
{
	static struct sc_case c;
	enum sc_phase phase = (enum sc_phase)s->phase;
	uint64_t index = s->index;
	enum sc_class cls = hung ? SC_HANG : SC_CRASH;
	const char *rule = hung ? "makes-progress" : WIFEXITED(status) ? "no-exit" : "process-survives";
	char what[240], how[200];
	struct sc_defect *d = find_defect(s, cls, rule);

	describe_end(status, hung, how, sizeof(how));
	if (phase == SC_PH_RACE || phase == SC_PH_READER)
		snprintf(what, sizeof(what), "during the %s check the call %s", sc_phase_name(phase), how);
	else
		snprintf(what, sizeof(what), "the call %s", how);
	if (d) {
		d->hits++;
		return;
	}
	d = new_defect(s, cls, rule, what, phase, index);
	if (!d) {
		s->extra_hits++;
		return;
	}
	d->signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	if (sc_plan_case(p, phase, index, &c) == 0) {
		d->has_case = 1;
		d->case_len = sc_case_encode(&c, d->case_bytes);
		keep_expected(d, &c);
	}
	publish(s);
}

static void progress(const struct sc_plan *p, const struct sc_shared *s, int last)
{
	if (!p->progress)
		return;
	if (last) {
		fprintf(stderr, "\r\033[K");
		return;
	}
	fprintf(stderr, "\r\033[Kstrcheck: %-6s grid %llu/%llu  random %llu  race %llu  defects %d",
		sc_phase_name((enum sc_phase)s->phase), (unsigned long long)s->done[SC_PH_GRID],
		(unsigned long long)s->grid_total, (unsigned long long)s->done[SC_PH_RANDOM],
		(unsigned long long)(s->race.calls + s->reader.calls), s->ndefects);
}

/* Wait for the child, killing it if it stalls.  Returns its status. */
static int watch(const struct sc_plan *p, struct sc_shared *s, pid_t pid, int *hung)
{
	uint64_t beat = s->beat;
	double last = now(), shown = 0;
	struct timespec tick = { 0, 5 * 1000 * 1000 };
	int status = 0;

	*hung = 0;
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid || (r < 0 && errno != EINTR))
			return status;
		if (interrupted) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return status;
		}
		if (s->beat != beat) {
			beat = s->beat;
			last = now();
		} else if (now() - last > stall_limit(p, s->phase)) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			*hung = 1;
			return status;
		}
		if (now() - shown > 0.1) {
			progress(p, s, 0);
			shown = now();
		}
		nanosleep(&tick, NULL);
	}
}

static int count_case(const struct sc_case *c, uint64_t index, void *arg)
{
	(void)c, (void)index, (void)arg;
	return 0;
}

/* Where a new child starts: right after the case that killed the last one
 * (a concurrent check has no next case: the phase after it). */
static void resume_after(const struct sc_plan *p, const struct sc_shared *s,
			 enum sc_phase *phase, uint64_t *from)
{
	*phase = (enum sc_phase)s->phase;
	*from = s->index + 1;
	if (p->only_phase != SC_PH_DONE) {
		*phase = SC_PH_DONE;
	} else if (*phase != SC_PH_GRID && *phase != SC_PH_RANDOM) {
		*phase = *phase == SC_PH_LOAD ? SC_PH_GRID : (enum sc_phase)(*phase + 1);
		*from = 0;
	}
}

/* The child never got the candidate loaded: say why, in one line. */
static void load_failed(const struct sc_plan *p, const struct sc_shared *s, int status,
			int hung, char *err, size_t errlen)
{
	char how[200];

	if (s->load_error[0]) {
		snprintf(err, errlen, "%s", s->load_error);
		return;
	}
	describe_load_end(status, hung, how, sizeof(how));
	snprintf(err, errlen, "cannot load %s: its constructor %s", p->impl, how);
}

enum sc_sup_status sc_supervise(const struct sc_plan *p, struct sc_shared **out,
				char *err, size_t errlen)
{
	static struct sc_case scratch;
	struct sc_shared *s;
	enum sc_phase phase = p->only_phase != SC_PH_DONE ? p->only_phase : SC_PH_GRID;
	uint64_t from = 0;
	double deadline = now() + p->seconds;
	struct sigaction sa = { .sa_handler = on_interrupt };

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED) {
		snprintf(err, errlen, "cannot map shared memory: %s", strerror(errno));
		return SC_SUP_SYSTEM_ERROR;
	}
	*out = s;
	s->grid_total = sc_grid(p->api, p->policy, &scratch, count_case, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	fflush(NULL);

	while (phase < SC_PH_DONE) {
		int status, hung;
		pid_t pid = fork();

		if (pid < 0 && s->restarts) {
			/* Keep what the earlier children found. */
			stop_run(s, "stopped: cannot start a new checked process");
			break;
		}
		if (pid < 0) {
			snprintf(err, errlen, "cannot fork: %s", strerror(errno));
			return SC_SUP_SYSTEM_ERROR;
		}
		if (pid == 0)
			child_main(p, s, phase, from, deadline);
		status = watch(p, s, pid, &hung);
		if (interrupted) {
			snprintf(s->stopped, sizeof(s->stopped), "interrupted");
			break;
		}
		if (s->finished)
			break;
		if (!s->loaded) {
			progress(p, s, 1);
			load_failed(p, s, status, hung, err, errlen);
			return SC_SUP_LOAD_ERROR;
		}
		record_death(p, s, status, hung);
		if (p->first) {
			stop_run(s, "stopped at the first defect (--first)");
			break;
		}
		if (++s->deaths >= MAX_DEATHS) {
			stop_run(s, "stopped after 8 cases that killed the checked process");
			break;
		}
		resume_after(p, s, &phase, &from);
		s->loaded = 0;
		s->restarts++;
	}
	progress(p, s, 1);
	return SC_SUP_OK;
}

void sc_shared_free(struct sc_shared *s)
{
	if (s)
		munmap(s, sizeof(*s));
}
