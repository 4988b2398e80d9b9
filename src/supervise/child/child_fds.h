/*
 * child_fds.h - the checked child's descriptors around the candidate's
 * load: what its constructors opened is closed before the sandbox locks
 * and again after, and its standard descriptors are the child's own
 * (docs/tamper.md, "Constructors").
 */
#ifndef SC_CHILD_FDS_H
#define SC_CHILD_FDS_H

#include <sys/types.h>

/* The identity (device, inode) of descriptors 0, 1 and 2. */
struct sc_std_fds {
	dev_t dev[3];
	ino_t ino[3];
};

/* Note 0, 1 and 2 as they are (before the candidate is loaded). */
void sc_child_std_fds(struct sc_std_fds *s);

/* The first of 0, 1, 2 that is no longer what s noted (a constructor
 * replaced it), or -1. */
int sc_child_std_fds_changed(const struct sc_std_fds *s);

/* Close every descriptor above 2 but the channel and the engine's own
 * (the demand pager's memfds): whatever the candidate's constructors, or
 * a thread they started, opened while opening files was allowed.
 * Returns how many were closed one by one (close_range counts none). */
int sc_child_close_strays(int chan);

#endif
