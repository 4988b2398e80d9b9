/* Correct: unaligned 8-byte loads; at a page end of the source, the bytes
 * up to it one by one, and if the string goes on, the kernel is asked
 * whether the next page is readable before anything touches it: a 1-byte
 * write() from it into a pipe (EFAULT: not readable), as code emulating
 * the kernel's exception tables does in user space.  The next page is
 * probed only when the string continues there (a page the call may
 * read); an unreadable one cannot happen on a valid string, and the copy
 * gives up with -EFAULT.  A tracer whose protected pages make the probe
 * fail changes what this code does: traced calls must see the system
 * call as untraced ones do.  (The pipe is made at the first probe: a
 * constructor's descriptors do not outlast the load, docs/tamper.md; if it
 * cannot be made, the probe says "readable".) */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
#define PAGE 4096u

static int probe_fd[2] = { -1, -1 }, made;

static int readable(const char *p)
{
	char b;

	if (!made++ && pipe(probe_fd) != 0)
		probe_fd[0] = probe_fd[1] = -1;
	if (probe_fd[1] < 0)
		return 1;
	if (write(probe_fd[1], p, 1) != 1)
		return errno != EFAULT;
	return read(probe_fd[0], &b, 1) == 1 || 1;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (count - res > 8) {
		uintptr_t at = (uintptr_t)(src + res);
		size_t left = PAGE - (at & (PAGE - 1));
		uint64_t w, z;

		if (left < 8) {
			/* the bytes up to the page end one by one; then, the
			 * string going on, ask before touching the next page */
			for (; left; left--, res++) {
				char c = src[res];

				dest[res] = c;
				if (c == '\0')
					return (ssize_t)res;
			}
			if (!readable(src + res))
				return -EFAULT;
			continue;
		}
		__builtin_memcpy(&w, src + res, 8);
		__asm__("" : "+r"(w));
		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			__builtin_memcpy(dest + res, &w, idx);
			dest[res + idx] = '\0';
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, &w, 8);
		res += 8;
	}
	for (; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
