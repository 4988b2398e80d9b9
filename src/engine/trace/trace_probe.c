/*
 * trace_probe.c - whether the tracer can run here, and what a traced
 * access costs (trace.h): the build (x86-64 Linux, Zydis, no sanitizer
 * owning SIGSEGV) and a probe of the kernel's trap on the reference's
 * own byte loop.
 */
#include <string.h>
#include <time.h>

#include "../../../ref/ref.h"
#include "../base/clock.h"
#include "trace.h"
#include "insn/trace_decode.h"
#include "insn/trace_emulate.h"

#if defined(__x86_64__) && defined(__linux__)
#define TRACE_ARCH 1
#else
#define TRACE_ARCH 0
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TRACE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define TRACE_SANITIZED 1
#endif
#endif
#ifndef TRACE_SANITIZED
#define TRACE_SANITIZED 0
#endif

/* The probe: the reference's byte loop traced on a short string must show
 * each byte read (once or again) and stored, in order. */
static int probe(struct sc_engine *e)
{
	static struct sc_case c;
	struct sc_trace t;
	int ok;

	if (sc_trace_init(&t) != 0)
		return 0;
	memset(&c, 0, sizeof(c));
	c.api = SC_STRSCPY;
	memcpy(c.src, "abc", 4);
	c.src_len = 4;
	c.count = 8;
	t.trace_dest = 1;
	sc_trace_run(e, &c, (void *)ref_strscpy, &t);
	ok = e->cand.stop == SC_RETURNED && e->cand.ret == 3 && t.n >= 8;
	/* In order; a byte may be read again (clang reloads it after the
	 * store, which may alias). */
	for (size_t i = 0, r = 0; ok && i < t.n; i++) {
		uint64_t a = t.acc[i].lo - (uint64_t)(uintptr_t)e->cand.src;

		if (t.acc[i].write)
			continue;
		if (a == r)
			r++;
		else if (a + 1 != r)
			ok = 0;
	}
	sc_trace_fini(&t);
	return ok;
}

static int known, probed;
static const char *built, *refused;

/* A refusal (the sandbox's) stands after the build's reasons whenever it
 * comes: a build without the tracer says so first. */
void sc_trace_refuse(const char *why)
{
	if (!refused)
		refused = why;
}

const char *sc_trace_built_why(void)
{
	const char *why = NULL;

	if (!TRACE_ARCH)
		why = "the tracer runs on x86-64 Linux only";
	else if (TRACE_SANITIZED)
		why = "a sanitizer build (the sanitizer owns SIGSEGV)";
	else if (!sc_decode_available(&why) && !why)
		why = "the decoder did not start";
	return why;
}

int sc_trace_available(struct sc_engine *e, const char **why)
{
	const char *said;

	if (!known) {
		known = 1;
		built = sc_trace_built_why();
		/* The emulator's code pages are mapped now, before the sandbox
		 * locks mmap (without them every access is single-stepped). */
		if (!built) {
			uint64_t lo[2] = { (uint64_t)(uintptr_t)e->src.data, (uint64_t)(uintptr_t)e->dst.data };
			uint64_t hi[2] = { lo[0] + e->src.data_len, lo[1] + e->dst.data_len };

			sc_emu_init();
			/* The system calls on the arenas: trapped, performed as
			 * untraced (before the sandbox locks seccomp too). */
			sc_trace_sys_handler();
#if !defined(SC_TRACE_BREAK) || SC_TRACE_BREAK != 5  /* 5: broken on purpose, suite-44 */
			sc_trace_sys_install(lo, hi, 2);
#endif
		}
		if (!built && !refused)
			probed = probe(e);
	}
	said = built ? built : refused ? refused :
	       !probed ? "the kernel did not deliver the trap of a traced load" : NULL;
	if (why)
		*why = said;
	return !said;
}

double sc_trace_cost_ns(struct sc_engine *e, unsigned loads)
{
	static struct sc_case c;
	struct sc_trace t;
	double start, ns;

	if (!sc_trace_available(e, NULL) || sc_trace_init(&t) != 0)
		return 0;
	memset(&c, 0, sizeof(c));
	c.api = SC_STRSCPY;
	if (loads > SC_SRC_MAX / 2)
		loads = SC_SRC_MAX / 2;
	memset(c.src, 'a', loads / 2);
	c.src_len = loads / 2 + 1;
	c.count = c.src_len;
	t.trace_dest = 1;
	start = sc_now();
	sc_trace_run(e, &c, (void *)ref_strscpy, &t);
	ns = (sc_now() - start) * 1e9 / (double)(t.n ? t.n : 1);
	sc_trace_fini(&t);
	return ns;
}
