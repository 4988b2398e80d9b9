/*
 * options_values.h - the value parsers of the option table (options.c),
 * each a sc_opt_fn: store v into the entry's field of o, or return -1 with
 * one line in err.  Private to options.c and options_values.c.
 */
#ifndef SC_OPTIONS_VALUES_H
#define SC_OPTIONS_VALUES_H

#include <stddef.h>
#include <stdint.h>

#include "options.h"

sc_opt_fn sc_opt_flag;     /* stores the entry's ival */
sc_opt_fn sc_opt_string;   /* a non-empty string */
sc_opt_fn sc_opt_list;     /* a comma-separated list; given again, the values join */
sc_opt_fn sc_opt_text;     /* any words, none included */
sc_opt_fn sc_opt_u64;      /* a number in the entry's range */
sc_opt_fn sc_opt_seconds;  /* seconds, fractions allowed, in the entry's range */
sc_opt_fn sc_opt_choice;   /* one of the entry's choices */
sc_opt_fn sc_opt_api;      /* --api: a choice, remembered as given */

/* Formats one line into err; returns -1. */
int sc_opt_bad(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Decimal, or hex with 0x, into *v; 0, or -1 if it is not a number. */
int sc_opt_parse_u64(const char *s, uint64_t *v);

/* The line for a value v that is not a number the entry takes; -1. */
int sc_opt_bad_number(const struct sc_option *opt, const char *v, char *err, size_t errlen);

#endif
