/* ccdb.c - a compile_commands.json's flags for one file (project.h): a
 * reader of that one JSON shape (an array of objects of strings and
 * arrays of strings), not a general JSON parser. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "project.h"

struct entry {
	char dir[PATH_MAX], file[PATH_MAX];
	char words[8192];        /* the arguments, each NUL-terminated, "" ends */
	size_t used;
};

const char *sc_project_keep(struct sc_project *p, const char *s)
{
	size_t n = strlen(s) + 1;
	char *at = p->store + p->used;

	if (p->used + n > sizeof(p->store))
		return NULL;
	memcpy(at, s, n);
	p->used += n;
	return at;
}

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',' || *p == ':')
		p++;
	return p;
}

/* A JSON string at p (at its '"') into out; past it, or NULL. */
static const char *string_at(const char *p, char *out, size_t len)
{
	size_t n = 0;

	if (*p++ != '"')
		return NULL;
	for (; *p && *p != '"'; p++) {
		char c = *p;

		if (c == '\\') {
			c = *++p;
			c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'u' ? '?' : c;
			if (*p == 'u')
				p += strlen(p) >= 5 ? 4 : 0;
		}
		if (n + 1 < len)
			out[n++] = c;
	}
	out[n] = 0;
	return *p == '"' ? p + 1 : NULL;
}

static void add_word(struct entry *e, const char *w, size_t n)
{
	if (e->used + n + 2 >= sizeof(e->words))
		return;
	memcpy(e->words + e->used, w, n);
	e->used += n;
	e->words[e->used++] = 0;
	e->words[e->used] = 0;
}

/* A "command" string split as a shell would: blanks, quotes, backslashes. */
static void split_command(struct entry *e, const char *s)
{
	char w[PATH_MAX];
	size_t n;

	while (*s) {
		char q = 0;

		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		for (n = 0; *s && (q || (*s != ' ' && *s != '\t')); s++) {
			if (!q && (*s == '"' || *s == '\'')) {
				q = *s;
			} else if (q && *s == q) {
				q = 0;
			} else {
				if (*s == '\\' && q != '\'' && s[1])
					s++;
				if (n + 1 < sizeof(w))
					w[n++] = *s;
			}
		}
		add_word(e, w, n);
	}
}

/* One object at p (at its '{'); past it, or NULL. */
static const char *object_at(const char *p, struct entry *e)
{
	static char key[64], val[16384];

	memset(e, 0, sizeof(*e));
	p = skip_ws(p + 1);
	while (p && *p == '"') {
		p = string_at(p, key, sizeof(key));
		if (!p)
			return NULL;
		p = skip_ws(p);
		if (*p == '[') {
			for (p = skip_ws(p + 1); p && *p == '"'; p = skip_ws(p)) {
				p = string_at(p, val, sizeof(val));
				if (p && !strcmp(key, "arguments"))
					add_word(e, val, strlen(val));
			}
			if (!p || *p != ']')
				return NULL;
			p++;
		} else if (*p == '"') {
			p = string_at(p, val, sizeof(val));
			if (!p)
				return NULL;
			if (!strcmp(key, "directory")) {
				if (snprintf(e->dir, sizeof(e->dir), "%s", val) >= (int)sizeof(e->dir))
					return NULL;
			} else if (!strcmp(key, "file")) {
				if (snprintf(e->file, sizeof(e->file), "%s", val) >= (int)sizeof(e->file))
					return NULL;
			} else if (!strcmp(key, "command") && !e->used)
				split_command(e, val);
		} else {
			while (*p && *p != ',' && *p != '}')
				p++;
		}
		p = p ? skip_ws(p) : NULL;
	}
	return p && *p == '}' ? p + 1 : NULL;
}

/* dir/path, unless path is absolute. */
static void absolute(const char *dir, const char *path, char *out, size_t len)
{
	if (path[0] == '/')
		snprintf(out, len, "%s", path);
	else
		snprintf(out, len, "%s/%s", dir, path);
}

/* The entry's flags that matter to a build of the file into a shared
 * object, onto p->ccdb_args. */
static void take_flags(const struct entry *e, struct sc_project *p)
{
	static const char *const drop1[] = { "-c", "-MD", "-MMD", "-MP", "-fPIE", "-fpie", "-pie",
					     "-Werror", "--coverage", "-flto", NULL };
	static const char *const drop2[] = { "-o", "-MF", "-MT", "-MQ", NULL };
	static const char *const paths[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include",
					     "-imacros", NULL };
	const char *w = e->words;
	char path[2 * PATH_MAX];
	int first = 1;

	p->nccdb = 0;
	for (; *w && p->nccdb < SC_PROJECT_ARGS - 2; w += strlen(w) + 1) {
		int skip = first, pathy = -1;

		first = 0;
		for (int i = 0; drop1[i]; i++)
			skip |= !strcmp(w, drop1[i]);
		skip |= !strncmp(w, "-Werror", 7) || !strncmp(w, "-fsanitize", 10) ||
			!strncmp(w, "-flto", 5) || !strncmp(w, "-fvisibility", 12) ||
			!strncmp(w, "-fprofile", 9) || !strncmp(w, "-Wl,", 4) || !strncmp(w, "-l", 2) ||
			!strncmp(w, "-L", 2) || !strncmp(w, "-M", 2) || w[0] != '-';
		for (int i = 0; drop2[i]; i++)
			if (!strcmp(w, drop2[i])) {
				skip = 2;
				break;
			}
		if (skip) {
			if (skip == 2 && w[strlen(w) + 1])
				w += strlen(w) + 1;
			continue;
		}
		for (int i = 0; paths[i]; i++)
			if (!strncmp(w, paths[i], strlen(paths[i])))
				pathy = i;
		if (pathy >= 0 && w[strlen(paths[pathy])] == 0 && w[strlen(w) + 1]) {
			/* "-I DIR": the flag, then its path. */
			p->ccdb_args[p->nccdb++] = sc_project_keep(p, w);
			w += strlen(w) + 1;
			absolute(e->dir, w, path, sizeof(path));
			p->ccdb_args[p->nccdb++] = sc_project_keep(p, path);
		} else if (pathy >= 0 && w[strlen(paths[pathy])]) {
			char joined[2 * PATH_MAX + 16];

			absolute(e->dir, w + strlen(paths[pathy]), path, sizeof(path));
			snprintf(joined, sizeof(joined), "%s%s", paths[pathy], path);
			p->ccdb_args[p->nccdb++] = sc_project_keep(p, joined);
		} else {
			p->ccdb_args[p->nccdb++] = sc_project_keep(p, w);
		}
	}
	p->ccdb_args[p->nccdb] = NULL;
	for (int i = 0; i < p->nccdb; i++)
		if (!p->ccdb_args[i])
			p->nccdb = 0;
}

int sc_ccdb_flags(const char *json, const char *file, struct sc_project *p)
{
	char *text = sc_read_file(json), *dir = strdup(file), real[PATH_MAX];
	struct entry *e = malloc(sizeof(*e)), *same_dir = malloc(sizeof(*same_dir));
	const char *at;
	int found = 0, near = 0;

	if (!text || !dir || !e || !same_dir) {
		free(text), free(dir), free(e), free(same_dir);
		return -1;
	}
	*strrchr(dir, '/') = 0;
	at = strchr(text, '[');
	for (at = at ? skip_ws(at + 1) : NULL; at && *at == '{' && !found; at = skip_ws(at)) {
		char path[2 * PATH_MAX], *slash;

		at = object_at(at, e);
		if (!at)
			break;
		absolute(e->dir, e->file, path, sizeof(path));
		if (!realpath(path, real))
			continue;
		found = !strcmp(real, file);
		slash = strrchr(real, '/');
		if (!found && !near && slash && (*slash = 0, !strcmp(real, dir))) {
			memcpy(same_dir, e, sizeof(*e));
			near = 1;
		}
	}
	if (found || near)
		take_flags(found ? e : same_dir, p);
	free(text), free(dir), free(e), free(same_dir);
	return (found || near) && p->nccdb >= 0 ? 1 : 0;
}
