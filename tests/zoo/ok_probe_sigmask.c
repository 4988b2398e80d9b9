/* Correct: a byte loop that, at each page end of the source with the
 * string going on, asks the kernel whether the next page is readable
 * before touching it: rt_sigprocmask() with an invalid "how" copies the
 * 8-byte set from it and then refuses (EINVAL), or fails with EFAULT
 * (not readable); nothing changes.  The next page is probed only when the string continues
 * there (a page the call may read), so it is always readable, and the copy
 * gives up with -EFAULT otherwise.  A tracer whose protected pages make
 * the probe fail changes what this code does; the signal mask cannot be
 * changed from a signal handler, so the tracer runs this call natively
 * with the arenas open (trace_sysgen.c). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PAGE 4096u

static int readable(const char *p)
{
	return syscall(SYS_rt_sigprocmask, -1, p, NULL, 8) != -1 || errno != EFAULT;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (; res + 1 < count; res++) {
		char c;

		if (res && ((uintptr_t)(src + res) & (PAGE - 1)) == 0 && !readable(src + res))
			return -EFAULT;
		c = src[res];
		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}
