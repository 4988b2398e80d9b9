/*
 * strscpy_cpu.h - what strscpy() knows of the CPU it runs on (read once
 * by CPUID), and the rule that picks its path from it: by the features a
 * path needs and the traits that decide which usable path is fastest
 * (docs/speed.md: each trait, the hosts measured, the path each chose).
 * Linked statically only (tests, benchmark): not exported.
 */
#ifndef STRSCPY_CPU_H
#define STRSCPY_CPU_H

#include <stddef.h>

#include "strscpy_paths.h"

#if defined(__GNUC__) || defined(__clang__)
#define STRSCPY_HIDDEN __attribute__((visibility("hidden")))
#else
#define STRSCPY_HIDDEN
#endif

struct strscpy_cpu {
	char vendor[13];     /* "AuthenticAMD", "GenuineIntel", ...; "" if unknown */
	unsigned family, model;  /* with the extended fields added in */
	/* Features, each also enabled by the OS (XCR0) where it needs that. */
	unsigned avx2 : 1, bmi : 1, bmi2 : 1, avx512f : 1, avx512bw : 1, avx512vl : 1;
	unsigned avx512 : 1;     /* F, BW and VL together */
	/* Traits (CPUID, no measurement): */
	unsigned fp256 : 1;      /* AMD 8000_001A EAX[2]: FP datapath 256 bits wide
				  * (512-bit operations split in two: Zen 4) */
	unsigned fp512 : 1;      /* AMD 8000_001A EAX[3]: 512 bits wide (Zen 5) */
	unsigned avx_vnni : 1;   /* Intel 7.1 EAX[4]: glibc's sign that 512-bit
				  * loads and stores lower no clock */
	unsigned avx512er : 1;   /* Xeon Phi */
	unsigned erms : 1, fsrm : 1;  /* fast rep movsb (not used by any path) */
};

/* Read this CPU (zeros where not x86-64). */
STRSCPY_HIDDEN void strscpy_cpu_read(struct strscpy_cpu *cpu);

/* One line naming the CPU, its features and traits, for the benchmark's
 * header: "AuthenticAMD family 26 (0x1a) model 2 (0x2); avx2 avx512(f,bw,vl)
 * fp512 ...". */
STRSCPY_HIDDEN void strscpy_cpu_describe(const struct strscpy_cpu *cpu, char *buf, size_t len);

/*
 * The index in p[0..n) of the path to run on cpu: the one forced by
 * forced (STRSCPY_PATH's value, with or without "strscpy_"; NULL or ""
 * for none) if it is one of p and usable, else the rule's.  why gets one
 * line saying which and why (a forced name that is unknown or unusable:
 * ignored, and why).  Returns (size_t)-1 only if no path is usable.
 */
STRSCPY_HIDDEN size_t strscpy_choose(const struct strscpy_cpu *cpu, const struct strscpy_path *p, size_t n,
				     const char *forced, char *why, size_t whylen);

/* The path strscpy() runs (choosing it now if no call has), and why. */
STRSCPY_HIDDEN strscpy_fn strscpy_chosen(const char **name, const char **why);

#endif
