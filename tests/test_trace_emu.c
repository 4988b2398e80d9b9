/*
 * test_trace_emu.c - each instruction form the tracer performs itself (or
 * single-steps with exact bytes), against the CPU (suite-44-trace):
 *   test_trace_emu [ITERATIONS]
 * For each form, on random data, registers, masks and offsets (page
 * crossings among them): the form runs traced on the source arena (dest
 * traced too) and natively on a copy whose next page is unmapped; the
 * general registers, flags, vector and opmask registers and dest bytes
 * must be equal, and the bytes the trace recorded must be exactly the ones
 * the form touches.  Prints one line per form, "ok NAME ..." or
 * "FAIL NAME: ...", "skip NAME: ..." where the CPU lacks the form.
 */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../src/engine/run/engine.h"
#include "../src/engine/trace/trace.h"

/* Inputs and outputs of a form, read and written by its assembly:
 * g[0..2] rax rcx rdx, flags, v zmm0, v2 zmm1 (a vmaskmov or AVX2 gather's
 * mask), idx zmm2 (a gather's indices), k1, k2. */
struct regs {
	uint64_t g[3], flags;
	unsigned char v[64], v2[64], idx[64];
	uint64_t k1, k2;
};
struct regs I, R;

#define PRE "mov I(%rip),%rax\nmov I+8(%rip),%rcx\nmov I+16(%rip),%rdx\npushq I+24(%rip)\npopfq\n"
#define POST "pushfq\npopq R+24(%rip)\nmov %rax,R(%rip)\nmov %rcx,R+8(%rip)\nmov %rdx,R+16(%rip)\n"
#define PRE_X "movdqu I+32(%rip),%xmm0\nmovdqu I+96(%rip),%xmm1\n"
#define POST_X "movdqu %xmm0,R+32(%rip)\nmovdqu %xmm1,R+96(%rip)\n"
#define PRE_Y "vmovdqu I+32(%rip),%ymm0\nvmovdqu I+96(%rip),%ymm1\nvmovdqu I+160(%rip),%ymm2\n"
#define POST_Y "vmovdqu %ymm0,R+32(%rip)\nvmovdqu %ymm1,R+96(%rip)\nvzeroupper\n"
#define PRE_Z "vmovdqu64 I+32(%rip),%zmm0\nvmovdqu64 I+96(%rip),%zmm1\nvmovdqu64 I+160(%rip),%zmm2\n" \
	"kmovq I+224(%rip),%k1\nkxorq %k2,%k2,%k2\n"
#define POST_Z "vmovdqu64 %zmm0,R+32(%rip)\nvmovdqu64 %zmm1,R+96(%rip)\nkmovq %k1,R+224(%rip)\n" \
	"kmovq %k2,R+232(%rip)\nvzeroupper\n"
/* A form: p in rdi (the source), d in rsi (dest). */
#define FORM(name, pre, insn, post) \
	__asm__(".text\n.type " #name ",@function\n" #name ":\n" pre PRE insn "\n" POST post "ret\n"); \
	void name(const unsigned char *p, unsigned char *d);

enum kind { PLAIN, KMASK, VMASK, COMPRESS, GATHER_V, GATHER_K, BT64, BT32, REP, REP_DOWN, SCAS };
struct form {
	const char *name;
	void (*fn)(const unsigned char *, unsigned char *);
	enum kind kind;
	unsigned w, es, store, align;
	const char *cpu;  /* what /proc/cpuinfo must list */
	int stepped;      /* expected single-stepped, not performed */
};

#include "test_trace_emu_forms.h"


static struct sc_engine e;
static struct sc_case c;
static struct sc_trace t;
static const struct form *cur;
static size_t k, kd;
static unsigned char pre[192], post[192];

/* The traced call: the form at src + k, dest + kd; dest's window kept. */
static long call(char *d, const char *s, size_t n)
{
	(void)n;
	memcpy(pre, d + kd - 64, sizeof(pre));
	cur->fn((const unsigned char *)s + k, (unsigned char *)d + kd);
	memcpy(post, d + kd - 64, sizeof(post));
	return 0;
}

static uint64_t rnd(void)
{
	static uint64_t x = 0x9e3779b97f4a7c15ull;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

static int has(const char *flags, const char *need)
{
	char w[64];

	for (const char *p = need; sscanf(p, "%63s", w) == 1; p += strlen(w) + (p[strlen(w)] == ' ')) {
		char pat[80];

		snprintf(pat, sizeof(pat), " %s ", w);
		if (!strstr(flags, pat))
			return 0;
		if (!p[strlen(w)])
			break;
	}
	return 1;
}

/* The bytes the form touches, relative to p (reads) or d (writes) + 128. */
static void expect(const struct form *f, unsigned char *rd, unsigned char *wr)
{
	unsigned char *x = f->store ? wr : rd, on[64] = { 0 };
	unsigned lanes = f->w / f->es, nb = 0;
	int64_t off = 0, len = f->w;

	for (unsigned i = 0; i < lanes && i < 64; i++) {
		if (f->kind == KMASK || f->kind == COMPRESS || f->kind == GATHER_K)
			on[i] = I.k1 >> i & 1;
		else if (f->kind == VMASK || f->kind == GATHER_V)
			on[i] = I.v2[i * f->es + f->es - 1] >> 7;
		nb += on[i];
	}
	switch (f->kind) {
	case PLAIN:
		break;
	case REP:  /* each element read from p and stored at d */
	case REP_DOWN:
		off = f->kind == REP ? 0 : -(int64_t)(f->w - f->es);
		memset(rd + 128 + off, 1, f->w);
		x = wr;
		break;
	case SCAS:  /* up to the first byte equal to al */
		for (len = 1; len < f->w && c.src[k + len - 1] != (unsigned char)I.g[0]; len++)
			;
		break;
	case BT64:
		off = ((int64_t)I.g[0] >> 6) * 8;  /* an arithmetic shift: floor */
		break;
	case BT32:
		off = ((int64_t)(int32_t)I.g[1] >> 5) * 4;
		break;
	case COMPRESS:
		len = (int64_t)nb * f->es;
		break;
	case GATHER_V:
	case GATHER_K:
		len = 0;
		for (unsigned i = 0; i < lanes; i++)
			if (on[i])
				memset(x + 128 + 4 * (I.idx[4 * i] & 15), 1, 4);
		break;
	default:
		len = 0;
		for (unsigned i = 0; i < lanes; i++)
			if (on[i])
				memset(x + 128 + i * f->es, 1, f->es);
	}
	if (len)
		memset(x + 128 + off, 1, (size_t)len);
}

/* One random run of form f, traced and native; NULL or what differed. */
static const char *one(const struct form *f, int i, unsigned char *nsrc, unsigned char *ndst, char *why,
		       size_t whylen)
{
	static unsigned char rd[320], wr[320], grd[320], gwr[320];
	struct regs traced;
	uint64_t s, d;
	int guard = (i % 8 == 7) && !f->store && (f->kind == KMASK || f->kind == VMASK || f->kind == COMPRESS);

	for (size_t j = 0; j < c.src_len; j++)
		c.src[j] = (unsigned char)rnd();
	for (unsigned char *p = (unsigned char *)&I; p < (unsigned char *)(&I + 1); p++)
		*p = (unsigned char)rnd();
	I.flags = (I.flags & 0x8d5) | 2;
	I.g[0] = f->kind == BT64 ? (uint64_t)((int64_t)(I.g[0] % 512) - 256) : I.g[0];
	I.g[1] = f->kind == BT32 ? (I.g[1] & ~0xffffffffull) | (uint32_t)((int32_t)(I.g[1] % 512) - 256) : I.g[1];
	for (int j = 0; j < 16; j++)
		memset(I.idx + 4 * j + 1, 0, 3), I.idx[4 * j] &= 15;
	k = 128 + rnd() % (c.src_len - 384);
	if (i % 4 == 1 && f->w > f->align)  /* across a page boundary */
		k = 4096 * (1 + rnd() % 2) - 1 - rnd() % (f->w - 1);
	k -= k % f->align;
	kd = 64 + rnd() % (4096 - 256);
	kd -= kd % f->align;
	if (guard) {
		/* Enabled lanes up to the source's end, disabled ones past it
		 * onto the guard page (unmapped natively too). */
		unsigned r = 1 + (unsigned)(rnd() % (f->w - 1)), lanes = f->w / f->es;

		k = c.src_len - r;
		for (unsigned l = 0; l < lanes; l++) {
			int fits = (l + 1) * f->es <= r;

			if (f->kind == VMASK)
				I.v2[l * f->es + f->es - 1] &= fits ? 0xff : 0x7f;
			else if (f->kind == KMASK && !fits)
				I.k1 &= ~(1ull << l);
		}
		if (f->kind == COMPRESS)
			I.k1 &= (1ull << (r / f->es)) - 1;  /* popcount <= lanes that fit */
	}
	memset(&R, 0, sizeof(R));
	cur = f;
	t.trace_dest = 1;
	sc_trace_run(&e, &c, (void *)call, &t);
	if (e.cand.stop != SC_RETURNED)
		return snprintf(why, whylen, "traced call stopped (signal %d at %#llx)", e.cand.signo,
				(unsigned long long)e.cand.fault_addr), why;
	if (f->stepped ? t.emulated : t.stepped)
		return snprintf(why, whylen, "%zu performed, %zu stepped", t.emulated, t.stepped), why;
	traced = R;
	memset(grd, 0, sizeof(grd)), memset(gwr, 0, sizeof(gwr));
	s = (uintptr_t)e.cand.src + k;
	d = (uintptr_t)e.cand.dst + kd;
	for (size_t j = 0; j < t.n; j++)
		for (uint64_t a = t.acc[j].lo; a < t.acc[j].lo + t.acc[j].len; a++) {
			uint64_t base = t.acc[j].write ? d : s;

			if (a + 128 < base || a + 128 - base >= 320)
				return snprintf(why, whylen, "recorded a byte at %+lld", (long long)(a - base)), why;
			(t.acc[j].write ? gwr : grd)[a + 128 - base] = 1;
		}
	/* natively */
	memcpy(nsrc, c.src, c.src_len);
	memcpy(ndst + kd - 64, pre, sizeof(pre));
	memset(&R, 0, sizeof(R));
	f->fn(nsrc + k, ndst + kd);
	traced.flags &= 0xcd5;
	R.flags &= 0xcd5;
	if (memcmp(&traced, &R, sizeof(R)))
		return snprintf(why, whylen, "registers or flags differ (k %zu)", k), why;
	if (memcmp(post, ndst + kd - 64, sizeof(post)))
		return snprintf(why, whylen, "dest differs (kd %zu)", kd), why;
	memset(rd, 0, sizeof(rd)), memset(wr, 0, sizeof(wr));
	expect(f, rd, wr);
	if (memcmp(rd, grd, sizeof(rd)) || memcmp(wr, gwr, sizeof(wr)))
		return snprintf(why, whylen, "recorded bytes are not the ones touched (k %zu)", k), why;
	return NULL;
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 200, bad = 0;
	static char flags[8192];
	const char *why;
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned char *nsrc, *ndst;

	if (f) {
		char line[8192];

		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, "flags", 5)) {
				snprintf(flags, sizeof(flags), "%s ", strchr(line, ':') + 1);
				flags[strcspn(flags, "\n")] = ' ';
				break;
			}
		fclose(f);
	}
	if (sc_engine_init(&e, 2000) != 0 || sc_trace_init(&t) != 0)
		return 2;
	if (!sc_trace_available(&e, &why)) {
		printf("SKIP tracer unavailable: %s\n", why);
		return 0;
	}
	nsrc = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ndst = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (nsrc == MAP_FAILED || ndst == MAP_FAILED || mprotect(nsrc + 3 * 4096, 4096, PROT_NONE))
		return 2;
	c.api = SC_STRSCPY;
	c.src_place = SC_AT_END;
	c.dst_place = SC_AT_START;
	c.src_len = 3 * 4096;
	c.count = 4096;
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		const struct form *fm = &forms[i];
		char w[200];
		const char *err = NULL;
		int n;

		if (!has(flags, fm->cpu)) {
			printf("skip %s: this CPU has no %s\n", fm->name, fm->cpu);
			continue;
		}
		size_t done = 0;

		for (n = 0; n < iters && !(err = one(fm, n, nsrc, ndst, w, sizeof(w))); n++)
			done += fm->stepped ? t.stepped : t.emulated;
		if (!err && !done)
			err = "no run faulted: nothing was traced";
		if (err) {
			printf("FAIL %s: run %d: %s\n", fm->name, n, err);
			bad++;
		} else {
			printf("ok %s: %d runs, %s\n", fm->name, n, fm->stepped ? "single-stepped" : "performed");
		}
	}
	return bad ? 1 : 0;
}
