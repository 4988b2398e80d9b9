/*
 * test_lib_choose.c - which path strscpy() runs: the rule on CPUs of
 * every kind (their CPUID traits given, not read), STRSCPY_PATH forcing a
 * path (or ignored, with the reason, when the name is unknown or the CPU
 * cannot run it), and the dispatcher running the path the rule picks here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/lib/strscpy_cpu.h"
#include "test_lib.h"

#if STRSCPY_X86_64
/* This build's paths as a CPU with these features would have them. */
static size_t paths_for(const struct strscpy_cpu *cpu, struct strscpy_path *p)
{
	size_t n = strscpy_paths(p, 8);

	for (size_t i = 0; i < n; i++) {
		int z = strncmp(p[i].name, "strscpy_avx512", 14) == 0;
		int y = z || strcmp(p[i].name, "strscpy_avx2") == 0;

		p[i].usable = (!z || cpu->avx512) && (!y || cpu->avx2);
		snprintf(p[i].missing, sizeof(p[i].missing), "%s", p[i].usable ? "" :
			 z && !cpu->avx512 ? "avx512f avx512bw avx512vl" : "avx2");
	}
	return n;
}

/* The rule picks want on cpu (forced: STRSCPY_PATH), and says so with
 * why_has in its reason. */
static int picks(const char *vendor, unsigned family, int avx2, int avx512, int fp256,
		 int fp512, int vnni, const char *forced, const char *want, const char *why_has,
		 char *bad, size_t badlen)
{
	struct strscpy_cpu cpu;
	struct strscpy_path p[8];
	size_t n, i;
	char why[256];

	memset(&cpu, 0, sizeof(cpu));
	snprintf(cpu.vendor, sizeof(cpu.vendor), "%s", vendor);
	cpu.family = family;
	cpu.avx2 = avx2 & 1;
	cpu.avx512 = cpu.avx512f = cpu.avx512bw = cpu.avx512vl = avx512 & 1;
	cpu.fp256 = fp256 & 1;
	cpu.fp512 = fp512 & 1;
	cpu.avx_vnni = vnni & 1;
	n = paths_for(&cpu, p);
	i = strscpy_choose(&cpu, p, n, forced, why, sizeof(why));
	if (i < n && strcmp(p[i].name, want) == 0 && strstr(why, why_has))
		return 1;
	snprintf(bad, badlen, "%s family %u, STRSCPY_PATH=%s: %s (%s), want %s (\"%s\")", vendor,
		 family, forced ? forced : "", i < n ? p[i].name : "none", why, want, why_has);
	return 0;
}

/* Whether this CPU (and the OS) has the feature called name, asked
 * independently of the library. */
static int has(const char *name)
{
	__builtin_cpu_init();
	if (strcmp(name, "avx2") == 0)
		return __builtin_cpu_supports("avx2") != 0;
	if (strcmp(name, "bmi") == 0)
		return __builtin_cpu_supports("bmi") != 0;
	if (strcmp(name, "bmi2") == 0)
		return __builtin_cpu_supports("bmi2") != 0;
	if (strcmp(name, "avx512f") == 0)
		return __builtin_cpu_supports("avx512f") != 0;
	if (strcmp(name, "avx512bw") == 0)
		return __builtin_cpu_supports("avx512bw") != 0;
	if (strcmp(name, "avx512vl") == 0)
		return __builtin_cpu_supports("avx512vl") != 0;
	return -1;
}

/* A path is unusable only for a feature the CPU lacks, each one named;
 * the features the x86-64 vector paths use are all there where usable. */
static void usable_checks(void)
{
	static const char *const uses[][7] = {
		{ "strscpy_avx512", "avx2", "bmi", "bmi2", "avx512f", "avx512bw", "avx512vl" },
		{ "strscpy_avx512_avx2", "avx2", "avx512f", "avx512bw", "avx512vl", NULL, NULL },
		{ "strscpy_avx2", "avx2", NULL, NULL, NULL, NULL, NULL },
	};
	struct strscpy_path p[8];
	size_t n = strscpy_paths(p, 8);
	char bad[512] = "";
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		for (size_t u = 0; u < sizeof(uses) / sizeof(uses[0]); u++) {
			int all = 1;
			char missing[48] = "";

			if (strcmp(p[i].name, uses[u][0]) != 0)
				continue;
			for (int f = 1; f < 7 && uses[u][f]; f++)
				if (has(uses[u][f]) != 1) {
					all = 0;
					snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing),
						 "%s%s", *missing ? " " : "", uses[u][f]);
				}
			if (p[i].usable != all || strcmp(p[i].missing, missing) != 0) {
				ok = 0;
				snprintf(bad, sizeof(bad), "%s: usable %d, missing '%s'; the CPU lacks '%s'",
					 p[i].name, p[i].usable, p[i].missing, missing);
			}
		}
	result("path_unusable_only_for_a_missing_feature", ok, bad);
}

static void rule_checks(void)
{
	char bad[512] = "";
	int ok = 1;

	/* AMD Zen 5 (FP512), Zen 4 (FP256), Zen 3 (AVX2 only). */
	ok &= picks("AuthenticAMD", 26, 1, 1, 0, 1, 0, NULL, "strscpy_avx512", "FP512", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 25, 1, 1, 1, 0, 0, NULL, "strscpy_avx512_avx2", "FP256", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 25, 1, 0, 1, 0, 0, NULL, "strscpy_avx2", "widest", bad, sizeof(bad));
	/* Intel: Skylake-X (no AVX-VNNI: the clock drops), Sapphire Rapids. */
	ok &= picks("GenuineIntel", 6, 1, 1, 0, 0, 0, NULL, "strscpy_avx512_avx2", "Prefer_No_AVX512", bad, sizeof(bad));
	ok &= picks("GenuineIntel", 6, 1, 1, 0, 0, 1, NULL, "strscpy_avx512", "AVX-VNNI", bad, sizeof(bad));
	/* No trait known: 32-byte vectors only; no AVX at all: SSE2. */
	ok &= picks("HygonGenuine", 24, 1, 1, 0, 0, 0, NULL, "strscpy_avx512_avx2", "no trait", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 23, 0, 0, 0, 0, 0, NULL, "strscpy_sse2", "widest", bad, sizeof(bad));
	result("choose_path_by_cpu_traits", ok, bad);

	ok = picks("AuthenticAMD", 26, 1, 1, 0, 1, 0, "avx2", "strscpy_avx2", "forced", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 26, 1, 1, 0, 1, 0, "strscpy_word", "strscpy_word", "forced", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 26, 1, 1, 0, 1, 0, "", "strscpy_avx512", "FP512", bad, sizeof(bad));
	result("STRSCPY_PATH_forces_a_usable_path", ok, bad);

	ok = picks("AuthenticAMD", 26, 1, 1, 0, 1, 0, "avx1024", "strscpy_avx512",
		   "STRSCPY_PATH=avx1024 ignored: no such path", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 25, 1, 0, 1, 0, 0, "avx512", "strscpy_avx2",
		    "ignored: this CPU lacks avx512f avx512bw avx512vl", bad, sizeof(bad));
	ok &= picks("AuthenticAMD", 23, 0, 0, 0, 0, 0, "strscpy_avx2", "strscpy_sse2",
		    "ignored: this CPU lacks avx2", bad, sizeof(bad));
	result("STRSCPY_PATH_unknown_or_unrunnable_ignored_with_reason", ok, bad);
}
#endif

void choose_checks(void)
{
	struct strscpy_cpu cpu;
	struct strscpy_path p[8];
	size_t n = strscpy_paths(p, 8), i;
	const char *name, *why;
	char want_why[256], line[512];
	strscpy_fn fn;

#if STRSCPY_X86_64
	usable_checks();
	rule_checks();
#endif
	/* The dispatcher runs what the rule (and STRSCPY_PATH) pick here. */
	strscpy_cpu_read(&cpu);
	i = strscpy_choose(&cpu, p, n, getenv("STRSCPY_PATH"), want_why, sizeof(want_why));
	fn = strscpy_chosen(&name, &why);
	snprintf(line, sizeof(line), "runs %s (%s), the rule says %s (%s)", name, why,
		 i < n ? p[i].name : "none", want_why);
	result("dispatcher_runs_the_chosen_path", i < n && fn == p[i].fn &&
	       strcmp(name, p[i].name) == 0 && strcmp(why, want_why) == 0, line);
	printf("# strscpy() runs %s: %s\n", name, why);
}
