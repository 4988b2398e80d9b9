/*
 * options.h - the strcheck command line, parsed and validated.
 *
 * Parsing only: nothing here loads, runs or judges.  Every bad flag or
 * value is refused with one line saying what is wrong, so main() can print
 * it and exit 2 before anything starts.
 */
#ifndef SC_OPTIONS_H
#define SC_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "../engine/case.h"

enum sc_format { SC_TEXT, SC_JSON };

/* Where a single case to replay comes from (none: the full run). */
enum sc_only { SC_ONLY_NONE, SC_ONLY_HEX, SC_ONLY_FILE, SC_ONLY_GRID, SC_ONLY_RANDOM };

struct sc_opts {
	const char *impl;        /* NULL: the project's own libstrscpy.so */
	const char *symbol;      /* NULL: the API's name */
	enum sc_api api;
	int api_given;
	uint64_t seed;
	double seconds;          /* the whole run's time budget */
	int64_t cases;           /* random cases; -1: as many as time allows */
	unsigned timeout_ms;     /* one call's limit before it counts as hung */
	enum sc_policy policy;
	int reader, race, quiet, first, help;
	enum sc_format format;
	enum sc_only only;
	const char *only_arg;    /* the hex string or the file name */
	uint64_t only_index;     /* --grid-case / --random-case */
};

/* Parse argv into o.  0 on success; -1 with one line in err otherwise. */
int sc_opts_parse(struct sc_opts *o, int argc, char **argv, char *err, size_t errlen);

/* The --help text. */
extern const char sc_usage[];

#endif
