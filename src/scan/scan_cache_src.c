/*
 * scan_cache_src.c - the first level of --scan's cache: a row's whole
 * outcome (a verdict, "not one of the eight" with its nearest contract
 * and first differing probe, NOT-CHECKED with its reason, a function
 * dropped as like none) under a key of what decides it before anything
 * is built: the text of every C, header and assembly file of the
 * function's tree (of the scanned folder and the top's config.h when
 * only a part of a tree is scanned), a compile_commands.json, the
 * compiler (its resolved program), $CC, $CFLAGS, the system's packages
 * (dpkg's status, /usr/include), strcheck and the options the checks
 * get, the tree's mappings, the row's file, line and name.  A second
 * scan of an unchanged tree neither builds nor probes.  An edit misses
 * this level for the tree's rows; the object's bytes (scan_cache.c, the
 * second level) still spare the check.  A cut run and a row a deadline
 * or a dead child decided are not kept; a kernel tree has no first level.
 */
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../candidate/candidate.h"
#include "scan_row.h"

#define MAGIC "strcheck-scan-row 1"
#define TREE_MAX_BYTES (256ull << 20)  /* past it the tree is not read: no first level */

struct hash {
	uint64_t a, b;
	unsigned long long bytes;
};

static void hash_bytes(struct hash *h, const void *p, size_t n)
{
	const unsigned char *s = p;

	/* Eight bytes a step: a whole tree is read each scan. */
	for (; n >= 8; n -= 8, s += 8) {
		uint64_t w;

		memcpy(&w, s, 8);
		h->a = (h->a ^ w) * 0x9e3779b97f4a7c15ull;
		h->a ^= h->a >> 32;
		h->b = (h->b + w) * 0xff51afd7ed558ccdull;
		h->b ^= h->b >> 29;
	}
	for (; n; n--, s++) {
		h->a = (h->a ^ *s) * 0x100000001b3ull;
		h->b = (h->b + *s) * 0xc4ceb9fe1a85ec53ull;
	}
}

/* A string and a separator no string holds. */
static void hash_str(struct hash *h, const char *s)
{
	static const unsigned char sep[9] = { 0xff, 0, 0xfe, 0, 0xfd, 0, 0xfc, 0, 0xfb };

	hash_bytes(h, s, strlen(s));
	hash_bytes(h, sep, sizeof(sep));
}

static void hash_hex(const struct hash *h, char *out)
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}

/* A file's identity without reading it: path, size, change time. */
static void hash_stat(struct hash *h, const char *path)
{
	struct stat st;
	char line[PATH_MAX + 100];

	if (stat(path, &st) != 0)
		return hash_str(h, path);
	snprintf(line, sizeof(line), "%s %lld %lld.%09ld", path, (long long)st.st_size,
		 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	hash_str(h, line);
}

static void hash_file(struct hash *h, const char *path)
{
	char buf[65536];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	hash_str(h, path);
	if (fd < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		hash_bytes(h, buf, (size_t)n);
		h->bytes += (unsigned long long)n;
	}
	close(fd);
	hash_str(h, "");
}

static struct hash *walking;

/* What alone_tree.c and the compiler may read of the tree: its C, header
 * and assembly files, and its compile_commands.json; no hidden folder. */
static int tree_file(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	const char *base = path + ftw->base, *dot = strrchr(base, '.');

	(void)st;
	if (flag == FTW_D && ftw->level > 0 && base[0] == '.')
		return FTW_SKIP_SUBTREE;
	if (flag != FTW_F)
		return FTW_CONTINUE;
	if ((dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h") || !strcmp(dot, ".S") ||
		     !strcmp(dot, ".s") || !strcmp(dot, ".inc") || !strcmp(dot, ".def"))) ||
	    !strcmp(base, "compile_commands.json"))
		hash_file(walking, path);
	return walking->bytes > TREE_MAX_BYTES ? FTW_STOP : FTW_CONTINUE;
}

/* The tree at root as 32 hex digits into out, "" when too big: the
 * scanned folder scan when it lies inside root (a part of a tree scanned:
 * its files, and the top's config.h and compile_commands.json), else root
 * whole. */
static void tree_digest(const char *root, const char *scan, char *out)
{
	static const char *const cfg[] = { "config.h", "include/config.h", "build/config.h",
					   "src/config.h", NULL };
	struct hash h = { 0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0 };
	char dir[PATH_MAX], json[PATH_MAX + 64];
	size_t n = strlen(root);
	int part = !strncmp(scan, root, n) && scan[n] == '/';

	walking = &h;
	hash_str(&h, root);
	nftw(part ? scan : root, tree_file, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	for (int i = 0; part && cfg[i]; i++) {
		snprintf(json, sizeof(json), "%s/%s", root, cfg[i]);
		if (access(json, F_OK) == 0)
			hash_file(&h, json);
	}
	/* A compile_commands.json at the top or above it (project.c looks up). */
	snprintf(dir, sizeof(dir), "%s", root);
	for (char *slash = dir + strlen(dir); slash && slash != dir; slash = strrchr(dir, '/')) {
		*slash = 0;
		if (!dir[0])
			break;
		for (int b = 0; b < 2; b++) {
			snprintf(json, sizeof(json), "%s/%scompile_commands.json", dir, b ? "build/" : "");
			if ((part || strcmp(dir, root)) && access(json, F_OK) == 0)
				hash_file(&h, json);
		}
	}
	out[0] = 0;
	if (h.bytes <= TREE_MAX_BYTES)
		hash_hex(&h, out);
}

/* The compiler's program, each word of "ccache gcc" found on $PATH. */
static void hash_compiler(struct hash *h, const char *cc)
{
	char words[1024], real[PATH_MAX], cand[PATH_MAX + 300];
	const char *path = getenv("PATH");

	snprintf(words, sizeof(words), "%s", cc);
	hash_str(h, cc);
	for (char *save, *w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		const char *p = path ? path : "/usr/bin:/bin";

		if (strchr(w, '/')) {
			if (realpath(w, real))
				hash_stat(h, real);
			continue;
		}
		for (size_t n; *p; p += n + (p[n] == ':')) {
			n = strcspn(p, ":");
			snprintf(cand, sizeof(cand), "%.*s/%s", (int)n, p, w);
			if (access(cand, X_OK) == 0 && realpath(cand, real)) {
				hash_stat(h, real);
				break;
			}
		}
	}
}

void sc_scan_cache_trees(struct sc_scan_cache *k, const struct sc_scan_opts *o,
			 const struct sc_scan *sc)
{
	struct hash h = { 0x452821e638d01377ull, 0xbe5466cf34e90c6cull, 0 };
	const char *cc = getenv("CC"), *cflags = getenv("CFLAGS");
	char *root = malloc(PATH_MAX);
	char (*seen)[PATH_MAX + 40] = calloc(64, sizeof(*seen));
	char last[PATH_MAX] = "", scan[PATH_MAX];
	int nseen = 0, ok = 0;

	free(k->tree);
	k->tree = NULL;
	if (!k->dir[0] || !root || !seen || !(k->tree = calloc(sc->nrows + 1, sizeof(*k->tree))))
		goto out;
	hash_str(&h, MAGIC);
	hash_str(&h, sc->version ? sc->version : "");
	hash_str(&h, k->self);
	for (int i = 0; i < o->nfwd; i++) {
		hash_str(&h, o->fwd[i]);
		if (!strncmp(o->fwd[i], "--cc=", 5))
			cc = o->fwd[i] + 5;
	}
	hash_compiler(&h, cc && *cc ? cc : "cc");
	hash_str(&h, cc ? cc : "(no $CC)");
	hash_str(&h, cflags ? cflags : "(no $CFLAGS)");
	hash_stat(&h, "/var/lib/dpkg/status");
	hash_stat(&h, "/usr/include");
	if (!realpath(sc->dir, scan))
		scan[0] = 0;
	hash_str(&h, scan);
	for (size_t i = 0; i < sc->nmaps; i++) {
		hash_str(&h, sc_api_name(sc->maps[i].api));
		hash_str(&h, sc->maps[i].name);
		hash_str(&h, sc->maps[i].where);
	}
	hash_hex(&h, k->common);
	for (size_t i = 0; i < sc->nrows; i++) {
		const char *f = sc->rows[i].fn.file, *slash = strrchr(f, '/');
		size_t dl = slash ? (size_t)(slash - f) : 0;
		int j;

		/* Rows come sorted by file: a folder's tree is found once. */
		if (!ok || dl != strlen(last) || strncmp(f, last, dl)) {
			snprintf(last, sizeof(last), "%.*s", (int)dl, f);
			ok = sc_candidate_tree_top(f, root, PATH_MAX);
		}
		if (!ok)
			continue;
		for (j = 0; j < nseen && strcmp(seen[j], root); j++)
			;
		if (j == nseen && nseen < 64) {
			snprintf(seen[j], PATH_MAX, "%s", root);
			tree_digest(root, scan, seen[j] + PATH_MAX);
			nseen++;
		}
		if (j < nseen)
			snprintf(k->tree[i], sizeof(k->tree[i]), "%s", seen[j] + PATH_MAX);
		else
			tree_digest(root, scan, k->tree[i]);
	}
out:
	free(seen);
	free(root);
}

int sc_scan_row_key(const struct sc_scan_cache *k, const struct sc_scan_row *r, size_t i,
		    char *key)
{
	struct hash h = { 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull, 0 };
	char line[64];

	key[0] = 0;
	if (!k->dir[0] || !k->tree || !k->tree[i][0])
		return 0;
	hash_str(&h, k->common);
	hash_str(&h, k->tree[i]);
	hash_str(&h, r->fn.file);
	hash_str(&h, r->fn.name);
	snprintf(line, sizeof(line), "%u", r->fn.line);
	hash_str(&h, line);
	hash_str(&h, r->fn.cond);
	hash_hex(&h, key);
	return 1;
}

static void path_of(const struct sc_scan_cache *k, const char *key, char *path, size_t size)
{
	snprintf(path, size, "%s/%.2s/%s.row", k->dir, key, key + 2);
}

/* One "name value" line of an entry. */
static const char *field(const char *text, const char *name, char *out, size_t size)
{
	char pat[40];
	const char *p;

	snprintf(pat, sizeof(pat), "\n%s ", name);
	out[0] = 0;
	if (!(p = strstr(text, pat)))
		return NULL;
	p += strlen(pat);
	snprintf(out, size, "%.*s", (int)strcspn(p, "\n"), p);
	return out;
}

static long num(const char *text, const char *name)
{
	char v[40];

	return field(text, name, v, sizeof(v)) ? strtol(v, NULL, 10) : -1;
}

int sc_scan_row_get(const struct sc_scan_cache *k, const char *key, struct sc_scan_row *r,
		    int *rc)
{
	char path[1200], when[40], secs[40];
	char *text = malloc(16384);
	size_t n;
	FILE *f;

	if (!key[0] || !text)
		return free(text), 0;
	path_of(k, key, path, sizeof(path));
	if (!(f = fopen(path, "re")))
		return free(text), 0;
	n = fread(text, 1, 16383, f);
	fclose(f);
	text[n] = 0;
	if (strncmp(text, MAGIC "\n", strlen(MAGIC) + 1) || num(text, "state") < 0 ||
	    num(text, "state") > SC_ROW_UNPROBED || num(text, "api") < 0 ||
	    num(text, "api") >= SC_API_COUNT || !strstr(text, "\nend\n"))
		return free(text), 0;
	*rc = (int)num(text, "rc");
	r->state = (enum sc_row_state)num(text, "state");
	r->api = (enum sc_api)num(text, "api");
	r->api_inferred = (int)num(text, "inferred");
	r->probe_ran = (int)num(text, "probe_ran");
	r->probe_match = (unsigned)num(text, "probe_match");
	r->probe_cases = (unsigned)num(text, "probe_cases");
	r->ndefects = (unsigned)num(text, "defects");
	field(text, "seconds", secs, sizeof(secs));
	r->seconds = strtod(secs, NULL);
	field(text, "why", r->why, sizeof(r->why));
	field(text, "class", r->defect_class, sizeof(r->defect_class));
	field(text, "defect", r->defect, sizeof(r->defect));
	field(text, "replay", r->replay, sizeof(r->replay));
	field(text, "probe_first", r->probe_first, sizeof(r->probe_first));
	field(text, "checked", when, sizeof(when));
	snprintf(r->build, sizeof(r->build), "from the cache (checked %.40s, in %.1f s)", when,
		 r->seconds);
	r->cached = 1;
	free(text);
	return 1;
}

/* A reason a deadline, a signal or a dead child gave: not kept. */
static int passing(const struct sc_scan_row *r)
{
	static const char *const words[] = { "deadline", "died of signal", "interrupted",
					     "cannot write", "cannot start", "cannot make",
					     "the scan's worker", "out of memory", NULL };

	if (r->state == SC_ROW_INCOMPLETE)
		return 1;
	for (int i = 0; words[i]; i++)
		if (strstr(r->why, words[i]))
			return 1;
	return 0;
}

static void put_text(FILE *f, const char *name, const char *s)
{
	fprintf(f, "%s ", name);
	for (; *s; s++)
		fputc(*s == '\n' ? ' ' : *s, f);
	fputc('\n', f);
}

void sc_scan_row_put(const struct sc_scan_cache *k, const char *key, const struct sc_scan_row *r,
		     int rc)
{
	char path[1200], tmp[1300], when[40];
	FILE *f;

	if (!key[0] || passing(r))
		return;
	path_of(k, key, path, sizeof(path));
	if (!(f = sc_scan_cache_create(path, tmp, sizeof(tmp), when, sizeof(when))))
		return;
	fprintf(f, MAGIC "\nrc %d\nstate %d\napi %d\ninferred %d\nprobe_ran %d\nprobe_match %u\n"
		"probe_cases %u\ndefects %u\nseconds %.1f\nchecked %s\n", rc, (int)r->state,
		(int)r->api, r->api_inferred, r->probe_ran, r->probe_match, r->probe_cases,
		r->ndefects, r->seconds, when);
	put_text(f, "why", r->why);
	put_text(f, "class", r->defect_class);
	put_text(f, "defect", r->defect);
	put_text(f, "replay", r->replay);
	put_text(f, "probe_first", r->probe_first);
	fputs("end\n", f);
	sc_scan_cache_commit(f, tmp, path);
}
