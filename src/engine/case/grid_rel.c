/*
 * grid_rel.c - the grid's sections of the relatives (grid_walk.h): for
 * strlcat and strncat, dest's initial string of every length 0..70 and
 * unterminated within size, flush against the guard pages, sizes around
 * dlen + slen and huge ones; for memccpy, c = 0, printable bytes, 0x80,
 * 0xff and values outside 0..255, present, absent and at the end.
 */
#include <stdint.h>
#include <string.h>

#include "grid.h"
#include "grid_walk.h"

/* dest's bytes before the call: high bytes and 0x01 too (a has-zero test
 * or a signed compare on them goes wrong), never a NUL. */
static const unsigned char dest_bytes[] = {
	'D', 0xfe, 'E', 0x01, 0x80, 'F', 0xff, 'G', 0x7f, 'H', 0x81,
};

/* dst_init: dlen non-NUL bytes, then (terminated) a NUL and three bytes
 * after it that a wrong search for the NUL would run into. */
static void set_dest(struct sc_case *c, size_t dlen, int terminated, unsigned variant)
{
	size_t i;

	for (i = 0; i < dlen; i++)
		c->dst_init[i] = dest_bytes[(i + variant) % sizeof(dest_bytes)];
	c->dst_init_len = dlen;
	if (terminated && dlen + 4 <= SC_DINIT_MAX) {
		c->dst_init[dlen] = 0;
		memcpy(c->dst_init + dlen + 1, "xyz", 3);
		c->dst_init_len = dlen + 4;
	}
}

/* The sizes (strlcat) or n (strncat) worth trying for dlen, slen. */
static size_t cat_counts(enum sc_api api, size_t dlen, size_t slen, uint64_t *out)
{
	size_t n = 0, i;

	if (api == SC_STRLCAT) {
		const uint64_t s[] = { 0, 1, dlen, dlen + 1, dlen + slen / 2 + 1, dlen + slen,
				       dlen + slen + 1, dlen + slen + 2, dlen + slen + 9 };

		for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
			out[n++] = s[i];
		if (dlen)
			out[n++] = dlen - 1;
	} else {
		const uint64_t s[] = { 0, 1, slen, slen + 1, slen + 8, slen / 2, SIZE_MAX };

		for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
			out[n++] = s[i];
		if (slen)
			out[n++] = slen - 1;
	}
	return sc_grid_unique(out, n);
}

/* One (dest string, source, count) in each placement against the guards. */
static void cat_placed(struct walk *w, size_t dlen, int term, size_t slen, uint64_t count,
		       unsigned v)
{
	/* dest free, against the guard after it, after the one before it (the
	 * source then against the guard after it); the source right after a
	 * guard (an under-read of src). */
	static const enum sc_place dps[] = { SC_FREE, SC_AT_END, SC_AT_START, SC_FREE };
	static const enum sc_place sps[] = { SC_FREE, SC_FREE, SC_AT_END, SC_AT_START };

	for (size_t p = 0; p < 4 && !w->stop; p++) {
		set_dest(w->c, dlen, term, v);
		sc_grid_source(w->c, slen, v + (unsigned)p);
		sc_grid_emit(w, sps[p], sps[p] == SC_FREE ? (v * 3) % 64 : v % 2, dps[p],
			     dps[p] == SC_FREE ? (v * 5) % 64 : v % 3, count);
	}
	/* strncat: a source with no NUL in n bytes, src[n] the guard page. */
	if (w->api == SC_STRNCAT && count <= slen && !w->stop) {
		set_dest(w->c, dlen, term, v);
		sc_grid_source(w->c, slen, v);
		w->c->src_len = (size_t)count;
		sc_grid_emit(w, SC_AT_END, 0, SC_AT_END, 0, count);
	}
}

/* Huge sizes and n: every shape a truncation or a wrap-around turns
 * small, with dest's string around what it becomes. */
static void cat_huge(struct walk *w)
{
	static const uint64_t bases[] = { (uint64_t)1 << 32, (uint64_t)1 << 16, (uint64_t)1 << 31,
					  (uint64_t)1 << 63, 0 /* 2^64 - k */ };
	static const size_t dlens[] = { 0, 5, 40 }, slens[] = { 0, 7, 30 };
	static const int64_t wrap_ks[] = { 0, 1, 5, 64, -1 };

	for (size_t b = 0; b < sizeof(bases) / sizeof(bases[0]); b++)
		for (size_t d = 0; d < 3; d++)
			for (size_t s = 0; s < 3; s++) {
				size_t dlen = dlens[d], slen = slens[s];
				uint64_t ks[] = { 1, dlen, dlen + 1, dlen + slen, dlen + slen + 1 };

				for (size_t k = 0; k < 5 && !w->stop; k++) {
					uint64_t count = bases[b] ? bases[b] + ks[k] : 0 - ks[k];

					if (!count)
						continue;
					set_dest(w->c, dlen, 1, (unsigned)k);
					sc_grid_source(w->c, slen, (unsigned)s);
					sc_grid_emit(w, SC_FREE, (unsigned)k, SC_AT_END, 0, count);
				}
			}
	for (w->rel = SC_REL_DEST; w->rel <= SC_REL_SRC; w->rel++)
		for (size_t i = 0; i < sizeof(wrap_ks) / sizeof(wrap_ks[0]); i++)
			for (size_t d = 0; d < 3 && !w->stop; d++) {
				set_dest(w->c, dlens[d], 1, (unsigned)i);
				sc_grid_source(w->c, slens[d], (unsigned)i);
				sc_grid_emit(w, SC_AT_END, 0, SC_AT_START, 0, (uint64_t)wrap_ks[i]);
			}
	w->rel = SC_REL_NONE;
}

void sc_grid_append(struct walk *w)
{
	static const size_t slens[] = { 0, 1, 2, 7, 8, 9, 16, 31, 40 };
	static const size_t longs[] = { 255, 256, 4095, 4096, 4097, 8191, 8192 };
	uint64_t counts[16];

	cat_huge(w);
	/* dest's string of every length 0..70, sizes around dlen + slen. */
	for (size_t dlen = 0; dlen <= 70 && !w->stop; dlen++)
		for (size_t s = 0; s < sizeof(slens) / sizeof(slens[0]); s++) {
			size_t nc = cat_counts(w->api, dlen, slens[s], counts);

			for (size_t i = 0; i < nc; i++)
				cat_placed(w, dlen, 1, slens[s], counts[i], (unsigned)(dlen + s + i));
		}
	/* strlcat: no NUL in dest's size bytes, dest[size] the guard page. */
	if (w->api == SC_STRLCAT)
		for (size_t size = 0; size <= 70 && !w->stop; size++)
			for (size_t s = 0; s < 4; s++)
				cat_placed(w, size, 0, slens[s * 2], size, (unsigned)(size + s));
	/* Every dest and source alignment for short strings. */
	for (size_t dlen = 0; dlen <= 16 && !w->stop; dlen++)
		for (unsigned off = 0; off <= SC_OFF_MAX; off++) {
			size_t slen = off % 17;
			uint64_t n = w->api == SC_STRLCAT ? dlen + slen : slen;

			set_dest(w->c, dlen, 1, off);
			sc_grid_source(w->c, slen, off);
			sc_grid_emit(w, SC_FREE, (off * 3) % 64, SC_FREE, off, n + 1);
			set_dest(w->c, dlen, 1, off);
			sc_grid_source(w->c, slen, off);
			sc_grid_emit(w, SC_FREE, off, SC_FREE, (off * 7) % 64, n ? n - 1 : 0);
		}
	/* Long dest strings, past a page and two. */
	for (size_t l = 0; l < sizeof(longs) / sizeof(longs[0]) && !w->stop; l++)
		for (size_t s = 0; s < 3; s++) {
			size_t slen = s == 0 ? 0 : s == 1 ? 5 : 100;
			size_t nc = cat_counts(w->api, longs[l], slen, counts);

			for (size_t i = 0; i < nc; i++)
				cat_placed(w, longs[l], 1, slen, counts[i], (unsigned)(l + i));
		}
}

/* memccpy's c: its use as a string copy (0), printable bytes, the high
 * ones, and ints outside 0..255 that must convert to unsigned char
 * (-1: 0xff, 0x141: 'A', 0x100: 0, -128: 0x80). */
static const int32_t chs[] = { 0, 'A', ' ', '~', 0x80, 0xff, -1, 0x141, 0x100, -128, 0x1ff };

/* A source of len bytes none of which is (unsigned char)ch (NULs too,
 * which memccpy copies on), then ch at len when present, then a trailer. */
static void mc_source(struct sc_case *c, int32_t ch, size_t len, int present, unsigned v)
{
	static const unsigned char bytes[] = { 'a', 0, 0x80, 'A', 0xff, 0x01, 'b', 0x7f, 0xfe, ' ',
					       'c', 0x41, 0x81, 0, 'd', 0xc1 };
	unsigned char uc = (unsigned char)ch;
	size_t i;

	for (i = 0; i < len + 1 + 8; i++) {
		unsigned char b = bytes[(i + v) % sizeof(bytes)];

		c->src[i] = b == uc ? (uc == 'q' ? 'r' : 'q') : b;
	}
	if (present)
		c->src[len] = uc;
	c->src_len = len + (present ? 1 + 8 : 0);
	c->ch = ch;
}

void sc_grid_memccpy(struct walk *w)
{
	static const uint64_t huge[] = { SIZE_MAX, (uint64_t)1 << 32, ((uint64_t)1 << 32) + 3,
					 (uint64_t)1 << 63, (uint64_t)INT32_MAX + 2 };

	for (size_t k = 0; k < sizeof(chs) / sizeof(chs[0]) && !w->stop; k++) {
		int32_t ch = chs[k];

		for (size_t p = 0; p <= 70 && !w->stop; p++) {
			const uint64_t ns[] = { p, p + 1, p + 2, p + 9, 64, 4096 };
			unsigned v = (unsigned)(p + k);

			/* c present at p: n short of it, at it, past it. */
			for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
				mc_source(w->c, ch, p, 1, v);
				sc_grid_emit(w, SC_FREE, v % 64, SC_FREE, (v * 5 + (unsigned)i) % 64, ns[i]);
				mc_source(w->c, ch, p, 1, v);
				sc_grid_emit(w, SC_FREE, 0, SC_AT_END, 0, ns[i]);
			}
			/* c the last byte before the guard page, n larger. */
			mc_source(w->c, ch, p, 1, v);
			w->c->src_len = p + 1;
			sc_grid_emit(w, SC_AT_END, 0, SC_FREE, v % 64, p + 5);
			/* c absent: n bytes, src[n] the guard page; and dest's. */
			mc_source(w->c, ch, p, 0, v);
			sc_grid_emit(w, SC_AT_END, 0, SC_FREE, v % 64, p);
			mc_source(w->c, ch, p, 0, v);
			sc_grid_emit(w, SC_AT_START, 0, SC_AT_END, 0, p);
			/* c at the end: the n-th byte. */
			mc_source(w->c, ch, p, 1, v);
			sc_grid_emit(w, SC_FREE, (v * 3) % 64, SC_AT_END, 0, p + 1);
		}
		for (size_t i = 0; i < sizeof(huge) / sizeof(huge[0]) && !w->stop; i++) {
			mc_source(w->c, ch, 20 + i, 1, (unsigned)i);
			sc_grid_emit(w, SC_FREE, (unsigned)i, SC_AT_END, 0, huge[i]);
		}
	}
}

void sc_random_relative(uint64_t *st, struct sc_case *c)
{
	size_t dlen;
	unsigned v;

	c->ch = 0;
	c->dst_init_len = 0;
	if (c->api == SC_MEMCCPY) {
		uint64_t r = sc_rand(st);

		/* One of the grid's c or any int; in the source 3 times in 4. */
		c->ch = r % 2 ? chs[(r >> 8) % (sizeof(chs) / sizeof(chs[0]))] : (int32_t)(r >> 32);
		if ((r >> 16) % 4 && c->src_len)
			c->src[(r >> 20) % c->src_len] = (unsigned char)c->ch;
		return;
	}
	if (!sc_api_appends(c->api))
		return;
	/* Log-uniform, up to 4 KiB. */
	dlen = (size_t)(sc_rand(st) % ((uint64_t)1 << (sc_rand(st) % 13)));
	v = (unsigned)sc_rand(st);
	if (c->api == SC_STRLCAT && c->count_rel == SC_REL_NONE && !sc_count_is_huge(c)) {
		/* The size is the string's and dest's together, or (1 in 8)
		 * dest's alone with no NUL in it. */
		if (v % 8 == 0) {
			c->count = dlen;
			set_dest(c, dlen, 0, v);
			return;
		}
		c->count += dlen;
	}
	set_dest(c, dlen, 1, v);
}
