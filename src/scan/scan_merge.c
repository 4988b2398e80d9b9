/*
 * scan_merge.c - --scan-merge=LIST: the JSON reports of the N parts of
 * one scan (--shard=K/N) read back into one struct sc_scan and reported
 * as the whole scan would: its rows in the tree's sorted order, its
 * counts, its verdict and exit status.  The parts must be those of one
 * scan (the same DIR, file count, --time and --seed, the same N), each
 * part once and none missing, and hold together every definition the
 * tree has; each row's API text is made again and must be the one the
 * part wrote, so a row read back is the row that was reported.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/deliver.h"
#include "report/scan_report.h"
#include "scan.h"
#include "scan_json.h"

struct part {
	const char *file;
	unsigned k, n, definitions;
};

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	size_t len = 0, cap = 1 << 16, got;
	char *buf = malloc(cap), *nb;

	if (!f || !buf)
		return f ? fclose(f) : 0, free(buf), NULL;
	while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len - 1 == 0) {
			if (!(nb = realloc(buf, cap *= 2))) {
				errno = ENOMEM;
				return fclose(f), free(buf), NULL;
			}
			buf = nb;
		}
	}
	buf[len] = 0;
	if (ferror(f) || memchr(buf, 0, len)) {
		errno = ferror(f) ? EIO : EINVAL;
		return fclose(f), free(buf), NULL;
	}
	fclose(f);
	return buf;
}

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src ? src : "");
}

/* One function of a part's report as the row it was. */
static int read_row(const struct sc_json *f, struct sc_scan_row *r, char *why, size_t size)
{
	static const char *const words[] = { "pass", "fail", "incomplete", "not-checked",
					     "not-one-of-the-eight", "not-probed" };
	const char *v = sc_json_str(f, "verdict"), *api = sc_json_str(f, "api");
	const char *from = sc_json_str(f, "api_from"), *text = sc_json_str(f, "api_text");
	const struct sc_json *probe = sc_json_get(f, "probe"), *d = sc_json_get(f, "first_defect");
	enum sc_api a = 0;
	char again[100];
	unsigned s;

	memset(r, 0, sizeof(*r));
	copy(r->fn.file, sizeof(r->fn.file), sc_json_str(f, "file"));
	copy(r->fn.name, sizeof(r->fn.name), sc_json_str(f, "function"));
	r->fn.line = (unsigned)sc_json_num(f, "line", 0);
	for (s = 0; v && s < sizeof(words) / sizeof(words[0]) && strcmp(v, words[s]); s++)
		;
	if (!v || s == sizeof(words) / sizeof(words[0]) || !r->fn.file[0] || !r->fn.name[0] ||
	    (api && sc_api_parse(api, &a) != 0))
		return snprintf(why, size, "a function without its file, name, API or verdict"), -1;
	r->state = (enum sc_row_state)s;
	r->api = a;
	r->api_inferred = from && !strcmp(from, "probe");
	r->use = !from ? SC_USE_NONE : !strcmp(from, "name") ? SC_USE_NAME
		: !strcmp(from, "macro") ? SC_USE_MACRO : !strcmp(from, "guard") ? SC_USE_GUARD
		: SC_USE_NONE;
	copy(r->use_where, sizeof(r->use_where), sc_json_str(f, "used_as"));
	if (probe && probe->type == SC_JOBJ) {
		r->probe_ran = 1;
		r->probe_match = (unsigned)sc_json_num(probe, "matched", 0);
		r->probe_cases = (unsigned)sc_json_num(probe, "cases", 0);
		copy(r->probe_first, sizeof(r->probe_first), sc_json_str(probe, "first_unlike"));
	}
	r->fn.is_static = sc_json_bool(f, "static");
	r->fn.is_asm = sc_json_bool(f, "assembly");
	copy(r->fn.cond, sizeof(r->fn.cond), sc_json_str(f, "condition"));
	copy(r->why, sizeof(r->why), sc_json_str(f, "reason"));
	r->ndefects = (unsigned)sc_json_num(f, "defects", 0);
	if (d && d->type == SC_JOBJ) {
		copy(r->defect_class, sizeof(r->defect_class), sc_json_str(d, "class"));
		copy(r->defect, sizeof(r->defect), sc_json_str(d, "what"));
	}
	copy(r->build, sizeof(r->build), sc_json_str(f, "build"));
	copy(r->replay, sizeof(r->replay), sc_json_str(f, "replay"));
	r->cached = sc_json_bool(f, "cached");
	r->seconds = sc_json_num(f, "seconds", 0);
	r->total = sc_json_num(f, "total_seconds", 0);
	sc_scan_row_api(r, again, sizeof(again));
	if (!text || strcmp(text, again))
		return snprintf(why, size, "%s: its API \"%s\" does not read back (\"%s\")",
				r->fn.name, text ? text : "", again), -1;
	return 0;
}

/* The walk's order (scan_find.c: each folder's names sorted): a path's
 * '/' sorts before any other byte; then the line. */
static int by_place(const void *pa, const void *pb)
{
	const struct sc_scan_row *a = pa, *b = pb;
	const unsigned char *x = (const unsigned char *)a->fn.file;
	const unsigned char *y = (const unsigned char *)b->fn.file;

	for (; *x && *x == *y; x++, y++)
		;
	if (*x != *y)
		return (*x == '/' ? 1 : *x ? *x + 1 : 0) - (*y == '/' ? 1 : *y ? *y + 1 : 0);
	if (a->fn.line != b->fn.line)
		return a->fn.line < b->fn.line ? -1 : 1;
	return strcmp(a->fn.name, b->fn.name);
}

/* The part doc is (1/1 for a whole scan's report), checked against the
 * first part's scan (first NULL: doc is the first). */
static int read_part(const struct sc_json *doc, const struct sc_json *first, struct part *p,
		     char *err, size_t errlen)
{
	static const char *const same[] = { "scan", "files", "seconds_per_check", "seed" };
	const struct sc_json *sh = sc_json_get(doc, "shard"), *fns = sc_json_get(doc, "functions");
	const struct sc_json *counts = sc_json_get(doc, "counts");

	if (doc->type != SC_JOBJ || !sc_json_str(doc, "scan") || !fns || fns->type != SC_JARR ||
	    !counts)
		return snprintf(err, errlen, "--scan-merge: %s: not the JSON report of a --scan "
				"(--format=json)", p->file), -1;
	p->k = p->n = 1;
	p->definitions = (unsigned)(fns->nkid + sc_json_num(counts, "like_none", 0));
	if (sh && sh->type == SC_JOBJ) {
		p->k = (unsigned)sc_json_num(sh, "part", 0);
		p->n = (unsigned)sc_json_num(sh, "parts", 0);
		p->definitions = (unsigned)sc_json_num(sh, "definitions", 0);
		if (p->k < 1 || p->k > p->n || p->n > SC_SHARD_MAX)
			return snprintf(err, errlen, "--scan-merge: %s: its shard is not K/N",
					p->file), -1;
	}
	for (size_t i = 0; first && i < sizeof(same) / sizeof(same[0]); i++) {
		const struct sc_json *a = sc_json_get(first, same[i]), *b = sc_json_get(doc, same[i]);

		if (!a || !b || a->type != b->type || a->num != b->num ||
		    (a->str && strcmp(a->str, b->str)))
			return snprintf(err, errlen, "--scan-merge: %s is a part of another scan "
					"(its \"%s\" differs from the first part's)", p->file,
					same[i]), -1;
	}
	return 0;
}

/* Read every part of list into sc and o; 0, or -1 with err. */
static int read_parts(char *list, struct sc_scan *sc, struct sc_scan_opts *o,
		      struct sc_json *docs, char *seen, char *err, size_t errlen)
{
	struct part first = { 0 }, p;
	const struct sc_json *seed;
	size_t nd = 0;
	char why[600];

	for (char *save = NULL, *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		struct sc_json *doc = &docs[nd];
		char *text = slurp(f);
		const struct sc_json *fns;

		if (!text)
			return snprintf(err, errlen, "--scan-merge: %s: %s", f, strerror(errno)), -1;
		if (sc_json_parse(text, doc, why, sizeof(why)) != 0)
			return free(text), snprintf(err, errlen, "--scan-merge: %s: not JSON (%s)", f,
						    why), -1;
		free(text);
		nd++;
		p = (struct part){ .file = f };
		if (read_part(doc, nd > 1 ? &docs[0] : NULL, &p, err, errlen) != 0)
			return -1;
		if (nd == 1)
			first = p;
		else if (p.n != first.n || p.definitions != first.definitions)
			return snprintf(err, errlen, "--scan-merge: %s is part %u of %u, %s part %u "
					"of %u of another split", f, p.k, p.n, first.file, first.k,
					first.n), -1;
		if (seen[p.k])
			return snprintf(err, errlen, "--scan-merge: part %u/%u is given twice (%s)",
					p.k, p.n, f), -1;
		seen[p.k] = 1;
		fns = sc_json_get(doc, "functions");
		if (!(sc->rows = realloc(sc->rows, (sc->nrows + fns->nkid + 1) * sizeof(*sc->rows))))
			return snprintf(err, errlen, "--scan-merge: out of memory"), -1;
		for (size_t i = 0; i < fns->nkid; i++)
			if (read_row(&fns->kid[i], &sc->rows[sc->nrows++], why, sizeof(why)) != 0)
				return snprintf(err, errlen, "--scan-merge: %s: %s", f, why), -1;
		sc->shaped += (unsigned)sc_json_num(sc_json_get(doc, "counts"), "like_none", 0);
		sc->from_cache += (unsigned)sc_json_num(doc, "from_cache", 0);
		sc->seconds += sc_json_num(doc, "seconds", 0);
		if ((unsigned)sc_json_num(doc, "jobs", 1) > sc->jobs)
			sc->jobs = (unsigned)sc_json_num(doc, "jobs", 1);
	}
	if (!nd)
		return snprintf(err, errlen, "--scan-merge: needs the parts' JSON reports, "
				"comma-separated"), -1;
	for (unsigned k = 1; k <= first.n; k++)
		if (!seen[k])
			return snprintf(err, errlen, "--scan-merge: part %u/%u is missing (%zu "
					"given)", k, first.n, nd), -1;
	if (sc->nrows + sc->shaped != first.definitions)
		return snprintf(err, errlen, "--scan-merge: the parts hold %zu definition(s), the "
				"scan found %u", sc->nrows + sc->shaped, first.definitions), -1;
	sc->dir = sc_json_str(&docs[0], "scan");
	sc->files = (unsigned)sc_json_num(&docs[0], "files", 0);
	sc->found = first.definitions;
	o->seconds = sc_json_num(&docs[0], "seconds_per_check", 0);
	seed = sc_json_get(&docs[0], "seed");
	o->seed = seed && seed->type == SC_JNUM ? strtoull(seed->str, NULL, 10) : 0;
	return 0;
}

int sc_scan_merge(const struct sc_scan_opts *opts, char *err, size_t errlen)
{
	struct sc_scan_opts o = *opts;
	struct sc_scan sc = { 0 };
	struct sc_output out;
	size_t n = 1;
	char *list = strdup(o.merge), *seen = calloc(SC_SHARD_MAX + 1, 1);
	struct sc_json *docs;
	int rc = -1;

	for (const char *c = o.merge; *c; c++)
		n += *c == ',';
	docs = calloc(n, sizeof(*docs));
	if (!list || !seen || !docs) {
		snprintf(err, errlen, "--scan-merge: out of memory");
	} else if (read_parts(list, &sc, &o, docs, seen, err, errlen) == 0 &&
		   sc_output_open(&out, o.output, err, errlen) == 0) {
		sc.version = o.version;
		qsort(sc.rows, sc.nrows, sizeof(*sc.rows), by_place);
		sc_scan_report(out.f, &o, &sc);
		if (sc_output_commit(&out, err, errlen) == 0) {
			const char *v = sc_scan_verdict(&sc);

			rc = !strcmp(v, "fail") ? SC_SCAN_FAIL : !strcmp(v, "incomplete") &&
			     !o.allow_incomplete ? SC_SCAN_INCOMPLETE : SC_SCAN_PASS;
		}
	}
	for (size_t i = 0; docs && i < n; i++)
		sc_json_free(&docs[i]);
	free(docs);
	free(seen);
	free(list);
	free(sc.rows);
	return rc;
}
