/*
 * scan_lex.c - the function definitions of one C, header or assembly
 * file, as --scan finds them: no compiler (the file need not build), a
 * small lexer instead.  Comments and literals are blanked first (so a
 * brace or a name in them counts for nothing), preprocessor lines keep the
 * stack of #if conditions a definition sits under (an include guard is
 * not one), and at brace depth 0 a name followed by a parameter list and
 * a body is a definition.  Assembly: labels made global (.globl, ENTRY(),
 * SYM_FUNC_START()) whose name holds one of the eight.
 */
#include <ctype.h>
#include <string.h>

#include "../scan.h"

#define MAX_IF 32

struct lex {
	const char *path;
	char *c;                 /* the cleaned text */
	size_t len;
	char conds[MAX_IF][160];  /* the open #if's, as conditions ("" for a guard) */
	char bases[MAX_IF][160];  /* ... as first written, for #else and #elif */
	int nif;
	void (*add)(void *, const struct sc_scan_fn *);
	void (*map)(void *, const struct sc_scan_map *);
	void *ctx;
};

static int ident(int ch) { return isalnum(ch) || ch == '_'; }

/* Comments and the insides of literals to blanks, newlines kept, so that
 * offsets and line numbers stay the file's. */
static void clean(char *t, size_t n, int is_asm)
{
	for (size_t i = 0; i < n; i++) {
		if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
			for (; i < n && !(t[i] == '*' && i + 1 < n && t[i + 1] == '/'); i++)
				t[i] = t[i] == '\n' ? '\n' : ' ';
			if (i < n)
				t[i] = t[i + 1] = ' ', i++;
		} else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
			for (; i < n && t[i] != '\n'; i++)
				t[i] = ' ';
		} else if (!is_asm && (t[i] == '"' || t[i] == '\'')) {
			char q = t[i];

			for (i++; i < n && t[i] != q && t[i] != '\n'; i++) {
				if (t[i] == '\\' && i + 1 < n && t[i + 1] != '\n')
					t[i++] = ' ';
				t[i] = ' ';
			}
		}
	}
}

static unsigned line_of(const struct lex *x, size_t off)
{
	unsigned line = 1;

	for (size_t i = 0; i < off; i++)
		line += x->c[i] == '\n';
	return line;
}

/* The conditions of the open #if's, joined by " && ". */
static void cond_text(const struct lex *x, char *out, size_t size)
{
	size_t n = 0;

	out[0] = 0;
	for (int i = 0; i < x->nif && i < MAX_IF; i++)
		if (x->conds[i][0] && n < size)
			n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " && " : "", x->conds[i]);
}

/* One directive (its text from after '#', continuations joined). */
static void directive(struct lex *x, const char *d, const char *next, size_t at)
{
	char word[16] = "", arg[160];
	int k = 0;

	while (*d == ' ' || *d == '\t')
		d++;
	while (isalpha((unsigned char)*d) && k < 15)
		word[k++] = *d++;
	word[k] = 0;
	while (*d == ' ' || *d == '\t')
		d++;
	snprintf(arg, sizeof(arg), "%.*s", (int)sizeof(arg) - 1, d);  /* a long one is cut */
	for (k = (int)strlen(arg); k > 0 && isspace((unsigned char)arg[k - 1]); k--)
		arg[k - 1] = 0;
	int top = x->nif - 1;
	if (!strcmp(word, "if") || !strcmp(word, "ifdef") || !strcmp(word, "ifndef")) {
		char c[160];

		if (!strcmp(word, "ifdef"))
			snprintf(c, sizeof(c), "defined(%s)", arg);
		else if (!strcmp(word, "ifndef"))
			snprintf(c, sizeof(c), "!defined(%s)", arg);
		else
			snprintf(c, sizeof(c), "%s", arg);
		if (x->nif < MAX_IF) {
			/* An include guard: #ifndef X then #define X. */
			const char *n = next;
			int guard = 0;

			while (n && (*n == ' ' || *n == '\t' || *n == '\n'))
				n++;
			if (!strcmp(word, "ifndef") && n && *n == '#') {
				n++;
				while (*n == ' ' || *n == '\t')
					n++;
				guard = !strncmp(n, "define", 6) && !strncmp(n + 6 + strspn(n + 6, " \t"),
									      arg, strlen(arg));
			}
			snprintf(x->conds[x->nif], sizeof(x->conds[0]), "%s", guard ? "" : c);
			snprintf(x->bases[x->nif], sizeof(x->bases[0]), "%s", guard ? "" : c);
		}
		x->nif++;
	} else if (!strcmp(word, "else") && top >= 0 && top < MAX_IF && x->bases[top][0]) {
		char base[160];

		memcpy(base, x->bases[top], sizeof(base));
		snprintf(x->conds[top], sizeof(x->conds[0]), "!(%.150s)", base);
	} else if (!strcmp(word, "elif") && top >= 0 && top < MAX_IF) {
		char prev[160];

		snprintf(prev, sizeof(prev), "%s", x->bases[top]);
		snprintf(x->conds[top], sizeof(x->conds[0]), "!(%.60s) && %.80s", prev, arg);
		snprintf(x->bases[top], sizeof(x->bases[0]), "%.70s || %.80s", prev, arg);
	} else if (!strcmp(word, "endif") && x->nif > 0) {
		x->nif--;
	} else if (!strcmp(word, "define")) {
		if (x->map)
			sc_scan_define_map(x->path, line_of(x, at), arg, x->map, x->ctx);
	}
}

static void found(struct lex *x, const struct sc_scan_piece *p, size_t at)
{
	struct sc_scan_fn fn;

	if (!sc_scan_fill(&fn, p))
		return;
	fn.line = line_of(x, at);
	cond_text(x, fn.cond, sizeof(fn.cond));
	x->add(x->ctx, &fn);
}

/* A directive at c[i] ('#' at a line's start): handled, returns its end. */
static size_t skip_directive(struct lex *x, size_t i)
{
	char d[1024];
	size_t k = 0, j = i + 1;

	for (; j < x->len && !(x->c[j] == '\n' && x->c[j - 1] != '\\'); j++)
		if (k + 1 < sizeof(d))
			d[k++] = x->c[j] == '\\' || x->c[j] == '\n' ? ' ' : x->c[j];
	d[k] = 0;
	/* Runs of blanks (continuation lines) to one. */
	for (char *r = d, *w = d; ; r++) {
		if (*r == '\t')
			*r = ' ';
		if (!(*r == ' ' && w > d && w[-1] == ' '))
			*w++ = *r;
		if (!*r)
			break;
	}
	directive(x, d, j < x->len ? x->c + j : NULL, i);
	return j;
}

static int attribute_word(const char *w, size_t n)
{
	int upper = 1;

	for (size_t i = 0; i < n; i++)
		upper &= !islower((unsigned char)w[i]);
	return upper || (n > 2 && w[0] == '_' && w[1] == '_');
}

static int skipped_call(const char *w, size_t n)
{
	static const char *const words[] = { "__attribute__", "__attribute", "__declspec",
		"__asm__", "asm", "__asm", "_Alignas", "alignas", "__typeof__", "typeof",
		"sizeof", "if", "while", "for", "switch", "return", NULL };

	for (int j = 0; words[j]; j++)
		if (strlen(words[j]) == n && !memcmp(words[j], w, n))
			return 1;
	return 0;
}

static void scan_c(struct lex *x)
{
	char *c = x->c;
	size_t decl = 0, rstart = 0, name = 0, nlen = 0, pstart = 0, pend = 0;
	int depth = 0, after_params = 0;  /* 1: after a parameter list; 2: then K&R declarations */

	for (size_t i = 0; i < x->len; i++) {
		if (c[i] == '#') {
			size_t b = i;

			while (b > 0 && (c[b - 1] == ' ' || c[b - 1] == '\t'))
				b--;
			if (b == 0 || c[b - 1] == '\n') {
				i = skip_directive(x, i);
				if (depth == 0 && !after_params)
					decl = rstart = i;
				continue;
			}
		}
		if (depth > 0) {
			depth += c[i] == '{' ? 1 : c[i] == '}' ? -1 : 0;
			if (depth == 0)
				decl = rstart = i + 1;
			continue;
		}
		if (c[i] == '{') {
			size_t q = i;

			/* K&R: the parameters' declarations end in ';' before the body. */
			while (after_params == 2 && q > pend && isspace((unsigned char)c[q - 1]))
				q--;
			if (after_params == 1 || (after_params == 2 && c[q - 1] == ';')) {
				struct sc_scan_piece p = {
					.path = x->path, .name = c + name, .nlen = nlen,
					.rt = c + rstart, .rlen = name - rstart,
					.dt = c + decl, .dlen = name - decl,
					.pt = c + pstart, .plen = pend - pstart,
				};

				found(x, &p, name);
			}
			depth = 1;
			after_params = 0;
		} else if (after_params == 2 && (c[i] == ';' || c[i] == ',' || c[i] == '*' ||
						 c[i] == '[' || c[i] == ']')) {
			/* a K&R parameter's declaration goes on */
		} else if (c[i] == ';' || c[i] == '=' || c[i] == ',' || c[i] == '}') {
			after_params = 0;
			if (c[i] == ';' || c[i] == '}')
				decl = rstart = i + 1;
		} else if (ident((unsigned char)c[i])) {
			size_t k = i;

			while (k < x->len && ident((unsigned char)c[k]))
				k++;
			/* After a parameter list, a word: K&R declarations, or the
			 * list was a macro's (weak_alias(a, b) size_t f(...)). */
			if (after_params == 1 && !attribute_word(c + i, k - i))
				after_params = 2;
			i = k - 1;
		} else if (c[i] == '(') {
			size_t e = i, b = i, open = 0;

			if (after_params == 2) {
				after_params = 0;
				rstart = pend + 1;
			}

			for (; e < x->len; e++) {
				open += c[e] == '(';
				if (c[e] == ')' && --open == 0)
					break;
			}
			while (b > decl && isspace((unsigned char)c[b - 1]))
				b--;
			size_t a = b;
			while (a > decl && ident((unsigned char)c[a - 1]))
				a--;
			if (a < b && skipped_call(c + a, b - a)) {
				/* an attribute: the state before it stands */
			} else if (a < b && !isdigit((unsigned char)c[a]) && !after_params) {
				/* static: looked for in the whole declaration */
				name = a, nlen = b - a, pstart = i + 1, pend = e;
				if (rstart < decl)
					rstart = decl;
				after_params = 1;
			} else {
				after_params = 0;
			}
			i = e < x->len ? e : x->len;
		}
	}
}

static int asm_entry(const char *w, size_t n, int *exported)
{
	static const char *const macros[] = { "ENTRY", "ENTRY_NOPROFILE", "SYM_FUNC_START",
		"SYM_FUNC_START_WEAK", "FUNC", "LEAF", "GLOBAL", "WEAK", "SYM_FUNC_START_LOCAL",
		"LOCAL_ENTRY", NULL };

	for (int j = 0; macros[j]; j++)
		if (strlen(macros[j]) == n && !memcmp(macros[j], w, n)) {
			*exported = !strstr(macros[j], "LOCAL");
			return 1;
		}
	return 0;
}

/* Assembly: a label made global, or an ENTRY()-style macro, per line. */
static void scan_asm(struct lex *x)
{
	char *c = x->c;
	char globals[4096] = " ";

	/* First the names made global, wherever in the file. */
	for (size_t i = 0; i < x->len; i++) {
		if (strncmp(c + i, ".glob", 5) || (i && !isspace((unsigned char)c[i - 1])))
			continue;
		size_t a = i + 5;
		while (a < x->len && isalpha((unsigned char)c[a]))
			a++;
		a += strspn(c + a, " \t");
		size_t b = a;
		while (b < x->len && (ident((unsigned char)c[b]) || c[b] == '.'))
			b++;
		size_t n = strlen(globals);
		if (b > a && n + (b - a) + 2 < sizeof(globals))
			snprintf(globals + n, sizeof(globals) - n, "%.*s ", (int)(b - a), c + a);
	}
	for (size_t i = 0; i < x->len; i = strchr(c + i, '\n') ? (size_t)(strchr(c + i, '\n') - c) + 1 : x->len) {
		size_t a = i + strspn(c + i, " \t"), b = a;
		int exported = 0;

		if (c[a] == '#') {
			skip_directive(x, a);
			continue;
		}
		while (b < x->len && ident((unsigned char)c[b]))
			b++;
		if (b == a)
			continue;
		if (c[b] == '(' && asm_entry(c + a, b - a, &exported)) {
			size_t s = b + 1 + strspn(c + b + 1, " \t"), e = s;

			while (e < x->len && ident((unsigned char)c[e]))
				e++;
			struct sc_scan_piece p = { .path = x->path, .name = c + s, .nlen = e - s,
						   .is_asm = 1, .exported = exported };

			if (e > s)
				found(x, &p, s);
		} else if (c[b] == ':') {
			char key[140];

			snprintf(key, sizeof(key), " %.*s ", (int)(b - a) > 128 ? 128 : (int)(b - a), c + a);
			struct sc_scan_piece p = { .path = x->path, .name = c + a, .nlen = b - a,
						   .is_asm = 1, .exported = 1 };

			if (strstr(globals, key))
				found(x, &p, a);
		}
	}
}

void sc_scan_text(const char *path, char *text, size_t len,
		  void (*add)(void *ctx, const struct sc_scan_fn *fn),
		  void (*map)(void *ctx, const struct sc_scan_map *m), void *ctx)
{
	struct lex x = { .path = path, .c = text, .len = len, .add = add, .map = map, .ctx = ctx };
	const char *dot = strrchr(path, '.');
	int is_asm = dot && (!strcmp(dot, ".S") || !strcmp(dot, ".s"));

	clean(text, len, is_asm);
	if (is_asm) {
		scan_asm(&x);
	} else {
		scan_c(&x);
		if (map)
			sc_scan_alias_maps(path, text, len, map, ctx);
	}
}
