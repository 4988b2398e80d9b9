#include <stdio.h>
#include <string.h>

#include "strscpy_cpu.h"

#if STRSCPY_X86_64
#include <cpuid.h>

void strscpy_cpu_read(struct strscpy_cpu *cpu)
{
	unsigned a = 0, b, c, d, max, family;

	memset(cpu, 0, sizeof(*cpu));
	if (!__get_cpuid(0, &max, &b, &c, &d))
		return;
	memcpy(cpu->vendor, &b, 4);
	memcpy(cpu->vendor + 4, &d, 4);
	memcpy(cpu->vendor + 8, &c, 4);
	__get_cpuid(1, &a, &b, &c, &d);
	family = (a >> 8) & 0xf;
	cpu->model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		cpu->model += ((a >> 16) & 0xf) << 4;
	cpu->family = family;
	/* __builtin_cpu_supports also asks whether the OS saves the
	 * registers (XCR0): a feature it lacks is not usable. */
	__builtin_cpu_init();
	cpu->avx2 = __builtin_cpu_supports("avx2") != 0;
	cpu->bmi = __builtin_cpu_supports("bmi") != 0;
	cpu->bmi2 = __builtin_cpu_supports("bmi2") != 0;
	cpu->avx512f = __builtin_cpu_supports("avx512f") != 0;
	cpu->avx512bw = __builtin_cpu_supports("avx512bw") != 0;
	cpu->avx512vl = __builtin_cpu_supports("avx512vl") != 0;
	cpu->avx512 = cpu->avx512f && cpu->avx512bw && cpu->avx512vl;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		cpu->erms = (b >> 9) & 1;
		cpu->avx512er = (b >> 27) & 1;
		cpu->fsrm = (d >> 4) & 1;
		__cpuid_count(7, 1, a, b, c, d);
		cpu->avx_vnni = (a >> 4) & 1;
	}
	if (__get_cpuid(0x80000000, &max, &b, &c, &d) && max >= 0x8000001a &&
	    strcmp(cpu->vendor, "AuthenticAMD") == 0) {
		__get_cpuid(0x8000001a, &a, &b, &c, &d);
		cpu->fp256 = (a >> 2) & 1;
		cpu->fp512 = (a >> 3) & 1;
	}
}
#else
void strscpy_cpu_read(struct strscpy_cpu *cpu)
{
	memset(cpu, 0, sizeof(*cpu));
}
#endif

void strscpy_cpu_describe(const struct strscpy_cpu *cpu, char *buf, size_t len)
{
	snprintf(buf, len, "%s family %u (0x%x) model %u (0x%x); features:%s%s%s%s; traits:%s%s%s%s%s%s",
		 cpu->vendor[0] ? cpu->vendor : "unknown CPU", cpu->family, cpu->family,
		 cpu->model, cpu->model, STRSCPY_X86_64 ? " sse2" : STRSCPY_AARCH64 ? " neon" : " none",
		 cpu->avx2 ? " avx2" : "", cpu->bmi && cpu->bmi2 ? " bmi bmi2" : "",
		 cpu->avx512 ? " avx512f avx512bw avx512vl" : "",
		 cpu->fp512 ? " fp512" : "", cpu->fp256 ? " fp256" : "",
		 cpu->avx_vnni ? " avx-vnni" : "", cpu->avx512er ? " avx512er" : "",
		 cpu->erms ? " erms" : "", cpu->fsrm ? " fsrm" : "");
	if (!cpu->fp512 && !cpu->fp256 && !cpu->avx_vnni && !cpu->avx512er && !cpu->erms &&
	    !cpu->fsrm && strlen(buf) + 6 < len)
		strcat(buf, " none");
}
