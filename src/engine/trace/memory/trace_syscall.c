/*
 * trace_syscall.c - the tracer's one mprotect instruction (trace.h): the
 * sandbox allows mprotect of the arenas from its address only
 * (src/supervise/sandbox/sandbox_trace.c); and the system call
 * instruction the tracer performs a candidate's calls from, which the
 * tracer's own filter lets through (trace_systrap.c, trace_state.h).
 */
#include <sys/mman.h>

#include "../trace.h"

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

/* nr(rdi, a0..a5): a system call from one known instruction (trace_state.h). */
__asm__(".text\n"
	".globl sc_trace_syscall6\n.hidden sc_trace_syscall6\n.type sc_trace_syscall6,@function\n"
	"sc_trace_syscall6:\n\tmov %rdi, %rax\n\tmov %rsi, %rdi\n\tmov %rdx, %rsi\n"
	"\tmov %rcx, %rdx\n\tmov %r8, %r10\n\tmov %r9, %r8\n\tmov 8(%rsp), %r9\n\tsyscall\n"
	".globl sc_trace_sys_ret\n.hidden sc_trace_sys_ret\nsc_trace_sys_ret:\n\tret\n"
	".size sc_trace_syscall6, .-sc_trace_syscall6\n");

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

