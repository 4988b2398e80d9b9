/*
 * scan_find.c - --scan's walk of a tree: every .c, .h and .S file under
 * DIR (or DIR itself when it is one file), read whole and handed to the
 * lexer (scan_lex.c); each definition it reports becomes a row.  Hidden
 * directories (.git, .pc) are not entered; the order is the paths'
 * sorted order, so two scans of a tree list it alike.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "../scan.h"

#define FILE_MAX (8u << 20)  /* a source file larger than this is generated data */

struct walk {
	struct sc_scan *sc;
	const char *only;
	int oom;
};

static void add(void *ctx, const struct sc_scan_fn *fn)
{
	struct walk *w = ctx;
	struct sc_scan *sc = w->sc;

	if (w->only && strcmp(w->only, fn->name))
		return;
	if (sc->nrows == sc->cap) {
		size_t cap = sc->cap ? 2 * sc->cap : 16;
		struct sc_scan_row *r = realloc(sc->rows, cap * sizeof(*r));

		if (!r) {
			w->oom = 1;
			return;
		}
		sc->rows = r;
		sc->cap = cap;
	}
	memset(&sc->rows[sc->nrows], 0, sizeof(sc->rows[0]));
	sc->rows[sc->nrows].fn = *fn;
	sc->rows[sc->nrows].state = SC_ROW_NOT_CHECKED;
	sc->nrows++;
}

static void add_map(void *ctx, const struct sc_scan_map *m)
{
	struct walk *w = ctx;
	struct sc_scan *sc = w->sc;
	struct sc_scan_map *n;

	if (!(sc->nmaps & (sc->nmaps + 1)) || !sc->maps) {
		/* grown at 0, 1, 3, 7, ...: twice each time */
		if (!(n = realloc(sc->maps, (2 * sc->nmaps + 2) * sizeof(*n)))) {
			w->oom = 1;
			return;
		}
		sc->maps = n;
	}
	sc->maps[sc->nmaps++] = *m;
}

static int wanted(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h") || !strcmp(dot, ".S"));
}

static void read_one(struct walk *w, const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	char *text;
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)FILE_MAX ||
	    !(text = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return;
	}
	while (len < (size_t)st.st_size &&
	       (n = read(fd, text + len, (size_t)st.st_size - len)) > 0)
		len += (size_t)n;
	close(fd);
	text[len] = 0;
	w->sc->files++;
	sc_scan_text(path, text, len, add, add_map, w);
	free(text);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void walk_dir(struct walk *w, const char *dir, int depth)
{
	struct dirent **list;
	int n = scandir(dir, &list, NULL, by_name);

	for (int i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		const char *nm = list[i]->d_name;

		if (nm[0] != '.' && snprintf(path, sizeof(path), "%s%s%s", dir,
					     dir[strlen(dir) - 1] == '/' ? "" : "/", nm) <
					    (int)sizeof(path) &&
		    lstat(path, &st) == 0) {
			/* Symbolic links are not followed: a tree's link to
			 * itself, or to the system's headers, is not its code. */
			if (S_ISDIR(st.st_mode) && depth < 64)
				walk_dir(w, path, depth + 1);
			else if (S_ISREG(st.st_mode) && wanted(nm))
				read_one(w, path);
		}
		free(list[i]);
	}
	if (n >= 0)
		free(list);
}

int sc_scan_find(const char *dir, const char *only, struct sc_scan *sc, char *err, size_t errlen)
{
	struct walk w = { .sc = sc, .only = only };
	struct stat st;

	memset(sc, 0, sizeof(*sc));
	sc->dir = dir;
	if (!*dir || stat(dir, &st) != 0) {
		snprintf(err, errlen, "--scan=%s: %s", dir, *dir ? strerror(errno) : "an empty path");
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		if (access(dir, R_OK | X_OK) != 0) {
			snprintf(err, errlen, "--scan=%s: cannot read the directory: %s", dir,
				 strerror(errno));
			return -1;
		}
		walk_dir(&w, dir, 0);
	} else if (S_ISREG(st.st_mode) && wanted(dir)) {
		read_one(&w, dir);
	} else {
		snprintf(err, errlen, "--scan=%s: not a directory, nor a .c, .h or .S file", dir);
		return -1;
	}
	if (w.oom) {
		snprintf(err, errlen, "--scan=%s: out of memory", dir);
		return -1;
	}
	return 0;
}

void sc_scan_free(struct sc_scan *sc)
{
	free(sc->rows);
	free(sc->maps);
	sc->rows = NULL;
	sc->maps = NULL;
	sc->nrows = sc->cap = sc->nmaps = 0;
}
