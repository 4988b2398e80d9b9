/* kbuild.c - build a kernel tree's file, leaving out the functions the
 * check does not need when they do not build (kbuild.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kbuild.h"
#include "kdiag.h"
#include "ktree.h"

/* One header order: build, and while only other functions of the file
 * fail, leave them out and build again.  0 built; 1 failed (d says how). */
static int build_order(const struct sc_build_req *tmpl, const char *const *pre, const char *tag,
		       struct sc_build *b, struct sc_kbuild *kb, struct sc_kfile *k,
		       struct sc_kdiag *d, char *log, size_t loglen, char *err, size_t errlen)
{
	struct sc_build_req req = *tmpl;
	const char *inputs[4];
	char copy[PATH_MAX + 64], cdir[PATH_MAX];
	const char *base = strrchr(kb->inputs[0], '/');

	snprintf(cdir, sizeof(cdir), "%s/kcopy", b->dir);
	snprintf(copy, sizeof(copy), "%s/%s", cdir, base ? base + 1 : kb->inputs[0]);
	snprintf(log, loglen, "%s/build-%s.log", b->dir, tag);
	for (int i = 0; i < k->n; i++)
		k->f[i].drop = 0;
	req.pre = pre;
	req.log = log;
	req.inputs = inputs;
	req.ninputs = kb->ninputs;
	for (size_t i = 0; i < kb->ninputs && i < 4; i++)
		inputs[i] = kb->inputs[i];
	for (int round = 0; round < 8; round++) {
		char *text;
		int more = 0;

		if (sc_build_so(&req, b, err, errlen) == 0)
			return 0;
		text = sc_read_file(log);
		if (!text)
			return -1;      /* the compiler did not run: err says why */
		sc_kfile_diagnose(k, inputs[0], text, d);
		free(text);
		if (d->link_unplaced && d->link_unplaced == d->elsewhere && !d->header[0]) {
			/* With debug information the linker names the header's
			 * inline function the reference was inlined from; without
			 * it, the file's function that holds it: build once more
			 * with -g0 only to learn which. */
			struct sc_build_req again = req;
			const char *pre2[80];
			int n = 0;

			while (pre[n] && n < 78)
				pre2[n] = pre[n], n++;
			pre2[n++] = "-g0";
			pre2[n] = NULL;
			again.pre = pre2;
			if (sc_build_so(&again, b, err, errlen) == 0 || !(text = sc_read_file(log)))
				return 1;
			sc_kfile_diagnose(k, inputs[0], text, d);
			free(text);
		}
		if (d->header[0] || d->elsewhere || !d->nfailed || !k->ok)
			return 1;
		for (int i = 0; i < d->nfailed; i++) {
			struct sc_kfunc *f = &k->f[d->failed[i]];

			if (f->needed) {
				snprintf(d->first, sizeof(d->first), "%s, which the check needs, does "
					 "not build", f->name);
				return 1;
			}
			more += !f->drop;
			f->drop = 1;
		}
		if (!more)
			return 1;
		mkdir(cdir, 0700);
		if (sc_kfile_write(k, copy) != 0) {
			snprintf(err, errlen, "cannot write %s: %s", copy, strerror(errno));
			return -1;
		}
		inputs[0] = copy;
	}
	return 1;
}

/* Print the build log to stderr (the compiler's own messages). */
static void show(const char *log)
{
	char *text = sc_read_file(log);

	if (text)
		fputs(text, stderr);
	free(text);
}

int sc_kbuild_build(const struct sc_build_req *req, struct sc_build *b, struct sc_kbuild *kb,
		    int verbose, char *err, size_t errlen)
{
	struct sc_kfile *k = calloc(1, sizeof(*k));
	struct sc_kdiag *d1 = calloc(1, sizeof(*d1)), *d2 = calloc(1, sizeof(*d2));
	char log1[PATH_MAX], log2[PATH_MAX];
	const char *file = kb->inputs[0];
	int rc = -1, r1, r2 = 1;

	if (!k || !d1 || !d2 || sc_kfile_load(k, file) != 0) {
		snprintf(err, errlen, "cannot read %s: %s", file, strerror(errno ? errno : ENOMEM));
		goto out;
	}
	sc_kfile_need(k, kb->roots);
	r1 = build_order(req, kb->pre, "tree-first", b, kb, k, d1, log1, sizeof(log1), err, errlen);
	if (r1 < 0)
		goto out;
	if (r1 == 0) {
		snprintf(kb->headers, sizeof(kb->headers), "the tree's own where it has them, "
			 "strcheck's shims for the rest");
	} else {
		if (verbose) {
			fprintf(stderr, "strcheck: with the tree's headers first the build failed "
				"(%s); trying strcheck's shims first:\n", d1->first);
			show(log1);
		}
		r2 = build_order(req, kb->pre_shims, "shims-first", b, kb, k, d2, log2, sizeof(log2),
				 err, errlen);
		if (r2 < 0)
			goto out;
		if (r2 == 0)
			snprintf(kb->headers, sizeof(kb->headers), "strcheck's shims first, the tree's "
				 "own for what they lack (with the tree's first: %.200s)", d1->first);
	}
	if (r1 && r2) {
		/* The shims-first failure is the one to report: a missing
		 * header there is one neither the tree nor the shims have. */
		const struct sc_kdiag *d = d2;

		if (d->header[0]) {
			snprintf(err, errlen, "%s: <%s> (included at %s) is neither in the kernel tree "
				 "nor in strcheck's shims (%s): give the tree its own copy (a complete "
				 "tree has it under include/ or arch/%s/include/), or add a shim for it "
				 "to a copy of the shims and point STRCHECK_KSHIM there", file, d->header,
				 d->includer[0] ? d->includer : file, sc_kshim_dir(), sc_karch());
		} else {
			show(log2);
			snprintf(err, errlen, "cannot build %s: %s (the compiler's messages are above; "
				 "the command: %s)", file, d->first[0] ? d->first : "the compiler failed",
				 b->cmd);
		}
		goto out;
	}
	kb->left[0] = 0;
	for (int i = 0; i < k->n; i++)
		if (k->f[i].drop)
			snprintf(kb->left + strlen(kb->left), sizeof(kb->left) - strlen(kb->left),
				 "%s%s", kb->left[0] ? ", " : "", k->f[i].name);
	if (kb->left[0]) {
		char tail[200];
		int one = !strchr(kb->left, ',');

		snprintf(tail, sizeof(tail), " (%s not build here; %s does not need %s)",
			 one ? "it does" : "they do", kb->symbol, one ? "it" : "them");
		if (strlen(kb->left) + strlen(tail) < sizeof(kb->left))
			strcat(kb->left, tail);
	}
	rc = 0;
out:
	if (k)
		sc_kfile_free(k);
	free(k);
	free(d1);
	free(d2);
	return rc;
}
