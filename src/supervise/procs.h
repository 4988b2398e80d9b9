/*
 * procs.h - the processes of a run: the user's signals told apart from
 * the candidate's, and no process of the run left when it ends.
 */
#ifndef SC_PROCS_H
#define SC_PROCS_H

#include <signal.h>
#include <sys/types.h>

/* Set by the handlers: a signal from the user (its number), and one from
 * a process of the child's group (the candidate's doing: never taken as
 * the user's). */
extern volatile sig_atomic_t sc_user_interrupt;
extern volatile sig_atomic_t sc_foreign_signo;
extern volatile pid_t sc_foreign_pid;
/* The current child's process group (0: none). */
extern volatile pid_t sc_child_pgid;

/* Catch SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2 (with the sender's
 * pid); ignore SIGPIPE. */
void sc_catch_signals(void);

/* Kill the process group pgid and every remaining descendant of strcheck
 * (a child subreaper: orphans come to it), and reap them. */
void sc_kill_descendants(pid_t pgid);

#endif
