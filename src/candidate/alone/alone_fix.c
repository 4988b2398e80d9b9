/* alone_fix.c - build a function's unit, fixing what the compiler's and
 * the linker's messages name, until it builds or a reason remains
 * (alone.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/load/inspect.h"
#include "alone.h"

#define ROUNDS 40

/* Types a BSD or kernel-style file takes from headers strcheck does not
 * have, and what they are. */
static const char *const known_types[][2] = {
	{ "u_int", "unsigned int" }, { "u_char", "unsigned char" }, { "u_short", "unsigned short" },
	{ "u_long", "unsigned long" }, { "uint", "unsigned int" }, { "ushort", "unsigned short" },
	{ "ulong", "unsigned long" }, { "uchar", "unsigned char" }, { "u8", "uint8_t" },
	{ "u16", "uint16_t" }, { "u32", "uint32_t" }, { "u64", "uint64_t" }, { "s8", "int8_t" },
	{ "s16", "int16_t" }, { "s32", "int32_t" }, { "s64", "int64_t" }, { "__u8", "uint8_t" },
	{ "__u16", "uint16_t" }, { "__u32", "uint32_t" }, { "__u64", "uint64_t" },
	{ "u_int8_t", "uint8_t" }, { "u_int16_t", "uint16_t" }, { "u_int32_t", "uint32_t" },
	{ "u_int64_t", "uint64_t" }, { "boolean_t", "int" }, { "BOOL", "int" },
	{ "uintptr", "uintptr_t" }, { "word", "unsigned long" }, { NULL, NULL },
};

/* The quoted name after phrase in line ('x' or `x'), into out. */
static int quoted_after(const char *line, const char *phrase, char *out, size_t len)
{
	const char *p = strstr(line, phrase);
	size_t n;

	if (!p)
		return 0;
	p += strlen(phrase);
	while (*p == ' ')
		p++;
	if (*p != '\'' && *p != '`')
		return 0;
	p++;
	n = strcspn(p, "'`");
	if (!n || n >= len)
		return 0;
	snprintf(out, len, "%.*s", (int)n, p);
	return 1;
}

/* "PATH:LINE:COL: ..." into path, *line, *col (0 when absent). */
static int location(const char *l, char *path, size_t len, long *line, long *col)
{
	const char *p = l;

	while ((p = strchr(p, ':'))) {
		char *end;

		*line = strtol(p + 1, &end, 10);
		if (end > p + 1 && *end == ':') {
			*col = strtol(end + 1, &end, 10);
			if ((size_t)(p - l) >= len)
				return 0;
			snprintf(path, len, "%.*s", (int)(p - l), l);
			return 1;
		}
		p++;
	}
	return 0;
}

static struct sc_alone_part *part_of(struct sc_alone *a, const char *path)
{
	for (int i = 0; i < a->nparts; i++)
		if (!strcmp(a->part[i].path, path))
			return &a->part[i];
	return NULL;
}

/* The identifier that ends just before column col of line of part p. */
static int word_before(const struct sc_alone_part *p, long line, long col, char *out, size_t len)
{
	const char *t = p->k->text, *end;

	for (long l = 1; l < line && *t; t++)
		l += *t == '\n';
	if (col < 2 || (long)strcspn(t, "\n") < col - 1)
		return 0;
	end = t + col - 1;
	while (end > t && isspace((unsigned char)end[-1]))
		end--;
	for (t = end; t > p->k->text && (isalnum((unsigned char)t[-1]) || t[-1] == '_'); t--)
		;
	if (t == end || (size_t)(end - t) >= len || isdigit((unsigned char)*t))
		return 0;
	snprintf(out, len, "%.*s", (int)(end - t), t);
	return 1;
}

/* Leave out the #include at line of part p (or the standard header of the
 * prelude named in msg).  1 when something changed. */
static int drop_include(struct sc_alone *a, const char *path, long line, const char *msg)
{
	struct sc_alone_part *p = part_of(a, path);

	for (int i = 0; p && i < p->k->nit; i++)
		if (p->k->it[i].kind == SC_KI_INCLUDE && p->k->it[i].line == line && !p->k->it[i].drop)
			return p->k->it[i].drop = 1;
	if (!p) {
		char h[100];

		if (sscanf(msg, "%99[^:]", h) == 1 && !sc_alone_listed(a->prelude_drop, h)) {
			sc_alone_list_add(a->prelude_drop, sizeof(a->prelude_drop), h);
			return 1;
		}
	}
	return 0;
}

/* Find name for the unit: a type strcheck knows, a definition in the tree
 * (a function when func), or, for a word the compiler could not place
 * before a declaration's name (attr), nothing: an attribute macro, blanked.
 * 1 when the unit changed; 0 with a reason in why. */
static int resolve(struct sc_alone *a, const char *name, int func, int attr, char *why, size_t len)
{
	char path[PATH_MAX], near[PATH_MAX];

	if (sc_alone_listed(a->tried, name) || sc_alone_listed(a->blank, name)) {
		snprintf(why, len, "'%s' is still undefined with its definition from the tree", name);
		return 0;
	}
	sc_alone_list_add(a->tried, sizeof(a->tried), name);
	for (int i = 0; known_types[i][0]; i++)
		if (!strcmp(known_types[i][0], name)) {
			snprintf(a->types + strlen(a->types), sizeof(a->types) - strlen(a->types),
				 "typedef %s %s;\n", known_types[i][1], name);
			return 1;
		}
	snprintf(near, sizeof(near), "%s", a->part[0].path);
	if (strrchr(near, '/'))
		*strrchr(near, '/') = 0;
	if (!attr && (sc_alone_tree_find(a->root, near, a->part[0].path, name, func, path, sizeof(path)) ||
		      sc_alone_tree_find(a->root, near, a->part[0].path, name, !func, path,
					 sizeof(path))))
		return sc_alone_add(a, path, name, 0) == 0;
	if (attr) {
		sc_alone_list_add(a->blank, sizeof(a->blank), name);
		return 1;
	}
	snprintf(why, len, "'%s' is defined neither in %s, nor in another file of the tree %s, nor "
		 "in the standard headers", name, a->file, a->root);
	return 0;
}

/* Read one build log and change the unit.  1 changed; 0 with why. */
static int fix_round(struct sc_alone *a, const char *log, char *why, size_t len)
{
	char line[1024], path[PATH_MAX], name[128], seen[1024] = "", unplaced[300] = "";
	char from[PATH_MAX] = "";
	int changed = 0, failed = 0;
	long from_line = 0;
	const char *l = log;

	why[0] = 0;
	while (*l) {
		size_t n = strcspn(l, "\n");
		long ln = 0, col = 0;
		int err, warn;

		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) ? n : sizeof(line) - 1), l);
		l += n + (l[n] == '\n');
		/* "In file included from FILE:LINE" (and "from FILE:LINE"): the
		 * part's #include line that brought a header in. */
		if (strstr(line, "included from ") || !strncmp(line + strspn(line, " "), "from ", 5)) {
			const char *f = strstr(line, "from ") + 5;
			char fp[PATH_MAX];
			long fl;

			if (sscanf(f, "%4095[^:]:%ld", fp, &fl) == 2 && part_of(a, fp))
				snprintf(from, sizeof(from), "%s", fp), from_line = fl;
			continue;
		}
		err = strstr(line, ": error: ") || strstr(line, ": fatal error: ") ||
		      strstr(line, "undefined reference") || strstr(line, "required symbol");
		warn = strstr(line, ": warning: ") != NULL;
		if (!err && !warn)
			continue;
		if (!location(line, path, sizeof(path), &ln, &col))
			path[0] = 0;
		if (err && !why[0])
			snprintf(why, len, "%.500s", line);
		if (a->config_h && !strcmp(path, a->config_h)) {
			snprintf(a->left + strlen(a->left), sizeof(a->left) - strlen(a->left), "%s%s",
				 a->left[0] ? ", " : "", "the tree's config.h (it does not build here)");
			a->config_h = NULL;
			return 1;
		}
		/* An error inside a header of the project the part includes:
		 * that #include left out. */
		if (err && from[0] && path[0] && !part_of(a, path) && strcmp(path, a->unit) &&
		    drop_include(a, from, from_line, ""))
			return 1;
		if (strstr(line, "No such file or directory") || strstr(line, "file not found")) {
			const char *h = strstr(line, "error: ") + 7;

			h += *h == '\'';
			if (drop_include(a, path, ln, h))
				return 1;
			continue;
		}
		if (quoted_after(line, "required symbol", name, sizeof(name))) {
			if (a->forced) {
				snprintf(why, len, "%s defines no function %s that builds here", a->file, name);
				return 0;
			}
			a->forced = 1;
			return 1;
		}
		if (quoted_after(line, "conflicting types for", name, sizeof(name)) ||
		    quoted_after(line, "static declaration of", name, sizeof(name))) {
			if (sc_alone_listed(a->hidden, name))
				continue;
			snprintf(why, len, "%.500s", line);
			return 0;
		}
		/* A name of this log already looked for (the compiler's warning,
		 * then the linker's error). */
		if ((quoted_after(line, "unknown type name", name, sizeof(name)) ||
		     quoted_after(line, "error:", name, sizeof(name)) ||
		     quoted_after(line, "undeclared identifier", name, sizeof(name)) ||
		     quoted_after(line, "implicit declaration of function", name, sizeof(name)) ||
		     quoted_after(line, "call to undeclared function", name, sizeof(name)) ||
		     quoted_after(line, "undefined reference to", name, sizeof(name))) &&
		    sc_alone_listed(seen, name))
			continue;
		sc_alone_list_add(seen, sizeof(seen), name);
		if (quoted_after(line, "unknown type name", name, sizeof(name)) ||
		    quoted_after(line, "error:", name, sizeof(name)) ||
		    quoted_after(line, "undeclared identifier", name, sizeof(name))) {
			/* gcc: 'X' undeclared; clang: use of undeclared identifier 'X' */
			if (!strstr(line, "unknown type name") && !strstr(line, "undeclared"))
				goto other;
			changed |= resolve(a, name, 0, 0, why, len) ? 1 : (failed = 1, 0);
			continue;
		}
		if (quoted_after(line, "implicit declaration of function", name, sizeof(name)) ||
		    quoted_after(line, "call to undeclared function", name, sizeof(name)) ||
		    quoted_after(line, "undefined reference to", name, sizeof(name))) {
			char w2[200];

			if (resolve(a, name, 1, 0, w2, sizeof(w2)))
				changed = 1;
			else if (err)
				failed = 1, snprintf(why, len, "%s", w2);
			else if (!unplaced[0])
				snprintf(unplaced, sizeof(unplaced), "%s", w2);
			continue;
		}
other:
		if (err && strstr(line, "error: expected")) {
			struct sc_alone_part *p = part_of(a, path);

			if (p && word_before(p, ln, col, name, sizeof(name)) &&
			    !sc_alone_listed(a->blank, name)) {
				changed |= resolve(a, name, 0, 1, why, len);
				continue;
			}
		}
	}
	/* Nothing else to fix: a function the C library lacks too is the
	 * reason (the linker's message names it without saying so). */
	if (!changed && !failed && unplaced[0])
		snprintf(why, len, "%s", unplaced);
	return changed && !failed;
}

int sc_alone_own_calls(const char *so, char names[][128], int max)
{
	char notes[2048] = "";
	const char *at;
	int n = 0;

	sc_inspect(so, 1, notes, sizeof(notes));
	at = strstr(notes, "does not define: ");
	for (at = at ? at + 17 : NULL; at && n < max && sscanf(at, "%127[A-Za-z0-9_]", names[n]) == 1;) {
		size_t len = strlen(names[n]);

		n += names[n][0] == '_';
		if (at[len] != ',')
			break;
		at += len + 2;
	}
	return n;
}

/* After a build: the implementation's own functions it calls in the C
 * library, taken from the tree instead.  1 when the unit changed. */
static int take_own_calls(struct sc_alone *a, const char *so)
{
	char names[16][128], why[300];
	int n = sc_alone_own_calls(so, names, 16), changed = 0;

	for (int i = 0; i < n; i++)
		if (!sc_alone_listed(a->tried, names[i]))
			changed |= resolve(a, names[i], 1, 0, why, sizeof(why));
	return changed;
}

int sc_alone_fix(struct sc_alone *a, const struct sc_build_req *req, struct sc_build *b,
		 char *err, size_t errlen)
{
	char unit[PATH_MAX], log[PATH_MAX], req_def[128], why[600], berr[600];
	struct sc_build_req r = *req;
	const char *inputs[1] = { unit }, *pre[48];

	snprintf(unit, sizeof(unit), "%s/alone-%s.c", b->dir, a->symbol);
	a->unit = unit;
	snprintf(log, sizeof(log), "%s/alone.log", b->dir);
	snprintf(req_def, sizeof(req_def), "-Wl,--require-defined=%s", a->symbol);
	r.inputs = inputs;
	r.ninputs = 1;
	r.log = log;
	r.pre = pre;
	for (int round = 0; round < ROUNDS; round++) {
		int np = 0;
		char *text;

		pre[np++] = req_def;
		for (int i = 0; a->quote_dirs && a->quote_dirs[i] && np < 40; i++)
			pre[np++] = a->quote_dirs[i];
		if (a->config_h) {
			pre[np++] = "-include";
			pre[np++] = a->config_h;
		}
		pre[np] = NULL;
		if (sc_alone_write(a, unit) != 0) {
			snprintf(err, errlen, "cannot write %s", unit);
			return -1;
		}
		if (req->verbose)
			fprintf(stderr, "strcheck: building %s alone, round %d\n", a->symbol, round + 1);
		if (sc_build_so(&r, b, berr, sizeof(berr)) == 0) {
			if (take_own_calls(a, b->so))
				continue;
			if (sc_alone_so_defines(b->so, a->symbol))
				return 0;
			/* The C library's stood in: the file's definition is in an
			 * #if branch not taken. */
			if (a->forced) {
				snprintf(err, errlen, "%s defines no function %s that builds here", a->file,
					 a->symbol);
				return -1;
			}
			a->forced = 1;
			continue;
		}
		text = sc_read_file(log);
		if (!text) {
			snprintf(err, errlen, "%s", berr);
			return -1;
		}
		if (req->verbose)
			fputs(text, stderr);
		if (!fix_round(a, text, why, sizeof(why))) {
			free(text);
			snprintf(err, errlen, "%s", why[0] ? why : berr);
			return -1;
		}
		free(text);
	}
	snprintf(err, errlen, "still not built after %d rounds of fixes (%s)", ROUNDS, why);
	return -1;
}
