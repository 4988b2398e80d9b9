/*
 * race_tamper.c - the traced check's second line (race_tamper.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "race_tamper.h"

/* Source bytes read by the trace (one call at a time). */
static unsigned char seen[SC_SRC_MAX + 64];

/* Whether the page at p can be read: the kernel copies a path from it
 * (faccessat), which fails with EFAULT when it cannot; no fault, no
 * handler, one system call the sandbox allows. */
static int readable(const unsigned char *p)
{
	return syscall(SYS_faccessat, AT_FDCWD, p, F_OK) != -1 || errno != EFAULT;
}

static int guard_open(const struct sc_arena *a, const unsigned char **at)
{
	const unsigned char *g[2] = { a->data - a->page, a->data + a->data_len };

	for (int i = 0; i < 2; i++)
		if (readable(g[i])) {
			*at = g[i];
			return 1;
		}
	return 0;
}

/* Whether every correct call of c's API reads src[0 .. min(strlen,
 * count - 1)]: the string copies do (memccpy stops at its c, not the NUL). */
static int reads_prefix(enum sc_api api)
{
	return api != SC_MEMCCPY;
}

int sc_trace_tampered(const struct sc_engine *e, const struct sc_case *c, const struct sc_trace *t,
		      struct sc_finding *f, int max)
{
	uint64_t src = (uint64_t)(uintptr_t)e->cand.src, count = e->cand.count, need;
	const unsigned char *nul, *g;

	if (guard_open(&e->src, &g) || guard_open(&e->dst, &g))
		return sc_add_finding(f, 0, max, SC_RULE_NO_MEMORY_CHANGES, SC_PASS, -1,
				      "traced: after the call a guard page (%p) was readable: the "
				      "tracer's protection was changed", (const void *)g);
	/* The read set only: the allowed reads were not traced, so what
	 * holds is that the pages the tracer closed stayed closed. */
	if (t->reopened)
		return sc_add_finding(f, 0, max, SC_RULE_NO_MEMORY_CHANGES, SC_PASS, -1,
				      "traced: after the call a source page the tracer had closed "
				      "(%p) was readable: the tracer's protection was changed",
				      (const void *)t->reopened);
	if (t->reads_only)
		return 0;
	if (!reads_prefix(c->api) || t->cut || count == 0 || sc_count_is_huge(c) ||
	    e->cand.stop != SC_RETURNED)
		return 0;
	nul = memchr(c->src, 0, c->src_len);
	need = nul ? (uint64_t)(nul - c->src) : (uint64_t)c->src_len;
	if (need > count - 1)
		need = count - 1;
	if (need >= sizeof(seen) || (!nul && need >= c->src_len))
		return 0;
	memset(seen, 0, need + 1);
	for (size_t i = 0; i < t->n; i++) {
		const struct sc_access *x = &t->acc[i];

		if (x->flags & SC_ACC_GUESSED)
			return 0;  /* a width not decoded: the set is not exact */
		if (x->write || x->arena != 's' || x->lo + x->len <= src || x->lo > src + need)
			continue;
		for (uint64_t b = x->lo > src ? x->lo - src : 0; b < x->lo + x->len - src && b <= need; b++)
			seen[b] = 1;
	}
	/* Every page of the string is traced: every byte must have been read. */
	for (uint64_t b = 0; b <= need; b++) {
		if (!seen[b])
			return sc_add_finding(f, 0, max, SC_RULE_NO_MEMORY_CHANGES, SC_PASS,
					      (int64_t)b, "traced: the call never read src[%" PRIu64
					      "], which every correct call reads (src[0..%" PRIu64
					      "]): the source was read where the tracer could not see",
					      b, need);
	}
	return 0;
}
