/*
 * child_phases.h - what the candidate can see of the phases, made the same
 * in each (docs/tamper.md, "Phases that look alike").
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

#endif
