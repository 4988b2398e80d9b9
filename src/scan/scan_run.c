/*
 * scan_run.c - strcheck --scan=DIR: every definition the scan finds
 * (find/, scan.h) probed when its name does not say its API, then
 * checked by the ordinary single-function check, each in a child strcheck
 * (scan_child.h) whose JSON report gives the row; then one report for the
 * whole scan (report/scan_report.h) and how it ended.  A static
 * function, or one in a header, that a build of its file does not export
 * is checked through a two-line wrapper that includes the file and
 * exports the function under another name (an alias of the same code).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../candidate/candidate.h"
#include "scan.h"
#include "../report/deliver.h"
#include "report/scan_report.h"
#include "scan_child.h"

#define MAX_ARGS SC_SCAN_FWD
#define BUILD_SLACK 120.0        /* seconds a check may take past --time: the build */

struct ctx {
	const struct sc_scan_opts *o;
	char wrapdir[256];       /* the wrappers' private directory, or "" */
	unsigned wrappers;
};

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	interrupted = sig;
	sc_scan_child_signal(sig);
}

/* Run the child: strcheck --impl=impl --symbol=sym a b [forwarded]. */
static int run(struct ctx *c, const char *impl, const char *sym, const char *a, const char *b,
	       double limit, struct sc_child_out *co, char *err, size_t errlen)
{
	char ia[1200], sa[240], *argv[MAX_ARGS + 6];
	int n = 0;

	snprintf(ia, sizeof(ia), "--impl=%s", impl);
	snprintf(sa, sizeof(sa), "--symbol=%s", sym);
	argv[n++] = "strcheck";
	argv[n++] = ia;
	argv[n++] = sa;
	if (a)
		argv[n++] = (char *)a;
	if (b)
		argv[n++] = (char *)b;
	for (int i = 0; i < c->o->nfwd; i++)
		argv[n++] = (char *)c->o->fwd[i];
	argv[n] = NULL;
	return sc_scan_spawn(argv, limit, co, err, errlen);
}

/* The wrapper that exports a static function (or a header's) for the check. */
static int wrap(struct ctx *c, const struct sc_scan_row *r, char *impl, size_t isize, char *sym,
		size_t ssize)
{
	char abs[4096];
	FILE *f;

	if (!c->wrapdir[0]) {
		const char *tmp = getenv("TMPDIR");

		snprintf(c->wrapdir, sizeof(c->wrapdir), "%s/strcheck-scan.XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(c->wrapdir)) {
			c->wrapdir[0] = 0;
			return -1;
		}
	}
	if (!realpath(r->fn.file, abs))
		return -1;
	snprintf(impl, isize, "%s/wrap%u.c", c->wrapdir, c->wrappers++);
	snprintf(sym, ssize, "strcheck_scan_%s", r->fn.name);
	if (!(f = fopen(impl, "w")))
		return -1;
	/* What the definition's #if needs defined (#ifdef X, defined(X) && ...),
	 * then the file, then the alias: the function's own code under a
	 * name a build exports. */
	for (const char *d = r->fn.cond; (d = strstr(d, "defined(")); d += 8) {
		int n = (int)strcspn(d + 8, ")");

		if (!strstr(r->fn.cond, "||") && (d == r->fn.cond || d[-1] != '!') &&
		    (d - r->fn.cond < 2 || strncmp(d - 2, "!(", 2)))
			fprintf(f, "#define %.*s 1\n", n, d + 8);
	}
	fprintf(f, "#include \"%s\"\nextern __typeof__(%s) %s __attribute__((alias(\"%s\")));\n",
		abs, r->fn.name, sym, r->fn.name);
	return fclose(f) ? -1 : 0;
}

static int is_header(const char *file)
{
	const char *dot = strrchr(file, '.');

	return dot && !strcmp(dot, ".h");
}

/* The probe, through the wrapper when the build does not export the
 * function.  0 with pr filled, or -1 with r->why set. */
static int probe(struct ctx *c, struct sc_scan_row *r, int *wrapped, struct sc_probe *pr)
{
	char impl[1100], sym[200], kind[40], err[300];
	struct sc_child_out co;
	int rc = -1;

	snprintf(kind, sizeof(kind), "--scan-probe=%s", sc_ret_kind_name(r->fn.ret));
	for (int attempt = 0; attempt < 2; attempt++) {
		if (*wrapped ? wrap(c, r, impl, sizeof(impl), sym, sizeof(sym)) != 0
			     : (snprintf(impl, sizeof(impl), "%s", r->fn.file),
				snprintf(sym, sizeof(sym), "%s", r->fn.name), 0)) {
			snprintf(r->why, sizeof(r->why), "cannot write its wrapper: %s", strerror(errno));
			return -1;
		}
		if (run(c, impl, sym, kind, NULL, 60, &co, err, sizeof(err)) != 0) {
			snprintf(r->why, sizeof(r->why), "%s", err);
			return -1;
		}
		rc = co.status == 0 && sc_scan_probe_parse(co.out, pr) == 0 ? 0 : -1;
		if (rc)
			sc_child_reason(&co, "the probe", r->why, sizeof(r->why));
		sc_scan_child_free(&co);
		/* Static, or under an #if the plain build leaves false. */
		if (rc == 0 || *wrapped || !strstr(r->why, "has no symbol"))
			break;
		*wrapped = 1;
	}
	return rc;
}

/* The check itself; the row from its JSON report. */
static void check_once(struct ctx *c, struct sc_scan_row *r, int wrapped)
{
	char impl[1100], sym[200], api[40], err[300], verdict[40];
	struct sc_child_out co;
	const char *d;

	if (wrapped ? wrap(c, r, impl, sizeof(impl), sym, sizeof(sym)) != 0
		    : (snprintf(impl, sizeof(impl), "%s", r->fn.file),
		       snprintf(sym, sizeof(sym), "%s", r->fn.name), 0)) {
		snprintf(r->why, sizeof(r->why), "cannot write its wrapper: %s", strerror(errno));
		return;
	}
	snprintf(api, sizeof(api), "--api=%s", sc_api_name(r->api));
	if (run(c, impl, sym, api, "--format=json",
		(c->o->seconds > 0 ? c->o->seconds * 2 : 3600) + BUILD_SLACK, &co, err,
		sizeof(err)) != 0) {
		snprintf(r->why, sizeof(r->why), "%s", err);
		return;
	}
	r->seconds = co.seconds;
	/* The command that reruns it: the wrapper is gone after the scan,
	 * so its rows rerun as a scan of the one file. */
	{
		char word[1200];

		snprintf(r->replay, sizeof(r->replay), "strcheck");
		snprintf(word, sizeof(word), "%s%s", wrapped ? "--scan=" : "--impl=", r->fn.file);
		sc_shell_append(r->replay, sizeof(r->replay), word);
		snprintf(word, sizeof(word), "--symbol=%s", r->fn.name);
		sc_shell_append(r->replay, sizeof(r->replay), word);
		if (!wrapped)
			sc_shell_append(r->replay, sizeof(r->replay), api);
		for (int i = 0; i < c->o->nfwd; i++)
			sc_shell_append(r->replay, sizeof(r->replay), c->o->fwd[i]);
	}
	if (!sc_json_string(co.out, NULL, "verdict", verdict, sizeof(verdict))) {
		sc_child_reason(&co, "the check", r->why, sizeof(r->why));
		sc_scan_child_free(&co);
		return;
	}
	sc_json_string(co.out, NULL, "build", r->build, sizeof(r->build));
	r->state = !strcmp(verdict, "fail") ? SC_ROW_FAIL
		   : !strcmp(verdict, "pass") ? SC_ROW_PASS : SC_ROW_INCOMPLETE;
	d = strstr(co.out, "\"defects\": [");
	for (const char *p = d; p && (p = strstr(p, "{\"class\": \"")); p++)
		r->ndefects++;
	if (d && sc_json_string(co.out, d, "class", r->defect_class, sizeof(r->defect_class))) {
		const char *p = sc_json_string(co.out, d, "what", r->defect, sizeof(r->defect));

		if (!wrapped && p)
			sc_json_string(co.out, p, "replay", r->replay, sizeof(r->replay));
	}
	sc_scan_child_free(&co);
}

static void check(struct ctx *c, struct sc_scan_row *r, int wrapped)
{
	check_once(c, r, wrapped);
	/* Not exported by the plain build (static, or under an #if it leaves
	 * false): once more through the wrapper. */
	if (!wrapped && r->state == SC_ROW_NOT_CHECKED && strstr(r->why, "has no symbol")) {
		r->why[0] = 0;
		check_once(c, r, 1);
	}
}

static void progress(const struct ctx *c, size_t i, size_t n, const char *name)
{
	if (c->o->quiet || !isatty(2))
		return;
	if (name)
		fprintf(stderr, "\rscan: %zu/%zu %-40.40s", i + 1, n, name);
	else
		fprintf(stderr, "\r%60s\r", "");
}

static void remove_wrappers(struct ctx *c)
{
	char path[400];

	if (!c->wrapdir[0])
		return;
	for (unsigned i = 0; i < c->wrappers; i++) {
		snprintf(path, sizeof(path), "%s/wrap%u.c", c->wrapdir, i);
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
	static struct ctx c;
	struct sc_output out;
	struct sc_scan sc;
	struct sigaction sa = { .sa_handler = on_interrupt };
	size_t kept = 0;
	int rc;

	c.o = o;
	if (sc_scan_find(o->scan, o->symbol, &sc, err, errlen) != 0)
		return -1;
	if (sc_output_open(&out, o->output, err, errlen) != 0) {
		sc_scan_free(&sc);
		return -1;
	}
	sc.version = o->version;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	for (size_t i = 0; i < sc.nrows; i++) {
		struct sc_scan_row *r = &sc.rows[i];
		struct sc_probe pr;
		int wrapped = is_header(r->fn.file), go, probed = 0;

		progress(&c, i, sc.nrows, r->fn.name);
		if (interrupted) {
			/* What the name and return type say without a build; a name
			 * that says nothing is not known to be a copy. */
			if (!r->fn.named || sc_scan_decide(r, NULL) == 1)
				snprintf(r->why, sizeof(r->why), "the scan was interrupted (signal %d)",
					 (int)interrupted);
			if (!r->fn.named)
				r->state = SC_ROW_UNPROBED;
		} else {
			const char *arch = sc_scan_foreign_asm(&r->fn);

			if (arch) {
				snprintf(r->why, sizeof(r->why), "assembly for another architecture (%s)",
					 arch);
				r->api = r->fn.name_api;
				sc.rows[kept++] = *r;
				continue;
			}
			if (sc_scan_wants_probe(&r->fn))
				probed = probe(&c, r, &wrapped, &pr) == 0;
			go = sc_scan_decide(r, probed ? &pr : NULL);
			if (go < 0) {
				sc.shaped++;
				continue;  /* like none of the eight */
			}
			/* A name that says nothing, not probed: not known to be a
			 * copy at all, so listed apart (the report's footer). */
			if (go == 0 && r->state == SC_ROW_NOT_CHECKED && !r->fn.named)
				r->state = SC_ROW_UNPROBED;
			if (go == 1) {
				r->why[0] = 0;
				check(&c, r, wrapped);
			}
		}
		sc.rows[kept++] = *r;
	}
	sc.nrows = kept;
	progress(&c, 0, 0, NULL);
	remove_wrappers(&c);
	sc_scan_report(out.f, o, &sc);
	rc = sc_output_commit(&out, err, errlen) == 0 ? scan_exit(&sc, o->allow_incomplete) : -1;
	sc_scan_free(&sc);
	return rc;
}
