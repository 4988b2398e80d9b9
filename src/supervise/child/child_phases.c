/*
 * child_phases.c - the checked child's process as a fresh program's, on
 * one CPU for the whole run (child_phases.h).
 */
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../../engine/race/race.h"
#include "child_phases.h"

void sc_child_pin_for_the_run(void)
{
	cpu_set_t all, one;
	int here = sched_getcpu();

	if (sched_getaffinity(0, sizeof(all), &all) != 0 || CPU_COUNT(&all) < 2)
		return;
	if (here < 0 || !CPU_ISSET(here, &all))
		for (here = 0; !CPU_ISSET(here, &all); here++)
			;
	sc_race_cpus(&all);
	CPU_ZERO(&one);
	CPU_SET(here, &one);
	sched_setaffinity(0, sizeof(one), &one);
}

/* Only the channel, and stdin/stdout/stderr that lead nowhere the
 * candidate could abuse. */
static void own_fds(int null_in, int out, int chan)
{
	dup2(null_in, STDIN_FILENO);
	dup2(out, STDOUT_FILENO);
	dup2(out, STDERR_FILENO);
	for (int fd = 3; fd < 1024; fd++)
		if (fd != chan)
			close(fd);
}

/* Every signal as a freshly started program has it: the default action,
 * none blocked (the supervisor's handlers and mask are not the
 * candidate's: a raise(SIGUSR1) must end it as it would end a program).
 * The engine then takes the signals it owns. */
static void default_signals(void)
{
	sigset_t none;

	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

void sc_child_fresh_process(int null_in, int out, int chan)
{
	struct rlimit no_core = { 0, 0 };

	/* Dies with us; leaves no core file when a candidate kills it; in a
	 * process group of its own, so the terminal's ^C is not its. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	setpgid(0, 0);
	setrlimit(RLIMIT_CORE, &no_core);
	default_signals();
	own_fds(null_in, out, chan);
}
