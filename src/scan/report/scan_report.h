/*
 * scan_report.h - the report of a whole --scan (one row per definition
 * found: where, which function, the API it was judged by and how that
 * was known, the verdict, the first defect, the command that replays it)
 * as text, JSON (docs/schemas/strcheck-scan.schema.json), JUnit or SARIF
 * (a result at each function's file and line).  The scan is read as data
 * (candidate/scan.h); nothing here runs anything.
 */
#ifndef SC_SCAN_REPORT_H
#define SC_SCAN_REPORT_H

#include <stdio.h>

#include "../scan.h"

/* The report in the format o->format asks for. */
void sc_scan_report(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc);

void sc_scan_report_text(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc);
void sc_scan_report_json(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc);
void sc_scan_report_junit(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc);
void sc_scan_report_sarif(FILE *out, const struct sc_scan_opts *o, const struct sc_scan *sc);

/* What the reports share: a row's verdict word ("pass", "fail",
 * "incomplete", "not-checked", "not-one-of-the-eight"), its API as the
 * table says it ("strlcpy (named)", "strlcpy (inferred, 300/300 cases)",
 * "closest: strlcpy"), the scan's verdict. */
const char *sc_scan_row_verdict(const struct sc_scan_row *r);
void sc_scan_row_api(const struct sc_scan_row *r, char *buf, size_t size);
const char *sc_scan_verdict(const struct sc_scan *sc);

/* How the row's API was known: "name", "macro", "guard", "probe"; NULL
 * for a row judged by none (the JSON's api_from). */
const char *sc_scan_row_from(const struct sc_scan_row *r);

#endif
