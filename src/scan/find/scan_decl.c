/*
 * scan_decl.c - what a definition's text says, for --scan: its return
 * type (an integer a word wide or narrower, a pointer, nothing), whether
 * it is static, and whether its parameters have a bounded copy's shape
 * (char *dst, const char *src, an integer count).  The words are read as
 * written, macros unexpanded: a project's own typedef of a return type
 * is taken for a word-wide integer.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../scan.h"

static int ident(int ch) { return isalnum(ch) || ch == '_'; }

/* The return type's words: what the function returns, whether it is static. */
static enum sc_ret_kind ret_kind(const char *t, size_t n)
{
	static const char *const wide[] = { "long", "size_t", "ssize_t", "gsize", "gssize",
		"ptrdiff_t", "intptr_t", "uintptr_t", "off_t", "int64_t", "uint64_t", "u64",
		"s64", NULL };
	static const char *const narrow[] = { "int", "unsigned", "gint", "guint", "int32_t",
		"uint32_t", "u_int", "u32", "s32", "uint", "short", "char", "bool", "_Bool",
		NULL };
	int any = 0, is_wide = 0, is_narrow = 0, is_void = 0, star = 0, depth = 0;

	for (size_t i = 0; i < n;) {
		if (t[i] == '(' || t[i] == ')') {
			depth += t[i] == '(' ? 1 : -1;
			i++;
		} else if (depth == 0 && t[i] == '*') {
			star = 1;
			i++;
		} else if (ident((unsigned char)t[i])) {
			size_t k = i;
			char w[64];

			while (k < n && ident((unsigned char)t[k]))
				k++;
			snprintf(w, sizeof(w), "%.*s", (int)(k - i), t + i);
			i = k;
			if (depth)
				continue;
			if (!strcmp(w, "void"))
				is_void = 1;
			for (int j = 0; wide[j]; j++)
				is_wide |= !strcmp(w, wide[j]);
			for (int j = 0; narrow[j]; j++)
				is_narrow |= !strcmp(w, narrow[j]);
			any |= strcmp(w, "static") && strcmp(w, "inline") && strcmp(w, "extern") &&
			       strncmp(w, "__", 2);
		} else {
			i++;
		}
	}
	if (star)
		return SC_RET_PTR;
	if (is_void)
		return SC_RET_VOID;
	if (is_wide)
		return SC_RET_INT;
	if (is_narrow || !any)
		return SC_RET_INT32;  /* no type at all: K&R's implicit int */
	return SC_RET_INT;       /* a typedef of the project's: a word wide */
}

static int has_word(const char *p, size_t n, const char *const *words)
{
	for (int j = 0; words[j]; j++) {
		size_t wl = strlen(words[j]);

		for (size_t i = 0; i + wl <= n; i++)
			if (!memcmp(p + i, words[j], wl) && (i == 0 || !ident((unsigned char)p[i - 1])) &&
			    (i + wl == n || !ident((unsigned char)p[i + wl])))
				return 1;
	}
	return 0;
}

static const char *const chars[] = { "char", "u_char", "uchar", "gchar", "guchar", "u8",
				     "uint8_t", "int8_t", "xmlChar", "TCHAR", "Char", "char_u", NULL };

/* One parameter's kind, from its text (a name alone: K&R's). */
static enum sc_ptype ptype(const char *p, size_t n, int *known_int)
{
	static const char *const cst[] = { "const", "yyconst", NULL };
	static const char *const vd[] = { "void", NULL };
	static const char *const bad[] = { "float", "double", "struct", "union", "wchar_t",
		"va_list", NULL };
	static const char *const ints[] = { "size_t", "gsize", "ssize_t", "int", "unsigned",
		"long", "u_int", "uint", "socklen_t", "uint32_t", "u32", "uint64_t", "DWORD",
		"short", "char", "signed", "int32_t", "int64_t", "u64", "ptrdiff_t", NULL };
	size_t stars = 0, words = 0, star_at = n, depth = 0;

	*known_int = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '(')
			depth++;
		else if (p[i] == ')')
			depth--;
		else if (p[i] == '*' && !depth) {
			stars++;
			if (star_at == n)
				star_at = i;
		} else if (p[i] == '[' && !depth) {
			stars++;  /* char dst[]: a pointer */
			if (star_at == n)
				star_at = i;
		} else if (ident((unsigned char)p[i]) && (i == 0 || !ident((unsigned char)p[i - 1]))) {
			words++;
		}
	}
	if (memchr(p, '(', n))
		return SC_P_OTHER;  /* a function pointer */
	if (stars == 0) {
		if (words == 1 && !has_word(p, n, ints) && !has_word(p, n, bad))
			return SC_P_BARE;
		if (has_word(p, n, bad) && !memchr(p, '*', n))
			return SC_P_OTHER;
		*known_int = has_word(p, n, ints);
		return SC_P_INT;
	}
	if (stars > 1)
		return SC_P_OTHER;
	/* What the star points to: the words before it. */
	int c = has_word(p, star_at, cst);

	if (has_word(p, star_at, chars))
		return c ? SC_P_CCHAR : SC_P_CHAR;
	if (has_word(p, star_at, vd))
		return c ? SC_P_CVOID : SC_P_VOID;
	if (has_word(p, star_at, bad))
		return SC_P_OTHER;
	return c ? SC_P_CPTR : SC_P_PTR;
}

/* The parameter list: how many, each one's kind, the copy's shape
 * (char *, const char *, an integer). */
static void params(const char *p, size_t n, struct sc_scan_fn *fn)
{
	const char *part[8];
	size_t plen[8];
	int np = 0, depth = 0, known[8] = { 0 };
	size_t start = 0, k = 0;

	for (size_t i = 0; i <= n; i++) {
		if (i < n && (p[i] == '(' || p[i] == '['))
			depth++;
		else if (i < n && (p[i] == ')' || p[i] == ']'))
			depth--;
		else if ((i == n || (p[i] == ',' && depth == 0))) {
			if (np < 8) {
				part[np] = p + start;
				plen[np] = i - start;
			}
			np++;
			start = i + 1;
		}
	}
	static const char *const vd[] = { "void", NULL };
	if (np == 1 && (strspn(part[0], " \t\n") >= plen[0] ||
			(has_word(part[0], plen[0], vd) && !memchr(part[0], '*', plen[0]))))
		np = 0;
	fn->nparams = np;
	for (int i = 0; i < np && i < 8; i++)
		fn->ptype[i] = (unsigned char)ptype(part[i], plen[i], &known[i]);
	/* The list as written, blanks folded, for the report. */
	for (size_t i = 0; i < n && k + 1 < sizeof(fn->params); i++) {
		if (!isspace((unsigned char)p[i]))
			fn->params[k++] = p[i];
		else if (k && fn->params[k - 1] != ' ')
			fn->params[k++] = ' ';
	}
	while (k && fn->params[k - 1] == ' ')
		k--;
	fn->params[k] = 0;
	/* The shape a name that says nothing must have: char-like pointers
	 * and a known integer type. */
	fn->shape = np == 3 && fn->ptype[0] == SC_P_CHAR &&
		    (fn->ptype[1] == SC_P_CHAR || fn->ptype[1] == SC_P_CCHAR) &&
		    fn->ptype[2] == SC_P_INT && known[2];
}

/* Fill fn from a definition's pieces of text; 1 to keep it. */
int sc_scan_fill(struct sc_scan_fn *fn, const struct sc_scan_piece *p)
{
	char nm[128];

	if (p->nlen >= sizeof(nm))
		return 0;
	memset(fn, 0, sizeof(*fn));
	snprintf(nm, sizeof(nm), "%.*s", (int)p->nlen, p->name);
	fn->named = sc_api_from_symbol(nm, &fn->name_api) == 0;
	if (p->is_asm) {
		if (!fn->named)
			return 0;
		fn->is_asm = 1;
		fn->nparams = -1;
		fn->ret = SC_RET_UNKNOWN;
		fn->is_static = !p->exported;
	} else {
		static const char *const st[] = { "static", NULL };
		const char *dot = strrchr(p->path, '.');

		fn->ret = ret_kind(p->rt, p->rlen);
		fn->is_static = has_word(p->dt, p->dlen, st) || (dot && !strcmp(dot, ".h"));
		params(p->pt, p->plen, fn);
		/* A name that says nothing: only the copy's shape is probed. */
		if (!fn->named && !fn->shape)
			return 0;
		/* A name that holds one of the eight but takes no dest and src
		 * (test_strlcpy_unescape(int *, int *)): not a copy at all. */
		if (fn->named && fn->nparams < 3)
			return 0;
	}
	snprintf(fn->file, sizeof(fn->file), "%s", p->path);
	snprintf(fn->name, sizeof(fn->name), "%s", nm);
	return 1;
}
