/*
 * options_values.h - the option table's entries (options.c) and the value
 * parsers they name, each a sc_opt_fn: store v into the entry's field of
 * o, or return -1 with one line in err.  Private to options.c,
 * options_values.c and options_help.c; the parsers see struct sc_opts
 * only as the bytes an entry's field names (options.h is not theirs).
 */
#ifndef SC_OPTIONS_VALUES_H
#define SC_OPTIONS_VALUES_H

#include <stddef.h>
#include <stdint.h>

struct sc_opts;
struct sc_option;

/* Parses one option's value v (NULL for a flag) into o; 0, or -1 with
 * one line in err. */
typedef int sc_opt_fn(struct sc_opts *o, const struct sc_option *opt, const char *v,
		      char *err, size_t errlen);

/* One entry of the table: see the OPT_* makers in options.c. */
struct sc_option {
	const char *name;        /* long name, without the "--" */
	char short_name;         /* -x, or 0 */
	const char *arg;         /* the value's name in --help; NULL: takes none */
	sc_opt_fn *parse;
	size_t field, size;      /* where the value goes in struct sc_opts */
	const char *what;        /* what a value must be, for error messages */
	uint64_t min, max;       /* numbers: the range (max 0: any) */
	const char *(*choice)(unsigned i);  /* choices: the i-th name, NULL past the end */
	int ival;                /* flags: the value stored; else per parser */
	unsigned flags;          /* SC_OPT_* below */
	const char *help;        /* one paragraph; --help and the man page wrap it */
};

#define SC_OPT_HIDDEN 1u     /* not in --help nor the man page */
#define SC_OPT_ONE_CASE 2u   /* one of the options that pick a single case */
#define SC_OPT_SAY_RANGE 4u  /* numbers: a bad value's message gives the range */
#define SC_OPT_INFO 8u       /* prints something and exits (not in the synopsis) */

/* The table, ending with an entry whose name is NULL. */
extern const struct sc_option sc_options[];

/* The entry's choices as "a, b or c" (sep ", ", last " or "), into buf. */
void sc_opt_choices(const struct sc_option *opt, const char *sep, const char *last, char *buf,
		    size_t size);

sc_opt_fn sc_opt_flag;     /* stores the entry's ival */
sc_opt_fn sc_opt_string;   /* a non-empty string */
sc_opt_fn sc_opt_list;     /* a comma-separated list; given again, the values join */
sc_opt_fn sc_opt_text;     /* any words, none included */
sc_opt_fn sc_opt_u64;      /* a number in the entry's range */
sc_opt_fn sc_opt_seconds;  /* seconds, fractions allowed, in the entry's range */
sc_opt_fn sc_opt_choice;   /* one of the entry's choices */

/* Formats one line into err; returns -1. */
int sc_opt_bad(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Decimal, or hex with 0x, into *v; 0, or -1 if it is not a number. */
int sc_opt_parse_u64(const char *s, uint64_t *v);

/* The line for a value v that is not a number the entry takes; -1. */
int sc_opt_bad_number(const struct sc_option *opt, const char *v, char *err, size_t errlen);

#endif
