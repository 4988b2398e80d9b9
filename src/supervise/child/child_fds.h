/*
 * child_fds.h - the checked child's descriptors around the candidate's
 * load: what its constructors opened is closed before the sandbox locks
 * and again after, and its standard descriptors are the child's own
 * (docs/tamper.md, "Constructors").
 */
#ifndef SC_CHILD_FDS_H
#define SC_CHILD_FDS_H

#include <stddef.h>
#include <sys/types.h>

/* The identity (device, inode) of descriptors 0, 1 and 2. */
struct sc_std_fds {
	dev_t dev[3];
	ino_t ino[3];
};

/* Note 0, 1 and 2 as they are (before the candidate is loaded). */
void sc_child_std_fds(struct sc_std_fds *s);

/* 1 if one of 0, 1, 2 is no longer what s noted (a constructor replaced
 * it), with the load error for impl in err; else 0. */
int sc_child_std_fds_changed(const struct sc_std_fds *s, const char *impl, char *err,
			     size_t size);

/* Close every descriptor above 2 but the channel and the engine's own
 * (the demand pager's memfds): whatever the candidate's constructors, or
 * a thread they started, opened while opening files was allowed.
 * Returns how many were closed one by one (close_range counts none). */
int sc_child_close_strays(int chan);

#endif
