/* kdiag.c - what a kernel file's build log says about its functions
 * (kdiag.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kdiag.h"

static int ident_start(int c)
{
	return isalpha(c) || c == '_';
}

/* The function of the file at 1-based line, or -1. */
static int func_at(const struct sc_kfile *k, long line)
{
	for (int i = 0; i < k->n; i++) {
		int last = k->f[i].line;

		for (size_t p = k->f[i].start; p < k->f[i].end; p++)
			last += k->text[p] == '\n';
		if (line >= k->f[i].line && line <= last)
			return i;
	}
	return -1;
}

/* "FILE:LINE:COL: KIND: ..." / "FILE:LINE: KIND: ...": is the location in
 * file path?  Its line, else 0; -1 when the line has no location. */
static long location(const char *l, const char *kind_at, const char *path)
{
	const char *p = kind_at;
	long nums[2] = { 0, 0 };
	int got = 0;

	/* Up to two ":NUMBER" groups just before kind_at. */
	while (got < 2 && p > l) {
		const char *q = p;

		while (q > l && isdigit((unsigned char)q[-1]))
			q--;
		if (q == p || q == l || q[-1] != ':')
			break;
		nums[got++] = strtol(q, NULL, 10);
		p = q - 1;
	}
	if (!got)
		return -1;
	if ((size_t)(p - l) != strlen(path) || memcmp(l, path, (size_t)(p - l)))
		return 0;
	return got == 2 ? nums[1] : nums[0];
}

static void add_failed(struct sc_kdiag *d, int idx)
{
	for (int i = 0; i < d->nfailed; i++)
		if (d->failed[i] == idx)
			return;
	if (d->nfailed < SC_KFUNCS_MAX)
		d->failed[d->nfailed++] = idx;
}

/* The quoted name after marker in l ('x', `x', "x", or x up to ':'). */
static void quoted(const char *l, const char *marker, char *out, size_t n)
{
	const char *p = strstr(l, marker);
	size_t len;

	out[0] = 0;
	if (!p)
		return;
	p += strlen(marker);
	if (*p == '\'' || *p == '`' || *p == '"' || (unsigned char)*p == 0xe2) {
		while (*p && !ident_start((unsigned char)*p) && *p != '<' && *p != '.')
			p++;
		len = strcspn(p, "'`\"\xe2:");
	} else {
		len = strcspn(p, ": ");
	}
	snprintf(out, n, "%.*s", (int)len, p);
}

void sc_kfile_diagnose(const struct sc_kfile *k, const char *path, const char *log,
		       struct sc_kdiag *d)
{
	const char *l = log;
	int ctx = -1, pending = 0;

	memset(d, 0, sizeof(*d));
	while (l && *l) {
		size_t n = strcspn(l, "\n");
		char line[1024], name[128];
		const char *kind;

		snprintf(line, sizeof(line), "%.*s", (int)n, l);
		l += n + (l[n] == '\n');
		/* gcc's context: the function the next messages are about. */
		if (strstr(line, ": In function ") && !strncmp(line, path, strlen(path))) {
			quoted(line, ": In function ", name, sizeof(name));
			ctx = sc_kfile_find(k, name, strlen(name));
			continue;
		}
		if (strstr(line, ": In function ") || strstr(line, ": At top level:")) {
			ctx = -1;
			continue;
		}
		/* ld: "...: in function `name':", then its undefined references. */
		if ((kind = strstr(line, ": in function "))) {
			quoted(line, ": in function ", name, sizeof(name));
			ctx = sc_kfile_find(k, name, strlen(name));
			continue;
		}
		if (strstr(line, "undefined reference to")) {
			if (ctx >= 0) {
				add_failed(d, ctx);
			} else {
				d->elsewhere++;
				d->link_unplaced++;
				if (!d->first[0])
					snprintf(d->first, sizeof(d->first), "%.399s", line);
			}
			continue;
		}
		/* A note that places the last error in the file (macro expansions). */
		if (pending && (kind = strstr(line, ": note: "))) {
			long at = location(line, kind, path);
			int idx = at > 0 ? func_at(k, at) : -1;

			if (idx >= 0) {
				add_failed(d, idx);
				pending = 0;
			}
			continue;
		}
		if (pending) {
			d->elsewhere++;
			pending = 0;
		}
		if (!strncmp(line, "collect2:", 9))
			continue;
		kind = strstr(line, ": fatal error: ");
		if (!kind)
			kind = strstr(line, ": error: ");
		if (!kind)
			continue;
		if (!d->first[0])
			snprintf(d->first, sizeof(d->first), "%.399s", line);
		if (strstr(kind, "No such file or directory") || strstr(kind, "file not found")) {
			const char *h = kind + strlen(strstr(kind, ": fatal") == kind ?
						      ": fatal error: " : ": error: ");

			if (*h == '\'')
				h++;
			snprintf(d->header, sizeof(d->header), "%.*s", (int)strcspn(h, "':"), h);
			snprintf(d->includer, sizeof(d->includer), "%.*s",
				 (int)strcspn(line, ":") + 1 + (int)strspn(line + strcspn(line, ":") + 1,
									   "0123456789"), line);
			d->elsewhere++;
			continue;
		}
		{
			long at = location(line, kind, path);
			int idx = at > 0 ? func_at(k, at) : ctx;

			if (idx >= 0)
				add_failed(d, idx);
			else
				pending = 1;  /* unless a note below places it */
		}
	}
	if (pending)
		d->elsewhere++;
}
