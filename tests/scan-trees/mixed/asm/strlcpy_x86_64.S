/* strlcpy(dst=%rdi, src=%rsi, size=%rdx) in x86-64 assembly: a byte loop. */
	.text
	.globl	asm_strlcpy
	.type	asm_strlcpy, @function
asm_strlcpy:
	xorl	%eax, %eax		/* i = 0 */
	testq	%rdx, %rdx
	je	.Llen			/* size 0: write nothing */
	decq	%rdx			/* room for the NUL */
.Lcopy:
	cmpq	%rdx, %rax
	je	.Lterm
	movb	(%rsi,%rax), %cl
	testb	%cl, %cl
	je	.Lterm
	movb	%cl, (%rdi,%rax)
	incq	%rax
	jmp	.Lcopy
.Lterm:
	movb	$0, (%rdi,%rax)
.Llen:
	cmpb	$0, (%rsi,%rax)
	je	.Ldone
	incq	%rax
	jmp	.Llen
.Ldone:
	ret
	.size	asm_strlcpy, .-asm_strlcpy
	.section .note.GNU-stack,"",@progbits
