/* citems.c - a C file's top-level items, by a brace-matching scan that
 * skips comments, literals and preprocessor lines: no parser, what the
 * kernel-tree build and the build of a function alone share (kfuncs.h). */
#include <ctype.h>
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

size_t sc_c_skip_noise(const char *t, size_t i, int line_start, int *line)
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
		/* A directive, with its continuation lines (and comments that
		 * run past its end: their newlines are the directive's). */
		while (t[i] && t[i] != '\n') {
			if (t[i] == '\\' && t[i + 1] == '\n') {
				*line += 1, i += 2;
			} else if (t[i] == '/' && (t[i + 1] == '*' || t[i + 1] == '/')) {
				size_t j = sc_c_skip_noise(t, i, 0, line);

				i = j > i ? j : i + 1;
			} else {
				i++;
			}
		}
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
		"__assume_aligned", "typeof", "__typeof__", "_Alignas", "__counted_by",
		"__declspec", "__asm__", "asm", "__asm", NULL,
	};

	for (int i = 0; words[i]; i++)
		if (strlen(words[i]) == n && !memcmp(words[i], w, n))
			return 1;
	return 0;
}

static int is_word(const char *w, size_t n, const char *word)
{
	return strlen(word) == n && !memcmp(w, word, n);
}

static void add_name(struct sc_kitem *it, const char *w, size_t n)
{
	size_t have = strlen(it->names);

	if (sc_kitem_defines(it, w, n) || have + n + 2 >= sizeof(it->names))
		return;
	if (!have)
		it->names[have++] = ' ';
	memcpy(it->names + have, w, n);
	it->names[have + n] = ' ';
	it->names[have + n + 1] = 0;
}

int sc_kitem_defines(const struct sc_kitem *it, const char *name, size_t n)
{
	for (const char *p = it->names; (p = strstr(p, " ")) && p[1]; p++)
		if (!strncmp(p + 1, name, n) && p[1 + n] == ' ')
			return 1;
	return 0;
}

/* The next significant character at or after t[i] (0 at the end). */
static char next_sig(const char *t, size_t i, size_t end)
{
	int line = 0;

	while (i < end) {
		size_t j = sc_c_skip_noise(t, i, t[i] == '#' && (i == 0 || t[i - 1] == '\n'), &line);

		if (j != i && t[i] != '"' && t[i] != '\'') {
			i = j;
		} else if (isspace((unsigned char)t[i])) {
			i++;
		} else {
			return t[i];
		}
	}
	return 0;
}

/* What a declaration defines: declarators at depth 0 (the name before ';',
 * ',', '[', '=' or a prototype's '('; (*name) of a function pointer),
 * struct, union and enum tags given a body, enum constants. */
static void decl_names(const char *t, struct sc_kitem *it)
{
	size_t i = it->start;
	int line = 0, paren = 0, brace = 0, tag = 0, pending_enum = 0, enum_at = -1, enumr = 0;
	int init = 0, has_data = 0, has_func = 0;
	char prev = 0;

	while (i < it->end) {
		size_t j = sc_c_skip_noise(t, i, t[i] == '#' && (i == 0 || t[i - 1] == '\n'), &line);

		if (j != i) {
			i = j, prev = '"';
			continue;
		}
		if (isspace((unsigned char)t[i])) {
			i++;
			continue;
		}
		if (ident_start((unsigned char)t[i])) {
			const char *w = t + i;
			size_t n;
			char nx;

			for (j = i; j < it->end && ident_char((unsigned char)t[j]); j++)
				;
			n = j - i;
			nx = next_sig(t, j, it->end);
			if (tag) {
				if (nx == '{')
					add_name(it, w, n);
				tag = 0;
			} else if (is_word(w, n, "struct") || is_word(w, n, "union") ||
				   is_word(w, n, "enum")) {
				tag = 1, it->type = 1, pending_enum = w[0] == 'e';
			} else if (is_word(w, n, "typedef")) {
				it->type = 1;
			} else if (brace && brace == enum_at && enumr && !paren) {
				add_name(it, w, n);
				enumr = 0;
			} else if (!brace && !init && !paren && nx == '(' && !decoration(w, n)) {
				add_name(it, w, n);
				has_func = 1;
			} else if (!brace && !init && !paren && nx && strchr(";,[=", nx)) {
				add_name(it, w, n);
				has_data = 1;
			} else if (!brace && !init && paren == 1 && prev == '*' && nx == ')') {
				add_name(it, w, n);
				has_data = 1;
			}
			i = j, prev = 'a';
			continue;
		}
		switch (t[i]) {
		case '(': case '[':
			paren++;
			break;
		case ')': case ']':
			paren--;
			break;
		case '{':
			brace++;
			if (pending_enum)
				enum_at = brace, enumr = 1;
			pending_enum = 0;
			break;
		case '}':
			if (brace == enum_at)
				enum_at = -1;
			brace--;
			break;
		case '=':
			if (!brace && !paren)
				init = 1;
			break;
		case ',':
			if (!brace && !paren)
				init = 0;
			if (brace && brace == enum_at && !paren)
				enumr = 1;
			break;
		}
		prev = t[i++];
	}
	it->proto = has_func && !has_data && !it->type;
}

static struct sc_kitem *new_item(struct sc_kfile *k, enum sc_kitem_kind kind, size_t start,
				 int line)
{
	struct sc_kitem *it;

	if (k->nit >= SC_KITEMS_MAX)
		return NULL;
	it = &k->it[k->nit++];
	memset(it, 0, sizeof(*it));
	it->kind = kind, it->start = start, it->line = line;
	return it;
}

/* A directive at t[i..j): its kind, and the name a #define or #undef gives. */
static void directive(struct sc_kfile *k, size_t i, size_t j, int line)
{
	const char *t = k->text, *w = t + i + 1;
	struct sc_kitem *it;
	size_t n;

	while (*w == ' ' || *w == '\t')
		w++;
	for (n = 0; ident_char((unsigned char)w[n]); n++)
		;
	if (is_word(w, n, "define") || is_word(w, n, "undef"))
		it = new_item(k, SC_KI_DEFINE, i, line);
	else if (is_word(w, n, "include") || is_word(w, n, "include_next"))
		it = new_item(k, SC_KI_INCLUDE, i, line);
	else if (n >= 2 && (!memcmp(w, "if", 2) || is_word(w, n, "elif") || is_word(w, n, "else") ||
			    is_word(w, n, "endif")))
		it = new_item(k, SC_KI_COND, i, line);
	else
		it = new_item(k, SC_KI_PP, i, line);
	if (!it)
		return;
	it->end = j;
	if (it->kind == SC_KI_DEFINE) {
		w += n;
		while (*w == ' ' || *w == '\t')
			w++;
		for (n = 0; ident_char((unsigned char)w[n]); n++)
			;
		add_name(it, w, n);
	}
}

int sc_kfile_scan(struct sc_kfile *k)
{
	const char *t = k->text;
	size_t i = 0, item = (size_t)-1, lastw = 0, lastn = 0;
	int line = 1, item_line = 0, depth = 0, line_start = 1, named = 0, body = 0;
	/* K&R definitions: name(a, b) then the parameters' declarations,
	 * each ending in ';', before the body. */
	int idlist = 0, after_list = 0, knr = 0;
	char name[64] = "", last = 0;

	k->it = calloc(SC_KITEMS_MAX, sizeof(*k->it));
	if (!k->it)
		return -1;
	k->ok = 1;
	while (t[i]) {
		size_t j;
		int at = line;

		if (t[i] == '\n') {
			line++, i++, line_start = 1;
			continue;
		}
		if (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\f') {
			i++;
			continue;
		}
		j = sc_c_skip_noise(t, i, line_start, &line);
		if (line_start && t[i] == '#' && depth == 0)
			directive(k, i, j, at);
		line_start = 0;
		if (j != i && t[i] != '"' && t[i] != '\'') {
			i = j;
			continue;
		}
		if (item == (size_t)-1) {
			item = i, item_line = line, named = 0, lastn = 0, name[0] = 0;
			idlist = after_list = knr = 0;
		}
		if (j != i) {        /* a literal: significant, nothing to learn */
			i = j, last = '"';
			continue;
		}
		if (after_list) {
			knr = idlist && ident_start((unsigned char)t[i]);
			after_list = 0;
		}
		if (depth == 1 && named && idlist && !ident_char((unsigned char)t[i]) && t[i] != ',' &&
		    t[i] != ')')
			idlist = 0;
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
				idlist = 1;
			}
			depth++;
			break;
		case '[':
			depth++;
			break;
		case '{':
			if (depth == 0 && (last == ')' || knr) && named)
				body = 1;
			depth++;
			break;
		case ')':
		case ']':
			depth--;
			after_list = depth == 0 && named && idlist && t[i] == ')' && !body;
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
			if (depth == 0 && knr)
				break;
			if (depth == 0) {
				struct sc_kitem *it = new_item(k, SC_KI_DECL, item, item_line);

				if (it) {
					it->end = i + 1;
					decl_names(t, it);
				}
				item = (size_t)-1, body = 0;
			}
			break;
		}
		if (depth < 0)
			k->ok = 0, depth = 0;
		last = t[i++];
	}
	if (depth != 0)
		k->ok = 0;
	return 0;
}
