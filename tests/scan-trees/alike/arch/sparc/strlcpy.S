/* SPARC: in a folder named for its architecture, not built here. */
	.text
	.globl	strlcpy
strlcpy:
	retl
	 mov	%g0, %o0
