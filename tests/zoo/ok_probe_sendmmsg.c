/* Correct: a byte loop that, at each page end of the source with the
 * string going on, asks the kernel whether the next page is readable
 * before touching it: a 1-byte sendmmsg() (one message) from it into a
 * socket pair
 * (EFAULT: not readable).  The next page is probed only when the string continues
 * there (a page the call may read), so it is always readable, and the copy
 * gives up with -EFAULT otherwise.  A tracer whose protected pages make
 * the probe fail changes what this code does: a msghdr's buffers are
 * beyond what a seccomp filter sees (an mmsghdr array's, here), so the
 * tracer performs every such call itself.  (The socket pair is made at the first probe.) */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#define PAGE 4096u

static int probe_fd[2] = { -1, -1 }, made;

static int readable(const char *p)
{
	struct iovec v = { (void *)p, 1 };
	struct mmsghdr m = { 0 };
	char b;

	if (!made++ && socketpair(AF_UNIX, SOCK_STREAM, 0, probe_fd) != 0)
		probe_fd[0] = probe_fd[1] = -1;
	if (probe_fd[1] < 0)
		return 1;
	m.msg_hdr.msg_iov = &v;
	m.msg_hdr.msg_iovlen = 1;
	if (sendmmsg(probe_fd[1], &m, 1, MSG_NOSIGNAL) != 1)
		return errno != EFAULT;
	return read(probe_fd[0], &b, 1) == 1 || 1;
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
