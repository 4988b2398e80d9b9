/*
 * scan_cache.c - where --scan's cache is, and its second level (the
 * first, a row kept before any build, is scan_cache_src.c): a PASS or a
 * FAIL kept in a file named for what decides it (the built object's
 * loaded bytes, the function and its API, how it was built, strcheck's
 * version and its own loaded bytes, the options the checks get), so the
 * same copy in another tree built alike, or a function whose tree
 * changed elsewhere, is built and probed but not checked again.  Under
 * --cache=DIR, $XDG_CACHE_HOME/strcheck or ~/.cache/strcheck, in scan/;
 * --no-cache leaves it alone.  A cut run, a row not checked and a
 * look-alike are not kept here.  An entry is written to a temporary file
 * and renamed, so scans running at once never read half of one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "scan_row.h"

#define MAGIC "strcheck-scan-cache 1"

/* mkdir -p of path's folders and itself. */
static int make_dirs(char *path)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(path, 0700) != 0 && errno != EEXIST)
				return (*p = '/', -1);
			*p = '/';
		}
	return mkdir(path, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

void sc_scan_cache_open(struct sc_scan_cache *k, const struct sc_scan_opts *o)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char dir[1024];

	k->dir[0] = k->note[0] = 0;
	if (o->no_cache)
		return;
	/* This very strcheck: a build of the same version with other code
	 * (a developer's) does not reuse another's verdicts. */
	if (sc_scan_code_hash("/proc/self/exe", k->self, sizeof(k->self)) != 0)
		return (void)snprintf(k->note, sizeof(k->note), "no cache: cannot read strcheck's "
				      "own program (/proc/self/exe)");
	if (o->cache)
		snprintf(dir, sizeof(dir), "%s/scan", o->cache);
	else if (xdg && *xdg == '/')
		snprintf(dir, sizeof(dir), "%s/strcheck/scan", xdg);
	else if (home && *home)
		snprintf(dir, sizeof(dir), "%s/.cache/strcheck/scan", home);
	else
		return (void)snprintf(k->note, sizeof(k->note), "no cache: neither "
				      "$XDG_CACHE_HOME nor $HOME is set");
	if (make_dirs(dir) != 0 || access(dir, W_OK | X_OK) != 0)
		snprintf(k->note, sizeof(k->note), "no cache: cannot make %.300s: %s", dir,
			 strerror(errno));
	else
		snprintf(k->dir, sizeof(k->dir), "%s", dir);
}

static void mix(uint64_t *h, const char *s)
{
	for (; *s; s++) {
		h[0] = (h[0] ^ (unsigned char)*s) * 0x100000001b3ull;
		h[1] = (h[1] ^ (unsigned char)*s) * 0x9e3779b97f4a7c15ull;
		h[1] ^= h[1] >> 29;
	}
	/* A separator no argument holds. */
	h[0] = (h[0] ^ 0x100) * 0x100000001b3ull;
	h[1] = (h[1] ^ 0x100) * 0x9e3779b97f4a7c15ull;
}

void sc_scan_cache_key(const struct sc_scan_ctx *c, const char *code,
		       const struct sc_scan_row *r, int wrapped, char *key)
{
	uint64_t h[2] = { 0xcbf29ce484222325ull, 0x84222325cbf29ce4ull };

	mix(h, MAGIC);
	mix(h, c->sc->version);
	mix(h, c->cache.self);
	mix(h, code);
	mix(h, r->fn.name);
	mix(h, sc_api_name(r->api));
	mix(h, wrapped ? "wrapped" : "plain");
	for (int i = 0; i < c->o->nfwd; i++)
		mix(h, c->o->fwd[i]);
	snprintf(key, 33, "%016llx%016llx", (unsigned long long)h[0], (unsigned long long)h[1]);
}

static void entry(const struct sc_scan_cache *k, const char *key, char *path, size_t size)
{
	snprintf(path, size, "%s/%.2s/%s", k->dir, key, key + 2);
}

/* The replay's case options, which hold no path: " --case=...". */
static const char *replay_case(const char *replay)
{
	static const char *const opts[] = { " --case=", " --grid-case=", " --random-case=",
					    " --traced-case=", NULL };
	const char *first = NULL;

	for (int i = 0; opts[i]; i++) {
		const char *p = strstr(replay, opts[i]);

		if (p && (!first || p < first))
			first = p;
	}
	return first ? first : "";
}

/* One "name value" line of an entry into out. */
static void field(const char *text, const char *name, char *out, size_t size)
{
	char pat[40];
	const char *p;

	snprintf(pat, sizeof(pat), "\n%s ", name);
	out[0] = 0;
	if ((p = strstr(text, pat)))
		snprintf(out, size, "%.*s", (int)strcspn(p + strlen(pat), "\n"), p + strlen(pat));
}

int sc_scan_cache_get(const struct sc_scan_cache *k, const char *key, struct sc_scan_row *r,
		      const char *replay_base)
{
	char path[1200], text[8192], v[2100];
	size_t n;
	FILE *f;

	if (!k->dir[0])
		return 0;
	entry(k, key, path, sizeof(path));
	if (!(f = fopen(path, "re")))
		return 0;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = 0;
	if (strncmp(text, MAGIC "\n", strlen(MAGIC) + 1))
		return 0;
	field(text, "verdict", v, sizeof(v));
	if (strcmp(v, "pass") && strcmp(v, "fail"))
		return 0;
	r->state = !strcmp(v, "pass") ? SC_ROW_PASS : SC_ROW_FAIL;
	field(text, "class", r->defect_class, sizeof(r->defect_class));
	field(text, "defect", r->defect, sizeof(r->defect));
	field(text, "defects", v, sizeof(v));
	r->ndefects = (unsigned)strtoul(v, NULL, 10);
	field(text, "seconds", v, sizeof(v));
	r->seconds = strtod(v, NULL);
	field(text, "case", v, sizeof(v));
	snprintf(r->replay, sizeof(r->replay), "%.1500s%.500s", replay_base, v);
	field(text, "checked", v, sizeof(v));
	snprintf(r->build, sizeof(r->build), "from the cache (checked %.40s, in %.1f s)", v,
		 r->seconds);
	r->cached = 1;
	return 1;
}

FILE *sc_scan_cache_create(const char *path, char *tmp, size_t tmplen, char *when,
			   size_t whenlen)
{
	time_t t = time(NULL);
	struct tm tm;
	FILE *f;

	snprintf(tmp, tmplen, "%.*s", (int)(strrchr(path, '/') - path), path);
	if (make_dirs(tmp) != 0)
		return NULL;
	snprintf(tmp, tmplen, "%s.%ld.tmp", path, (long)getpid());
	if (!(f = fopen(tmp, "we")))
		return NULL;
	gmtime_r(&t, &tm);
	strftime(when, whenlen, "%Y-%m-%dT%H:%MZ", &tm);
	return f;
}

void sc_scan_cache_commit(FILE *f, const char *tmp, const char *path)
{
	if (fclose(f) != 0 || rename(tmp, path) != 0)
		unlink(tmp);
}

void sc_scan_cache_put(const struct sc_scan_cache *k, const char *key,
		       const struct sc_scan_row *r)
{
	char path[1200], tmp[1300], when[40];
	FILE *f;

	if (!k->dir[0] || (r->state != SC_ROW_PASS && r->state != SC_ROW_FAIL))
		return;
	entry(k, key, path, sizeof(path));
	if (!(f = sc_scan_cache_create(path, tmp, sizeof(tmp), when, sizeof(when))))
		return;
	/* One line a field: the texts hold no newline (the JSON decoder's
	 * \n is folded here). */
	fprintf(f, MAGIC "\nverdict %s\nclass %s\ndefects %u\nseconds %.1f\nchecked %s\n",
		r->state == SC_ROW_PASS ? "pass" : "fail", r->defect_class, r->ndefects,
		r->seconds, when);
	fputs("defect ", f);
	for (const char *p = r->defect; *p; p++)
		fputc(*p == '\n' ? ' ' : *p, f);
	fprintf(f, "\ncase %s\n", replay_case(r->replay));
	sc_scan_cache_commit(f, tmp, path);
}
