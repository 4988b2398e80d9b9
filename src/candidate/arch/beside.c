/*
 * beside.c - finding files from strcheck's own path (see beside.h).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beside.h"

int sc_beside_self(const char *const *rel, size_t n, const char *probe, int mode, char *out,
		   size_t outlen)
{
	char dir[PATH_MAX], path[PATH_MAX + 256], real[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	char *slash;

	*out = 0;
	if (len <= 0)
		return -1;
	dir[len] = 0;
	slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s%s%s", dir, rel[i], *probe ? "/" : "", probe);
		if (access(path, mode) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, rel[i]);
		snprintf(out, outlen, "%s", realpath(path, real) ? real : path);
		return (int)i;
	}
	if (n)
		snprintf(out, outlen, "%s/%s", dir, rel[0]);
	return -1;
}
