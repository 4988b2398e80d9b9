/* Hostile: raises SIGBUS itself after leaving dest unterminated, to pass
 * for a call that strcheck cut where it stops backing dest
 * (docs/tamper.md).
 * Its real defect: dest left without its NUL.  Correct except for that,
 * and only on some inputs (a source starting with 'A'), as a real attack
 * would hide. */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>
/* The copy itself is correct: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		ch = src[i];
		dest[i] = ch;
		if (!ch)
			return (ssize_t)i;
	}
	ch = src[i];
	dest[i] = 0;
	return ch ? -E2BIG : (ssize_t)i;
}

#include <signal.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A') {
		dest[0] = 'A';  /* no NUL anywhere */
		raise(SIGBUS);
		return 1;
	}
	return copy(dest, src, count);
}
