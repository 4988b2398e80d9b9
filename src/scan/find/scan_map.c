/*
 * scan_map.c - where a tree maps one of the eight names onto a function
 * of its own, for --scan (scan_sig.c reads the maps): a #define of the
 * API's name (with or without a parameter list) whose body starts with
 * another name, and the alias macros of C libraries (glibc's weak_alias
 * and strong_alias, the BSDs' __weak_alias, __strong_alias,
 * __weak_reference).  Read from the lexer's cleaned text: comments and
 * literals are blanks there.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../scan.h"

typedef void map_fn(void *, const struct sc_scan_map *);

static int ident(int ch) { return isalnum(ch) || ch == '_'; }

/* The API whose name is exactly w's n bytes, or -1. */
static int api_named(const char *w, size_t n)
{
	for (int a = 0; a < SC_API_COUNT; a++)
		if (strlen(sc_api_name((enum sc_api)a)) == n && !memcmp(sc_api_name((enum sc_api)a), w, n))
			return a;
	return -1;
}

static void add_map(map_fn *map, void *ctx, int api, const char *name, size_t n,
		    const char *path, unsigned line, const char *how)
{
	struct sc_scan_map m;

	if (api < 0 || !n || n >= sizeof(m.name) || api_named(name, n) >= 0)
		return;
	memset(&m, 0, sizeof(m));
	m.api = (enum sc_api)api;
	snprintf(m.name, sizeof(m.name), "%.*s", (int)n, name);
	snprintf(m.where, sizeof(m.where), "%s at %s:%u", how, path, line);
	map(ctx, &m);
}

/* #define strlcpy my_strlcpy, #define strlcpy(d, s, n) my_strlcpy(d, s, n). */
void sc_scan_define_map(const char *path, unsigned line, const char *d, map_fn *map, void *ctx)
{
	size_t n = 0;
	int api;

	while (ident((unsigned char)d[n]))
		n++;
	if ((api = api_named(d, n)) < 0)
		return;
	d += n;
	if (*d == '(')
		d += strcspn(d, ")") + (d[strcspn(d, ")")] == ')');
	while (*d == ' ' || *d == '(')
		d++;
	for (n = 0; ident((unsigned char)d[n]);)
		n++;
	if (n && !isdigit((unsigned char)d[0]) && (!d[n] || d[n] == ' ' || d[n] == '('))
		add_map(map, ctx, api, d, n, path, line, "#define");
}

/* weak_alias (f, strlcpy), strong_alias, and the BSDs' __weak_alias
 * (strlcpy, f), __strong_alias, __weak_reference: whichever of the two
 * names is an API's, the other is its function. */
void sc_scan_alias_maps(const char *path, const char *c, size_t len, map_fn *map, void *ctx)
{
	static const char *const words[] = { "weak_alias", "strong_alias", "__weak_alias",
		"__strong_alias", "__weak_reference", "__strong_reference", NULL };
	unsigned line = 1;

	for (size_t i = 0; i < len; i++) {
		line += c[i] == '\n';
		size_t n = 0, a, an, b, bn;

		if (!ident((unsigned char)c[i]) || (i && ident((unsigned char)c[i - 1])))
			continue;
		while (i + n < len && ident((unsigned char)c[i + n]))
			n++;
		int hit = 0;
		for (int j = 0; words[j]; j++)
			hit |= strlen(words[j]) == n && !memcmp(words[j], c + i, n);
		size_t k = i + n;
		i = k - 1;
		if (!hit)
			continue;
		k += strspn(c + k, " \t");
		if (c[k] != '(')
			continue;
		a = k + 1 + strspn(c + k + 1, " \t");
		for (an = 0; ident((unsigned char)c[a + an]);)
			an++;
		b = a + an + strspn(c + a + an, " \t");
		if (c[b] != ',')
			continue;
		b += 1 + strspn(c + b + 1, " \t\n");
		for (bn = 0; ident((unsigned char)c[b + bn]);)
			bn++;
		if (api_named(c + b, bn) >= 0)
			add_map(map, ctx, api_named(c + b, bn), c + a, an, path, line, "an alias");
		else
			add_map(map, ctx, api_named(c + a, an), c + b, bn, path, line, "an alias");
	}
}

