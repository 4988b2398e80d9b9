/*
 * child_phases.h - what the candidate can see of its process and of the
 * phases, made the same in each (docs/tamper.md, "Phases that look alike").
 */
#ifndef SC_CHILD_PHASES_H
#define SC_CHILD_PHASES_H

/*
 * Before the candidate is loaded: this thread stays on one CPU for the
 * whole run (the sampled checks pinned it only while they ran; its
 * constructor sees the same mask as its calls); the race checks' helper
 * goes on another of the process's CPUs (sc_race_cpus).  Once the
 * engine's handlers are in place the child also traps the time-stamp
 * counter (sc_engine_trap_tsc).
 */
void sc_child_pin_for_the_run(void);

/*
 * First of all in the child: the process as a freshly started program has
 * it.  It dies with the supervisor, leaves no core file, is in a process
 * group of its own; every signal at its default action, none blocked; no
 * file open but stdin (null_in), stdout and stderr (out) and the channel
 * (chan).
 */
void sc_child_fresh_process(int null_in, int out, int chan);

#endif
