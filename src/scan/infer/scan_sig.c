/*
 * scan_sig.c - before --scan calls a function: does its declaration fit
 * the contract's signature (how many parameters, each of a kind the API
 * takes in its place, the return's kind), and does the tree use it as one
 * of the eight (its exact name, a #define or alias of the tree mapping an
 * API's name onto it, a replacement guard such as #ifndef HAVE_STRLCPY
 * around it).  A function that fails the first is never called; one that
 * passes neither test is judged only if it behaves as the API in every
 * probe case (scan_api.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../scan.h"

/* Each API's parameters: the kinds each place takes, as a bit set. */
#define B(k) (1u << (k))
#define DST (B(SC_P_CHAR) | B(SC_P_VOID) | B(SC_P_PTR) | B(SC_P_BARE))
#define SRC (DST | B(SC_P_CCHAR) | B(SC_P_CVOID) | B(SC_P_CPTR))
#define NUM (B(SC_P_INT) | B(SC_P_BARE))

static const char *const sigs[SC_API_COUNT] = {
	"ssize_t strscpy(char *, const char *, size_t)",
	"ssize_t strscpy_pad(char *, const char *, size_t)",
	"size_t strlcpy(char *, const char *, size_t)",
	"char *strncpy(char *, const char *, size_t)",
	"size_t strlcat(char *, const char *, size_t)",
	"char *strncat(char *, const char *, size_t)",
	"char *stpncpy(char *, const char *, size_t)",
	"void *memccpy(void *, const void *, int, size_t)",
};

const char *sc_api_signature(enum sc_api api)
{
	return (unsigned)api < SC_API_COUNT ? sigs[api] : "?";
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static int returns_pointer(enum sc_api a)
{
	return a == SC_STRNCPY || a == SC_STRNCAT || a == SC_STPNCPY || a == SC_MEMCCPY;
}

int sc_scan_signature(const struct sc_scan_fn *fn, enum sc_api api, char *why, size_t size)
{
	static const unsigned copy[] = { DST, SRC, NUM }, mem[] = { DST, SRC, NUM, NUM };
	static const char *const place[] = { "the first", "the second", "the third", "the fourth" };
	const unsigned *want = api == SC_MEMCCPY ? mem : copy;
	int n = api == SC_MEMCCPY ? 4 : 3;

	why[0] = 0;
	if (fn->is_asm)
		return 1;
	if (fn->nparams != n) {
		snprintf(why, size, "takes %d parameter%s (%.150s); %s takes %d", fn->nparams,
			 fn->nparams == 1 ? "" : "s", fn->params, sigs[api], n);
		return 0;
	}
	for (int i = 0; i < n; i++)
		if (!(want[i] & B(fn->ptype[i]))) {
			snprintf(why, size, "%s parameter is not of its kind (%.150s); %s",
				 place[i], fn->params, sigs[api]);
			return 0;
		}
	/* K&R's implicit int and a project's typedef pass as integers. */
	if (fn->ret == SC_RET_VOID)
		snprintf(why, size, "returns nothing (void); %s", sigs[api]);
	else if (fn->ret == SC_RET_PTR && !returns_pointer(api))
		snprintf(why, size, "returns a pointer, not a length; %s", sigs[api]);
	else if ((fn->ret == SC_RET_INT || fn->ret == SC_RET_INT32) && returns_pointer(api))
		snprintf(why, size, "returns an integer, not a pointer; %s", sigs[api]);
	return !why[0];
}

/* The API whose upper-case name is the word's last part, after a
 * replacement guard's prefix: HAVE_STRLCPY, HAVE_DECL_STRLCPY,
 * NEED_STRLCPY, NO_STRLCPY, MISSING_STRLCPY, REPLACE_STRLCPY. */
static int guard_api(const char *w, size_t n, enum sc_api *api)
{
	static const char *const pre[] = { "HAVE_", "NEED_", "NO_", "MISSING_", "REPLACE_", NULL };
	char up[64];
	int ok = 0;

	if (n >= sizeof(up))
		return 0;
	for (size_t i = 0; i < n; i++)
		up[i] = (char)toupper((unsigned char)w[i]);
	up[n] = 0;
	for (int i = 0; pre[i]; i++)
		ok |= strstr(up, pre[i]) != NULL;
	if (!ok)
		return 0;
	for (int a = SC_API_COUNT - 1; a >= 0; a--) {
		char name[32];
		size_t l = strlen(sc_api_name((enum sc_api)a));

		for (size_t i = 0; i <= l; i++)
			name[i] = (char)toupper((unsigned char)sc_api_name((enum sc_api)a)[i]);
		/* The whole tail: HAVE_STRSCPY is not strscpy_pad's. */
		if (n > l && !strcmp(up + n - l, name) && up[n - l - 1] == '_') {
			*api = (enum sc_api)a;
			return 1;
		}
	}
	return 0;
}

enum sc_use sc_scan_uses(const struct sc_scan *sc, const struct sc_scan_fn *fn,
			 enum sc_api *api, char *where, size_t size)
{
	where[0] = 0;
	for (int a = 0; a < SC_API_COUNT; a++)
		if (!strcmp(fn->name, sc_api_name((enum sc_api)a))) {
			*api = (enum sc_api)a;
			return SC_USE_NAME;
		}
	for (size_t i = 0; i < sc->nmaps; i++)
		if (!strcmp(sc->maps[i].name, fn->name)) {
			*api = sc->maps[i].api;
			snprintf(where, size, "%s", sc->maps[i].where);
			return SC_USE_MACRO;
		}
	/* A guard names the API it replaces; the function must be that
	 * one's by its name too (sudo_strlcpy under !defined(HAVE_STRLCPY)). */
	for (const char *p = fn->cond; *p;) {
		size_t n = 0;
		enum sc_api g;

		while (ident_char(p[n]))
			n++;
		if (n && guard_api(p, n, &g) && fn->named && fn->name_api == g) {
			*api = g;
			snprintf(where, size, "%.*s", (int)n, p);
			return SC_USE_GUARD;
		}
		p += n ? n : 1;
	}
	return SC_USE_NONE;
}
