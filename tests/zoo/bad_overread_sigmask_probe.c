/* Defect (overread): where the string's NUL lies in the last 8 bytes of a
 * page, asks the kernel (rt_sigprocmask() with an invalid "how", which reads 8 bytes there and
 * refuses: EINVAL if readable, EFAULT if not) whether the next
 * page is readable and, if it is, tests the last word with one unaligned
 * 8-byte load that runs onto it: a read of a page that holds none of the
 * bytes the call may read.  The guard pages never show it (the probe says
 * "unreadable" there and the copy takes its byte path); only the read set
 * does, and only if the traced call's probe gets the answer an untraced
 * one gets.  Every other byte is read once, by a byte loop. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PAGE 4096u
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

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
		uintptr_t at = (uintptr_t)(src + res);
		size_t left = PAGE - (at & (PAGE - 1));
		char c;

		if (left < 8 && count - res > 8 && readable(src + res + left)) {
			uint64_t w, z;

			memcpy(&w, src + res, 8);	/* runs onto the next page */
			z = (w - ONES) & ~w & HIGHS;
			if (z && (unsigned)__builtin_ctzll(z) / 8 < left) {
				unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

				memcpy(dest + res, &w, idx + 1);
				return (ssize_t)(res + idx);
			}
		}
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
