/* Defect (retval) on every call, and a millisecond a call: the run lasts
 * long enough for a signal to cut it after the defect was found, which
 * must still be reported (and written to --output), exit 1.  Not in
 * MANIFEST (suite-42-verdicts runs it). */
#include <errno.h>
#include <sys/types.h>
#include <time.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	struct timespec t = { 0, 1000 * 1000 };
	size_t i;

	nanosleep(&t, NULL);
	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		char c = src[i];

		dest[i] = c;
		if (!c)
			return (ssize_t)i + 1;  /* the defect: one too many */
	}
	dest[i] = 0;
	return -E2BIG;
}
