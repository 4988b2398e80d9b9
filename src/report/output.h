/*
 * output.h - --output=FILE: the report written atomically.
 *
 * The report goes to a temporary file beside FILE, which is renamed over
 * FILE only once it is whole, so a run that is interrupted or killed never
 * leaves half a report (nor clobbers an older one).  The temporary file is
 * made before the run starts, so an unwritable place is refused at once.
 */
#ifndef SC_OUTPUT_H
#define SC_OUTPUT_H

#include <limits.h>
#include <stdio.h>

struct sc_output {
	FILE *f;                 /* where the report is written */
	char tmp[PATH_MAX];      /* "" when writing to stdout */
	const char *path;
};

/* Open path's temporary file (path NULL or "-": stdout).  0, or -1 with
 * one line in err. */
int sc_output_open(struct sc_output *o, const char *path, char *err, size_t errlen);

/* Flush, sync and rename the report into place.  0, or -1 with err. */
int sc_output_commit(struct sc_output *o, char *err, size_t errlen);

/* Drop the temporary file (the run ended without a report). */
void sc_output_abort(struct sc_output *o);

#endif
