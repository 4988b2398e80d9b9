/*
 * child_phases.c - the checked child's process as a fresh program's
 * (child_phases.h).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#endif
#endif

#include "child_phases.h"

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

void sc_child_note_tsc(char *note, size_t size)
{
	size_t n = strlen(note);

	snprintf(note + n, size - n, "; rdtsc not trapped (the kernel accepts the trap, the "
		 "counter runs natively): the candidate can time its calls");
}

void sc_child_no_rseq(void)
{
/* 32-bit powerpc's gcc has no __builtin_thread_pointer; strcheck runs
 * there under qemu-user, which registers no rseq area anyway. */
#if defined(RSEQ_SIG) && defined(SYS_rseq) && !(defined(__powerpc__) && !defined(__powerpc64__))
	/* glibc registered its area with its own length (32 or 20 bytes). */
	static const unsigned lens[] = { 32, 20 };
	void *area = (char *)__builtin_thread_pointer() + __rseq_offset;

	if (__rseq_size == 0)
		return;
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
		if (syscall(SYS_rseq, area, lens[i], RSEQ_FLAG_UNREGISTER, RSEQ_SIG) == 0)
			return;
#endif
}
