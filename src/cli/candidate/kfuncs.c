#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfuncs.h"

static int ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static int ident_char(int c)
{
	return isalnum(c) || c == '_';
}

/* Past the comment, literal or preprocessor line at t[i] (one that starts
 * there), or i itself when there is none.  *line counts the newlines. */
static size_t skip_noise(const char *t, size_t i, int line_start, int *line)
{
	if (t[i] == '/' && t[i + 1] == '*') {
		for (i += 2; t[i] && !(t[i] == '*' && t[i + 1] == '/'); i++)
			*line += t[i] == '\n';
		return t[i] ? i + 2 : i;
	}
	if (t[i] == '/' && t[i + 1] == '/') {
		while (t[i] && t[i] != '\n')
			i++;
		return i;
	}
	if (t[i] == '"' || t[i] == '\'') {
		char q = t[i++];

		for (; t[i] && t[i] != q && t[i] != '\n'; i++)
			if (t[i] == '\\' && t[i + 1])
				*line += t[++i] == '\n';
		return t[i] == q ? i + 1 : i;
	}
	if (line_start && t[i] == '#') {
		/* A directive, with its continuation lines. */
		for (; t[i] && t[i] != '\n'; i++)
			if (t[i] == '\\' && t[i + 1] == '\n')
				*line += 1, i++;
		return i;
	}
	return i;
}

/* Names that take parentheses before a function's own name. */
static int decoration(const char *w, size_t n)
{
	static const char *const words[] = {
		"__attribute__", "__attribute", "__aligned", "__section", "__printf",
		"__scanf", "__alloc_size", "__realloc_size", "__malloc", "__nonnull",
		"__must_hold", "__acquires", "__releases", "__diag_ignore", "__cleanup",
		"__assume_aligned", "typeof", "__typeof__", "_Alignas", "__counted_by", NULL,
	};

	for (int i = 0; words[i]; i++)
		if (strlen(words[i]) == n && !memcmp(words[i], w, n))
			return 1;
	return 0;
}

static void scan(struct sc_kfile *k)
{
	const char *t = k->text;
	size_t i = 0, item = (size_t)-1, lastw = 0, lastn = 0;
	int line = 1, item_line = 0, depth = 0, line_start = 1, named = 0, body = 0;
	char name[64] = "", last = 0;

	k->ok = 1;
	while (t[i]) {
		size_t j;

		if (t[i] == '\n') {
			line++, i++, line_start = 1;
			continue;
		}
		if (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\f') {
			i++;
			continue;
		}
		j = skip_noise(t, i, line_start, &line);
		line_start = 0;
		if (j != i && t[i] != '"' && t[i] != '\'') {
			i = j;
			continue;
		}
		if (item == (size_t)-1) {
			item = i, item_line = line, named = 0, lastn = 0, name[0] = 0;
		}
		if (j != i) {        /* a literal: significant, nothing to learn */
			i = j, last = '"';
			continue;
		}
		if (ident_start((unsigned char)t[i])) {
			for (j = i; ident_char((unsigned char)t[j]); j++)
				;
			if (depth == 0)
				lastw = i, lastn = j - i;
			i = j, last = 'a';
			continue;
		}
		switch (t[i]) {
		case '(':
			if (depth == 0 && !named && lastn && lastn < sizeof(name) &&
			    !decoration(t + lastw, lastn)) {
				memcpy(name, t + lastw, lastn);
				name[lastn] = 0;
				named = 1;
			}
			depth++;
			break;
		case '[':
			depth++;
			break;
		case '{':
			if (depth == 0 && last == ')' && named)
				body = 1;
			depth++;
			break;
		case ')':
		case ']':
			depth--;
			break;
		case '}':
			depth--;
			if (depth == 0 && body) {
				if (k->n < SC_KFUNCS_MAX) {
					struct sc_kfunc *f = &k->f[k->n++];

					memset(f, 0, sizeof(*f));
					snprintf(f->name, sizeof(f->name), "%s", name);
					f->start = item, f->end = i + 1, f->line = item_line;
				}
				body = 0, item = (size_t)-1, last = 0;
				i++;
				continue;
			}
			break;
		case ';':
			if (depth == 0)
				item = (size_t)-1, body = 0;
			break;
		}
		if (depth < 0)
			k->ok = 0, depth = 0;
		last = t[i++];
	}
	if (depth != 0)
		k->ok = 0;
}

int sc_kfile_load(struct sc_kfile *k, const char *path)
{
	FILE *f = fopen(path, "r");
	size_t cap = 1 << 16;

	memset(k, 0, sizeof(*k));
	if (!f)
		return -1;
	k->text = malloc(cap + 1);
	while (k->text) {
		size_t got = fread(k->text + k->len, 1, cap - k->len, f);

		k->len += got;
		if (k->len < cap)
			break;
		char *bigger = realloc(k->text, 2 * cap + 1);

		if (!bigger) {
			free(k->text);
			k->text = NULL;
			break;
		}
		k->text = bigger, cap *= 2;
	}
	fclose(f);
	if (!k->text) {
		errno = ENOMEM;
		return -1;
	}
	k->text[k->len] = 0;
	scan(k);
	return 0;
}

void sc_kfile_free(struct sc_kfile *k)
{
	free(k->text);
	k->text = NULL;
}

int sc_kfile_find(const struct sc_kfile *k, const char *name, size_t n)
{
	for (int i = 0; i < k->n; i++)
		if (strlen(k->f[i].name) == n && !memcmp(k->f[i].name, name, n))
			return i;
	return -1;
}

static void need(struct sc_kfile *k, int idx)
{
	const char *t = k->text;
	int line = 0;

	if (idx < 0 || k->f[idx].needed)
		return;
	k->f[idx].needed = 1;
	/* Every identifier of its code (not of its comments) that names a
	 * function of the file. */
	for (size_t i = k->f[idx].start; i < k->f[idx].end;) {
		size_t j = skip_noise(t, i, 0, &line);

		if (j != i) {
			i = j;
		} else if (ident_start((unsigned char)t[i])) {
			for (j = i; ident_char((unsigned char)t[j]); j++)
				;
			need(k, sc_kfile_find(k, t + i, j - i));
			i = j;
		} else {
			i++;
		}
	}
}

void sc_kfile_need(struct sc_kfile *k, const char *const *roots)
{
	for (int i = 0; roots && roots[i]; i++)
		need(k, sc_kfile_find(k, roots[i], strlen(roots[i])));
}

/* Is the line at t[i] an EXPORT_SYMBOL*(name...) of a dropped function? */
static int dropped_export(const struct sc_kfile *k, const char *t)
{
	const char *p = t;
	size_t n;
	int idx;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "EXPORT_SYMBOL", 13))
		return 0;
	n = strcspn(p, "\n");
	p = memchr(p, '(', n);
	if (!p)
		return 0;
	p++;
	while (*p == ' ' || *p == '\t')
		p++;
	n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	idx = sc_kfile_find(k, p, n);
	return idx >= 0 && k->f[idx].drop;
}

int sc_kfile_write(const struct sc_kfile *k, const char *path)
{
	char *out = malloc(k->len + 1);
	FILE *f;
	int rc;

	if (!out)
		return -1;
	memcpy(out, k->text, k->len + 1);
	for (int i = 0; i < k->n; i++) {
		int line_start = 1, keep = 0;

		if (!k->f[i].drop)
			continue;
		/* Blank all but newlines and whole preprocessor lines. */
		for (size_t p = k->f[i].start; p < k->f[i].end; p++) {
			if (out[p] == '\n') {
				line_start = 1;
				if (!(p > 0 && k->text[p - 1] == '\\'))
					keep = 0;
				continue;
			}
			if (line_start) {
				size_t q = p;

				while (q > 0 && (k->text[q - 1] == ' ' || k->text[q - 1] == '\t'))
					q--;
				if ((q == 0 || k->text[q - 1] == '\n') && k->text[p] == '#')
					keep = 1;
				if (k->text[p] != ' ' && k->text[p] != '\t')
					line_start = 0;
			}
			if (!keep)
				out[p] = ' ';
		}
	}
	for (size_t p = 0; p < k->len; p = strchr(out + p, '\n') ? (size_t)(strchr(out + p, '\n') - out) + 1 : k->len)
		if (dropped_export(k, out + p))
			for (size_t q = p; q < k->len && out[q] != '\n'; q++)
				out[q] = ' ';
	f = fopen(path, "w");
	if (!f) {
		free(out);
		return -1;
	}
	rc = fwrite(out, 1, k->len, f) == k->len ? 0 : -1;
	if (fclose(f) != 0)
		rc = -1;
	free(out);
	return rc;
}
