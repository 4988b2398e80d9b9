/*
 * scan_probe.c - which of the eight a built function behaves like: it is
 * called on SC_PROBE_CASES cases (random sources of every byte value but
 * NUL, with bytes after the NUL; dest holding a string, for the appending
 * ones; counts 0..63), each reference on the same case, and for each of
 * the seven of its shape the cases whose whole buffer (dest and 128 bytes
 * either side) came out as the reference's, and those whose return value
 * matched too.  Runs in a strcheck child of the scan (--scan-probe), so a
 * crash or a hang there costs the probe, not the scan; a fault or a call
 * over its deadline counts as a case that matched nothing.  The seed is
 * fixed: a function probes alike every time.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "../../../ref/ref.h"
#include "../../engine/load/load.h"
#include "../scan.h"

#define BUF 512
#define AT 128                   /* dest's place in its buffer */

typedef intptr_t any_fn(char *, const char *, size_t);

static sigjmp_buf escape;

static void on_fault(int sig)
{
	siglongjmp(escape, sig);
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static const char *const kinds[] = { "int", "int32", "ptr", "void", "unknown" };

const char *sc_ret_kind_name(enum sc_ret_kind k)
{
	return kinds[k];
}

/* The reference of API a on dest, its return as an integer or as dest's offset. */
static int64_t run_ref(int a, char *d, const char *s, size_t n, int *is_ptr)
{
	*is_ptr = a == SC_STRNCPY || a == SC_STRNCAT || a == SC_STPNCPY;
	switch (a) {
	case SC_STRSCPY: return ref_strscpy(d, s, n);
	case SC_STRSCPY_PAD: return ref_strscpy_pad(d, s, n);
	case SC_STRLCPY: return (int64_t)ref_strlcpy(d, s, n);
	case SC_STRNCPY: return ref_strncpy(d, s, n) - d;
	case SC_STRLCAT: return (int64_t)ref_strlcat(d, s, n);
	case SC_STRNCAT: return ref_strncat(d, s, n) - d;
	default: return ref_stpncpy(d, s, n) - d;
	}
}

/* One call under a deadline: 0, or -1 when it faulted or hung. */
static int guarded(any_fn *fn, char *d, const char *s, size_t n, intptr_t *ret)
{
	static const struct itimerval limit = { .it_value = { 0, 200000 } };
	static const struct itimerval off;
	int rc = 0;

	if (sigsetjmp(escape, 1) == 0) {
		setitimer(ITIMER_REAL, &limit, NULL);
		*ret = fn(d, s, n);
	} else {
		rc = -1;
	}
	setitimer(ITIMER_REAL, &off, NULL);
	return rc;
}

static void one_case(uint64_t *seed, char *src, char *init, size_t *n)
{
	size_t slen = next(seed) % 41, dlen = next(seed) % 21;

	/* Every byte value but NUL; escapes and format characters oftener,
	 * so that a copy that treats them apart shows it. */
	for (size_t i = 0; i < 200; i++)
		src[i] = next(seed) % 8 ? (char)(1 + next(seed) % 255) : "\\%$&\\"[next(seed) % 5];
	src[slen] = 0;
	memset(init, 0xa5, BUF);
	for (size_t i = 0; i < dlen; i++)
		init[AT + i] = (char)('a' + next(seed) % 26);
	init[AT + dlen] = 0;
	*n = next(seed) % 64;
}

int sc_scan_probe_run(const char *so, const char *symbol, const char *kind, FILE *out,
		      char *err, size_t errlen)
{
	static char src[256], init[BUF], got[BUF], want[BUF];
	struct sigaction sa = { .sa_handler = on_fault, .sa_flags = SA_NODEFER };
	struct sc_probe pr;
	enum sc_ret_kind k = SC_RET_UNKNOWN;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	any_fn *fn;

	for (int i = 0; i <= SC_RET_UNKNOWN; i++)
		if (!strcmp(kind, kinds[i]))
			k = (enum sc_ret_kind)i;
	fn = (any_fn *)sc_load(so, symbol, SC_STRLCPY, err, errlen);
	if (!fn)
		return -1;
	memset(&pr, 0, sizeof(pr));
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);
	sigaction(SIGFPE, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	for (unsigned c = 0; c < SC_PROBE_CASES; c++) {
		intptr_t ret = 0;
		size_t n;

		one_case(&seed, src, init, &n);
		memcpy(got, init, BUF);
		pr.cases++;
		if (guarded(fn, got + AT, src, n, &ret) != 0) {
			pr.faults++;
			continue;
		}
		int64_t r = k == SC_RET_INT32 ? (int64_t)(int32_t)ret : (int64_t)ret;
		if (k == SC_RET_PTR)
			r = (int64_t)(ret - (intptr_t)(got + AT));
		if (k == SC_RET_PTR && r >= 0 && r < BUF - AT && got[AT + r] == 0 &&
		    (size_t)r == strlen(got + AT))
			pr.end_ptr++;
		for (int a = 0; a < SC_PROBE_APIS; a++) {
			int is_ptr;
			int64_t w;

			memcpy(want, init, BUF);
			w = run_ref(a, want + AT, src, n, &is_ptr);
			if (memcmp(got, want, BUF))
				continue;
			pr.image[a]++;
			/* No return value (void) is compared with nothing. */
			if (k == SC_RET_VOID ? 0 : (k == SC_RET_PTR) == is_ptr && r == w)
				pr.full[a]++;
		}
	}
	fprintf(out, "probe cases %u faults %u end_ptr %u\n", pr.cases, pr.faults, pr.end_ptr);
	for (int a = 0; a < SC_PROBE_APIS; a++)
		fprintf(out, "probe %s image %u full %u\n", sc_api_name((enum sc_api)a), pr.image[a],
			pr.full[a]);
	return fflush(out) ? -1 : 0;
}

int sc_scan_probe_parse(const char *text, struct sc_probe *pr)
{
	const char *p = strstr(text, "probe cases ");
	int seen = 0;

	memset(pr, 0, sizeof(*pr));
	if (!p || sscanf(p, "probe cases %u faults %u end_ptr %u", &pr->cases, &pr->faults,
			 &pr->end_ptr) != 3)
		return -1;
	for (int a = 0; a < SC_PROBE_APIS; a++) {
		char key[64];

		snprintf(key, sizeof(key), "probe %s image ", sc_api_name((enum sc_api)a));
		p = strstr(text, key);
		if (p && sscanf(p + strlen(key), "%u full %u", &pr->image[a], &pr->full[a]) == 2)
			seen++;
	}
	return seen == SC_PROBE_APIS ? 0 : -1;
}
