/*
 * scan_probe.c - which of the eight a built function behaves like: it is
 * called on SC_PROBE_CASES cases (random sources of every byte value but
 * NUL, with bytes after the NUL; dest holding a string, for the appending
 * ones; counts 0..63), each reference on the same case, and for each of
 * the seven of its shape the cases whose whole buffer (dest and 128 bytes
 * either side) came out as the reference's, and those whose return value
 * matched too, and the first case that differed.  memccpy's shape (four
 * parameters) is probed against memccpy alone, with a stop byte of every
 * value.  Runs in a strcheck child of the scan (--scan-probe) that locks
 * itself into the checks' seccomp sandbox before the first call, so a
 * crash, an abort or a hang there costs the probe, not the scan; a
 * fault, an abort or a call over its deadline counts as a case that
 * matched nothing.  The seed is fixed: a function probes alike every time.
 * It also prints the hash of the built object's loaded bytes, the scan's
 * cache key (scan_code.c).
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
typedef intptr_t mem_fn(char *, const char *, int, size_t);

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

/* The reference of API a on dest, its return as an integer or as dest's
 * offset (memccpy's NULL: -1). */
static int64_t run_ref(int a, char *d, const char *s, int ch, size_t n, int *is_ptr)
{
	*is_ptr = a == SC_STRNCPY || a == SC_STRNCAT || a == SC_STPNCPY || a == SC_MEMCCPY;
	switch (a) {
	case SC_MEMCCPY: {
		char *e = ref_memccpy(d, s, ch, n);

		return e ? e - d : -1;
	}
	case SC_STRSCPY: return ref_strscpy(d, s, n);
	case SC_STRSCPY_PAD: return ref_strscpy_pad(d, s, n);
	case SC_STRLCPY: return (int64_t)ref_strlcpy(d, s, n);
	case SC_STRNCPY: return ref_strncpy(d, s, n) - d;
	case SC_STRLCAT: return (int64_t)ref_strlcat(d, s, n);
	case SC_STRNCAT: return ref_strncat(d, s, n) - d;
	default: return ref_stpncpy(d, s, n) - d;
	}
}

/* One call under a limit of CPU time (a busy machine does not make a
 * call hang), with a wall-clock backstop far above it for a call that
 * blocks: 0, or the signal that ended it (a fault, an abort, SIGPROF or
 * SIGALRM for a hang). */
static int guarded(void *fn, int mem, char *d, const char *s, int ch, size_t n, intptr_t *ret)
{
	static const struct itimerval cpu = { .it_value = { 0, 200000 } };
	static const struct itimerval wall = { .it_value = { 20, 0 } };
	static const struct itimerval off;
	int rc;

	if ((rc = sigsetjmp(escape, 1)) == 0) {
		setitimer(ITIMER_PROF, &cpu, NULL);
		setitimer(ITIMER_REAL, &wall, NULL);
		*ret = mem ? ((mem_fn *)fn)(d, s, ch, n) : ((any_fn *)fn)(d, s, n);
	}
	setitimer(ITIMER_PROF, &off, NULL);
	setitimer(ITIMER_REAL, &off, NULL);
	return rc;
}

struct one {
	size_t n, slen, dlen;
	int ch;                  /* memccpy's stop byte */
};

static void one_case(uint64_t *seed, char *src, char *init, struct one *o)
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
	o->n = next(seed) % 64;
	o->slen = slen;
	o->dlen = dlen;
	/* A byte of the source (or one absent), every value in turn. */
	o->ch = next(seed) % 2 && slen ? (unsigned char)src[next(seed) % slen]
				       : (int)(next(seed) % 256);
}

/* A returned pointer as dest's offset: "dest+3", "NULL". */
static const char *ptr_text(char *buf, int64_t off)
{
	if (off == -1)
		return "NULL";
	snprintf(buf, 24, "dest%+lld", (long long)off);
	return buf;
}

/* Where the case c came out unlike API a's reference: into buf. */
static void differs(char *buf, size_t size, unsigned c, const struct one *o, int a, int sig,
		    const char *got, const char *want, int64_t r, int64_t w, enum sc_ret_kind kind,
		    int ref_ptr)
{
	char at[120];
	int k = snprintf(at, sizeof(at), "case %u (count %zu, a %zu-byte source", c + 1, o->n,
			 o->slen);

	if (a == SC_MEMCCPY)
		k += snprintf(at + k, sizeof(at) - (size_t)k, ", stop byte 0x%02x", o->ch & 0xff);
	else if (a == SC_STRLCAT || a == SC_STRNCAT)
		k += snprintf(at + k, sizeof(at) - (size_t)k, ", dest holding %zu", o->dlen);
	snprintf(at + k, sizeof(at) - (size_t)k, ")");
	if (sig == SIGPROF) {
		snprintf(buf, size, "%s: no return within 0.2 s of CPU", at);
	} else if (sig == SIGALRM) {
		snprintf(buf, size, "%s: no return within 20 s", at);
	} else if (sig) {
		snprintf(buf, size, "%s: died of signal %d (%s)", at, sig, strsignal(sig));
	} else if (memcmp(got, want, BUF)) {
		int j = 0;

		while (got[j] == want[j])
			j++;
		snprintf(buf, size, "%s: dest[%d] = 0x%02x, %s leaves 0x%02x", at, j - AT,
			 (unsigned char)got[j], sc_api_name((enum sc_api)a), (unsigned char)want[j]);
	} else if (kind == SC_RET_VOID || (kind == SC_RET_PTR) != ref_ptr) {
		char rt[24], wt[24];

		if (ref_ptr)
			snprintf(wt, sizeof(wt), "%s", ptr_text(rt, w));
		else
			snprintf(wt, sizeof(wt), "%lld", (long long)w);
		snprintf(buf, size, "%s: returns %s, %s returns %s %s", at,
			 kind == SC_RET_VOID ? "nothing" : kind == SC_RET_PTR ? "a pointer" : "an integer",
			 sc_api_name((enum sc_api)a), ref_ptr ? "a pointer," : "a length,", wt);
	} else if (ref_ptr) {
		char rt[24], wt[24];

		snprintf(buf, size, "%s: returned %s, %s returns %s", at, ptr_text(rt, r),
			 sc_api_name((enum sc_api)a), ptr_text(wt, w));
	} else {
		snprintf(buf, size, "%s: returned %lld, %s returns %lld", at, (long long)r,
			 sc_api_name((enum sc_api)a), (long long)w);
	}
}

int sc_scan_probe_run(const char *so, const char *symbol, const char *kind, FILE *out,
		      sc_probe_sandbox_fn *sandbox, char *err, size_t errlen)
{
	static char src[256], init[BUF], got[BUF], want[BUF];
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGALRM, SIGPROF, SIGABRT,
				     SIGTRAP };
	struct sigaction sa = { .sa_handler = on_fault, .sa_flags = SA_NODEFER };
	static struct sc_probe pr;
	enum sc_ret_kind k = SC_RET_UNKNOWN;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	int mem = strstr(kind, ",memccpy") != NULL;
	void *fn;

	for (int i = 0; i <= SC_RET_UNKNOWN; i++)
		if (!strncmp(kind, kinds[i], strlen(kinds[i])) &&
		    (!kind[strlen(kinds[i])] || kind[strlen(kinds[i])] == ','))
			k = (enum sc_ret_kind)i;
	sandbox(1);
	fn = sc_load(so, symbol, mem ? SC_MEMCCPY : SC_STRLCPY, err, errlen);
	if (!fn)
		return -1;
	memset(&pr, 0, sizeof(pr));
	if (sc_scan_code_hash(so, pr.code, sizeof(pr.code)) != 0)
		snprintf(pr.code, sizeof(pr.code), "none");
	/* From here a death is the function's doing (the scan tells). */
	fprintf(out, "probe loaded %s\n", pr.code);
	fflush(out);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	sandbox(2);
	for (unsigned c = 0; c < SC_PROBE_CASES; c++) {
		intptr_t ret = 0;
		struct one o;
		int sig;

		one_case(&seed, src, init, &o);
		memcpy(got, init, BUF);
		pr.cases++;
		sig = guarded(fn, mem, got + AT, src, o.ch, o.n, &ret);
		pr.faults += sig != 0;
		int64_t r = k == SC_RET_INT32 ? (int64_t)(int32_t)ret : (int64_t)ret;
		if (k == SC_RET_PTR)
			r = ret ? (int64_t)(ret - (intptr_t)(got + AT)) : -1;
		if (!sig && k == SC_RET_PTR && r >= 0 && r < BUF - AT && got[AT + r] == 0 &&
		    (size_t)r == strlen(got + AT))
			pr.end_ptr++;
		for (int a = mem ? SC_MEMCCPY : 0; a < (mem ? SC_API_COUNT : SC_PROBE_APIS); a++) {
			int is_ptr, same;
			int64_t w;

			memcpy(want, init, BUF);
			w = run_ref(a, want + AT, src, o.ch, o.n, &is_ptr);
			same = !sig && !memcmp(got, want, BUF);
			pr.image[a] += same;
			/* No return value (void) is compared with nothing. */
			if (same && (k == SC_RET_VOID ? 0 : (k == SC_RET_PTR) == is_ptr && r == w))
				pr.full[a]++;
			else if (!pr.first[a][0])
				differs(pr.first[a], sizeof(pr.first[a]), c, &o, a, sig, got, want, r, w,
					k, is_ptr);
		}
	}
	fprintf(out, "probe cases %u faults %u end_ptr %u\n", pr.cases, pr.faults, pr.end_ptr);
	for (int a = 0; a < SC_API_COUNT; a++)
		fprintf(out, "probe %s image %u full %u first %s\n", sc_api_name((enum sc_api)a),
			pr.image[a], pr.full[a], pr.first[a][0] ? pr.first[a] : "-");
	return fflush(out) ? -1 : 0;
}

int sc_scan_probe_parse(const char *text, struct sc_probe *pr)
{
	const char *p = strstr(text, "probe cases ");
	int seen = 0;

	memset(pr, 0, sizeof(*pr));
	if ((p = strstr(text, "probe loaded ")))
		sscanf(p, "probe loaded %39s", pr->code);
	if (!(p = strstr(text, "probe cases ")) ||
	    sscanf(p, "probe cases %u faults %u end_ptr %u", &pr->cases, &pr->faults,
		   &pr->end_ptr) != 3)
		return -1;
	for (int a = 0; a < SC_API_COUNT; a++) {
		char key[64];
		int at = 0;

		snprintf(key, sizeof(key), "probe %s image ", sc_api_name((enum sc_api)a));
		p = strstr(text, key);
		if (p && sscanf(p + strlen(key), "%u full %u first %n", &pr->image[a], &pr->full[a],
				&at) == 2 && at) {
			p += strlen(key) + (size_t)at;
			snprintf(pr->first[a], sizeof(pr->first[a]), "%.*s", (int)strcspn(p, "\n"),
				 strncmp(p, "-\n", 2) ? p : "");
			seen++;
		}
	}
	return seen == SC_API_COUNT ? 0 : -1;
}
