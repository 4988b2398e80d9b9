/*
 * scan_child.h - one check of --scan's: strcheck itself (/proc/self/exe)
 * run as a child with its stdout and stderr captured and a deadline, so
 * that a build or a candidate that crashes, hangs or floods costs one row
 * of the scan; and the few fields the scan reads of its JSON report.
 */
#ifndef SC_SCAN_CHILD_H
#define SC_SCAN_CHILD_H

#include <stddef.h>

struct sc_child_out {
	char *out, *err;         /* what it printed (NUL-terminated; free both) */
	size_t outlen, errlen;
	int status;              /* its exit status, or 128 + the signal that ended it */
	int timed_out;           /* killed at the deadline */
	double seconds;
};

/* Run strcheck with argv (argv[0] its name in messages) for at most limit
 * seconds.  0, or -1 when it could not be started (err says why). */
int sc_scan_spawn(char *const argv[], double limit, struct sc_child_out *co, char *err,
		  size_t errlen);

void sc_scan_child_free(struct sc_child_out *co);

/* Pass a signal the scan received (^C from elsewhere than the terminal,
 * a CI job's SIGTERM) on to the running child, which then reports what
 * ran (async-signal-safe). */
void sc_scan_child_signal(int sig);

/* The string value of "key" in doc at or after from, decoded into out.
 * Returns the position after it, or NULL when there is none. */
const char *sc_json_string(const char *doc, const char *from, const char *key, char *out,
			   size_t size);

/* The last line of text that starts "strcheck: ", without it, into out
 * (a child's one-line error); else the last line. */
void sc_last_error(const char *text, char *out, size_t size);

/* Why a child gave no report, in one line into why: its deadline, its
 * death, or its one-line error with a build's first error in place of the
 * command.  what names the child ("the probe", "the check"). */
void sc_child_reason(const struct sc_child_out *co, const char *what, char *why, size_t size);

#endif
