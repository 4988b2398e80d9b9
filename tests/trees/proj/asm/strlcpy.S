/* strlcpy in x86-64 assembly, with the entry macros of a header the tree
 * does not have.  size_t strlcpy(char *rdi, const char *rsi, size_t rdx) */
#include "proj_asm.h"

	.text
ENTRY(strlcpy)
	xorl	%eax, %eax		/* rax = length of src */
1:	movzbl	(%rsi,%rax), %ecx
	testl	%ecx, %ecx
	jz	2f
	incq	%rax
	jmp	1b
2:	testq	%rdx, %rdx
	jz	4f
	decq	%rdx			/* room for the string */
	cmpq	%rax, %rdx
	cmovaq	%rax, %rdx		/* rdx = min(len, size - 1) */
	xorl	%ecx, %ecx
3:	cmpq	%rdx, %rcx
	je	5f
	movb	(%rsi,%rcx), %r8b
	movb	%r8b, (%rdi,%rcx)
	incq	%rcx
	jmp	3b
5:	movb	$0, (%rdi,%rdx)
4:	ret
END(strlcpy)
	.section .note.GNU-stack,"",@progbits
