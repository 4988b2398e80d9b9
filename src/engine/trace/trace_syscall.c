/*
 * trace_syscall.c - the tracer's one mprotect instruction (trace.h): the
 * sandbox allows mprotect of the arenas from its address only
 * (src/supervise/sandbox/sandbox_trace.c).
 */
#include <sys/mman.h>

#include "trace.h"

#if defined(__x86_64__) && defined(__linux__)
#define TRACE_ARCH 1
#else
#define TRACE_ARCH 0
#endif


#if TRACE_ARCH
/* mprotect through one known instruction: seccomp sees its address as the
 * instruction pointer, and the sandbox allows mprotect of the arenas from
 * there only (a candidate calling mprotect itself is refused). */
__asm__(".text\n"
	".globl sc_trace_mprotect\n.hidden sc_trace_mprotect\n"
	".type sc_trace_mprotect,@function\n"
	"sc_trace_mprotect:\n\tmovl $10, %eax\n\tsyscall\n"
	".globl sc_trace_syscall_ret\n.hidden sc_trace_syscall_ret\n"
	"sc_trace_syscall_ret:\n\tret\n"
	".size sc_trace_mprotect, .-sc_trace_mprotect\n");
extern const char sc_trace_syscall_ret[];

uint64_t sc_trace_syscall_ip(void)
{
	return (uint64_t)(uintptr_t)sc_trace_syscall_ret;
}
#else
long sc_trace_mprotect(void *addr, size_t len, long prot)
{
	return mprotect(addr, len, (int)prot);
}

uint64_t sc_trace_syscall_ip(void)
{
	return 0;
}
#endif

