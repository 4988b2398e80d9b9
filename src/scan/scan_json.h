/*
 * scan_json.h - a small JSON reader for --scan-merge: a whole document
 * (RFC 8259: objects, arrays, strings, numbers, true, false, null) read
 * into a tree of values.  Strings are decoded as the reports write them:
 * \u00XX is the byte XX (sc_put_json_string escapes each byte of 0x7f
 * and above so), a larger code point its UTF-8.
 */
#ifndef SC_SCAN_JSON_H
#define SC_SCAN_JSON_H

#include <stddef.h>

enum sc_json_type { SC_JNULL, SC_JBOOL, SC_JNUM, SC_JSTR, SC_JARR, SC_JOBJ };

struct sc_json {
	enum sc_json_type type;
	double num;              /* a number's value; a boolean's 0 or 1 */
	char *str;               /* a string's bytes (NUL-terminated); a number's text */
	char *key;               /* a member of an object: its name */
	struct sc_json *kid;     /* an array's items, an object's members */
	size_t nkid;
};

/* text (NUL-terminated) as one JSON value into *v; 0, or -1 with where it
 * stops being JSON (line and what) in err.  Free with sc_json_free. */
int sc_json_parse(const char *text, struct sc_json *v, char *err, size_t errlen);

void sc_json_free(struct sc_json *v);

/* An object's member named key, or NULL (also when v is not an object). */
const struct sc_json *sc_json_get(const struct sc_json *v, const char *key);

/* A member's string (NULL for null or another type), number (def for
 * none), boolean (0 for none). */
const char *sc_json_str(const struct sc_json *v, const char *key);
double sc_json_num(const struct sc_json *v, const char *key, double def);
int sc_json_bool(const struct sc_json *v, const char *key);

#endif
