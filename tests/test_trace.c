/*
 * test_trace.c - the tracer and the traced checks, alone (suite-44-trace):
 *   test_trace probe                  the probe and the cost per access
 *   test_trace cover SO SYMBOL N      the tracer against itself: over the first
 *       N cases, the traced reads must cover every byte the call needs to
 *       have read (src[0..L] on a fit, src[0..count-2] on truncation) and
 *       the traced stores every byte it wrote (dest[0..ret]); prints
 *       "COVERED" or the first gap
 *   test_trace bench SO SYMBOL N      CPU and wall time per traced access
 *       (the probe's byte loop) and traced cases per second over the
 *       first N cases of the list on SO's SYMBOL
 *   test_trace fault N               the floor a traced access cannot go
 *       below while every access faults: N bare page faults, each on a
 *       PROT_NONE page whose handler performs the load (from a second,
 *       readable mapping of the page) and moves on; CPU and wall per fault
 *   test_trace reopen [none]         a strlcpy that opens the source page
 *       after its string with the tracer's own mprotect (as a hostile
 *       candidate borrowing it would), over the first 40 cases: the read
 *       set's trace must report tamper (no-memory-changes); "none": the
 *       same copy without the mprotect must pass.  Prints "TAMPER what",
 *       "PASS" or "FINDING ..."
 *   test_trace check SO SYMBOL API [reader] [FROM N]
 *       runs traced cases FROM..FROM+N-1 of the list on SO's SYMBOL and
 *       prints "cases C accesses A flips F" and the first finding as
 *       "FINDING class rule flip=B@K: what", or "PASS".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <time.h>
#include <unistd.h>

#include "../src/engine/run/engine.h"
#include "../src/engine/load/load.h"
#include "../src/engine/race/race_trace.h"
#include "../src/engine/base/clock.h"

static struct sc_engine e;

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
static struct sc_case c;
static int reopen_page = 1;

/* A correct strlcpy that, in the read set's trace, opens the page after
 * its string's last page (what a candidate hiding an over-read would do). */
static size_t strlcpy_reopen(char *d, const char *s, size_t n)
{
	size_t len = strlen(s);
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

	if (reopen_page)
		sc_trace_mprotect((void *)((((uintptr_t)s + len) & ~(page - 1)) + page), page, PROT_READ);
	if (n) {
		size_t k = len < n - 1 ? len : n - 1;

		memcpy(d, s, k);
		d[k] = 0;
	}
	return len;
}

/* The bare fault: `movzbl (%rsi), %eax` (3 bytes) on a closed page, the
 * handler loading the byte from the page's readable alias. */
static const unsigned char *fault_page, *fault_alias;

static void on_bare_fault(int sig, siginfo_t *si, void *uctx)
{
	ucontext_t *uc = uctx;

	(void)sig;
	uc->uc_mcontext.gregs[REG_RAX] = fault_alias[(const unsigned char *)si->si_addr - fault_page];
	uc->uc_mcontext.gregs[REG_RIP] += 3;
}

static int bare_fault(unsigned long n)
{
	struct sigaction sa, old;
	int fd = memfd_create("bare", 0);
	unsigned long sum = 0;
	double w0, c0, wall, cpu;

	if (fd < 0 || ftruncate(fd, 4096) != 0)
		return 2;
	fault_page = mmap(NULL, 4096, PROT_NONE, MAP_SHARED, fd, 0);
	fault_alias = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	if (fault_page == MAP_FAILED || fault_alias == MAP_FAILED)
		return 2;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_bare_fault;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, &old);
	w0 = sc_now();
	c0 = cpu_now();
	for (unsigned long i = 0; i < n; i++) {
		unsigned long v;

		__asm__ volatile(".byte 0x0f, 0xb6, 0x06" : "=a"(v) : "S"(fault_page + (i & 4095)) : "memory");
		sum += v;
	}
	wall = sc_now() - w0;
	cpu = cpu_now() - c0;
	sigaction(SIGSEGV, &old, NULL);
	printf("bare fault: %.1f us CPU, %.1f us wall (%lu faults whose handler performs the load%s)\n",
	       cpu * 1e6 / (double)n, wall * 1e6 / (double)n, n, sum ? ", wrong bytes" : "");
	return 0;
}

int main(int argc, char **argv)
{
	const char *why;
	struct sc_trace t;

	/* TEST_TRACE_ONWARD=0: one fault per traced access (suite-44 compares) */
	if (getenv("TEST_TRACE_ONWARD") && !strcmp(getenv("TEST_TRACE_ONWARD"), "0"))
		sc_trace_onward_on = 0;
	if (sc_engine_init(&e, 2000) != 0) {
		perror("engine");
		return 2;
	}
	if (argc >= 2 && !strcmp(argv[1], "why-refused")) {
		/* The sandbox refuses the tracer; the reason said must still be
		 * the build's own where it has one (no Zydis, a sanitizer). */
		sc_trace_refuse("the sandbox could not allow the tracer's mprotect");
		printf("%s\n", sc_trace_available(&e, &why) ? "AVAILABLE" : why);
		return 0;
	}
	if (!sc_trace_available(&e, &why)) {
		printf("SKIP tracer unavailable: %s\n", why);
		return 0;
	}
	if (argc >= 5 && !strcmp(argv[1], "cover")) {
		static unsigned char rd[SC_SRC_MAX + 1], wr[SC_COUNT_MAX + 1];
		char err[256];
		void *fn = sc_load(argv[2], argv[3], SC_STRSCPY, err, sizeof(err));
		uint64_t n = strtoull(argv[4], NULL, 0);

		if (!fn || sc_trace_init(&t) != 0)
			return 2;
		for (uint64_t k = 0; k < n; k++) {
			size_t L, need, wrote;
			uint64_t s, d;

			sc_trace_case(SC_STRSCPY, k, &c);
			t.trace_dest = 1;
			sc_trace_run(&e, &c, fn, &t);
			L = sc_case_strlen(&c);
			need = c.count > L ? L + 1 : (size_t)c.count - 1;
			wrote = e.cand.ret >= 0 ? (size_t)e.cand.ret + 1 : (size_t)c.count;
			if (need > 4096 || wrote > 4096)
				continue;  /* a long string's middle runs untraced */
			s = (uintptr_t)e.cand.src;
			d = (uintptr_t)e.cand.dst;
			memset(rd, 0, need);
			memset(wr, 0, wrote);
			for (size_t i = 0; i < t.n; i++)
				for (uint64_t a = t.acc[i].lo; a < t.acc[i].lo + t.acc[i].len; a++) {
					if (!t.acc[i].write && a >= s && a < s + need)
						rd[a - s] = 1;
					if (t.acc[i].write && a >= d && a < d + wrote)
						wr[a - d] = 1;
				}
			for (size_t b = 0; b < need; b++)
				if (!rd[b]) {
					printf("GAP case %llu: src[%zu] copied but no traced read covers it\n",
					       (unsigned long long)k, b);
					return 0;
				}
			for (size_t b = 0; b < wrote; b++)
				if (!wr[b]) {
					printf("GAP case %llu: dest[%zu] written but no traced store covers it\n",
					       (unsigned long long)k, b);
					return 0;
				}
		}
		printf("COVERED\n");
		return 0;
	}
	if (argc >= 5 && !strcmp(argv[1], "bench")) {
		char err[256];
		void *fn = sc_load(argv[2], argv[3], SC_STRSCPY, err, sizeof(err));
		uint64_t n = strtoull(argv[4], NULL, 0), k;
		struct sc_traced r;
		double w0, c0, wall, cpu;

		if (!fn || sc_trace_init(&t) != 0)
			return 2;
		w0 = sc_now();
		c0 = cpu_now();
		sc_trace_cost_ns(&e, 4000);
		wall = sc_now() - w0;
		cpu = cpu_now() - c0;
		printf("traced access: %.1f us CPU, %.1f us wall (probe: a byte loop, 4000 accesses)\n",
		       cpu * 1e6 / 4000, wall * 1e6 / 4000);
		memset(&r, 0, sizeof(r));
		w0 = sc_now();
		c0 = cpu_now();
		for (k = 0; k < n; k++) {
			sc_trace_case(SC_STRSCPY, k, &c);
			if (sc_trace_check(&e, &t, &c, fn, 1, &r))
				break;
		}
		wall = sc_now() - w0;
		cpu = cpu_now() - c0;
		printf("%s %s: %llu traced cases (--reader), %llu calls, %llu flips, %llu accesses: "
		       "%.0f cases/s of CPU, %.0f cases/s wall, %.1f us CPU per access%s\n", argv[2], argv[3],
		       (unsigned long long)k, (unsigned long long)r.runs, (unsigned long long)r.flips,
		       (unsigned long long)r.accesses, k / cpu, k / wall,
		       r.accesses ? cpu * 1e6 / (double)r.accesses : 0, r.nf ? " (stopped at a finding)" : "");
		printf("  faults (the tracer's signals): %llu, %.3f a traced access\n", (unsigned long long)r.faults,
		       r.accesses ? (double)r.faults / (double)r.accesses : 0);
		{
			unsigned long em, st;
			char log[1024];

			sc_trace_fallbacks(&em, &st, log, sizeof(log));
			printf("  performed by the tracer: %lu instructions, single-stepped: %lu%s%s\n", em, st,
			       *log ? ": " : "", log);
		}
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "fault"))
		return bare_fault(strtoul(argv[2], NULL, 0));
	if (argc >= 2 && !strcmp(argv[1], "reopen")) {
		struct sc_traced r;

		reopen_page = !(argc > 2 && !strcmp(argv[2], "none"));
		if (sc_trace_init(&t) != 0)
			return 2;
		memset(&r, 0, sizeof(r));
		for (uint64_t k = 0; k < 40; k++) {
			sc_trace_case(SC_STRLCPY, k, &c);
			if (sc_trace_check(&e, &t, &c, (void *)strlcpy_reopen, 0, &r)) {
				printf("%s %s\n", strcmp(r.f[0].rule, "no-memory-changes") ? "FINDING" : "TAMPER",
				       r.f[0].what);
				return 0;
			}
		}
		printf("PASS\n");
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "probe")) {
		printf("cost %.0f ns per traced access\n", sc_trace_cost_ns(&e, 2000));
		return 0;
	}
	if (argc >= 6 && !strcmp(argv[1], "dump")) {
		/* dump SO SYMBOL API K: the trace of case K */
		char err[256], where[160];
		enum sc_api api = !strcmp(argv[4], "strscpy_pad") ? SC_STRSCPY_PAD : SC_STRSCPY;
		void *fn = sc_load(argv[2], argv[3], api, err, sizeof(err));

		if (!fn || sc_trace_init(&t) != 0)
			return 2;
		sc_trace_case(api, strtoull(argv[5], NULL, 0), &c);
		t.watch_dest = 1;
		sc_trace_run(&e, &c, fn, &t);
		printf("len %zu count %llu src %p dst %p ret %lld\n", sc_case_strlen(&c),
		       (unsigned long long)c.count, (void *)e.cand.src, (void *)e.cand.dst,
		       (long long)e.cand.ret);
		for (size_t i = 0; i < t.n; i++)
			printf("%3zu %c %s%+lld %u %s flags %x\n", i, t.acc[i].write ? 'w' : 'r',
			       t.acc[i].arena == 's' ? "src" : "dst",
			       (long long)(t.acc[i].lo - (uintptr_t)(t.acc[i].arena == 's' ? e.cand.src : e.cand.dst)),
			       t.acc[i].len, sc_trace_where(t.acc[i].ip, where, sizeof(where)), t.acc[i].flags);
		return 0;
	}
	if (argc < 5 || strcmp(argv[1], "check")) {
		fprintf(stderr, "usage: test_trace probe | check SO SYMBOL API [reader] [FROM N]\n");
		return 2;
	}
	{
		char err[256];
		enum sc_api api = SC_STRSCPY;
		int reader = argc > 5 && !strcmp(argv[5], "reader"), a = 5 + reader;
		uint64_t from = argc > a ? strtoull(argv[a], NULL, 0) : 0;
		uint64_t n = argc > a + 1 ? strtoull(argv[a + 1], NULL, 0) : 256;
		void *fn;
		struct sc_traced r;
		double start = sc_now(), c0 = cpu_now();
		uint64_t k;

		if (sc_api_parse(argv[4], &api) != 0)
			return 2;
		fn = sc_load(argv[2], argv[3], api, err, sizeof(err));
		if (!fn) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
		if (sc_trace_init(&t) != 0)
			return 2;
		memset(&r, 0, sizeof(r));
		if (from + n > sc_trace_cases_total())
			n = from < sc_trace_cases_total() ? sc_trace_cases_total() - from : 0;
		for (k = from; k < from + n; k++) {
			sc_trace_case(api, k, &c);
			if (sc_trace_check(&e, &t, &c, fn, reader, &r))
				break;
		}
		printf("cases %llu accesses %llu runs %llu flips %llu in %.2f s%s\n",
		       (unsigned long long)(k - from + (k < from + n)), (unsigned long long)r.accesses,
		       (unsigned long long)r.runs, (unsigned long long)r.flips, sc_now() - start,
		       r.cut ? " (cut)" : "");
		printf("faults %llu (%.3f a traced access), read-set-only cases %llu, %.2f s CPU\n",
		       (unsigned long long)r.faults, r.accesses ? (double)r.faults / (double)r.accesses : 0,
		       (unsigned long long)r.reads_only, cpu_now() - c0);
		if (getenv("TEST_TRACE_STOPS")) {
			char log[1024];

			sc_trace_onward_stops(log, sizeof(log));
			printf("onward stopped at: %s\n", log);
		}
		if (r.nf)
			printf("FINDING %s %s case=%llu flip=%u@%u: %s\n", sc_class_name(r.f[0].cls),
			       r.f[0].rule, (unsigned long long)k, r.flip.byte, r.flip.read, r.f[0].what);
		else
			printf("PASS\n");
	}
	return 0;
}
