/*
 * scan_run.h - strcheck --scan=DIR (scan_run.c): find, probe, check each
 * bounded copy of a tree in a child strcheck, report them all.
 */
#ifndef SC_SCAN_RUN_H
#define SC_SCAN_RUN_H

#include <stddef.h>

#include "../cli/options.h"

/* The scan of o->scan with the user's options: the exit status (0, 1 or
 * 3), or -1 with one line in err (bad DIR, unwritable --output). */
int sc_scan_main(const struct sc_opts *o, char *err, size_t errlen);

#endif
