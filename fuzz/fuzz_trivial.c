/*
 * fuzz_trivial.c - the yardstick for harness speed (scripts/bench-fuzz.sh):
 * a harness that does next to nothing with its input, built exactly as
 * the real ones are (-DFUZZ_AFL: AFL++ persistent mode; else libFuzzer),
 * so that the difference in exec/s is what checking a case costs.
 */
#include <stddef.h>
#include <stdint.h>

static volatile uint32_t sink;

static void touch(const uint8_t *data, size_t size)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < size && i < 16; i++)
		h = (h ^ data[i]) * 16777619u;
	sink = h;
}

#if defined(FUZZ_AFL)
#include <unistd.h>

__AFL_FUZZ_INIT();

int main(void)
{
	unsigned char *buf;

#ifdef __AFL_HAVE_MANUAL_CONTROL
	__AFL_INIT();
#endif
	buf = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(100000))
		touch(buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
	return 0;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	touch(data, size);
	return 0;
}
#endif
