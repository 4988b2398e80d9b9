/*
 * inputs.h - the files the user names, checked before anything waits on
 * them or loads them: a fifo or a device is refused at once (opening one
 * blocks), and a shared object whose ELF segments reach past the end of
 * the file is called truncated (ld.so would fault on it, and the fault
 * would look like a crashing constructor).
 */
#ifndef SC_INPUTS_H
#define SC_INPUTS_H

#include <stddef.h>

/*
 * Open a case file (--replay) for reading without blocking on it.
 * Returns the fd, or -1 with one line in err (missing, unreadable, a
 * directory, a fifo or a device).
 */
int sc_open_case_file(const char *name, char *err, size_t errlen);

/*
 * Check --impl before it is loaded: 0 if it may be handed to the loader
 * (which says what else is wrong), or -1 with one line in err.
 */
int sc_check_impl_file(const char *path, char *err, size_t errlen);

/* sc_check_impl_file on each path of a comma-separated --impl list (before
 * anything opens them to see what they are). */
int sc_check_impl_list(const char *list, char *err, size_t errlen);

/* s with control characters escaped (\n, \t, \xNN), so an error message
 * stays one line whatever the user typed.  out: size bytes. */
void sc_escape_line(const char *s, char *out, size_t size);

#endif
