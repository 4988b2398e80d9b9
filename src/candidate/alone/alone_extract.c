/* alone_extract.c - the unit a function is built alone from: the prelude,
 * then each part of the tree blanked to what is needed (alone.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alone.h"

/* What a function of a string-handling file may take from the C library. */
static const char *const prelude[] = {
	"stddef.h", "stdint.h", "stdarg.h", "stdbool.h", "limits.h", "sys/types.h", "string.h",
	"strings.h", "stdlib.h", "errno.h", "ctype.h", "stdio.h", "unistd.h", "wchar.h", NULL,
};

int sc_alone_listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; (p = strchr(p, ' ')) && p[1]; p++)
		if (!strncmp(p + 1, name, n) && p[1 + n] == ' ')
			return 1;
	return 0;
}

void sc_alone_list_add(char *list, size_t len, const char *name)
{
	size_t have = strlen(list);

	if (sc_alone_listed(list, name))
		return;
	snprintf(list + have, len - have, "%s%s ", have ? "" : " ", name);
}

int sc_alone_add(struct sc_alone *a, const char *path, const char *name, int main)
{
	struct sc_alone_part *p = NULL;

	for (int i = 0; i < a->nparts; i++)
		if (!strcmp(a->part[i].path, path))
			p = &a->part[i];
	if (!p) {
		if (a->nparts >= SC_ALONE_PARTS)
			return -1;
		p = &a->part[a->nparts];
		memset(p, 0, sizeof(*p));
		snprintf(p->path, sizeof(p->path), "%s", path);
		p->k = calloc(1, sizeof(*p->k));
		if (!p->k || sc_kfile_load(p->k, path) != 0) {
			free(p->k);
			p->k = NULL;
			return -1;
		}
		p->main = main;
		if (!strncmp(path, a->root, strlen(a->root)) && path[strlen(a->root)] == '/')
			snprintf(p->rel, sizeof(p->rel), "%s", path + strlen(a->root) + 1);
		else
			snprintf(p->rel, sizeof(p->rel), "%s", path);
		a->nparts++;
	}
	sc_alone_list_add(p->roots, sizeof(p->roots), name);
	return 0;
}

void sc_alone_free(struct sc_alone *a)
{
	for (int i = 0; i < a->nparts; i++)
		if (a->part[i].k) {
			sc_kfile_free(a->part[i].k);
			free(a->part[i].k);
		}
	a->nparts = 0;
}

/* Blank the words that keep the function out of the shared object's
 * symbols (static, inline) before its name: it is the one checked. */
static void export_root(struct sc_kfile *k, const struct sc_kfunc *f)
{
	static const char *const words[] = { "static", "inline", "__inline", "__inline__",
					     "__always_inline", "_Static_inline", NULL };
	char *t = k->text;

	for (size_t i = f->start; i < f->end && t[i] != '('; i++) {
		size_t n = 0;

		if (!isalpha((unsigned char)t[i]) && t[i] != '_')
			continue;
		while (isalnum((unsigned char)t[i + n]) || t[i + n] == '_')
			n++;
		for (int w = 0; words[w]; w++)
			if (strlen(words[w]) == n && !memcmp(t + i, words[w], n))
				memset(t + i, ' ', n);
		i += n - 1;
	}
}

/* Rewrite a directive in place (same length, its newlines kept). */
static void rewrite(struct sc_kfile *k, const struct sc_kitem *it, const char *with)
{
	size_t n = strlen(with);

	for (size_t p = it->start; p < it->end; p++)
		if (k->text[p] != '\n')
			k->text[p] = p - it->start < n ? with[p - it->start] : ' ';
}

static const char *directive_word(const struct sc_kfile *k, const struct sc_kitem *it)
{
	const char *w = k->text + it->start + 1;

	while (*w == ' ' || *w == '\t')
		w++;
	return w;
}

/* The #if groups open at offset at, and the branch of each that holds it:
 * conditions recorded in a->cond, and, when force, every branch of a group
 * before the one that holds it made false and that one true. */
static void open_conditions(struct sc_alone *a, struct sc_kfile *k, size_t at, int force)
{
	int stack[64][16], nb[64], depth = 0;

	for (int i = 0; i < k->nit && k->it[i].start < at; i++) {
		const struct sc_kitem *it = &k->it[i];
		const char *w;

		if (it->kind != SC_KI_COND)
			continue;
		w = directive_word(k, it);
		if (!strncmp(w, "if", 2) && depth < 64) {
			nb[depth] = 0;
			stack[depth][nb[depth]++] = i;
			depth++;
		} else if (!strncmp(w, "endif", 5)) {
			depth -= depth > 0;
		} else if (depth > 0 && nb[depth - 1] < 16) {
			stack[depth - 1][nb[depth - 1]++] = i;
		}
	}
	a->cond[0] = 0;
	for (int d = 0; d < depth; d++) {
		const struct sc_kitem *cur = &k->it[stack[d][nb[d] - 1]];
		size_t n = strlen(a->cond);

		snprintf(a->cond + n, sizeof(a->cond) - n, "%s%.*s", n ? ", " : "",
			 (int)strcspn(k->text + cur->start, "\n"), k->text + cur->start);
		if (!force)
			continue;
		for (int b = 0; b < nb[d]; b++) {
			const struct sc_kitem *it = &k->it[stack[d][b]];
			int last = b == nb[d] - 1;

			if (!strncmp(directive_word(k, it), "else", 4))
				continue;
			rewrite(k, it, b == 0 ? (last ? "#if 1" : "#if 0") : (last ? "#elif 1" : "#elif 0"));
		}
	}
}

/* Is the directive at w (past '#') an #include "..."? */
static int quoted(const char *w)
{
	w += strcspn(w, " \t\"<");
	w += strspn(w, " \t");
	return *w == '"';
}

/* Open another file's include guard: a system header may use the same
 * name (dietlibc's sys/cdefs.h and glibc's both guard with _SYS_CDEFS_H). */
static void open_guard(struct sc_kfile *k)
{
	const char *w, *g;
	size_t n;

	if (k->nit < 2 || k->it[0].kind != SC_KI_COND || k->it[1].kind != SC_KI_DEFINE)
		return;
	w = directive_word(k, &k->it[0]);
	if (strncmp(w, "ifndef", 6))
		return;
	g = w + 6 + strspn(w + 6, " \t");
	n = strcspn(g, " \t\n");
	if (sc_kitem_defines(&k->it[1], g, n))
		rewrite(k, &k->it[0], "#if 1");
}

/* Mark what part p needs and what is left out of it. */
static void select_part(struct sc_alone *a, struct sc_alone_part *p)
{
	struct sc_kfile *k = p->k;
	const char *roots[64];
	char names[512], *save = NULL, *w;
	int nr = 0;

	snprintf(names, sizeof(names), "%s", p->roots);
	for (w = strtok_r(names, " ", &save); w && nr < 63; w = strtok_r(NULL, " ", &save))
		roots[nr++] = w;
	roots[nr] = NULL;
	if (!p->main)
		open_guard(k);
	for (int i = 0; i < k->n; i++)
		k->f[i].needed = 0;
	for (int i = 0; i < k->nit; i++)
		k->it[i].needed = 0;
	sc_kfile_need(k, roots);
	for (int i = 0; i < k->n; i++) {
		k->f[i].drop = !k->f[i].needed;
		if (k->f[i].needed)
			sc_alone_list_add(a->hidden, sizeof(a->hidden), k->f[i].name);
		if (p->main && !strcmp(k->f[i].name, a->fn))
			export_root(k, &k->f[i]);
	}
	for (int i = 0; i < k->nit; i++) {
		struct sc_kitem *it = &k->it[i];
		const char *w = directive_word(k, it);

		if (it->kind == SC_KI_DECL)
			it->drop = !it->needed;
		else if (it->kind == SC_KI_DEFINE)
			it->drop = !p->main && !it->needed;
		else if (it->kind == SC_KI_INCLUDE)
			it->drop = it->drop || !p->main || (quoted(w) && !a->keep_quoted);
		else if (it->kind == SC_KI_PP)
			it->drop = !strncmp(w, "error", 5) || !strncmp(w, "warning", 7);
	}
}

int sc_alone_write(struct sc_alone *a, const char *path)
{
	FILE *f = fopen(path, "w");
	char *w;

	if (!f)
		return -1;
	a->hidden[0] = 0;
	for (int i = 0; i < a->nparts; i++)
		select_part(a, &a->part[i]);
	sc_alone_list_add(a->hidden, sizeof(a->hidden), a->symbol);
	for (int i = 0; i < a->nparts; i++)
		for (int j = 0; a->part[i].main && j < a->part[i].k->n; j++)
			if (!strcmp(a->part[i].k->f[j].name, a->fn)) {
				open_conditions(a, a->part[i].k, a->part[i].k->f[j].start, a->forced);
				break;
			}
	fprintf(f, "/* generated by strcheck: %s of %s built alone (docs/your-code.md) */\n"
		"#define _GNU_SOURCE 1\n", a->symbol, a->file);
	/* The unit's own functions keep their names from the library's
	 * declarations (a strlcpy that the C library declares otherwise). */
	for (char *p = a->hidden; (p = strchr(p, ' ')) && p[1]; p++)
		fprintf(f, "#define %.*s sc_libc_%.*s\n", (int)strcspn(p + 1, " "), p + 1,
			(int)strcspn(p + 1, " "), p + 1);
	for (int i = 0; prelude[i]; i++)
		if (!sc_alone_listed(a->prelude_drop, prelude[i]))
			fprintf(f, "#include <%s>\n", prelude[i]);
	for (char *p = a->hidden; (p = strchr(p, ' ')) && p[1]; p++)
		fprintf(f, "#undef %.*s\n", (int)strcspn(p + 1, " "), p + 1);
	fputs(a->types, f);
	for (char *p = a->blank; (p = strchr(p, ' ')) && p[1]; p++)
		fprintf(f, "#define %.*s\n", (int)strcspn(p + 1, " "), p + 1);
	/* Other files first, the latest found first: what a part needs was
	 * found after it. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = a->nparts - 1; i >= 0; i--) {
			if (a->part[i].main != pass)
				continue;
			w = sc_kfile_blanked(a->part[i].k);
			if (!w) {
				fclose(f);
				errno = ENOMEM;
				return -1;
			}
			fprintf(f, "#line 1 \"%s\"\n%s\n", a->part[i].path, w);
			free(w);
		}
	/* The name checked, as the file's weak_alias line would have made it. */
	if (a->fn != a->symbol)
		fprintf(f, "__typeof__(%s) %s __attribute__((alias(\"%s\")));\n", a->fn, a->symbol,
			a->fn);
	return fclose(f) == 0 ? 0 : -1;
}

/* ", NAME (what)" for each needed function, macro and type of part p. */
static void counts(const struct sc_alone *a, const struct sc_alone_part *p, char *out, size_t len)
{
	const struct sc_kfile *k = p->k;
	int helpers = 0, macros = 0, types = 0, data = 0;

	for (int i = 0; i < k->n; i++)
		helpers += k->f[i].needed && strcmp(k->f[i].name, a->fn);
	for (int i = 0; i < k->nit; i++) {
		const struct sc_kitem *it = &k->it[i];

		macros += it->needed && it->kind == SC_KI_DEFINE;
		types += it->needed && it->kind == SC_KI_DECL && it->type;
		data += it->needed && it->kind == SC_KI_DECL && !it->type && !it->proto;
	}
	snprintf(out, len, "%s%s%s%s + %d static helper%s + %d macro%s + %d type%s + %d constant%s",
		 a->symbol, a->fn != a->symbol ? " (an alias of " : "", a->fn != a->symbol ? a->fn : "",
		 a->fn != a->symbol ? ")" : "",
		 helpers, helpers == 1 ? "" : "s", macros, macros == 1 ? "" : "s", types,
		 types == 1 ? "" : "s", data, data == 1 ? "" : "s");
}

/* The main part's #include and #error lines left out, and a->left. */
static void left_out(const struct sc_alone *a, char *out, size_t len)
{
	out[0] = 0;
	for (int i = 0; i < a->nparts; i++) {
		const struct sc_kfile *k = a->part[i].k;

		for (int j = 0; a->part[i].main && j < k->nit; j++) {
			const struct sc_kitem *it = &k->it[j];
			size_t n = strlen(out);

			if (it->drop && (it->kind == SC_KI_INCLUDE || it->kind == SC_KI_PP))
				snprintf(out + n, len - n, "%s%.*s", n ? ", " : "",
					 (int)strcspn(k->text + it->start, "\n"), k->text + it->start);
		}
	}
	if (a->left[0])
		snprintf(out + strlen(out), len - strlen(out), "%s%.900s", out[0] ? ", " : "", a->left);
}

void sc_alone_describe(const struct sc_alone *a, char *out, size_t len)
{
	char c[1200];
	size_t n;

	for (int i = 0; i < a->nparts; i++)
		if (a->part[i].main)
			counts(a, &a->part[i], c, sizeof(c));
	snprintf(out, len, "built alone: %s", c);
	for (int i = 0, first = 1; i < a->nparts; i++) {
		if (a->part[i].main)
			continue;
		n = strlen(out);
		snprintf(out + n, len - n, "%s %.*s (%s)", first ? "; from the tree:" : ",",
			 (int)strlen(a->part[i].roots) - 2, a->part[i].roots + 1, a->part[i].rel);
		first = 0;
	}
	if (a->cond[0]) {
		n = strlen(out);
		snprintf(out + n, len - n, "; in its file under %s%s", a->cond,
			 a->forced ? " (taken for the check)" : "");
	}
	if (a->blank[0]) {
		n = strlen(out);
		snprintf(out + n, len - n, "; blanked:%.*s", (int)strlen(a->blank) - 1, a->blank);
	}
	if (a->types[0]) {
		n = strlen(out);
		snprintf(out + n, len - n, "; given: %s", a->types);
		for (char *p = out + n; (p = strchr(p, '\n')); )
			*p = p[1] ? ' ' : 0;
	}
	left_out(a, c, sizeof(c));
	if (c[0]) {
		n = strlen(out);
		snprintf(out + n, len - n, "; left out: %s", c);
	}
}
