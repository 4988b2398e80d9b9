/*
 * source_lines.c - file:line of a traced finding's instructions
 * (source_lines.h), by addr2line, which takes SYMBOL+OFFSET itself.
 */
#include <stdio.h>
#include <string.h>

#include "source_lines.h"

/* A token safe to hand to the shell unquoted: [A-Za-z0-9_.]+0x[0-9a-f]+. */
static size_t token(const char *s)
{
	size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.");

	if (!n || strncmp(s + n, "+0x", 3))
		return 0;
	return n + 3 + strspn(s + n + 3, "0123456789abcdef");
}

int sc_source_lines(const char *object, const char *what, char *buf, size_t size)
{
	char cmd[1024], line[512];
	const char *base;
	size_t at, len = 0;
	int n = 0;
	FILE *p;

	buf[0] = 0;
	if (!object || strpbrk(object, "'\\") || strlen(object) > 512)
		return 0;
	at = (size_t)snprintf(cmd, sizeof(cmd), "addr2line -e '%s'", object);
	base = strrchr(object, '/') ? strrchr(object, '/') + 1 : object;
	for (const char *s = what; (s = strstr(s, "by ")) != NULL; s += 3) {
		size_t k = token(s + 3), name = k ? (size_t)(strstr(s + 3, "+0x") - (s + 3)) : 0;

		if (!k || at + k + 2 >= sizeof(cmd))
			continue;
		if (!memchr(s + 3, '.', name))      /* SYMBOL+0xOFF: addr2line takes it */
			at += (size_t)snprintf(cmd + at, sizeof(cmd) - at, " %.*s", (int)k, s + 3);
		else if (name == strlen(base) && !strncmp(s + 3, base, name))
			at += (size_t)snprintf(cmd + at, sizeof(cmd) - at, " %.*s", (int)(k - name - 1),
					       s + 4 + name);  /* the object's own: 0xOFF */
		else
			continue;                       /* another object's (libc.so.6+0x...) */
		n++;
	}
	if (!n)
		return 0;
	snprintf(cmd + at, sizeof(cmd) - at, " 2>/dev/null");
	if (!(p = popen(cmd, "r")))
		return 0;
	n = 0;
	while (fgets(line, sizeof(line), p)) {
		char *nl = strchr(line, '\n'), *file;

		if (nl)
			*nl = 0;
		if (!strncmp(line, "??", 2))
			continue;
		file = strrchr(line, '/');
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", n ? ", " : "",
					file ? file + 1 : line);
		n++;
	}
	pclose(p);
	if (len >= size)
		buf[size - 1] = 0;
	return n;
}
