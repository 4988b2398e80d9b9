/*
 * scan_row.c - one row of strcheck --scan: how the tree uses the
 * function (candidate/scan_sig.c), whether its declaration fits the
 * contract's signature (a function that fits none is never called), the
 * probe in a sandboxed child strcheck (--scan-probe: which API it behaves
 * as, the built object's hash), the decision (candidate/scan_api.c), the
 * cache, then the ordinary single-function check in a child strcheck
 * whose JSON report gives the row; the whole row is kept under the
 * first level's key (scan_cache_src.c) and read back before anything is
 * built.  A static function, or one in a
 * header, that a build of its file does not export is probed and checked
 * through a two-line wrapper that includes the file and exports the
 * function under another name (an alias of the same code).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../candidate/candidate.h"
#include "scan_child.h"
#include "scan_row.h"

/* A check's wall-clock backstop: --time budgets CPU seconds after a plan
 * that always runs whole, so a busy or slow machine may take many times
 * it; only a check far past that (a hang the child's own watchdog missed)
 * is cut, and its row says so. */
#define WALL_FACTOR 20.0
#define BUILD_SLACK 600.0        /* the build, the grid and the traced plan */

volatile sig_atomic_t sc_scan_interrupted;

/* Run the child: strcheck --impl=impl --symbol=sym a b [forwarded]. */
static int run(struct sc_scan_ctx *c, const char *impl, const char *sym, const char *a,
	       const char *b, double limit, struct sc_child_out *co, char *err, size_t errlen)
{
	char ia[1200], sa[240], *argv[SC_SCAN_FWD + 6];
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

/* Where the row's function is built from: its file, or the wrapper
 * (number i of the scan) that exports a static function or a header's. */
static int source(struct sc_scan_ctx *c, const struct sc_scan_row *r, size_t i, int wrapped,
		  char *impl, size_t isize, char *sym, size_t ssize)
{
	char abs[4096];
	FILE *f;

	if (!wrapped) {
		snprintf(impl, isize, "%s", r->fn.file);
		snprintf(sym, ssize, "%s", r->fn.name);
		return 0;
	}
	if (!c->wrapdir[0] || !realpath(r->fn.file, abs))
		return -1;
	snprintf(impl, isize, "%s/wrap%zu.c", c->wrapdir, i);
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

/*
 * The probe as api, through the wrapper when the build does not export
 * the function.  0 with pr filled; -1 with r->why set and *ran 1 when
 * the function was loaded and then ended the probe (a crash, an abort,
 * an exit), 0 when it could not be built or loaded.
 */
static int probe(struct sc_scan_ctx *c, struct sc_scan_row *r, size_t i, int *wrapped,
		 enum sc_api api, struct sc_probe *pr, int *ran)
{
	char impl[1100], sym[200], kind[60], arg[80], err[300];
	struct sc_child_out co;
	int rc = -1;

	sc_scan_probe_kind(&r->fn, api, kind, sizeof(kind));
	snprintf(arg, sizeof(arg), "--scan-probe=%s", kind);
	for (int attempt = 0; attempt < 2; attempt++) {
		if (source(c, r, i, *wrapped, impl, sizeof(impl), sym, sizeof(sym)) != 0) {
			snprintf(r->why, sizeof(r->why), "cannot write its wrapper: %s", strerror(errno));
			return -1;
		}
		if (run(c, impl, sym, arg, NULL, 60, &co, err, sizeof(err)) != 0) {
			snprintf(r->why, sizeof(r->why), "%s", err);
			return -1;
		}
		rc = co.status == 0 && sc_scan_probe_parse(co.out, pr) == 0 ? 0 : -1;
		*ran = strstr(co.out, "probe loaded ") != NULL;
		if (rc && *ran)
			snprintf(r->why, sizeof(r->why), "it ended the sandboxed probe (%s)",
				 co.timed_out ? "no answer within its deadline"
				 : co.status > 128 ? strsignal(co.status - 128) : "it exited");
		else if (rc)
			sc_child_reason(&co, "the probe", r->why, sizeof(r->why));
		sc_scan_child_free(&co);
		/* Static, or under an #if the plain build leaves false. */
		if (rc == 0 || *ran || *wrapped || !strstr(r->why, "has no symbol"))
			break;
		*wrapped = 1;
	}
	return rc;
}

/* The command that reruns the row's check: the wrapper is gone after
 * the scan, so its rows rerun as a scan of the one file. */
static void replay_base(struct sc_scan_ctx *c, const struct sc_scan_row *r, int wrapped,
			char *out, size_t size)
{
	char word[1200];

	snprintf(out, size, "strcheck");
	snprintf(word, sizeof(word), "%s%s", wrapped ? "--scan=" : "--impl=", r->fn.file);
	sc_shell_append(out, size, word);
	snprintf(word, sizeof(word), "--symbol=%s", r->fn.name);
	sc_shell_append(out, size, word);
	if (!wrapped) {
		snprintf(word, sizeof(word), "--api=%s", sc_api_name(r->api));
		sc_shell_append(out, size, word);
	}
	for (int i = 0; i < c->o->nfwd; i++)
		sc_shell_append(out, size, c->o->fwd[i]);
}

/* The check itself; the row from its JSON report. */
static void check(struct sc_scan_ctx *c, struct sc_scan_row *r, size_t i, int wrapped)
{
	char impl[1100], sym[200], api[40], err[300], verdict[40];
	struct sc_child_out co;
	const char *d;

	if (source(c, r, i, wrapped, impl, sizeof(impl), sym, sizeof(sym)) != 0) {
		snprintf(r->why, sizeof(r->why), "cannot write its wrapper: %s", strerror(errno));
		return;
	}
	snprintf(api, sizeof(api), "--api=%s", sc_api_name(r->api));
	if (run(c, impl, sym, api, "--format=json",
		(c->o->seconds > 0 ? c->o->seconds * WALL_FACTOR : 3600) + BUILD_SLACK, &co, err,
		sizeof(err)) != 0) {
		snprintf(r->why, sizeof(r->why), "%s", err);
		return;
	}
	r->seconds = co.seconds;
	replay_base(c, r, wrapped, r->replay, sizeof(r->replay));
	if (!sc_json_string(co.out, NULL, "verdict", verdict, sizeof(verdict))) {
		sc_child_reason(&co, "the check", r->why, sizeof(r->why));
		sc_scan_child_free(&co);
		return;
	}
	sc_json_string(co.out, NULL, "build", r->build, sizeof(r->build));
	r->state = !strcmp(verdict, "fail") ? SC_ROW_FAIL
		   : !strcmp(verdict, "pass") ? SC_ROW_PASS : SC_ROW_INCOMPLETE;
	/* What cut it: the run's own words. */
	if (r->state == SC_ROW_INCOMPLETE &&
	    !sc_json_string(co.out, NULL, "stopped", r->why, sizeof(r->why))) {
		d = strstr(co.out, "\"not_judged\": {");
		if (!d || !sc_json_string(co.out, d, "note", r->why, sizeof(r->why)) || !r->why[0])
			snprintf(r->why, sizeof(r->why), "the check did not run whole (exit %d)",
				 co.status);
	}
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

void sc_scan_row_interrupted(const struct sc_scan_ctx *c, struct sc_scan_row *r, int sig)
{
	if (!r->use) {
		r->api = r->fn.name_api;
		r->use = sc_scan_uses(c->sc, &r->fn, &r->api, r->use_where, sizeof(r->use_where));
	}
	/* What the name and the declaration say without a build; a name
	 * that says nothing is not known to be a copy. */
	if (r->fn.named && r->use == SC_USE_NONE && sc_scan_probe_api(r) < 0)
		sc_scan_decide(r, NULL);
	if (r->state != SC_ROW_OTHER)
		snprintf(r->why, sizeof(r->why), "the scan was interrupted (signal %d)", sig);
	if (!r->fn.named && r->state != SC_ROW_OTHER)
		r->state = SC_ROW_UNPROBED;
}

static int is_header(const char *file)
{
	const char *dot = strrchr(file, '.');

	return dot && !strcmp(dot, ".h");
}

/* A build of assembly whose instructions the assembler does not know. */
static int foreign_instructions(const char *why)
{
	return strstr(why, "no such instruction") || strstr(why, "unknown mnemonic") ||
	       strstr(why, "invalid instruction") || strstr(why, "unrecognized instruction") ||
	       strstr(why, "unknown pseudo-op");
}

static int work(struct sc_scan_ctx *c, struct sc_scan_row *r, size_t i)
{
	const char *arch = sc_scan_foreign_asm(&r->fn);
	int wrapped = is_header(r->fn.file), ran = 0, probed, papi, go;
	struct sc_probe pr;
	char key[40], base[2048];

	if (arch) {
		snprintf(r->why, sizeof(r->why), "another architecture's code (%s): assembly this "
			 "strcheck cannot build or run", arch);
		return 0;
	}
	if ((papi = sc_scan_probe_api(r)) < 0) {
		sc_scan_decide(r, NULL);  /* its declaration fits no API: never called */
		return 0;
	}
	probed = probe(c, r, i, &wrapped, (enum sc_api)papi, &pr, &ran) == 0;
	if (sc_scan_interrupted) {
		sc_scan_row_interrupted(c, r, (int)sc_scan_interrupted);
		return 0;
	}
	if (!probed && ran && r->use == SC_USE_NONE) {
		char how[1100];

		snprintf(how, sizeof(how), "%s", r->why);
		r->api = (enum sc_api)papi;
		snprintf(r->why, sizeof(r->why), "not one of the eight: %.900s; closest: %s", how,
			 sc_api_name(r->api));
		r->state = SC_ROW_OTHER;
		return 0;
	}
	if (!probed && !ran) {
		if (r->fn.is_asm && foreign_instructions(r->why)) {
			char how[1100];

			snprintf(how, sizeof(how), "%s", r->why);
			snprintf(r->why, sizeof(r->why), "another architecture's code (its "
				 "instructions are not this machine's): %.900s", how);
		}
		if (!r->fn.named && r->use == SC_USE_NONE)
			r->state = SC_ROW_UNPROBED;
		return 0;
	}
	r->why[0] = 0;
	go = sc_scan_decide(r, probed ? &pr : NULL);
	if (go <= 0)
		return go;
	/* The same object, function, API and options: the same verdict. */
	replay_base(c, r, wrapped, base, sizeof(base));
	if (probed && strcmp(pr.code, "none")) {
		sc_scan_cache_key(c, pr.code, r, wrapped, key);
		if (sc_scan_cache_get(&c->cache, key, r, base))
			return 0;
	}
	check(c, r, i, wrapped);
	if (!wrapped && r->state == SC_ROW_NOT_CHECKED && strstr(r->why, "has no symbol")) {
		/* Not exported by the plain build (static, or under an #if it
		 * leaves false): once more through the wrapper. */
		r->why[0] = 0;
		wrapped = 1;
		check(c, r, i, wrapped);
	}
	if (sc_scan_interrupted && r->state == SC_ROW_NOT_CHECKED)
		snprintf(r->why, sizeof(r->why), "the scan was interrupted (signal %d) while it ran",
			 (int)sc_scan_interrupted);
	else if (probed && strcmp(pr.code, "none") && !sc_scan_interrupted)
		sc_scan_cache_put(&c->cache, key, r);
	return 0;
}

int sc_scan_row_work(struct sc_scan_ctx *c, struct sc_scan_row *r, size_t i)
{
	char key[40];
	int rc;

	r->api = r->fn.name_api;
	r->use = sc_scan_uses(c->sc, &r->fn, &r->api, r->use_where, sizeof(r->use_where));
	/* The same tree, compiler and options: the same row, nothing built. */
	if (sc_scan_row_key(&c->cache, r, i, key) && sc_scan_row_get(&c->cache, key, r, &rc))
		return rc;
	rc = work(c, r, i);
	if (!sc_scan_interrupted)
		sc_scan_row_put(&c->cache, key, r, rc);
	return rc;
}
