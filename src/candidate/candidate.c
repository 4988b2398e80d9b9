#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../engine/load/inspect.h"
#include "../engine/load/load.h"
#include "candidate.h"
#include "alone/alone.h"
#include "compile/project.h"
#include "kernel/kprepare.h"
#include "kernel/ktree.h"
#include "arch/endian_trap.h"

/* Split o->impl on commas into c->inputs. */
static int split_inputs(const char *impl, struct sc_candidate *c, char *err, size_t errlen)
{
	size_t used = 0;

	for (const char *p = impl; *p;) {
		size_t n = strcspn(p, ",");

		if (n == 0) {
			snprintf(err, errlen, "--impl=%s: an empty path in the list", impl);
			return -1;
		}
		if (c->ninputs >= SC_MAX_INPUTS || used + n + 1 > sizeof(c->list)) {
			snprintf(err, errlen, "--impl: at most %d files", SC_MAX_INPUTS);
			return -1;
		}
		memcpy(c->list + used, p, n);
		c->list[used + n] = 0;
		if (access(c->list + used, R_OK) != 0) {
			snprintf(err, errlen, "cannot open %s: %s", c->list + used, strerror(errno));
			return -1;
		}
		c->inputs[c->ninputs++] = c->list + used;
		used += n + 1;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* Objects built for another machine than this strcheck: one clear line
 * before the linker's several (only when the compiler is the native one:
 * a cross compiler wants its own machine's objects). */
static int check_machines(const struct sc_cand_opts *o, const struct sc_candidate *c, char *err,
			  size_t errlen)
{
	unsigned native = sc_native_machine(), m;

	if ((o->cc && *o->cc) || !native)
		return 0;
	for (size_t i = 0; i < c->ninputs; i++) {
		enum sc_input_kind k = sc_input_kind(c->inputs[i]);

		if (k != SC_IN_OBJ && k != SC_IN_AR)
			continue;
		m = sc_input_machine(c->inputs[i]);
		if (m && m != native) {
			snprintf(err, errlen, "%s is built for another architecture (ELF machine %u, "
				 "this strcheck is %u): rebuild it for this one, or name its "
				 "compiler with --cc", c->inputs[i], m, native);
			return -1;
		}
	}
	return 0;
}

static void add_about(struct sc_candidate *c, const char *what, const char *text)
{
	size_t n = strlen(c->about);

	snprintf(c->about + n, sizeof(c->about) - n, "%s%s: %s", n ? "\n" : "", what, text);
}

/* A kernel tree's file built with the shims; its build's lines in c->about. */
static int kernel_build(const struct sc_cand_opts *o, struct sc_candidate *c, const char *root,
			struct sc_build_req *req, char *err, size_t errlen)
{
	if (sc_kbuild_prepare(c->inputs[0], root, &o->kernel, &c->build, &c->kb, err, errlen) != 0)
		return -1;
	req->pre = c->kb.pre;
	req->inputs = c->kb.inputs;
	req->ninputs = c->kb.ninputs;
	add_about(c, "kernel", c->kb.about);
	if (sc_kbuild_build(req, &c->build, &c->kb, o->verbose, err, errlen) != 0)
		return -1;
	c->symbol = c->kb.symbol;
	add_about(c, "kernel headers", c->kb.headers);
	if (c->kb.left[0])
		add_about(c, "left out", c->kb.left);
	return 0;
}

int sc_candidate_prepare(const struct sc_cand_opts *o, struct sc_candidate *c, char *err,
			 size_t errlen)
{
	char kerr[1200] = "";
	struct sc_build_req req = { .cc = o->cc, .cflags = o->cflags, .verbose = o->verbose };
	char root[PATH_MAX];
	int kernel;

	memset(c, 0, sizeof(*c));
	c->symbol = o->kernel.symbol;
	if (split_inputs(o->impl, c, err, errlen) != 0)
		return -1;
	/* One file that is not a source, object or archive: a shared object
	 * (the loader says so when it is not one). */
	if (c->ninputs == 1) {
		enum sc_input_kind k = sc_input_kind(c->inputs[0]);

		if (k == SC_IN_SO || k == SC_IN_OTHER) {
			c->so = c->inputs[0];
			sc_inspect(c->so, sc_load_deepbinds(), c->notes, sizeof(c->notes));
			return 0;
		}
	}
	if (check_machines(o, c, err, errlen) != 0)
		return -1;
	if (sc_build_dir(&c->build, err, errlen) != 0)
		return -1;
	kernel = c->ninputs == 1 && sc_kernel_file(c->inputs[0], root, sizeof(root));
	if (kernel && kernel_build(o, c, root, &req, kerr, sizeof(kerr)) != 0) {
		/* Taken for a kernel tree's file, it does not build as one: an
		 * ordinary project's, unless the kernel build was asked for. */
		if (o->kernel.kconfig || o->kernel.wat != SC_WAT_DEFAULT) {
			snprintf(err, errlen, "%s", kerr);
			return -1;
		}
		kernel = 0;
		c->about[0] = 0;
		req.pre = NULL;
	}
	if (!kernel) {
		enum sc_input_kind k = sc_input_kind(c->inputs[0]);
		const char *sym = o->kernel.symbol ? o->kernel.symbol : sc_api_name(o->kernel.api);
		int rc;

		req.inputs = c->inputs;
		req.ninputs = c->ninputs;
		if (c->ninputs == 1 && (k == SC_IN_C || k == SC_IN_ASM))
			rc = sc_alone_build(&req, c->inputs[0], sym, !kerr[0], &c->build, c->how,
					    sizeof(c->how), err, errlen);
		else
			rc = sc_build_so(&req, &c->build, err, errlen);
		if (rc != 0 && kerr[0])
			snprintf(err, errlen, "%s (nor does it build as an ordinary project's file)", kerr);
		if (rc != 0)
			return -1;
		if (kerr[0])
			snprintf(c->notes + strlen(c->notes), sizeof(c->notes) - strlen(c->notes),
				 "note: %s was taken for a kernel tree's file and does not build as one "
				 "(%.300s): built as an ordinary project's\n", c->inputs[0], kerr);
	}
	c->built = 1;
	c->kernel = kernel;
	/* Only this build's exception table may excuse a fault. */
	sc_load_allow_fixups(kernel);
	c->so = c->build.so;
	add_about(c, "built", c->build.cmd);
	for (size_t i = 0; i < c->ninputs; i++)
		if (sc_input_kind(c->inputs[i]) == SC_IN_C)
			sc_endian_check(&req, c->inputs[i], c->notes, sizeof(c->notes));
	sc_inspect(c->so, sc_load_deepbinds(), c->notes, sizeof(c->notes));
	return 0;
}

void sc_candidate_release(struct sc_candidate *c)
{
	sc_build_remove(&c->build);
}

int sc_candidate_tree_top(const char *file, char *root, size_t len)
{
	struct sc_project *p = malloc(sizeof(*p));
	int ok = p && sc_project_learn(file, p) == 0 && !sc_kernel_root(p->root) &&
		 strlen(p->root) < len;

	if (ok)
		snprintf(root, len, "%s", p->root);
	free(p);
	return ok;
}

static struct sc_candidate *to_release;
static volatile sig_atomic_t build_interrupted;

static void release_at_exit(void)
{
	if (to_release)
		sc_candidate_release(to_release);
}

static void on_build_interrupt(int sig)
{
	(void)sig;
	build_interrupted = 1;
}

int sc_candidate_setup(const struct sc_cand_opts *o, struct sc_candidate *c, char *flags,
		       size_t len, char *err, size_t errlen)
{
	static const char *const names[] = { "--cc=", "--cflags=", "--kconfig=" };
	const char *vals[] = { o->cc, o->cflags, o->kernel.kconfig };
	struct sigaction sa = { .sa_handler = on_build_interrupt }, old_int, old_term;
	char word[4200];
	int rc;

	to_release = c;
	atexit(release_at_exit);
	/* ^C during the build: the compiler dies of it too; we clean up. */
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	rc = sc_candidate_prepare(o, c, err, errlen);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (build_interrupted)
		return SC_CAND_INTERRUPTED;
	if (rc != 0)
		return -1;
	for (const char *w = strstr(c->notes, "warning: "); w; w = strstr(w + 1, "\nwarning: ")) {
		w += *w == '\n';
		fprintf(stderr, "strcheck: %.*s\n", (int)strcspn(w, "\n"), w);
	}
	flags[0] = 0;
	if (!c->built)
		return 0;
	for (int i = 0; i < 3; i++)
		if (vals[i]) {
			snprintf(word, sizeof(word), "%s%s", names[i], vals[i]);
			sc_shell_append(flags, len, word);
		}
	if (o->kernel.wat != SC_WAT_DEFAULT)
		sc_shell_append(flags, len, o->kernel.wat == SC_WAT_GENERIC ? "--kernel-wat=generic"
									    : "--kernel-wat=x86");
	return 0;
}

void sc_candidate_rename(const struct sc_candidate *c, const char *impl, char *err,
			 size_t errlen)
{
	char *at = c->built ? strstr(err, c->so) : NULL;
	char rest[600];

	if (!at)
		return;
	snprintf(rest, sizeof(rest), "%s", at + strlen(c->so));
	snprintf(at, errlen - (size_t)(at - err), "%s (as built)%s", impl, rest);
}
