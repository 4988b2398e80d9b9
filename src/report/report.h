/*
 * report.h - the run's findings as text or JSON.
 *
 * A thin layer over what the supervised run recorded: it decodes each
 * defect's case with the one case decoder and formats; it judges nothing.
 * Output depends only on the plan and the findings, never on the clock, so
 * the same seed (and --cases) gives the same report.
 */
#ifndef SC_REPORT_H
#define SC_REPORT_H

#include <stdio.h>

#include "../supervise/record/record.h"

/* Report formats, in the order of the --format choices (cli/options.c). */
enum sc_format { SC_TEXT, SC_JSON, SC_JUNIT, SC_SARIF };

/* How the report names the run (the command line as the user gave it). */
struct sc_report_info {
	const char *version;     /* strcheck's own */
	const char *impl;        /* as shown in replay commands */
	const char *symbol;      /* NULL: the API's name */
	const char *build_flags; /* --cc= ... of a built candidate, shell-quoted, or NULL */
	const char *how;         /* how a project's file was built (as is, alone), or NULL */
	const char *about;       /* what strcheck built the candidate from, or NULL */
	const char *notes;       /* "note:"/"warning:" lines about the candidate, or NULL */
	int quiet;               /* text: no header or summary */
	const char *arch;        /* the architecture that ran, and how; or NULL */
	const char *race_skipped;    /* why the race check did not run, or NULL */
	const char *reader_skipped;  /* likewise for the reader check */
	const char *trace_skipped;   /* why the traced check did not run (--no-trace), or NULL */
	int allow_incomplete;    /* --allow-incomplete: an INCOMPLETE run is not an error */
};

/* The text report (report_text.c). */
void sc_report_text(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		    const struct sc_record *s);
/* The same as one JSON object (report_json.c). */
void sc_report_json(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		    const struct sc_record *s);
/* As JUnit XML: a test case per check and per defect (report_junit.c). */
void sc_report_junit(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		     const struct sc_record *s);
/* As SARIF 2.1.0: a result per defect (report_sarif.c). */
void sc_report_sarif(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		     const struct sc_record *s);
/* The text report of defect d alone, numbered n (report_text.c). */
void sc_report_text_defect(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			   const struct sc_defect *d, int n);

/*
 * The run's verdict: FAIL when it found a defect (even in a cut run),
 * else PASS only when every phase of the plan ran to its end, else
 * INCOMPLETE (cut by --time, the supervisor's deadline or a signal)
 * (formats/report_util.c).
 */
enum sc_verdict { SC_VERDICT_PASS, SC_VERDICT_FAIL, SC_VERDICT_INCOMPLETE };
enum sc_verdict sc_report_verdict(const struct sc_record *s);
/* "PASS", "FAIL", "INCOMPLETE"; lower case for the JSON and SARIF reports. */
const char *sc_verdict_name(enum sc_verdict v, int lower);

/* s as a JSON string, quotes included; bytes outside printable ASCII as
 * \u00XX (the JSON and SARIF reports, the scan's). */
void sc_put_json_string(FILE *out, const char *s);

/* s as XML text or attribute value: markup characters as entities, and
 * bytes XML 1.0 cannot hold (controls but tab and newline; non-ASCII, which
 * need not be UTF-8) as '?' (the JUnit report, the map). */
void sc_put_xml_text(FILE *out, const char *s);
/* A path as the path of a URI, unquoted: what a URI may not hold
 * percent-encoded (SARIF's artifact locations). */
void sc_put_uri_path(FILE *out, const char *path);

#endif
