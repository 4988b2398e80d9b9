/*
 * options.c - the option table and the parser it drives.  Each entry names
 * its parser (options_values.c: a flag, a string, a number in a range,
 * seconds, a choice; here: the single-case options); --help and the man
 * page are made from the same entries (options_help.c).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "options_values.h"
#include "../engine/race/race.h"
#include "../scan/scan.h"

#ifndef SC_VERSION
#define SC_VERSION "unknown"
#endif
const char sc_version[] = SC_VERSION;

/* ---- the one option parser of its own: it needs the table ---- */

/* --case, --replay, --grid-case, --random-case, --traced-case: at most one
 * of them. */
static int opt_one_case(struct sc_opts *o, const struct sc_option *opt, const char *v,
			char *err, size_t errlen)
{
	enum sc_only only = (enum sc_only)opt->ival;
	char names[200];

	if (only == SC_ONLY_GRID && strchr(v + 1, '-')) {
		/* A range N-M of the grid (a report names the rest of a cut run so). */
		size_t k = (size_t)(strchr(v + 1, '-') - v);
		char first[32];

		snprintf(first, sizeof(first), "%.*s", (int)k, v);
		if (k >= sizeof(first) || sc_opt_parse_u64(first, &o->only_index) ||
		    sc_opt_parse_u64(v + k + 1, &o->only_last) || o->only_last < o->only_index)
			return sc_opt_bad_number(opt, v, err, errlen);
	} else if (only == SC_ONLY_GRID || only == SC_ONLY_RANDOM || only == SC_ONLY_TRACED) {
		if (sc_opt_parse_u64(v, &o->only_index) != 0)
			return sc_opt_bad_number(opt, v, err, errlen);
		o->only_last = o->only_index;
	} else if (opt->what && !*v) {
		return sc_opt_bad(err, errlen, "--%s: needs %s", opt->name, opt->what);
	}
	if (o->only != SC_ONLY_NONE) {
		size_t len = 0;

		names[0] = 0;
		for (const struct sc_option *t = sc_options; t->name; t++)
			if (t->flags & SC_OPT_ONE_CASE)
				len += (size_t)snprintf(names + len, sizeof(names) - len, "%s--%s",
							len ? ", " : "", t->name);
		return sc_opt_bad(err, errlen, "--%s: only one of %s may be given", opt->name, names);
	}
	o->only = only;
	o->only_arg = v;
	return 0;
}

/* --shard=K/N: checked here, so a bad one is a usage error at once. */
static int opt_shard(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		     size_t errlen)
{
	unsigned k, n;

	(void)opt;
	if (sc_scan_shard_parse(v, &k, &n, err, errlen) != 0)
		return -1;
	o->shard = v;
	return 0;
}

static const char *wat_choice(unsigned i)
{
	static const char *const names[] = { "auto", "generic", "x86" };  /* enum sc_wat */

	return i < sizeof(names) / sizeof(names[0]) ? names[i] : NULL;
}

static const char *api_choice(unsigned i)
{
	return i < SC_API_COUNT ? sc_api_name((enum sc_api)i) : NULL;
}

static const char *format_choice(unsigned i)
{
	static const char *const names[] = { "text", "json", "junit", "sarif" };  /* enum sc_format */

	return i < sizeof(names) / sizeof(names[0]) ? names[i] : NULL;
}

/* --api: a choice, remembered as given. */
static int opt_api(struct sc_opts *o, const struct sc_option *opt, const char *v, char *err,
		   size_t errlen)
{
	if (sc_opt_choice(o, opt, v, err, errlen) != 0)
		return -1;
	o->api_given = 1;
	return 0;
}

/* ---- the table ---- */

#define FIELD(f) offsetof(struct sc_opts, f), sizeof(((struct sc_opts *)0)->f)
#define OPT_FLAG(name, sh, f, val, help) \
	{ name, sh, NULL, sc_opt_flag, FIELD(f), NULL, 0, 0, NULL, val, 0, help }
#define OPT_INFO(name, sh, f, flags, help) \
	{ name, sh, NULL, sc_opt_flag, FIELD(f), NULL, 0, 0, NULL, 1, SC_OPT_INFO | (flags), help }
#define OPT_STRING(name, arg, f, what, help) \
	{ name, 0, arg, sc_opt_string, FIELD(f), what, 0, 0, NULL, 0, 0, help }
#define OPT_U64(name, arg, f, what, min, max, flags, help) \
	{ name, 0, arg, sc_opt_u64, FIELD(f), what, min, max, NULL, 0, flags, help }
#define OPT_SECONDS(name, arg, f, min, max, help) \
	{ name, 0, arg, sc_opt_seconds, FIELD(f), "seconds", min, max, NULL, 0, SC_OPT_SAY_RANGE, help }
#define OPT_CHOICE(name, arg, f, choice, what, help) \
	OPT_CHOICE_FN(name, arg, f, choice, what, sc_opt_choice, help)
/* A choice with a parser of its own (which calls sc_opt_choice). */
#define OPT_CHOICE_FN(name, arg, f, choice, what, fn, help) \
	{ name, 0, arg, fn, FIELD(f), what, 0, 0, choice, 0, 0, help }
#define OPT_ONE_CASE(name, arg, only, what, help) \
	{ name, 0, arg, opt_one_case, 0, 0, what, 0, 0, NULL, only, SC_OPT_ONE_CASE, help }

const struct sc_option sc_options[] = {
	{ "impl", 0, "PATH", sc_opt_list, FIELD(impl), "a path", 0, 0, NULL, 0, 0,
	  "what to check (default: strcheck's own libstrscpy.so): a shared object; or C sources, "
	  "objects (.o) and static archives (.a), comma-separated or --impl repeated, which "
	  "strcheck builds into one shared object; one file of a real project (.c or .S) is "
	  "built as it is with what its tree says (compile_commands.json, include/ folders, "
	  "config.h), else its function alone; or a kernel tree's lib/string.c, built with "
	  "the tree's own headers and strcheck's kernel shims for what it lacks "
	  "(docs/your-code.md)" },
	OPT_STRING("cc", "COMMAND", cc, "a compiler command",
		   "C compiler that builds an --impl of sources, objects or archives, words split "
		   "on blanks (default: $CC, else cc; with a foreign --arch, that architecture's "
		   "cross compiler)"),
	{ "cflags", 0, "FLAGS", sc_opt_text, FIELD(cflags), NULL, 0, 0, NULL, 0, 0,
	  "flags for that compiler, split on blanks (default: $CFLAGS, else -O2 -g); the build "
	  "always adds -fPIC -shared -Wl,-Bsymbolic" },
	OPT_FLAG("verbose", 'v', verbose, 1,
		 "print the command that builds the candidate on stderr (the report's header "
		 "shows it too)"),
	OPT_CHOICE("kernel-wat", "WHICH", kernel_wat, wat_choice, "word-at-a-time header",
		   "the kernel tree's word-at-a-time helpers: generic "
		   "(include/asm-generic/word-at-a-time.h) or x86 "
		   "(arch/x86/include/asm/word-at-a-time.h); auto (default): x86 on x86-64, else "
		   "generic"),
	{ "kconfig", 0, "LIST", sc_opt_list, FIELD(kconfig), "CONFIG_NAME=y or =n", 0, 0, NULL, 1, 0,
	  "kernel build switches, comma-separated or repeated, e.g. CONFIG_DCACHE_WORD_ACCESS=n "
	  "(defaults: CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS=y, and CONFIG_DCACHE_WORD_ACCESS=y "
	  "with --kernel-wat=x86)" },
	OPT_STRING("symbol", "NAME", symbol, "a symbol name",
		   "function to check (default: the API's name); with --scan, the one function of "
		   "the tree to check"),
	OPT_STRING("scan", "DIR", scan, "a directory or a source file",
		   "check every bounded copy defined in DIR's .c, .h and .S files: judged as one of "
		   "the eight when the tree uses it as that one (its exact name, a #define or alias "
		   "mapping the API onto it, a replacement guard such as #ifndef HAVE_STRLCPY), or "
		   "when its declaration fits the API and it behaves as it in every case of a "
		   "sandboxed probe; other look-alikes are listed as not one of the eight, never "
		   "called with the wrong parameters; each checked as --impl=FILE --symbol=F --api=A "
		   "would, in a child strcheck; one table (or --format's report) and one exit status "
		   "for all (docs/your-code.md, \"A whole tree\")"),
	{ "scan-probe", 0, "KIND", sc_opt_string, FIELD(scan_probe), "a return kind", 0, 0, NULL,
	  0, SC_OPT_HIDDEN, "probe --symbol against the eight references (--scan's children)" },
	{ "jobs", 'j', "N", sc_opt_u64, FIELD(jobs), "a number of checks", 1, 256, NULL, 0, 0,
	  "with --scan, how many functions are checked at once (default: one per online core); "
	  "each one's line is printed on stderr as it finishes" },
	OPT_STRING("cache", "DIR", cache, "a directory",
		   "with --scan, where verdicts are kept so that an unchanged function (the same "
		   "built code, API, options and strcheck) is not checked again (default: "
		   "$XDG_CACHE_HOME/strcheck, else ~/.cache/strcheck)"),
	OPT_FLAG("no-cache", 0, no_cache, 1,
		 "with --scan, check every function again: the cache is neither read nor written"),
	{ "shard", 0, "K/N", opt_shard, FIELD(shard), "K/N", 0, 0, NULL, 0, 0,
	  "with --scan, check only the K-th of N parts of the tree's functions (a function's "
	  "part: a hash of its file's path under DIR and its name, the same on every machine), "
	  "so that N jobs of a CI matrix, parallel or a job array share a big scan; merge their "
	  "--format=json reports with --scan-merge" },
	OPT_STRING("scan-merge", "LIST", scan_merge, "comma-separated JSON reports",
		   "print the one report (in --format, exit status as the whole scan's) of the JSON "
		   "reports of a scan's N parts (--shard=1/N ... N/N), given comma-separated in any "
		   "order: the same rows, counts and verdict as one scan of the whole tree"),
	OPT_STRING("arch", "NAME", arch, "an architecture name",
		   "architecture to check on: x86-64, i386, s390x, powerpc, aarch64, armhf or riscv64 "
		   "(default: the candidate's own, from its ELF header).  A foreign one runs "
		   "strcheck's build for it (make cross) under qemu-user, i386 natively; an --impl of "
		   "sources is cross-compiled for it; without --impl it checks that build's own "
		   "libstrscpy.so (docs/architectures.md)"),
	OPT_CHOICE_FN("api", "NAME", api, api_choice, "API", opt_api,
		      "contract to check against: strscpy, strscpy_pad, strlcpy, strncpy, strlcat, "
		      "strncat, stpncpy or memccpy (default: the one --symbol's name holds, e.g. "
		      "my_strlcat: strlcat; else strscpy)"),
	OPT_U64("seed", "N", seed, "an unsigned 64-bit number", 0, 0, 0,
		"seed of the random cases and the race check (default " SC_STR(SC_DEFAULT_SEED) ")"),
	OPT_SECONDS("time", "SECONDS", seconds, 0, SC_TIME_MAX,
		    "budget of the run in CPU seconds of the checking thread (default "
		    SC_STR(SC_DEFAULT_TIME) "): the plan (the grid and the traced plan) always runs "
		    "whole, however long it takes; the sampled concurrent checks and random cases "
		    "get what the plan left of it, at least half (at most "
		    SC_STR(SC_BUDGET_WALL_FACTOR) " times as many wall seconds); 0: no random cases"),
	OPT_SECONDS("max-time", "SECONDS", max_seconds, 0, SC_TIME_MAX,
		    "a hard cap on the whole run in wall-clock seconds from the load (default: none): "
		    "a run it cuts before the plan is done is INCOMPLETE (exit 3), with what ran and "
		    "the command that runs the rest"),
	OPT_SECONDS("race-time", "SECONDS", race_seconds, 0, SC_TIME_MAX,
		    "CPU time of each sampled concurrent check (default: a quarter of --time, at least "
		    "0.5; 0 skips them); the traced plan is not timed: it runs whole"),
	OPT_U64("cases", "N", cases, "a number of cases", 0, INT64_MAX, 0,
		"exactly N random cases, whatever the time (reproducible counts)"),
	OPT_FLAG("strict", 0, policy, SC_STRICT,
		 "bytes after the NUL must be left unchanged (default: unchanged or zero, never "
		 "source bytes)"),
	OPT_FLAG("reader", 0, reader, 1,
		 "also run the concurrent-reader check (each dest byte written once; strscpy and "
		 "strscpy_pad only)"),
	OPT_FLAG("no-race", 0, race, 0,
		 "skip the race check (source changing during the call): the sampled threads, "
		 "and the traced plan unless --reader is given"),
	OPT_FLAG("no-trace", 0, no_trace, 1,
		 "skip the traced race and reader check (docs/race.md, \"The traced check\"): "
		 "the race and reader checks are only sampled (the mutator and reader threads), "
		 "as scripts/bench-race.sh measures them"),
	OPT_FLAG("first", 0, first, 1, "stop at the first defect"),
	OPT_FLAG("allow-incomplete", 0, allow_incomplete, 1,
		 "exit 0, not 3, when the run is cut (--max-time, a signal) before the "
		 "plan is done and found no defect; the verdict still says INCOMPLETE (JUnit: the "
		 "'complete' test skipped, not an error; SARIF: executionSuccessful stays true)"),
	OPT_FLAG("no-sandbox", 0, no_sandbox, 1,
		 "run the candidate without its seccomp sandbox (to measure what the sandbox "
		 "costs; the report says the run was not sandboxed)"),
	OPT_U64("timeout", "MS", timeout_ms, "milliseconds", SC_TIMEOUT_MIN_MS, SC_TIMEOUT_MAX_MS,
		SC_OPT_SAY_RANGE, "a call spending more CPU time than this is hung (default "
		SC_STR(SC_DEFAULT_TIMEOUT_MS) "); one that blocks, after " SC_STR(SC_CALL_WALL_FACTOR)
		" times as long in wall time"),
	OPT_CHOICE("format", "FMT", format, format_choice, NULL,
		   "report as text (default), json (docs/schemas/strcheck-report.schema.json), "
		   "junit (JUnit XML) or sarif (SARIF 2.1.0)"),
	OPT_STRING("output", "FILE", output, "a file name",
		   "write the report to FILE instead of stdout, atomically (a temporary file "
		   "renamed into place once whole)"),
	OPT_STRING("emit-repro", "DIR", emit_repro, "a directory",
		   "write a standalone C reproducer of each defect into DIR (created if missing): "
		   "cc FILE -ldl -lpthread; it exits 1 while the defect is there, 0 once fixed"),
	OPT_STRING("map", "FILE.svg", map, "a file name ending in .svg",
		   "draw the case space as an SVG picture, each cell coloured by outcome "
		   "(source alignment against length, distance to the guard against count)"),
	OPT_FLAG("quiet", 'q', quiet, 1, "no progress line, and a text report without its header and summary: each defect and the verdict"),
	OPT_ONE_CASE("case", "HEX", SC_ONLY_HEX, NULL, "run just this encoded case (from a report)"),
	OPT_STRING("race-flip", "BYTE@READ", race_flip, "BYTE@READ, e.g. 12@1",
		   "with --case, --replay or --traced-case: run the case traced and change source "
		   "byte BYTE "
		   "(a non-NUL to NUL, the NUL to '#') right after its READ-th read, as the traced "
		   "race check did (docs/race.md); x86-64 with the tracer only"),
	OPT_ONE_CASE("replay", "FILE", SC_ONLY_FILE, "a file name",
		     "run just the encoded case in FILE (e.g. a fuzzer crash file)"),
	OPT_ONE_CASE("grid-case", "N[-M]", SC_ONLY_GRID, "a case number or range",
		     "run just case N of the grid (N-M: cases N to M)"),
	OPT_ONE_CASE("random-case", "N", SC_ONLY_RANDOM, "a case number",
		     "run just random case N of --seed"),
	OPT_ONE_CASE("traced-case", "N", SC_ONLY_TRACED, "a case number",
		     "run just case N of the traced check's list (docs/race.md, \"The traced "
		     "check\"), ordinary rules then traced, as --case does; a report's replay line "
		     "names it when the case is too long to print"),
	OPT_INFO("list-rules", 0, list_rules, 0,
		 "list the contract rules a report can name (id, classes, clause) and exit"),
	OPT_INFO("version", 0, version, 0, "print the version and exit"),
	OPT_INFO("help", 'h', help, 0, "print this help and exit"),
	OPT_INFO("man-options", 0, man_options, SC_OPT_HIDDEN,
		 "print the OPTIONS section of the man page (make man)"),
	OPT_INFO("man-exit-status", 0, man_exit_status, SC_OPT_HIDDEN,
		 "print the EXIT STATUS section of the man page (make man)"),
	OPT_INFO("md-exit-status", 0, md_exit_status, SC_OPT_HIDDEN,
		 "print the README's exit-status table (make man)"),
	OPT_INFO("md-sandbox", 0, md_sandbox, SC_OPT_HIDDEN,
		 "print docs/tamper.md's table of the system calls the sandbox refuses (make man)"),
	{ NULL, 0, NULL, NULL, 0, 0, NULL, 0, 0, NULL, 0, 0, NULL },
};

static const struct sc_opts sc_opts_defaults = {
	.api = SC_STRSCPY,
	.seed = SC_DEFAULT_SEED,
	.seconds = SC_DEFAULT_TIME,
	.race_seconds = -1,
	.cases = -1,
	.timeout_ms = SC_DEFAULT_TIMEOUT_MS,
	.race = 1,
};

/* ---- the parser ---- */

/* The entry arg names ("--name", "--name=v" or "-x"), or NULL; *v is the
 * value after '=' if any. */
static const struct sc_option *lookup(const char *arg, const char **v)
{
	*v = NULL;
	for (const struct sc_option *t = sc_options; t->name; t++) {
		size_t n = strlen(t->name);

		if (t->short_name && arg[0] == '-' && arg[1] == t->short_name && !arg[2])
			return t;
		if (strncmp(arg, "--", 2) || strncmp(arg + 2, t->name, n))
			continue;
		if (arg[2 + n] == '=' && t->arg)
			*v = arg + 3 + n;
		if (arg[2 + n] == '\0' || *v)
			return t;
	}
	return NULL;
}

int sc_opts_parse(struct sc_opts *o, int argc, char **argv, char *err, size_t errlen)
{
	*o = sc_opts_defaults;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *v;
		const struct sc_option *t = lookup(arg, &v);

		if (!t && arg[0] == '-')
			return sc_opt_bad(err, errlen, "unknown option '%s' (strcheck --help lists them)", arg);
		if (!t)
			return sc_opt_bad(err, errlen, "unexpected argument '%s' (did you mean --impl=%s?)",
				   arg, arg);
		if (t->arg && !v) {
			if (i + 1 >= argc)
				return sc_opt_bad(err, errlen, "%s: missing value", arg);
			v = argv[++i];
		}
		if (t->parse(o, t, v, err, errlen) != 0)
			return -1;
	}
	/* No --api: the symbol's name may say it (--symbol=my_strlcat). */
	if (!o->api_given && o->symbol)
		sc_api_from_symbol(o->symbol, &o->api);
	return 0;
}
