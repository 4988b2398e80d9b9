/*
 * scan_report_util.c - what every format of a --scan's report shares
 * (scan_report.h): a row's verdict and API as words, the scan's verdict.
 */
#include <stdio.h>

#include "scan_report.h"

const char *sc_scan_row_verdict(const struct sc_scan_row *r)
{
	static const char *const words[] = { "pass", "fail", "incomplete", "not-checked",
					     "not-one-of-the-eight", "not-probed" };

	return words[r->state];
}

void sc_scan_row_api(const struct sc_scan_row *r, char *buf, size_t size)
{
	if (r->state == SC_ROW_OTHER)
		snprintf(buf, size, "closest: %s", sc_api_name(r->api));
	else if (r->state == SC_ROW_UNPROBED)
		snprintf(buf, size, "?");
	else if (r->api_inferred)
		snprintf(buf, size, "%s (inferred, %u/%u cases)", sc_api_name(r->api),
			 r->probe_match, r->probe_cases);
	else
		snprintf(buf, size, "%s (%s)", sc_api_name(r->api),
			 r->use == SC_USE_MACRO ? "mapped" : r->use == SC_USE_GUARD ? "replacement"
			 : "named");
}

const char *sc_scan_row_from(const struct sc_scan_row *r)
{
	static const char *const uses[] = { NULL, "name", "macro", "guard" };

	if (r->state == SC_ROW_OTHER || r->state == SC_ROW_UNPROBED)
		return NULL;
	return r->api_inferred ? "probe" : uses[r->use];
}

const char *sc_scan_verdict(const struct sc_scan *sc)
{
	int fail = 0, cut = 0;

	for (size_t i = 0; i < sc->nrows; i++) {
		fail |= sc->rows[i].state == SC_ROW_FAIL;
		cut |= sc->rows[i].state == SC_ROW_INCOMPLETE ||
		       sc->rows[i].state == SC_ROW_NOT_CHECKED;
	}
	return fail ? "fail" : cut ? "incomplete" : "pass";
}
