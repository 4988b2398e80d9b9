/*
 * exit_status.c - the exit-status table's rows (see exit_status.h; printed
 * by options_help.c).
 */
#include <stddef.h>

#include "exit_status.h"

const struct sc_exit_row sc_exit_rows[] = {
#define SC_EXIT_ROW(c, n, w, s, m) { n, w, s, m },
	SC_EXIT_TABLE(SC_EXIT_ROW)
#undef SC_EXIT_ROW
	{ 0, NULL, NULL, NULL },
};
