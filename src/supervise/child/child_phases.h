/*
 * child_phases.h - what the candidate can see of its process and of the
 * phases, made the same in each (docs/tamper.md, "Phases that look alike").
 */
#ifndef SC_CHILD_PHASES_H
#define SC_CHILD_PHASES_H

#include <stddef.h>

/*
 * The candidate sees the CPUs the process has in every phase: nothing
 * pins its thread (the race checks place only their helper thread,
 * race.c).  Once the engine's handlers are in place the child traps the
 * time-stamp counter (sc_engine_trap_tsc).
 */

/*
 * Before the candidate is loaded: this thread's restartable sequence area
 * unregistered (glibc registers one per thread), so the kernel aborts no
 * sequence of the candidate's, traced or not: a traced read's fault would
 * abort one and an untraced read never does.  The sandbox then answers
 * rseq with ENOSYS (a thread's registration, the candidate's own).
 */
void sc_child_no_rseq(void);

/*
 * Where the kernel accepted the time-stamp trap but rdtsc still ran
 * natively (sc_engine_trap_tsc() < 0): the limit, appended to the sandbox
 * note the report prints.
 */
void sc_child_note_tsc(char *note, size_t size);

/*
 * First of all in the child: the process as a freshly started program has
 * it.  It dies with the supervisor, leaves no core file, is in a process
 * group of its own; every signal at its default action, none blocked; no
 * file open but stdin (null_in), stdout and stderr (out) and the channel
 * (chan).
 */
void sc_child_fresh_process(int null_in, int out, int chan);

#endif
