/*
 * Processes: signals sent to strcheck (the user's, or the candidate's)
 * and every process the checked child leaves behind.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "procs.h"

volatile sig_atomic_t sc_user_interrupt;
volatile pid_t sc_child_pgid;
volatile sig_atomic_t sc_foreign_signo;
volatile pid_t sc_foreign_pid;

/* A signal sent by a process of the child's group is the candidate's
 * doing (the sandbox refuses it; this is for a strcheck built without
 * one); from the terminal or anyone else, the user's. */
static void on_signal(int sig, siginfo_t *si, void *uctx)
{
	(void)uctx;
	if ((si->si_code == SI_USER || si->si_code == SI_QUEUE) && si->si_pid > 0 && sc_child_pgid > 0 &&
	    (si->si_pid == sc_child_pgid || getpgid(si->si_pid) == sc_child_pgid)) {
		sc_foreign_signo = sig;
		sc_foreign_pid = si->si_pid;
		return;
	}
	sc_user_interrupt = sig;
}

void sc_catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Kill every process left below strcheck: the child's group, then (a
 * subreaper inherits orphans) every remaining child of ours, until none. */
void sc_kill_descendants(pid_t pgid)
{
	char path[64], buf[512];
	pid_t self = getpid();

	if (pgid > 0)
		kill(-pgid, SIGKILL);
	for (int round = 0; round < 50; round++) {
		DIR *d = opendir("/proc");
		struct dirent *de;
		int found = 0;

		while (d && (de = readdir(d))) {
			long pid = strtol(de->d_name, NULL, 10);
			int fd;
			ssize_t n;
			char *close_paren;
			long ppid;

			if (pid <= 0)
				continue;
			snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0)
				continue;
			n = read(fd, buf, sizeof(buf) - 1);
			close(fd);
			if (n <= 0)
				continue;
			buf[n] = 0;
			close_paren = strrchr(buf, ')');
			if (!close_paren || sscanf(close_paren + 1, " %*c %ld", &ppid) != 1 || ppid != self)
				continue;
			kill((pid_t)pid, SIGKILL);
			found = 1;
		}
		if (d)
			closedir(d);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!found)
			break;
		usleep(2000);
	}
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

