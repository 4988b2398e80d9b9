/*
 * scan_run.c - strcheck --scan=DIR: every definition the candidate room
 * finds (candidate/scan.h) worked out in a worker process of its own
 * (scan_row.c: probe, cache, check, each in a child strcheck), -j of
 * them at once (default: one per online core); each row's line printed
 * on stderr as it finishes, the report (report/scan_report.h) in the
 * tree's sorted order once all are done, then the totals and the time,
 * and one exit status.  A worker hands its row back whole through a pipe:
 * the row is plain data.  A ^C or a SIGTERM reaches every running check
 * (through its worker), which reports what it ran; rows not started are
 * listed as interrupted.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../report/deliver.h"
#include "report/scan_report.h"
#include "scan.h"
#include "scan_child.h"
#include "scan_row.h"

#define MAX_JOBS 256

struct slot {
	pid_t pid;               /* 0: free */
	int fd;
	size_t row;
	double t0;
};

static struct slot slots[MAX_JOBS];
static unsigned nslots;

struct reply {
	struct sc_scan_row row;
	int dropped;             /* like none of the eight: not listed */
};

static void on_interrupt(int sig)
{
	sc_scan_interrupted = sig;
	sc_scan_child_signal(sig);
	for (unsigned i = 0; i < nslots; i++)
		if (slots[i].pid > 0)
			kill(slots[i].pid, sig);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int tty(const struct sc_scan_opts *o)
{
	return !o->quiet && isatty(2);
}

/* The progress line (a terminal only): how far, and the last started. */
static void progress(const struct sc_scan_opts *o, size_t done, size_t n, const char *name)
{
	if (!tty(o))
		return;
	if (name)
		fprintf(stderr, "\rscan: %zu/%zu %-40.40s", done, n, name);
	else
		fprintf(stderr, "\r%70s\r", "");
}

/* A finished row's line, as it finishes. */
static void finished(const struct sc_scan_opts *o, const struct sc_scan_row *r, size_t done, size_t n)
{
	char api[100];

	if (o->quiet)
		return;
	progress(o, 0, 0, NULL);
	sc_scan_row_api(r, api, sizeof(api));
	fprintf(stderr, "[%zu/%zu] %-20s %s:%u %s  %s  %.1f s%s\n", done, n, sc_scan_row_verdict(r),
		r->fn.file, r->fn.line, r->fn.name, api, r->total, r->cached ? "  (cached)" : "");
}

/* Start row i in a worker. */
static int start(struct sc_scan_ctx *c, struct sc_scan *sc, size_t i, struct slot *s)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	s->pid = fork();
	if (s->pid < 0) {
		close(p[0]), close(p[1]);
		s->pid = 0;
		return -1;
	}
	if (s->pid == 0) {
		struct reply rp;
		const char *b = (const char *)&rp;
		size_t left = sizeof(rp);

		close(p[0]);
		nslots = 0;  /* a signal here goes to this worker's child only */
		memset(&rp, 0, sizeof(rp));
		rp.row = sc->rows[i];
		rp.dropped = sc_scan_row_work(c, &rp.row, i) < 0;
		while (left) {
			ssize_t w = write(p[1], b, left);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				_exit(1);
			b += w;
			left -= (size_t)w;
		}
		_exit(0);
	}
	close(p[1]);
	s->fd = p[0];
	s->row = i;
	s->t0 = now();
	return 0;
}

/* Collect a worker that is done: its row into sc (dropped[] for one like none). */
static void collect(struct sc_scan *sc, struct slot *s, char *dropped)
{
	struct reply rp;
	size_t got = 0;
	int st = 0;

	while (got < sizeof(rp)) {
		ssize_t n = read(s->fd, (char *)&rp + got, sizeof(rp) - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(s->fd);
	while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
		;
	if (got == sizeof(rp)) {
		sc->rows[s->row] = rp.row;
		dropped[s->row] = (char)rp.dropped;
	} else {
		snprintf(sc->rows[s->row].why, sizeof(sc->rows[0].why), "the scan's worker for it "
			 "ended without its row (%s %d)", WIFSIGNALED(st) ? "signal" : "exit status",
			 WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	}
	sc->rows[s->row].total = now() - s->t0;
	s->pid = 0;
}

/* Run every row, jobs at once. */
static void run_all(struct sc_scan_ctx *c, struct sc_scan *sc, char *dropped)
{
	size_t next = 0, done = 0;
	unsigned busy = 0;

	while (next < sc->nrows || busy) {
		struct pollfd fds[MAX_JOBS];
		unsigned map[MAX_JOBS], nf = 0;

		for (unsigned k = 0; k < nslots && next < sc->nrows && !sc_scan_interrupted; k++)
			if (!slots[k].pid) {
				if (start(c, sc, next, &slots[k]) != 0) {
					snprintf(sc->rows[next].why, sizeof(sc->rows[0].why),
						 "cannot start a worker: %s", strerror(errno));
					next++, done++;
					continue;
				}
				progress(c->o, next + 1, sc->nrows, sc->rows[next].fn.name);
				next++, busy++;
			}
		if (!busy)
			break;
		for (unsigned k = 0; k < nslots; k++)
			if (slots[k].pid) {
				fds[nf] = (struct pollfd){ slots[k].fd, POLLIN, 0 };
				map[nf++] = k;
			}
		if (poll(fds, nf, 1000) <= 0)
			continue;
		for (unsigned j = 0; j < nf; j++)
			if (fds[j].revents) {
				struct slot *s = &slots[map[j]];
				size_t row = s->row;

				collect(sc, s, dropped);
				busy--;
				if (!dropped[row])
					finished(c->o, &sc->rows[row], ++done, sc->nrows);
				else
					done++;
			}
	}
	for (; next < sc->nrows; next++)
		sc_scan_row_interrupted(c, &sc->rows[next], (int)sc_scan_interrupted);
	progress(c->o, 0, 0, NULL);
}

static void remove_wrappers(struct sc_scan_ctx *c, size_t n)
{
	char path[400];

	if (!c->wrapdir[0])
		return;
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/wrap%zu.c", c->wrapdir, i);
		unlink(path);
	}
	rmdir(c->wrapdir);
}

/* As for one check: FAIL for a defect, INCOMPLETE for a function not
 * checked whole (cut, or not built), PASS only when every one found passed. */
static int scan_exit(const struct sc_scan *sc, int allow_incomplete)
{
	int fail = 0, cut = 0;

	for (size_t i = 0; i < sc->nrows; i++) {
		fail |= sc->rows[i].state == SC_ROW_FAIL;
		cut |= sc->rows[i].state == SC_ROW_INCOMPLETE || sc->rows[i].state == SC_ROW_NOT_CHECKED;
	}
	return fail ? SC_SCAN_FAIL : cut && !allow_incomplete ? SC_SCAN_INCOMPLETE : SC_SCAN_PASS;
}

int sc_scan_main(const struct sc_scan_opts *o, char *err, size_t errlen)
{
	static struct sc_scan_ctx c;
	struct sc_output out;
	struct sc_scan sc;
	struct sigaction sa = { .sa_handler = on_interrupt };
	const char *tmp = getenv("TMPDIR");
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	double t0 = now();
	size_t kept = 0;
	char *dropped;
	int rc;

	c.o = o;
	if (o->merge || !o->scan) {
		if (o->scan || o->shards || !o->merge)
			return snprintf(err, errlen, "%s", o->merge ? "--scan-merge: merges the parts' "
					"reports: not with --scan or --shard" : "--shard: goes with "
					"--scan=DIR"), -1;
		return sc_scan_merge(o, err, errlen);
	}
	if (sc_scan_find(o->scan, o->symbol, &sc, err, errlen) != 0)
		return -1;
	sc_scan_shard(&sc, o->shard, o->shards);
	if (sc_output_open(&out, o->output, err, errlen) != 0) {
		sc_scan_free(&sc);
		return -1;
	}
	c.sc = &sc;
	sc.version = o->version;
	nslots = o->jobs ? (unsigned)o->jobs : cpus > 0 ? (unsigned)cpus : 1;
	nslots = nslots > MAX_JOBS ? MAX_JOBS : nslots;
	sc.jobs = nslots;
	sc_scan_cache_open(&c.cache, o);
	sc_scan_cache_trees(&c.cache, o, &sc);
	if (c.cache.note[0] && !o->quiet)
		fprintf(stderr, "strcheck: --scan: %s\n", c.cache.note);
	snprintf(c.wrapdir, sizeof(c.wrapdir), "%s/strcheck-scan.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(c.wrapdir))
		c.wrapdir[0] = 0;
	if (!(dropped = calloc(sc.nrows + 1, 1))) {
		snprintf(err, errlen, "--scan: out of memory");
		sc_scan_free(&sc);
		return -1;
	}
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	run_all(&c, &sc, dropped);
	for (size_t i = 0; i < sc.nrows; i++) {
		if (dropped[i]) {
			sc.shaped++;
			continue;
		}
		sc.from_cache += sc.rows[i].cached;
		sc.rows[kept++] = sc.rows[i];
	}
	sc.nrows = kept;
	free(dropped);
	free(c.cache.tree);
	c.cache.tree = NULL;
	remove_wrappers(&c, sc.nrows + sc.shaped);
	sc.seconds = now() - t0;
	sc_scan_report(out.f, o, &sc);
	rc = sc_output_commit(&out, err, errlen) == 0 ? scan_exit(&sc, o->allow_incomplete) : -1;
	if (!o->quiet)
		fprintf(stderr, "scan: %zu function(s) in %.1f s (-j %u), %u row(s) from the "
			"cache\n", sc.nrows, sc.seconds, sc.jobs, sc.from_cache);
	sc_scan_free(&sc);
	return rc;
}
