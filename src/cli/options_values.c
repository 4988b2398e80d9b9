/*
 * options_values.c - the parsers an entry of the option table (options.c)
 * can name: a flag, a string, a list, a number in a range, seconds, a
 * choice, the API.  Each stores the value into the entry's field of struct
 * sc_opts or says in one line what is wrong with it.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options_values.h"

int sc_opt_bad(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static void *field_of(struct sc_opts *o, const struct sc_option *opt)
{
	return (char *)o + opt->field;
}

/* Store v in the entry's integer (or enum) field, whatever its width;
 * the table's ranges keep v within it. */
static void store_int(struct sc_opts *o, const struct sc_option *opt, uint64_t v)
{
	void *p = field_of(o, opt);
	uint8_t v8 = (uint8_t)v;
	uint16_t v16 = (uint16_t)v;
	uint32_t v32 = (uint32_t)v;

	switch (opt->size) {
	case 1:
		memcpy(p, &v8, 1);
		break;
	case 2:
		memcpy(p, &v16, 2);
		break;
	case 4:
		memcpy(p, &v32, 4);
		break;
	default:
		memcpy(p, &v, sizeof(v));
		break;
	}
}

int sc_opt_flag(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		    size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	store_int(o, opt, (uint64_t)(int64_t)opt->ival);
	return 0;
}

int sc_opt_string(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		      size_t errlen)
{
	if (!*v)
		return sc_opt_bad(err, errlen, "--%s: needs %s", opt->name, opt->what);
	*(const char **)field_of(o, opt) = v;
	return 0;
}

/* Decimal, or hex with 0x: never octal (a seed of 010 is ten). */
int sc_opt_parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		*v = isxdigit((unsigned char)s[2]) ? strtoull(s + 2, &end, 16) : (end = (char *)s, 0);
	else
		*v = strtoull(s, &end, 10);
	return errno || *end || end == s ? -1 : 0;
}

static int u64_in_range(const struct sc_option *opt, const char *v, uint64_t *n)
{
	return sc_opt_parse_u64(v, n) == 0 && *n >= opt->min && (!opt->max || *n <= opt->max) ? 0 : -1;
}

int sc_opt_bad_number(const struct sc_option *opt, const char *v, char *err, size_t errlen)
{
	if (opt->flags & SC_OPT_SAY_RANGE)
		return sc_opt_bad(err, errlen, "--%s=%s: expected %s between %" PRIu64 " and %" PRIu64,
			   opt->name, v, opt->what, opt->min, opt->max);
	return sc_opt_bad(err, errlen, "--%s=%s: not %s", opt->name, v, opt->what);
}

int sc_opt_u64(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		   size_t errlen)
{
	uint64_t n;

	if (u64_in_range(opt, v, &n) != 0)
		return sc_opt_bad_number(opt, v, err, errlen);
	store_int(o, opt, n);
	return 0;
}

int sc_opt_seconds(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		       size_t errlen)
{
	char *end;
	double d;

	errno = 0;
	d = *v && !isspace((unsigned char)*v) ? strtod(v, &end) : NAN;
	if (!*v || errno || *end || !isfinite(d) || d < (double)opt->min || d > (double)opt->max)
		return sc_opt_bad_number(opt, v, err, errlen);
	*(double *)field_of(o, opt) = d;
	return 0;
}

void sc_opt_choices(const struct sc_option *opt, const char *sep, const char *last, char *buf,
		    size_t size)
{
	size_t len = 0;

	buf[0] = 0;
	for (unsigned i = 0; opt->choice(i) && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					!i ? "" : opt->choice(i + 1) ? sep : last, opt->choice(i));
}

int sc_opt_choice(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		      size_t errlen)
{
	char list[200];

	for (unsigned i = 0; opt->choice(i); i++)
		if (!strcmp(v, opt->choice(i))) {
			store_int(o, opt, i);
			return 0;
		}
	sc_opt_choices(opt, ", ", " or ", list, sizeof(list));
	if (opt->what)
		return sc_opt_bad(err, errlen, "--%s=%s: unknown %s (expected %s)", opt->name, v, opt->what,
			   list);
	return sc_opt_bad(err, errlen, "--%s=%s: expected %s", opt->name, v, list);
}

/* --impl, --kconfig: a comma-separated list; given again, the values join
 * (in the join buffer the entry's ival names). */
int sc_opt_list(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		    size_t errlen)
{
	static char joined[2][4096];
	const char **field = field_of(o, opt);
	char *buf = joined[opt->ival ? 1 : 0];

	if (!*v)
		return sc_opt_bad(err, errlen, "--%s: needs %s", opt->name, opt->what);
	if (!*field) {
		*field = v;
		snprintf(buf, sizeof(joined[0]), "%s", v);
		return 0;
	}
	if (strlen(buf) + strlen(v) + 2 > sizeof(joined[0]))
		return sc_opt_bad(err, errlen, "--%s: too many values", opt->name);
	strcat(strcat(buf, ","), v);
	*field = buf;
	return 0;
}

/* --cflags: any words, none included. */
int sc_opt_text(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		    size_t errlen)
{
	(void)err, (void)errlen;
	*(const char **)field_of(o, opt) = v;
	return 0;
}
