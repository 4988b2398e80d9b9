/*
 * test_trace_emu_forms.h - the instruction forms test_trace_emu.c runs
 * traced and natively (its FORM macro and struct form): one line each.
 */
FORM(f_mov8, "", "movb (%rdi),%al", "")
FORM(f_mov16, "", "movw (%rdi),%cx", "")
FORM(f_mov32, "", "movl (%rdi),%edx", "")
FORM(f_mov64, "", "movq (%rdi),%rax", "")
FORM(f_movzb, "", "movzbl (%rdi),%ecx", "")
FORM(f_movsw, "", "movswq (%rdi),%rdx", "")
FORM(f_movsl, "", "movslq (%rdi),%rax", "")
FORM(f_cmp8, "", "cmpb %al,(%rdi)", "")
FORM(f_cmp64r, "", "cmpq (%rdi),%rcx", "")
FORM(f_cmpi, "", "cmpl $0x1234567,(%rdi)", "")
FORM(f_test8, "", "testb %dl,(%rdi)", "")
FORM(f_testi, "", "testw $0x8080,(%rdi)", "")
FORM(f_add, "", "addq (%rdi),%rax", "")
FORM(f_adc, "", "adcl (%rdi),%ecx", "")
FORM(f_sub, "", "subb (%rdi),%dl", "")
FORM(f_and, "", "andq (%rdi),%rcx", "")
FORM(f_xor, "", "xorl (%rdi),%eax", "")
FORM(f_bsf, "", "bsfq (%rdi),%rdx", "")
FORM(f_st8, "", "movb %al,(%rsi)", "")
FORM(f_st64, "", "movq %rcx,(%rsi)", "")
FORM(f_sti, "", "movl $0x55aa00ff,(%rsi)", "")
FORM(f_rmw, "", "addb %dl,(%rsi)", "")
FORM(f_movdqu, PRE_X, "movdqu (%rdi),%xmm0", POST_X)
FORM(f_movdqa, PRE_X, "movdqa (%rdi),%xmm0", POST_X)
FORM(f_movq, PRE_X, "movq (%rdi),%xmm0", POST_X)
FORM(f_pcmpeqb, PRE_X, "pcmpeqb (%rdi),%xmm0", POST_X)
FORM(f_pminub, PRE_X, "pminub (%rdi),%xmm1", POST_X)
FORM(f_stdqu, PRE_X, "movdqu %xmm0,(%rsi)", POST_X)
FORM(f_vmovdqu, PRE_Y, "vmovdqu (%rdi),%ymm0", POST_Y)
FORM(f_vpcmpeqb, PRE_Y, "vpcmpeqb (%rdi),%ymm1,%ymm0", POST_Y)
FORM(f_vptest, PRE_Y, "vptest (%rdi),%ymm1", POST_Y)
FORM(f_vstdqu, PRE_Y, "vmovdqu %ymm0,(%rsi)", POST_Y)
FORM(f_vpmaskmovd, PRE_Y, "vpmaskmovd (%rdi),%ymm1,%ymm0", POST_Y)
FORM(f_vmaskmovpd, PRE_Y, "vmaskmovpd (%rdi),%xmm1,%xmm0", POST_Y)
FORM(f_vpmaskmovd_st, PRE_Y, "vpmaskmovd %ymm0,%ymm1,(%rsi)", POST_Y)
FORM(f_vpmaskmovq_st, PRE_Y, "vpmaskmovq %ymm0,%ymm1,(%rsi)", POST_Y)
FORM(f_vpgatherdd, PRE_Y, "vpgatherdd %ymm1,(%rdi,%ymm2,4),%ymm0", POST_Y)
FORM(f_vmovdqu8z, PRE_Z, "vmovdqu8 (%rdi),%zmm0{%k1}{z}", POST_Z)
FORM(f_vmovdqu8m, PRE_Z, "vmovdqu8 (%rdi),%zmm0{%k1}", POST_Z)
FORM(f_vpcmpeqbk, PRE_Z, "vpcmpeqb (%rdi),%zmm1,%k2", POST_Z)
FORM(f_vptestnmb, PRE_Z, "vptestnmb (%rdi),%zmm1,%k2{%k1}", POST_Z)
FORM(f_vmovdqu8_st, PRE_Z, "vmovdqu8 %zmm0,(%rsi){%k1}", POST_Z)
FORM(f_vpcompressd, PRE_Z, "vpcompressd %zmm0,(%rsi){%k1}", POST_Z)
FORM(f_vpcompressb, PRE_Z, "vpcompressb %zmm0,(%rsi){%k1}", POST_Z)
FORM(f_vpexpandd, PRE_Z, "vpexpandd (%rdi),%zmm0{%k1}", POST_Z)
FORM(f_vpaddbcst, PRE_Z, "vpaddd (%rdi){1to16},%zmm1,%zmm0", POST_Z)
FORM(f_vpgatherddk, PRE_Z, "vpgatherdd (%rdi,%zmm2,4),%zmm0{%k1}", POST_Z)
FORM(f_repmovsb, "", "xchg %rsi,%rdi\nmovl $37,%ecx\nrep movsb", "")
FORM(f_repmovsq, "", "xchg %rsi,%rdi\nmovl $5,%ecx\nrep movsq", "")
FORM(f_repmovsb_dn, "", "xchg %rsi,%rdi\nmovl $13,%ecx\nstd\nrep movsb\ncld", "")
FORM(f_repstosb, "", "mov %rsi,%rdi\nmovl $29,%ecx\nrep stosb", "")
FORM(f_repnescasb, "", "movl $37,%ecx\nrepne scasb", "")
FORM(f_repecmpsb, "", "mov %rdi,%rsi\nmovl $37,%ecx\nrepe cmpsb", "")
FORM(f_scasq, "", "scasq", "")
FORM(f_cmpsw, "", "xchg %rsi,%rdi\ncmpsw\nxchg %rsi,%rdi", "")
FORM(f_btq, "", "btq %rax,(%rdi)", "")
FORM(f_btsl, "", "btsl %ecx,(%rsi)", "")

static const struct form forms[] = {
	{ "mov r8,m8", f_mov8, PLAIN, 1, 1, 0, 1, "", 0 },
	{ "mov r16,m16", f_mov16, PLAIN, 2, 2, 0, 1, "", 0 },
	{ "mov r32,m32", f_mov32, PLAIN, 4, 4, 0, 1, "", 0 },
	{ "mov r64,m64", f_mov64, PLAIN, 8, 8, 0, 1, "", 0 },
	{ "movzx r32,m8", f_movzb, PLAIN, 1, 1, 0, 1, "", 0 },
	{ "movsx r64,m16", f_movsw, PLAIN, 2, 2, 0, 1, "", 0 },
	{ "movsxd r64,m32", f_movsl, PLAIN, 4, 4, 0, 1, "", 0 },
	{ "cmp m8,r8", f_cmp8, PLAIN, 1, 1, 0, 1, "", 0 },
	{ "cmp r64,m64", f_cmp64r, PLAIN, 8, 8, 0, 1, "", 0 },
	{ "cmp m32,imm", f_cmpi, PLAIN, 4, 4, 0, 1, "", 0 },
	{ "test m8,r8", f_test8, PLAIN, 1, 1, 0, 1, "", 0 },
	{ "test m16,imm", f_testi, PLAIN, 2, 2, 0, 1, "", 0 },
	{ "add r64,m64", f_add, PLAIN, 8, 8, 0, 1, "", 0 },
	{ "adc r32,m32", f_adc, PLAIN, 4, 4, 0, 1, "", 0 },
	{ "sub r8,m8", f_sub, PLAIN, 1, 1, 0, 1, "", 0 },
	{ "and r64,m64", f_and, PLAIN, 8, 8, 0, 1, "", 0 },
	{ "xor r32,m32", f_xor, PLAIN, 4, 4, 0, 1, "", 0 },
	{ "bsf r64,m64", f_bsf, PLAIN, 8, 8, 0, 1, "", 0 },
	{ "mov m8,r8", f_st8, PLAIN, 1, 1, 1, 1, "", 0 },
	{ "mov m64,r64", f_st64, PLAIN, 8, 8, 1, 1, "", 0 },
	{ "mov m32,imm", f_sti, PLAIN, 4, 4, 1, 1, "", 0 },
	{ "add m8,r8", f_rmw, PLAIN, 1, 1, 3, 1, "", 0 },
	{ "movdqu", f_movdqu, PLAIN, 16, 16, 0, 1, "sse2", 0 },
	{ "movdqa", f_movdqa, PLAIN, 16, 16, 0, 16, "sse2", 0 },
	{ "movq xmm,m64", f_movq, PLAIN, 8, 8, 0, 1, "sse2", 0 },
	{ "pcmpeqb", f_pcmpeqb, PLAIN, 16, 16, 0, 16, "sse2", 0 },
	{ "pminub", f_pminub, PLAIN, 16, 16, 0, 16, "sse2", 0 },
	{ "movdqu m,xmm", f_stdqu, PLAIN, 16, 16, 1, 1, "sse2", 0 },
	{ "vmovdqu ymm", f_vmovdqu, PLAIN, 32, 32, 0, 1, "avx2", 0 },
	{ "vpcmpeqb ymm", f_vpcmpeqb, PLAIN, 32, 32, 0, 1, "avx2", 0 },
	{ "vptest ymm", f_vptest, PLAIN, 32, 32, 0, 1, "avx2", 0 },
	{ "vmovdqu m,ymm", f_vstdqu, PLAIN, 32, 32, 1, 1, "avx2", 0 },
	{ "vpmaskmovd load", f_vpmaskmovd, VMASK, 32, 4, 0, 1, "avx2", 0 },
	{ "vmaskmovpd load", f_vmaskmovpd, VMASK, 16, 8, 0, 1, "avx2", 0 },
	{ "vpmaskmovd store", f_vpmaskmovd_st, VMASK, 32, 4, 1, 1, "avx2", 0 },
	{ "vpmaskmovq store", f_vpmaskmovq_st, VMASK, 32, 8, 1, 1, "avx2", 0 },
	{ "vpgatherdd ymm", f_vpgatherdd, GATHER_V, 32, 4, 0, 1, "avx2", 1 },
	{ "vmovdqu8 {z}", f_vmovdqu8z, KMASK, 64, 1, 0, 1, "avx512bw", 0 },
	{ "vmovdqu8 merge", f_vmovdqu8m, KMASK, 64, 1, 0, 1, "avx512bw", 0 },
	{ "vpcmpeqb k,zmm", f_vpcmpeqbk, PLAIN, 64, 64, 0, 1, "avx512bw", 0 },
	{ "vptestnmb {k}", f_vptestnmb, KMASK, 64, 1, 0, 1, "avx512bw", 0 },
	{ "vmovdqu8 m{k}", f_vmovdqu8_st, KMASK, 64, 1, 1, 1, "avx512bw", 0 },
	{ "vpcompressd m", f_vpcompressd, COMPRESS, 64, 4, 1, 1, "avx512f avx512bw", 0 },
	{ "vpcompressb m", f_vpcompressb, COMPRESS, 64, 1, 1, 1, "avx512_vbmi2 avx512bw", 0 },
	{ "vpexpandd", f_vpexpandd, COMPRESS, 64, 4, 0, 1, "avx512f avx512bw", 0 },
	{ "vpaddd {1to16}", f_vpaddbcst, PLAIN, 4, 4, 0, 1, "avx512f avx512bw", 0 },
	{ "vpgatherdd zmm{k}", f_vpgatherddk, GATHER_K, 64, 4, 0, 1, "avx512f avx512bw", 1 },
	{ "rep movsb", f_repmovsb, REP, 37, 1, 0, 1, "", 0 },
	{ "rep movsq", f_repmovsq, REP, 40, 8, 0, 1, "", 0 },
	{ "std; rep movsb", f_repmovsb_dn, REP_DOWN, 13, 1, 0, 1, "", 0 },
	{ "rep stosb", f_repstosb, PLAIN, 29, 1, 1, 1, "", 0 },
	{ "repne scasb", f_repnescasb, SCAS, 37, 1, 0, 1, "", 0 },
	{ "repe cmpsb", f_repecmpsb, PLAIN, 37, 1, 0, 1, "", 0 },
	{ "scasq", f_scasq, PLAIN, 8, 8, 0, 1, "", 0 },
	{ "cmpsw", f_cmpsw, PLAIN, 2, 2, 0, 1, "", 0 },
	{ "bt m64,r64", f_btq, BT64, 8, 8, 0, 1, "", 1 },
	{ "bts m32,r32", f_btsl, BT32, 4, 4, 1, 1, "", 1 },
};
