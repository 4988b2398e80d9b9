/*
 * repro.h - --emit-repro=DIR: one standalone C reproducer per defect.
 */
#ifndef SC_REPRO_H
#define SC_REPRO_H

#include <stddef.h>

#include "../report.h"

/* Make sure dir exists (created if missing) and takes files.  0, or -1
 * with one line in err, checked before the run so nothing found is lost. */
int sc_repro_dir_ok(const char *dir, char *err, size_t errlen);

/*
 * Write dir/repro-N-CLASS.c for each distinct defect that has a case
 * (texts[i]: the text report of defect i, put in the file's comment).
 * Each compiles with `cc FILE -ldl -lpthread` and exits 1 while the defect
 * is there, 0 once fixed.  0, or -1 with one line in err.
 */
int sc_emit_repro(const char *dir, const struct sc_plan *p, const struct sc_report_info *ri,
		  const struct sc_record *s, const char *const *texts, char *err, size_t errlen);

#endif
