#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

const char sc_usage[] =
	"usage: strcheck [--impl=PATH.so] [--symbol=NAME]\n"
	"                [--api=strscpy|strscpy_pad|strlcpy|strncpy] [--seed=N]\n"
	"                [--time=SECONDS] [--cases=N] [--strict] [--reader] [--no-race]\n"
	"                [--first] [--timeout=MS] [--format=text|json] [--quiet]\n"
	"                [--case=HEX | --replay=FILE | --grid-case=N | --random-case=N]\n"
	"\n"
	"Checks a bounded string-copy function in a shared object against the byte\n"
	"reference under guard pages, with a concurrent mutator, and reports every\n"
	"distinct defect with a command that replays it.\n"
	"\n"
	"  --impl=PATH.so    shared object to check (default: strcheck's own libstrscpy.so)\n"
	"  --symbol=NAME     function to check (default: the API's name)\n"
	"  --api=NAME        contract to check against (default: strscpy)\n"
	"  --seed=N          seed of the random cases and the race check (default 1)\n"
	"  --time=SECONDS    time budget of the whole run (default 9); the grid always\n"
	"                    runs to the end, random cases fill what is left\n"
	"  --cases=N         exactly N random cases, whatever the time (reproducible counts)\n"
	"  --strict          bytes after the NUL must be left unchanged (default: unchanged\n"
	"                    or zero, never source bytes)\n"
	"  --reader          also run the concurrent-reader check (each dest byte written once)\n"
	"  --no-race         skip the race check (source changing during the call)\n"
	"  --first           stop at the first defect\n"
	"  --timeout=MS      a call running longer than this is hung (default 250)\n"
	"  --format=FMT      report as text (default) or json, on stdout\n"
	"  --quiet           no progress line, and a text report of the verdict only\n"
	"  --case=HEX        run just this encoded case (from a report)\n"
	"  --replay=FILE     run just the encoded case in FILE (e.g. a fuzzer crash file)\n"
	"  --grid-case=N     run just case N of the grid\n"
	"  --random-case=N   run just random case N of --seed\n"
	"\n"
	"Exit status: 0 no defect found, 1 defects found, 2 usage or load error.\n";

/* "--name=value" or "--name value": the value, advancing *i for the
 * second form; NULL if arg is not this option. */
static const char *value_of(const char *name, int argc, char **argv, int *i, int *missing)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);

	*missing = 0;
	if (strncmp(arg, name, n) != 0)
		return NULL;
	if (arg[n] == '=')
		return arg + n + 1;
	if (arg[n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	/* Decimal, or hex with 0x: never octal (a seed of 010 is ten). */
	errno = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		*v = isxdigit((unsigned char)s[2]) ? strtoull(s + 2, &end, 16) : (end = (char *)s, 0);
	else
		*v = strtoull(s, &end, 10);
	return errno || *end || end == s ? -1 : 0;
}

static int parse_seconds(const char *s, double *v)
{
	char *end;

	if (!*s)
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	return errno || *end || !isfinite(*v) || *v < 0 || *v > 86400 ? -1 : 0;
}

static int bad(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
	snprintf(err, errlen, fmt, a, b);
	return -1;
}

static int set_only(struct sc_opts *o, enum sc_only only, const char *flag, char *err,
		    size_t errlen)
{
	if (o->only != SC_ONLY_NONE)
		return bad(err, errlen, "%s: only one of --case, --replay, --grid-case, "
			   "--random-case may be given%s", flag, "");
	o->only = only;
	return 0;
}

/* Options that take a value. */
static int parse_valued(struct sc_opts *o, const char *name, const char *v, char *err,
			size_t errlen)
{
	uint64_t n;

	if (!strcmp(name, "--impl")) {
		if (!*v)
			return bad(err, errlen, "%s: needs a path to a shared object%s", name, "");
		o->impl = v;
	} else if (!strcmp(name, "--symbol")) {
		if (!*v)
			return bad(err, errlen, "%s: needs a symbol name%s", name, "");
		o->symbol = v;
	} else if (!strcmp(name, "--api")) {
		if (sc_api_parse(v, &o->api) != 0)
			return bad(err, errlen, "--api=%s: unknown API (expected strscpy, "
				   "strscpy_pad, strlcpy or strncpy)%s", v, "");
		o->api_given = 1;
	} else if (!strcmp(name, "--seed")) {
		if (parse_u64(v, &o->seed) != 0)
			return bad(err, errlen, "--seed=%s: not an unsigned 64-bit number%s", v, "");
	} else if (!strcmp(name, "--time")) {
		if (parse_seconds(v, &o->seconds) != 0)
			return bad(err, errlen, "--time=%s: expected seconds between 0 and 86400%s",
				   v, "");
	} else if (!strcmp(name, "--cases")) {
		if (parse_u64(v, &n) != 0 || n > INT64_MAX)
			return bad(err, errlen, "--cases=%s: not a number of cases%s", v, "");
		o->cases = (int64_t)n;
	} else if (!strcmp(name, "--timeout")) {
		if (parse_u64(v, &n) != 0 || n < 10 || n > 600000)
			return bad(err, errlen, "--timeout=%s: expected milliseconds between 10 and "
				   "600000%s", v, "");
		o->timeout_ms = (unsigned)n;
	} else if (!strcmp(name, "--format")) {
		if (!strcmp(v, "text"))
			o->format = SC_TEXT;
		else if (!strcmp(v, "json"))
			o->format = SC_JSON;
		else
			return bad(err, errlen, "--format=%s: expected text or json%s", v, "");
	} else if (!strcmp(name, "--case")) {
		if (set_only(o, SC_ONLY_HEX, name, err, errlen))
			return -1;
		o->only_arg = v;
	} else if (!strcmp(name, "--replay")) {
		if (!*v)
			return bad(err, errlen, "%s: needs a file name%s", name, "");
		if (set_only(o, SC_ONLY_FILE, name, err, errlen))
			return -1;
		o->only_arg = v;
	} else {
		enum sc_only only = !strcmp(name, "--grid-case") ? SC_ONLY_GRID : SC_ONLY_RANDOM;

		if (parse_u64(v, &o->only_index) != 0)
			return bad(err, errlen, "%s=%s: not a case number", name, v);
		if (set_only(o, only, name, err, errlen))
			return -1;
	}
	return 0;
}

static const char *const valued[] = {
	"--impl", "--symbol", "--api", "--seed", "--time", "--cases", "--timeout",
	"--format", "--case", "--replay", "--grid-case", "--random-case",
};

static int parse_flag(struct sc_opts *o, const char *arg)
{
	if (!strcmp(arg, "--strict"))
		o->policy = SC_STRICT;
	else if (!strcmp(arg, "--reader"))
		o->reader = 1;
	else if (!strcmp(arg, "--no-race"))
		o->race = 0;
	else if (!strcmp(arg, "--quiet") || !strcmp(arg, "-q"))
		o->quiet = 1;
	else if (!strcmp(arg, "--first"))
		o->first = 1;
	else if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
		o->help = 1;
	else
		return -1;
	return 0;
}

int sc_opts_parse(struct sc_opts *o, int argc, char **argv, char *err, size_t errlen)
{
	memset(o, 0, sizeof(*o));
	o->api = SC_STRSCPY;
	o->seed = 1;
	o->seconds = 9;
	o->cases = -1;
	o->timeout_ms = 250;
	o->race = 1;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *v = NULL;
		size_t k;
		int missing = 0;

		for (k = 0; k < sizeof(valued) / sizeof(valued[0]); k++)
			if ((v = value_of(valued[k], argc, argv, &i, &missing)) || missing)
				break;
		if (missing)
			return bad(err, errlen, "%s: missing value%s", arg, "");
		if (v) {
			if (parse_valued(o, valued[k], v, err, errlen) != 0)
				return -1;
			continue;
		}
		if (parse_flag(o, arg) == 0)
			continue;
		if (arg[0] == '-')
			return bad(err, errlen, "unknown option '%s' (strcheck --help lists them)%s",
				   arg, "");
		return bad(err, errlen, "unexpected argument '%s' (did you mean --impl=%s?)", arg, arg);
	}
	return 0;
}
