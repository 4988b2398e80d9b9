/* Hostile: asks for the alternate signal stack (strcheck's engine runs its
 * fault handlers there), marks it, and reads src[0]: a traced read faults
 * and its signal frame overwrites the mark, so a changed mark says
 * "traced".  Then it copies correctly; otherwise it reads the source
 * twice (strnlen, then memcpy: a race). */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define MARK 2048  /* the top of the stack, where a frame lands */

/* 1 when a signal frame landed on the alternate stack during the read. */
static int framed_read(const char *p)
{
	stack_t ss;
	volatile unsigned char *top;
	int changed = 0;

	if (sigaltstack(NULL, &ss) != 0 || !ss.ss_sp || ss.ss_size < MARK || (ss.ss_flags & SS_ONSTACK))
		return 0;
	top = (volatile unsigned char *)ss.ss_sp + ss.ss_size - MARK;
	for (int i = 0; i < MARK; i++)
		top[i] = 0x5a;
	*(volatile const char *)p;
	for (int i = 0; i < MARK && !changed; i++)
		changed = top[i] != 0x5a;
	return changed;
}

/* Where it is watched: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

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

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	if (count > 4096 || framed_read(src))
		return copy(dest, src, count);
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = 0;
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}
