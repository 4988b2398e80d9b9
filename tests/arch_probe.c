/*
 * arch_probe.c - what the machine (or qemu-user) under strcheck does with
 * the things strcheck relies on: page size, a fault on a guard page and
 * the address the signal reports, a write to a read-only page, a load that
 * straddles into a guard page, the interval timer of the watchdog, and
 * whether a seccomp filter can be installed.  One "key: value" line each;
 * scripts/bench-cross.sh runs it on every architecture
 * (docs/architectures.md).
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static sigjmp_buf jb;
static volatile void *fault_addr;
static volatile int fault_code, fault_sig, ticks;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	fault_sig = sig;
	fault_addr = si->si_addr;
	fault_code = si->si_code;
	siglongjmp(jb, 1);
}

static void on_tick(int sig)
{
	(void)sig;
	ticks++;
}

/* Run access(p) and say what fault came, relative to the guard at g. */
static void probe(const char *name, void (*access_fn)(volatile char *), volatile char *p, char *g)
{
	fault_sig = 0;
	if (sigsetjmp(jb, 1) == 0)
		access_fn(p);
	if (!fault_sig)
		printf("%s: no fault\n", name);
	else
		printf("%s: %s, si_code %s, si_addr guard%+ld (access at guard%+ld)\n", name,
		       fault_sig == SIGSEGV ? "SIGSEGV" : fault_sig == SIGBUS ? "SIGBUS" : "other",
		       fault_code == SEGV_ACCERR ? "SEGV_ACCERR" : fault_code == SEGV_MAPERR ?
		       "SEGV_MAPERR" : "other", (long)((char *)fault_addr - g), (long)((char *)p - g));
}

static void read_byte(volatile char *p) { (void)*p; }
static void write_byte(volatile char *p) { *p = 1; }
/* An 8-byte load starting 4 bytes before the guard (memcpy: one load). */
static void read_straddle(volatile char *p)
{
	uint64_t w;

	memcpy(&w, (const char *)p, sizeof(w));
	__asm__ volatile("" : : "r"(w));
}

/* An allow-everything seccomp filter, in a child: does it install? */
static void probe_seccomp(void)
{
	struct sock_filter allow[] = { BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	struct sock_fprog prog = { 1, allow };
	int st = 0, pipefd[2];
	char msg[120] = "";
	pid_t pid;

	if (pipe(pipefd) != 0)
		return;
	pid = fork();
	if (pid == 0) {
		int rc = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);

		if (rc == 0)
			rc = prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
		snprintf(msg, sizeof(msg), "%s", rc == 0 ? "installed" : strerror(errno));
		if (write(pipefd[1], msg, strlen(msg)) < 0)
			_exit(2);
		_exit(0);
	}
	close(pipefd[1]);
	if (read(pipefd[0], msg, sizeof(msg) - 1) < 0)
		msg[0] = 0;
	waitpid(pid, &st, 0);
	printf("seccomp_filter: %s\n", msg[0] ? msg : "child said nothing");
}

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	struct sigaction sa = { 0 };
	struct itimerval it = { { 0, 10000 }, { 0, 10000 } };
	char *m = mmap(NULL, 3 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	char *g;
	struct timeval t0, t1;

	if (m == MAP_FAILED)
		return 1;
	printf("page_size: %ld\n", page);
	/* [data][guard][read-only] */
	g = m + page;
	mprotect(g, (size_t)page, PROT_NONE);
	mprotect(g + page, (size_t)page, PROT_READ);
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	probe("read_guard_first_byte", read_byte, g, g);
	probe("read_guard_byte_100", read_byte, g + 100, g);
	probe("read_8_bytes_straddling_into_guard", read_straddle, g - 4, g);
	probe("write_read_only_page", write_byte, g + page + 5, g);
	probe("read_byte_before_guard", read_byte, g - 1, g);

	/* The watchdog's tick: a 10 ms ITIMER_REAL, for 200 ms of spinning. */
	signal(SIGALRM, on_tick);
	setitimer(ITIMER_REAL, &it, NULL);
	gettimeofday(&t0, NULL);
	do
		gettimeofday(&t1, NULL);
	while ((t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_usec - t0.tv_usec) < 200000);
	it.it_value.tv_usec = it.it_interval.tv_usec = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	printf("itimer_10ms_ticks_in_200ms: %d\n", ticks);
	probe_seccomp();
	return 0;
}
