/*
 * output.c - the atomically written report of --output=FILE (output.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"

int sc_output_open(struct sc_output *o, const char *path, char *err, size_t errlen)
{
	int fd;

	o->tmp[0] = 0;
	o->path = path;
	if (!path || !strcmp(path, "-")) {
		o->f = stdout;
		return 0;
	}
	if ((size_t)snprintf(o->tmp, sizeof(o->tmp), "%s.tmp-XXXXXX", path) >= sizeof(o->tmp)) {
		snprintf(err, errlen, "--output=%s: name too long", path);
		return -1;
	}
	fd = mkstemp(o->tmp);
	if (fd >= 0) {
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);  /* as a report made by fopen would be */
	}
	if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "--output=%s: cannot write there: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd), unlink(o->tmp);
		o->tmp[0] = 0;
		return -1;
	}
	return 0;
}

int sc_output_commit(struct sc_output *o, char *err, size_t errlen)
{
	if (!o->tmp[0]) {
		if (fflush(o->f) == 0)
			return 0;
		snprintf(err, errlen, "cannot write the report: %s", strerror(errno));
		return -1;
	}
	if (fflush(o->f) != 0 || fsync(fileno(o->f)) != 0 || ferror(o->f)) {
		snprintf(err, errlen, "--output=%s: cannot write: %s", o->path, strerror(errno));
		fclose(o->f);
		sc_output_abort(o);
		return -1;
	}
	fclose(o->f);
	o->f = NULL;
	if (rename(o->tmp, o->path) != 0) {
		snprintf(err, errlen, "--output=%s: cannot rename the report into place: %s",
			 o->path, strerror(errno));
		sc_output_abort(o);
		return -1;
	}
	o->tmp[0] = 0;
	return 0;
}

void sc_output_abort(struct sc_output *o)
{
	if (o->tmp[0])
		unlink(o->tmp);
	o->tmp[0] = 0;
}
