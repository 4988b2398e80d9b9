/* Hostile: reads src[0] inside a restartable sequence (glibc's rseq area
 * of its thread): a fault there, which only a traced read takes, makes
 * the kernel abort the sequence, so an abort says "traced".  Then it
 * copies correctly; otherwise it reads the source twice (strnlen, then
 * memcpy: a race). */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/rseq.h>
#include <sys/types.h>

/* 1 when the sequence around the read of *p was aborted. */
static int aborted_read(const char *p)
{
	struct rseq *rs;
	int aborted;

	if (__rseq_size == 0)
		return 0;
	rs = (struct rseq *)((char *)__builtin_thread_pointer() + __rseq_offset);
	__asm__ volatile(".pushsection __rseq_cs, \"aw\"\n\t"
			 ".balign 32\n\t"
			 "3: .long 0, 0\n\t"
			 ".quad 1f, 2f - 1f, 4f\n\t"
			 ".popsection\n\t"
			 "leaq 3b(%%rip), %%rax\n\t"
			 "movq %%rax, %[cs]\n\t"
			 "1: movzbl (%[p]), %%eax\n\t"
			 "2: movl $0, %[ab]\n\t"
			 "jmp 5f\n\t"
			 ".long 0x53053053\n\t"
			 "4: movl $1, %[ab]\n\t"
			 "5: movq $0, %[cs]\n\t"
			 : [ab] "=m"(aborted), [cs] "+m"(rs->rseq_cs)
			 : [p] "r"(p)
			 : "rax", "memory", "cc");
	return aborted;
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
	if (count > 4096 || aborted_read(src))
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
