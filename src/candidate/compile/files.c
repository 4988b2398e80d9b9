/* files.c - reading and writing the files a build takes or makes (build.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"

int sc_write_file(const char *path, const char *text, char *err, size_t errlen)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	return 0;
}

char *sc_read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, n;

	if (!f)
		return NULL;
	buf = malloc((4u << 20) + 1);
	if (buf) {
		n = fread(buf, 1, 4u << 20, f);
		len = n;
		buf[len] = 0;
	}
	fclose(f);
	return buf;
}
