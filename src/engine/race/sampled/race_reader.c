/*
 * race_reader.c - the concurrent-reader check's reader thread.
 *
 * dest starts each call as a terminated string whose only NUL is
 * dest[count-1] (the canaries are never zero), and a correct strscpy
 * leaves that byte NUL: it is the NUL on truncation and on an exact fit,
 * and unchanged or zeroed after a shorter string.  A candidate that writes
 * each dest byte once therefore never lets that byte hold anything but a
 * NUL, so the reader polls that one byte, flat out, for the whole call:
 * one load a round instead of a scan of count bytes.  Any other value seen
 * there is a byte written twice; when dest[0..count-2] holds no NUL at that
 * moment either, the reader also saw an unterminated dest.
 */
#include "race_threads.h"

static void poll_call(struct sc_race_sync *s, unsigned long busy, const struct sc_race_target *t)
{
	const volatile unsigned char *d = t->dst;
	size_t last = t->count - 1;

	if (!t->dst || !t->count)
		return;
	while (s->state == busy) {
		unsigned char v = d[last];

		s->acts++;
		if (!v)
			continue;
		size_t i = 0;

		while (i < last && d[i])
			i++;
		s->seen_byte = v;
		s->seen_nul_before = i < last;
		__atomic_store_n(&s->seen, 1, __ATOMIC_RELEASE);
		return;
	}
}

void *sc_race_reader(void *arg)
{
	return sc_race_serve(arg, poll_call);
}
