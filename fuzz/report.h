/*
 * report.h - what a fuzz harness prints when a case breaks the contract:
 * the findings, the case, what the candidate returned and wrote against
 * the reference, and how to replay it (strcheck --replay, --case, or the
 * harness itself).  harness.c checks; this file only tells.
 */
#ifndef FH_REPORT_H
#define FH_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "../src/engine/run/engine.h"

/* Who was checked, as the report names it. */
struct fh_who {
	const char *harness;       /* fuzz_<harness> */
	const char *impl, *symbol; /* NULL: the project's own code, the API's name */
	enum sc_api cand_api;
	enum sc_policy policy;
	int relations;             /* fuzz_relations: no single reference image */
};

/* To stderr: the findings f[0..nf) of case c as engine e ran it, and the
 * input data[0..len) that holds it (patched: its api/policy bits were
 * overridden by the harness's). */
void fh_report(const struct fh_who *w, const struct sc_engine *e, const struct sc_case *c,
	       const struct sc_finding *f, int nf, const uint8_t *data, size_t len, int patched);

#endif
