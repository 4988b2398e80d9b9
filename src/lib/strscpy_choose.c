#include <stdio.h>
#include <string.h>

#include "strscpy_cpu.h"

/* The index of the path called name ("avx2" or "strscpy_avx2") in p. */
static size_t find(const struct strscpy_path *p, size_t n, const char *name)
{
	if (strncmp(name, "strscpy_", 8) == 0)
		name += 8;
	for (size_t i = 0; i < n; i++)
		if (strcmp(p[i].name + 8, name) == 0)
			return i;
	return (size_t)-1;
}

/*
 * The rule, from the widest path down: the first usable path the traits
 * do not rule out.  Where the traits say nothing, the choice measured on
 * the hosts at hand (docs/speed.md).
 */
static size_t rule(const struct strscpy_cpu *cpu, const struct strscpy_path *p, size_t n,
		   char *why, size_t whylen)
{
	size_t z = find(p, n, "avx512"), e = find(p, n, "avx512_avx2");
	int amd = strcmp(cpu->vendor, "AuthenticAMD") == 0;
	int intel = strcmp(cpu->vendor, "GenuineIntel") == 0;

	if (z != (size_t)-1 && p[z].usable && e != (size_t)-1 && p[e].usable) {
		/* Both AVX-512 paths run: do 512-bit operations run at full
		 * width and clock?  Then the 64-byte rounds for long runs. */
		if (amd && cpu->fp512) {
			snprintf(why, whylen, "AMD with a 512-bit FP datapath (CPUID 8000_001A "
				 "FP512): 64-byte rounds for long runs");
			return z;
		}
		if (amd && cpu->fp256) {
			snprintf(why, whylen, "AMD with a 256-bit FP datapath (CPUID 8000_001A "
				 "FP256: 512-bit operations in two halves): 32-byte vectors only");
			return e;
		}
		if (intel && (cpu->avx_vnni || cpu->avx512er)) {
			snprintf(why, whylen, "Intel with AVX-VNNI or AVX512ER (glibc: 512-bit "
				 "loads and stores lower no clock): 64-byte rounds for long runs");
			return z;
		}
		if (intel) {
			snprintf(why, whylen, "Intel without AVX-VNNI (glibc's Prefer_No_AVX512: "
				 "512-bit operations lower the clock): 32-byte vectors only");
			return e;
		}
		snprintf(why, whylen, "no trait says 512-bit operations run at full width "
			 "and clock: 32-byte vectors only");
		return e;
	}
	for (size_t i = 0; i < n; i++)
		if (p[i].usable) {
			snprintf(why, whylen, "the widest path this CPU runs");
			return i;
		}
	return (size_t)-1;
}

size_t strscpy_choose(const struct strscpy_cpu *cpu, const struct strscpy_path *p, size_t n,
		      const char *forced, char *why, size_t whylen)
{
	char rwhy[160];
	size_t r = rule(cpu, p, n, rwhy, sizeof(rwhy)), f;

	if (!forced || !*forced) {
		snprintf(why, whylen, "%s", rwhy);
		return r;
	}
	f = find(p, n, forced);
	if (f != (size_t)-1 && p[f].usable) {
		snprintf(why, whylen, "forced by STRSCPY_PATH=%s", forced);
		return f;
	}
	if (r == (size_t)-1) {
		snprintf(why, whylen, "no usable path");
		return r;
	}
	if (f == (size_t)-1)
		snprintf(why, whylen, "STRSCPY_PATH=%s ignored: no such path in this build; %s",
			 forced, rwhy);
	else
		snprintf(why, whylen, "STRSCPY_PATH=%s ignored: this CPU lacks %s; %s", forced,
			 p[f].missing, rwhy);
	return r;
}
