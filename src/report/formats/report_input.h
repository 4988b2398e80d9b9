/*
 * report_input.h - the text report's input block (report_input.c).  Only
 * the text report includes it.
 */
#ifndef SC_REPORT_INPUT_H
#define SC_REPORT_INPUT_H

#include <stdio.h>

#include "../report.h"

/* Print a defect's case c (decoded from d) as the "input" block: src,
 * dest's string, c, count, the placements and the page line. */
void sc_report_text_input(FILE *out, const struct sc_case *c, const struct sc_defect *d);

#endif
