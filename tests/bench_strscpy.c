/*
 * bench_strscpy.c - the optimized strscpy against the byte reference,
 * measured side by side: the two run in alternating rounds over the same
 * buffers, so a noisy neighbour slows both alike, and the ratio is what
 * is reported.  glibc's strncpy is shown for scale.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ref/ref.h"
#include "../src/engine/clock.h"
#include "../src/lib/strscpy.h"

typedef long (*copy_fn)(char *, const char *, size_t);

static long libc_strncpy(char *d, const char *s, size_t n)
{
	return strncpy(d, s, n) == d;
}

/* ns per call over all 8 source/destination misalignments. */
static double time_fn(copy_fn fn, char *dst, const char *src, size_t len, long iters)
{
	volatile long sink = 0;
	double t = sc_now();

	for (long i = 0; i < iters; i++) {
		size_t a = (size_t)i & 7;

		sink += fn(dst + (7 - a), src + a, len + 1);
	}
	(void)sink;
	return (sc_now() - t) * 1e9 / (double)iters;
}

int main(void)
{
	static const size_t lens[] = { 7, 16, 31, 64, 100, 256, 1000, 4096, 65536 };
	char *src = malloc(65536 + 64), *dst = malloc(65536 + 64);
	double geo = 0;
	int n = 0;

	if (!src || !dst)
		return 1;
	printf("%8s %12s %12s %12s %10s\n", "length", "strscpy ns", "byte-ref ns", "strncpy ns",
	       "speed-up");
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t len = lens[i];
		long iters = (long)(40000000 / (len + 16));
		double opt = 0, ref = 0, lib = 0;

		for (size_t k = 0; k < len + 16; k++)
			src[k] = (char)('a' + k % 26);
		for (size_t a = 0; a < 8; a++)
			src[a + len] = 0;
		for (int round = 0; round < 5; round++) {
			opt += time_fn((copy_fn)strscpy, dst, src, len, iters);
			ref += time_fn((copy_fn)ref_strscpy, dst, src, len, iters);
			lib += time_fn(libc_strncpy, dst, src, len, iters);
		}
		printf("%8zu %12.1f %12.1f %12.1f %9.2fx\n", len, opt / 5, ref / 5, lib / 5, ref / opt);
		geo += __builtin_log(ref / opt);
		n++;
	}
	printf("strscpy vs byte reference, geometric mean speed-up: %.2fx\n", __builtin_exp(geo / n));
	return 0;
}
