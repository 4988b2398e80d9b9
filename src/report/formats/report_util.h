/*
 * report_util.h - what the text and JSON reports share: the clause a
 * defect broke (from the rule table), the command that replays it, and
 * whether it came from a concurrent check.
 */
#ifndef SC_REPORT_UTIL_H
#define SC_REPORT_UTIL_H

#include <stdio.h>

#include "../report.h"

/* The contract clause the defect's rule checks (the rule's id if the
 * table has no such rule). */
const char *sc_report_clause(const struct sc_defect *d);

/* A finding only a concurrent check can reproduce (timing-dependent); an
 * ordinary defect met during one replays from its case like any other. */
int sc_report_is_race_run(const struct sc_defect *d);

/* Print the one-line command that replays the defect's case (no newline). */
void sc_report_replay(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		      const struct sc_defect *d);

/* The JSON and XML writers and the verdict: report.h. */

/* What a partial run the user asked for covered (--grid-case, --random-case,
 * --traced-case, --case, --replay), into buf; "" for a full plan.  Returns buf. */
char *sc_report_coverage(const struct sc_plan *p, const struct sc_record *s, char *buf,
			 size_t size);

/* The note on cases cut where dest stops being backed (their writes from
 * there on not judged), into buf; "" when there were none.  Returns buf. */
char *sc_report_cut_note(const struct sc_record *s, char *buf, size_t size);

/* "strict" or "no-leak", as the reports name the policy. */
const char *sc_report_policy(enum sc_policy policy);

#endif
