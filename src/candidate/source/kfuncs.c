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
	if (sc_kfile_scan(k) != 0) {
		sc_kfile_free(k);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void sc_kfile_free(struct sc_kfile *k)
{
	free(k->text);
	free(k->it);
	k->text = NULL;
	k->it = NULL;
}

int sc_kfile_find(const struct sc_kfile *k, const char *name, size_t n)
{
	for (int i = 0; i < k->n; i++)
		if (strlen(k->f[i].name) == n && !memcmp(k->f[i].name, name, n))
			return i;
	return -1;
}

static void need_text(struct sc_kfile *k, size_t start, size_t end);

/* Every function and item that defines the name (n bytes), needed. */
static void need_name(struct sc_kfile *k, const char *name, size_t n)
{
	for (int i = 0; i < k->n; i++)
		if (!k->f[i].needed && strlen(k->f[i].name) == n && !memcmp(k->f[i].name, name, n)) {
			k->f[i].needed = 1;
			need_text(k, k->f[i].start, k->f[i].end);
		}
	for (int i = 0; i < k->nit; i++)
		if (!k->it[i].needed && k->it[i].kind != SC_KI_INCLUDE &&
		    k->it[i].kind != SC_KI_COND && sc_kitem_defines(&k->it[i], name, n)) {
			k->it[i].needed = 1;
			need_text(k, k->it[i].start, k->it[i].end);
		}
}

/* Every identifier of the code (not of its comments or literals). */
static void need_text(struct sc_kfile *k, size_t start, size_t end)
{
	const char *t = k->text;
	int line = 0;

	for (size_t i = start; i < end;) {
		size_t j = sc_c_skip_noise(t, i, 0, &line);

		if (j != i) {
			i = j;
		} else if (ident_start((unsigned char)t[i])) {
			for (j = i; ident_char((unsigned char)t[j]); j++)
				;
			need_name(k, t + i, j - i);
			i = j;
		} else {
			i++;
		}
	}
}

void sc_kfile_need(struct sc_kfile *k, const char *const *roots)
{
	for (int i = 0; roots && roots[i]; i++)
		need_name(k, roots[i], strlen(roots[i]));
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

/* Is t[p] on a preprocessor line (one whose first non-blank is '#')? */
static int pp_line(const char *t, size_t p)
{
	size_t q = p;

	while (q > 0 && t[q - 1] != '\n')
		q--;
	while (t[q] == ' ' || t[q] == '\t')
		q++;
	return t[q] == '#';
}

char *sc_kfile_blanked(const struct sc_kfile *k)
{
	char *out = malloc(k->len + 1);

	if (!out)
		return NULL;
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
	for (int i = 0; i < k->nit; i++)
		if (k->it[i].drop)
			for (size_t p = k->it[i].start; p < k->it[i].end; p++)
				if (out[p] != '\n' && (k->it[i].kind != SC_KI_DECL || !pp_line(k->text, p)))
					out[p] = ' ';
	for (size_t p = 0; p < k->len; p = strchr(out + p, '\n') ? (size_t)(strchr(out + p, '\n') - out) + 1 : k->len)
		if (dropped_export(k, out + p))
			for (size_t q = p; q < k->len && out[q] != '\n'; q++)
				out[q] = ' ';
	return out;
}

int sc_kfile_write(const struct sc_kfile *k, const char *path)
{
	char *out = sc_kfile_blanked(k);
	FILE *f;
	int rc;

	if (!out)
		return -1;
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
