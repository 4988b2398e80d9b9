#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "endian_trap.h"

/* Is macro name defined in the -dM listing? */
static int defined_in(const char *macros, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = macros; (p = strstr(p, "#define ")); p++)
		if (!strncmp(p + 8, name, n) && (p[8 + n] == ' ' || p[8 + n] == '\n'))
			return 1;
	return 0;
}

/* The first line of text testing name's definedness (#ifdef, #ifndef,
 * defined(name), defined name); 0 if none. */
static int tests_defined(const char *text, const char *name)
{
	int line = 1;
	size_t n = strlen(name);

	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			line++;
			continue;
		}
		if (strncmp(p, name, n) || (p[n] && (p[n] == '_' || (p[n] >= 'A' && p[n] <= 'Z') ||
						     (p[n] >= '0' && p[n] <= '9'))))
			continue;
		/* Look back on this line for #ifdef / #ifndef / defined. */
		{
			const char *b = p;
			char before[64];
			size_t k;

			while (b > text && b[-1] != '\n' && p - b < 60)
				b--;
			k = (size_t)(p - b);
			memcpy(before, b, k);
			before[k] = 0;
			/* A directive: # first on the line (not a comment's mention). */
			if (before[strspn(before, " \t")] == '#' &&
			    (strstr(before, "ifdef") || strstr(before, "ifndef") ||
			     strstr(before, "defined")))
				return line;
		}
	}
	return 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;

	if (!f)
		return NULL;
	buf = malloc((2u << 20) + 1);
	if (buf) {
		n = fread(buf, 1, 2u << 20, f);
		buf[n] = 0;
	}
	fclose(f);
	return buf;
}

int sc_endian_check(const struct sc_build_req *req, const char *file, char *notes, size_t len)
{
	static char macros[1 << 18], deps[1 << 16];
	const char *dm[] = { "-E", "-dM", file, NULL };
	const char *mm[] = { "-MM", file, NULL };
	int big, warned = 0;
	const char *trap;

	if (sc_build_query(req, dm, macros, sizeof(macros)) != 0)
		return 0;
	big = strstr(macros, "#define __BYTE_ORDER__ __ORDER_BIG_ENDIAN__") != NULL;
	/* The macro that names the other byte order, if the headers define it. */
	trap = big ? "__LITTLE_ENDIAN" : "__BIG_ENDIAN";
	if (!defined_in(macros, trap))
		return 0;
	/* The file and the headers it includes outside the system's (-MM). */
	if (sc_build_query(req, mm, deps, sizeof(deps)) != 0)
		return 0;
	for (char *p = strchr(deps, ':'); p && *p;) {
		char *name, *text;
		int line;

		p++;
		while (*p == ' ' || *p == '\\' || *p == '\n')
			p++;
		if (!*p)
			break;
		name = p;
		while (*p && *p != ' ' && *p != '\n')
			p++;
		if (*p)
			*p++ = 0;
		text = slurp(name);
		line = text ? tests_defined(text, trap) : 0;
		free(text);
		if (line) {
			size_t n = strlen(notes);

			snprintf(notes + n, len - n, "warning: %s:%d tests whether %s is defined, but "
				 "the C library's headers define it (as a value) on this %s-endian "
				 "target: the test is true here and picks the wrong byte order "
				 "(compare __BYTE_ORDER__ with __ORDER_%s_ENDIAN__ instead)\n", name,
				 line, trap, big ? "big" : "little", big ? "BIG" : "LITTLE");
			warned++;
		}
	}
	return warned;
}
