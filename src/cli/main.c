/*
 * strcheck - check a bounded string-copy function in a shared object.
 *
 * The program is the thin layer the brief asks for: parse the command line
 * (cli_opts), turn it into a plan, let the supervisor run the plan through
 * the engine in a child process (supervise), print what it recorded
 * (report).  Exit status: 0 no defect, 1 defects, 2 usage or load error.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../engine/base/bytes.h"
#include "../engine/case/grid.h"
#include "../engine/race/race.h"
#include "../engine/race/race_trace.h"
#include "../candidate/candidate.h"
#include "../scan/scan.h"
#include "exit_status.h"
#include "options.h"
#include "../report/deliver.h"
#include "../report/report.h"
#include "../supervise/watch.h"

/* One line on stderr, whatever the arguments hold (a newline in --impl). */
static int fail(const char *fmt, const char *a, const char *b)
{
	char msg[2048], line[4096];

	snprintf(msg, sizeof(msg), fmt, a, b);
	sc_escape_line(msg, line, sizeof(line));
	fprintf(stderr, "strcheck: %s\n", line);
	return SC_EXIT_USAGE;
}

/*
 * The project's own library: next to the strcheck binary (build/), or, for
 * an installed strcheck (PREFIX/bin), in ../lib beside it.  Found from the
 * binary's own path, so an install under DESTDIR works where it lands.
 */
static const char *default_impl(void)
{
	static char path[PATH_MAX];
	static const char *const tries[] = { "libstrscpy.so", "../lib/libstrscpy.so" };

	/* Neither: the load error names the first. */
	if (sc_beside_self(tries, 2, "", R_OK, path, sizeof(path)) < 0 && !*path)
		return "build/libstrscpy.so";
	return path;
}

/* Read a replay file: the encoded case, whole.  0, or -1 with err set. */
static long read_case_file(const char *name, uint8_t *buf, size_t max, char *err, size_t errlen)
{
	int fd = sc_open_case_file(name, err, errlen);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, max + 1 - len)) > 0 && len + (size_t)n <= max)
		len += (size_t)n;
	close(fd);
	if (n < 0) {
		snprintf(err, errlen, "--replay=%s: cannot read: %s", name, strerror(errno));
		return -1;
	}
	if (n > 0) {
		snprintf(err, errlen, "--replay=%s: corrupt case file: longer than any encoded "
			 "case (%zu bytes at most)", name, max);
		return -1;
	}
	return (long)len;
}

/* Too short for its version's header: shorter than the old one, or a
 * version-3 header cut (another version is refused by its number). */
static int short_header(const uint8_t *buf, long len)
{
	return len < SC_HEADER_LEN_OLD ||
	       (len < SC_HEADER_LEN && buf[3] >> 4 == SC_CASE_VERSION);
}

/* The case of --case= or --replay=, decoded by the one decoder. */
static int load_case(const struct sc_opts *o, struct sc_case *c)
{
	static uint8_t buf[SC_ENCODED_MAX + 1];
	const size_t max = SC_ENCODED_MAX;
	char err[512], num[32];
	long len;

	if (o->only == SC_ONLY_HEX) {
		len = sc_unhex(o->only_arg, buf, max);
		snprintf(num, sizeof(num), "%zu", 2 * (len < 0 ? max : SC_HEADER_LEN));
		if (len < 0)
			return fail("--case: not an encoded case: expected an even number of hex "
				    "digits, at most %s%s", num, "");
		if (short_header(buf, len))
			return fail("--case=%s: too short: an encoded case has at least %s hex digits",
				    o->only_arg, num);
	} else {
		len = read_case_file(o->only_arg, buf, max, err, sizeof(err));
		if (len < 0)
			return fail("%s%s", err, "");
		if (short_header(buf, len)) {
			snprintf(err, sizeof(err), "--replay=%s: corrupt case file: %ld bytes, an "
				 "encoded case has at least %d", o->only_arg, len, SC_HEADER_LEN);
			return fail("%s%s", err, "");
		}
	}
	if (buf[3] >> 4 != SC_CASE_VERSION && buf[3] >> 4 != SC_CASE_VERSION_OLD) {
		unsigned v = buf[3] >> 4;

		/* Version 1 had no version field: its byte 3 was 0, 1 or 2.
		 * Version 2 (12-byte header, four APIs) is read as it was. */
		snprintf(num, sizeof(num), v ? "%u" : "1 (32-bit count)", v ? v : 1);
		return fail("%s: case encoding version %s, not 3 or 2: this strcheck reads the "
			    "16-byte header of version 3 and the 12-byte one of version 2, with a "
			    "64-bit count (docs/counts.md); re-run the fuzzer or the check that "
			    "saved the case", o->only == SC_ONLY_HEX ? "--case" : o->only_arg, num);
	}
	sc_case_decode(c, buf, (size_t)len);
	if (o->api_given && o->api != c->api)
		return fail("the case is for %s, not --api=%s (leave --api out to use the case's)",
			    sc_api_name(c->api), sc_api_name(o->api));
	if (o->policy == SC_STRICT) {
		c->policy = SC_STRICT;
		sc_case_normalize(c);
	}
	return 0;
}

/* The candidate built from --impl when it is not a shared object already. */
static struct sc_candidate cand;

/* --scan's probe (a child strcheck, --scan-probe): the checks' sandbox,
 * stage 1 before the function is loaded, 2 before its first call. */
static int probe_unsandboxed;

static void probe_sandbox(int stage)
{
	char note[320];

	if (!probe_unsandboxed)
		sc_sandbox_self(stage, note, sizeof(note));
}

/* The plan from the options; 0, or the exit status of a usage error. */
static int make_plan(const struct sc_opts *o, struct sc_plan *p, struct sc_report_info *ri,
		     struct sc_case *one)
{
	memset(p, 0, sizeof(*p));
	p->impl = cand.so ? cand.so : o->impl ? o->impl : default_impl();
	p->symbol = cand.symbol ? cand.symbol : o->symbol;
	p->api = o->api;
	p->policy = o->policy;
	p->seed = o->seed;
	p->seconds = o->seconds;
	p->max_seconds = o->max_seconds;
	p->cases = o->cases;
	p->race = o->race;
	p->reader = o->reader;
	p->first = o->first;
	p->timeout_ms = o->timeout_ms;
	p->only_phase = SC_PH_DONE;
	p->progress = !o->quiet && isatty(2) && o->only == SC_ONLY_NONE;
	/* Each concurrent check gets a share of the budget, or what
	 * --race-time says (docs/race.md, "Time"). */
	p->race_seconds = o->race_seconds >= 0 ? o->race_seconds : sc_race_share(o->seconds);
	p->no_sandbox = o->no_sandbox;
	p->no_trace = o->no_trace;
	/* The traced plan: a fixed list, not a time (docs/race.md). */
	p->traced = !o->no_trace && (o->race || o->reader);

	ri->impl = o->impl ? o->impl : p->impl;
	ri->symbol = o->symbol;
	ri->how = cand.how;
	ri->about = cand.about;
	ri->notes = cand.notes;
	ri->quiet = o->quiet;
	ri->allow_incomplete = o->allow_incomplete;
	if (o->only == SC_ONLY_TRACED) {
		uint64_t total = sc_trace_cases_total();
		char num[32];

		if (o->only_index >= total) {
			snprintf(num, sizeof(num), "%llu", (unsigned long long)total);
			return fail("--traced-case: out of range: the traced check's list has %s "
				    "cases%s", num, "");
		}
		/* the very case the traced phase made (its policy is its own) */
		sc_trace_case(p->api, o->only_index, one);
		p->one_index = o->only_index;
		p->traced_one = 1;
	}
	if (o->only == SC_ONLY_HEX || o->only == SC_ONLY_FILE || o->only == SC_ONLY_TRACED) {
		int rc = o->only == SC_ONLY_TRACED ? 0 : load_case(o, one);

		if (rc)
			return rc;
		p->api = one->api;
		p->policy = one->policy;
		p->one_case = one;
		p->only_phase = SC_PH_ONE;
		if (o->race_flip) {
			unsigned b, k;
			char end;

			if (sscanf(o->race_flip, "%u@%u%c", &b, &k, &end) != 2 || k < 1 || k > 1u << 24 ||
			    b >= one->src_len)
				return fail("--race-flip: want BYTE@READ, a byte of the case's source "
					    "and its read 1..16777216, not '%s'%s", o->race_flip, "");
			p->flip_byte = b;
			p->flip_read = k;
			/* Said here, not by the checked child: its death after the
			 * load would read as the candidate's crash. */
			if (sc_trace_built_why())
				return fail("--race-flip: the tracer cannot run here (%s)%s",
					    sc_trace_built_why(), "");
		}
	} else if (o->race_flip) {
		return fail("--race-flip: needs --case, --replay or --traced-case (the case to flip "
			    "a byte of)%s%s", "", "");
	} else if (o->only == SC_ONLY_GRID) {
		uint64_t total = sc_grid_size(p->api, p->policy);
		char num[32];

		if (o->only_index >= total || o->only_last >= total) {
			snprintf(num, sizeof(num), "%llu", (unsigned long long)total);
			return fail("--grid-case: out of range: the %s grid has %s cases",
				    sc_api_name(p->api), num);
		}
		p->only_phase = SC_PH_GRID;
		p->one_index = o->only_index;
		p->last_index = o->only_last;
	} else if (o->only == SC_ONLY_RANDOM) {
		p->only_phase = SC_PH_RANDOM;
		p->one_index = o->only_index;
	}
	if (p->only_phase != SC_PH_DONE)
		return 0;
	if (p->reader && !sc_race_applies(p->api))
		return fail("--reader: the %s contract promises no single-write destination (only "
			    "strscpy and strscpy_pad do): there is no reader check for it%s",
			    sc_api_name(p->api), "");
	if (!sc_race_applies(p->api)) {
		ri->race_skipped = p->race ? "the contract of this API promises no race robustness"
					   : "--no-race";
		p->race = 0;
	} else if (!p->race) {
		ri->race_skipped = "--no-race";
	} else if (p->race_seconds <= 0) {
		ri->race_skipped = "--race-time=0";
	}
	if (p->reader && p->race_seconds <= 0)
		ri->reader_skipped = "--race-time=0";
	if (p->no_trace)
		ri->trace_skipped = "--no-trace";
	return 0;
}

int main(int argc, char **argv)
{
	static struct sc_case one;
	struct sc_opts o;
	struct sc_plan p;
	struct sc_report_info ri = { .version = sc_version };
	struct sc_record *s = NULL;
	struct sc_deliver dv;
	struct sc_deliver_opts dvo;
	const struct sc_arch *arch = NULL;
	char err[600];
	static char flags[8192];
	int rc;

	if (sc_opts_parse(&o, argc, argv, err, sizeof(err)) != 0)
		return fail("%s%s", err, "");
	if (o.help || o.version || o.list_rules || o.man_options || o.man_exit_status ||
	    o.md_exit_status || o.md_sandbox) {
		if (o.help)
			sc_opts_help(stdout);
		else if (o.version)
			printf("strcheck %s\n", sc_version);
		else if (o.list_rules)
			sc_rules_list(stdout);
		else if (o.man_exit_status)
			sc_exit_man(stdout);
		else if (o.md_exit_status)
			sc_exit_markdown(stdout);
		else if (o.md_sandbox)
			sc_syscalls_markdown(stdout);
		else
			sc_opts_man(stdout);
		return fflush(stdout) ? fail("cannot write: %s%s", strerror(errno), "") : SC_EXIT_PASS;
	}
	if (o.scan || o.scan_merge || o.shard) {
		if (o.impl || o.arch || o.only != SC_ONLY_NONE || o.emit_repro || o.map || o.scan_probe)
			return fail("--scan: checks the functions it finds itself: --impl, --arch, "
				    "--emit-repro, --map and the one-case options go with one check%s%s",
				    "", "");
		static struct sc_scan_opts so;

		sc_opts_for_scan(&o, &so);
		rc = sc_scan_main(&so, err, sizeof(err));
		return rc < 0 ? fail("%s%s", err, "") : rc == SC_SCAN_FAIL ? SC_EXIT_FAIL
			: rc == SC_SCAN_INCOMPLETE ? SC_EXIT_INCOMPLETE : SC_EXIT_PASS;
	}
	if (o.impl && sc_check_impl_list(o.impl, err, sizeof(err)) != 0)
		return fail("%s%s", err, "");
	/* A candidate for another architecture: its strcheck takes over. */
	if (o.arch && !(arch = sc_arch_named(o.arch)))
		return fail("--arch=%s: unknown architecture (expected one of %s)", o.arch,
			    sc_arch_list());
	if (sc_foreign_target(o.impl, o.arch ? arch : NULL, &arch, err, sizeof(err)) != 0)
		return fail("%s%s", err, "");
	if (arch != sc_arch_self()) {
		/* Sources, objects, archives: built by the foreign strcheck with
		 * this architecture's compiler unless --cc names one. */
		sc_foreign_exec(arch, o.impl ? o.impl : "the project's own library", argv + 1,
				o.impl && !o.cc ? arch->cc : NULL, err, sizeof(err));
		return fail("%s%s", err, "");
	}
	ri.arch = sc_foreign_how();
	if (o.impl) {
		struct sc_cand_opts co;

		sc_opts_for_candidate(&o, &co);
		rc = sc_candidate_setup(&co, &cand, flags, sizeof(flags), err, sizeof(err));
		if (rc == SC_CAND_INTERRUPTED)
			return SC_EXIT_INCOMPLETE;
		if (rc != 0)
			return fail("%s%s", err, "");
	}
	if (sc_foreign_replay_arch())
		sc_shell_append(flags, sizeof(flags), sc_foreign_replay_arch());
	ri.build_flags = flags;
	if (o.scan_probe) {
		/* A --scan child: which of the eight the built function behaves like. */
		probe_unsandboxed = o.no_sandbox;
		if (!o.impl || sc_scan_probe_run(cand.so ? cand.so : o.impl,
						 cand.symbol ? cand.symbol : o.symbol, o.scan_probe,
						 stdout, probe_sandbox, err, sizeof(err)) != 0)
			return fail("%s%s", o.impl ? err : "--scan-probe: needs --impl", "");
		return SC_EXIT_PASS;
	}
	rc = make_plan(&o, &p, &ri, &one);
	if (rc)
		return rc;
	if (sc_check_impl_file(p.impl, err, sizeof(err)) != 0)
		return fail("%s%s", err, "");
	sc_opts_for_deliver(&o, &dvo);
	if (sc_deliver_open(&dv, &dvo, &p, err, sizeof(err)) != 0)
		return fail("%s%s", err, "");
	switch (sc_supervise(&p, &s, err, sizeof(err))) {
	case SC_SUP_OK:
		break;
	case SC_SUP_INTERRUPTED:
		/* The user's ^C or a CI job's SIGTERM (never the candidate's: see
		 * procs.c): the report of what ran, every defect found so far. */
		fprintf(stderr, "strcheck: interrupted by signal %d: reporting what ran\n",
			s->interrupted);
		break;
	default:
		sc_deliver_abort(&dv);
		sc_candidate_rename(&cand, o.impl, err, sizeof(err));
		return fail("%s%s", err, "");
	}
	sc_record_by_severity(s);
	if (sc_deliver(&dv, &p, &ri, s, err, sizeof(err)) != 0)
		return fail("%s%s", err, "");
	switch (sc_report_verdict(s)) {
	case SC_VERDICT_FAIL:
		rc = SC_EXIT_FAIL;
		break;
	case SC_VERDICT_INCOMPLETE:
		rc = o.allow_incomplete ? SC_EXIT_PASS : SC_EXIT_INCOMPLETE;
		break;
	default:
		rc = SC_EXIT_PASS;
	}
	sc_record_free(s);
	return rc;
}
