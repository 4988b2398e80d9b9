/*
 * exit_status.h - strcheck's exit statuses: one table (exit_status.c) that
 * main() returns from and that --help, the man page's EXIT STATUS section
 * and the Markdown tables are printed from (options_help.c; `make man`
 * rewrites the pages, tests/suite-31-options.sh fails when one is stale).
 */
#ifndef SC_EXIT_STATUS_H
#define SC_EXIT_STATUS_H

/* X(constant, status, word, summary for --help and README, man page text) */
#define SC_EXIT_TABLE(X)                                                                   \
	X(SC_EXIT_PASS, 0, "PASS", "no defect: every phase of the plan ran to its end",   \
	  "No defect found, and every phase of the plan ran to its end.")                  \
	X(SC_EXIT_FAIL, 1, "FAIL", "defects found (also in a run cut short)",             \
	  "Defects found (the report lists them), whether or not the run was cut short.")  \
	X(SC_EXIT_USAGE, 2, "ERROR", "usage or load error (one line on stderr)",          \
	  "Usage or load error: a bad option or value, a missing or unreadable file, "     \
	  "not a shared object, a shared object of another architecture, a missing "      \
	  "symbol, a constructor that crashes, exits or hangs, a corrupt case file. "      \
	  "One line on standard error says which; nothing is written to standard output.") \
	X(SC_EXIT_INCOMPLETE, 3, "INCOMPLETE",                                             \
	  "no defect, but cut (--time, deadline, signal) before the end",                  \
	  "No defect found, but the run was cut by --time, the deadline or a signal "       \
	  "before every phase of the plan was done: VERDICT: INCOMPLETE, with what ran, "   \
	  "what did not and the command that runs the rest. --allow-incomplete makes "     \
	  "this 0.")

enum sc_exit_status {
#define SC_EXIT_ENUM(c, n, w, s, m) c = n,
	SC_EXIT_TABLE(SC_EXIT_ENUM)
#undef SC_EXIT_ENUM
};

/* One row of the table. */
struct sc_exit_row {
	int status;
	const char *word, *summary, *man;
};

/* The table, in order of status, ending with a row whose word is NULL. */
extern const struct sc_exit_row sc_exit_rows[];

#endif
