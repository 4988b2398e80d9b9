/*
 * scan_json.c - a JSON document read into a tree of values (scan_json.h),
 * by recursive descent, nesting at most 64 deep (a report nests 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_json.h"

#define DEPTH_MAX 64

struct rd {
	const char *p, *start;
	char *err;
	size_t errlen;
	int failed;
};

static int bad(struct rd *r, const char *what)
{
	unsigned line = 1;

	if (r->failed)
		return -1;
	for (const char *q = r->start; q < r->p; q++)
		line += *q == '\n';
	snprintf(r->err, r->errlen, "line %u: %s", line, what);
	r->failed = 1;
	return -1;
}

static void blanks(struct rd *r)
{
	while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
		r->p++;
}

/* Append the code point c: a byte below 0x100 (as the reports escape
 * bytes), else its UTF-8. */
static size_t put_code(char *o, unsigned c)
{
	if (c < 0x100)
		return o[0] = (char)c, 1;
	if (c < 0x800)
		return o[0] = (char)(0xc0 | c >> 6), o[1] = (char)(0x80 | (c & 0x3f)), 2;
	if (c < 0x10000)
		return o[0] = (char)(0xe0 | c >> 12), o[1] = (char)(0x80 | ((c >> 6) & 0x3f)),
		       o[2] = (char)(0x80 | (c & 0x3f)), 3;
	return o[0] = (char)(0xf0 | c >> 18), o[1] = (char)(0x80 | ((c >> 12) & 0x3f)),
	       o[2] = (char)(0x80 | ((c >> 6) & 0x3f)), o[3] = (char)(0x80 | (c & 0x3f)), 4;
}

static int hex4(const char *p, unsigned *c)
{
	*c = 0;
	for (int i = 0; i < 4; i++) {
		char h = p[i];
		unsigned d = h >= '0' && h <= '9' ? (unsigned)(h - '0')
			   : h >= 'a' && h <= 'f' ? (unsigned)(h - 'a' + 10)
			   : h >= 'A' && h <= 'F' ? (unsigned)(h - 'A' + 10) : 16u;

		if (d > 15)
			return -1;
		*c = *c << 4 | d;
	}
	return 0;
}

/* A string at r->p (its opening quote) into a new buffer. */
static char *string(struct rd *r)
{
	const char *q = ++r->p;
	char *out, *o;

	while (*q && *q != '"')
		q += *q == '\\' && q[1] ? 2 : 1;
	if (*q != '"')
		return bad(r, "a string does not end"), NULL;
	/* decoded, it is no longer than written (\uXXXX: 6 bytes, at most 4) */
	if (!(o = out = malloc((size_t)(q - r->p) + 1)))
		return bad(r, "out of memory"), NULL;
	while (r->p < q) {
		unsigned c = (unsigned char)*r->p++, lo;
		const char *esc = "\"\"\\\\//b\bf\fn\nr\rt\t";
		const char *e;

		if (c < 0x20)
			return free(out), bad(r, "a control character in a string"), NULL;
		if (c != '\\') {
			*o++ = (char)c;
			continue;
		}
		c = (unsigned char)*r->p++;
		if (c == 'u') {
			if (hex4(r->p, &c))
				return free(out), bad(r, "a bad \\u escape"), NULL;
			r->p += 4;
			if (c >= 0xd800 && c < 0xdc00 && r->p[0] == '\\' && r->p[1] == 'u' &&
			    !hex4(r->p + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
				r->p += 6;
			}
			o += put_code(o, c);
			continue;
		}
		for (e = esc; *e && *e != (char)c; e += 2)
			;
		if (!*e)
			return free(out), bad(r, "a bad escape in a string"), NULL;
		*o++ = e[1];
	}
	*o = 0;
	r->p = q + 1;
	return out;
}

static int value(struct rd *r, struct sc_json *v, int depth);

/* The items of an array or the members of an object, up to close. */
static int items(struct rd *r, struct sc_json *v, char close, int depth)
{
	size_t cap = 0;

	r->p++;
	blanks(r);
	if (*r->p == close)
		return r->p++, 0;
	for (;;) {
		struct sc_json *k;
		char *key = NULL;

		blanks(r);
		if (close == '}') {
			if (*r->p != '"')
				return bad(r, "expected a member's name");
			if (!(key = string(r)))
				return -1;
			blanks(r);
			if (*r->p++ != ':')
				return free(key), bad(r, "expected ':' after a member's name");
		}
		if (v->nkid == cap) {
			cap = cap ? 2 * cap : 8;
			if (!(k = realloc(v->kid, cap * sizeof(*k))))
				return free(key), bad(r, "out of memory");
			v->kid = k;
		}
		k = &v->kid[v->nkid++];
		memset(k, 0, sizeof(*k));
		k->key = key;
		if (value(r, k, depth + 1) != 0)
			return -1;
		blanks(r);
		if (*r->p == close)
			return r->p++, 0;
		if (*r->p++ != ',')
			return bad(r, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static int value(struct rd *r, struct sc_json *v, int depth)
{
	static const char *const words[] = { "null", "false", "true" };
	char *end;

	if (depth > DEPTH_MAX)
		return bad(r, "nested too deep");
	blanks(r);
	switch (*r->p) {
	case '{':
		v->type = SC_JOBJ;
		return items(r, v, '}', depth);
	case '[':
		v->type = SC_JARR;
		return items(r, v, ']', depth);
	case '"':
		v->type = SC_JSTR;
		return (v->str = string(r)) ? 0 : -1;
	}
	for (int i = 0; i < 3; i++)
		if (!strncmp(r->p, words[i], strlen(words[i]))) {
			v->type = i ? SC_JBOOL : SC_JNULL;
			v->num = i == 2;
			r->p += strlen(words[i]);
			return 0;
		}
	if (*r->p != '-' && (*r->p < '0' || *r->p > '9'))
		return bad(r, *r->p ? "expected a value" : "the text ends before its value");
	v->type = SC_JNUM;
	v->num = strtod(r->p, &end);
	/* its text too: a 64-bit seed is more than a double holds */
	if (!(v->str = strndup(r->p, (size_t)(end - r->p))))
		return bad(r, "out of memory");
	r->p = end;
	return 0;
}

int sc_json_parse(const char *text, struct sc_json *v, char *err, size_t errlen)
{
	struct rd r = { text, text, err, errlen, 0 };

	memset(v, 0, sizeof(*v));
	if (value(&r, v, 0) == 0) {
		blanks(&r);
		if (!*r.p)
			return 0;
		bad(&r, "more text after the value");
	}
	sc_json_free(v);
	return -1;
}

void sc_json_free(struct sc_json *v)
{
	for (size_t i = 0; i < v->nkid; i++)
		sc_json_free(&v->kid[i]);
	free(v->kid);
	free(v->str);
	free(v->key);
	memset(v, 0, sizeof(*v));
}

const struct sc_json *sc_json_get(const struct sc_json *v, const char *key)
{
	if (!v || v->type != SC_JOBJ)
		return NULL;
	for (size_t i = 0; i < v->nkid; i++)
		if (!strcmp(v->kid[i].key, key))
			return &v->kid[i];
	return NULL;
}

const char *sc_json_str(const struct sc_json *v, const char *key)
{
	const struct sc_json *m = sc_json_get(v, key);

	return m && m->type == SC_JSTR ? m->str : NULL;
}

double sc_json_num(const struct sc_json *v, const char *key, double def)
{
	const struct sc_json *m = sc_json_get(v, key);

	return m && m->type == SC_JNUM ? m->num : def;
}

int sc_json_bool(const struct sc_json *v, const char *key)
{
	const struct sc_json *m = sc_json_get(v, key);

	return m && m->type == SC_JBOOL && m->num != 0;
}
