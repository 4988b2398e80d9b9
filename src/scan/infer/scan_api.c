/*
 * scan_api.c - which contract --scan judges a definition by.  A name
 * holding one of the eight says it (the longest: my_strscpy_pad is
 * strscpy_pad), unless the function makes another promise: it returns
 * nothing, or a pointer where the API returns a length (or the other way
 * round), or its name adds a word after the API's (strlcpy_unescape: a
 * variant) and it does not behave like the API in every probe case: then
 * it is "not one of the eight",
 * with the contract it is closest to, and never judged.  A name that is
 * the API's with a prefix (g_strlcpy, my_strncpy) is judged by it however
 * it behaves: a defect there is what the check is for.  A name that says
 * nothing is judged by the API it behaves like in 90% of the probe's
 * cases or more ("behaves like strlcpy, 300/300 cases"); dest left as one
 * of them leaves it but another return value: not one of the eight; like
 * none of them: not a bounded copy, dropped.
 */
#include <stdio.h>
#include <string.h>

#include "../scan.h"

static int returns_pointer(enum sc_api a)
{
	return a == SC_STRNCPY || a == SC_STRNCAT || a == SC_STPNCPY || a == SC_MEMCCPY;
}

/* The API with the most cases in counts; ties to prefer, then the first. */
static int best(const unsigned *counts, int prefer)
{
	int b = prefer >= 0 && prefer < SC_PROBE_APIS ? prefer : 0;

	for (int a = 0; a < SC_PROBE_APIS; a++)
		if (counts[a] > counts[b])
			b = a;
	return b;
}

/* The API's name followed by a word of its own: strlcpy_unescape. */
static int variant(const char *name, enum sc_api x)
{
	const char *api = sc_api_name(x), *at = strstr(name, api);
	size_t n = strlen(api);

	while (at && strstr(at + 1, api))
		at = strstr(at + 1, api);
	return at && at[n] == '_' && at[n + 1];
}

static void other(struct sc_scan_row *r, enum sc_api closest, const char *how)
{
	r->state = SC_ROW_OTHER;
	r->api = closest;
	snprintf(r->why, sizeof(r->why), "not one of the eight: %s; closest: %s", how,
		 sc_api_name(closest));
}

/* Its return type is not the API's: no length where one is promised, or
 * the other way round. */
static int other_return(const struct sc_scan_fn *fn, enum sc_api x)
{
	return fn->ret == SC_RET_VOID || (fn->ret == SC_RET_PTR) != returns_pointer(x);
}

int sc_scan_wants_probe(const struct sc_scan_fn *fn)
{
	if (fn->is_asm || !fn->shape || fn->ret == SC_RET_UNKNOWN)
		return 0;
	/* A plain name is judged by its API without one: the probe is for
	 * names that say nothing, variants, and the closest API of another
	 * contract. */
	return !fn->named || variant(fn->name, fn->name_api) || other_return(fn, fn->name_api);
}

int sc_scan_decide(struct sc_scan_row *r, const struct sc_probe *pr)
{
	const struct sc_scan_fn *fn = &r->fn;
	int named = fn->named ? (int)fn->name_api : -1;
	int bf = pr ? best(pr->full, named) : 0, bi = pr ? best(pr->image, named) : 0;
	char how[300];

	if (pr) {
		r->probe_ran = 1;
		r->probe_cases = pr->cases;
	}
	if (fn->named) {
		enum sc_api x = fn->name_api;
		enum sc_api closest = pr ? (enum sc_api)bi : x;

		r->api = x;
		if (pr && x < SC_PROBE_APIS)
			r->probe_match = pr->full[x];
		if (fn->ret == SC_RET_VOID) {
			other(r, closest, "returns nothing (void)");
			return 0;
		}
		if (fn->ret == SC_RET_PTR && !returns_pointer(x)) {
			other(r, closest, pr && pr->end_ptr * 10 >= pr->cases * 9
					  ? "returns a pointer to the NUL it wrote, not a length"
					  : "returns a pointer, not a length");
			return 0;
		}
		if ((fn->ret == SC_RET_INT || fn->ret == SC_RET_INT32) && returns_pointer(x)) {
			other(r, closest, "returns an integer, not a pointer");
			return 0;
		}
		if (pr && x < SC_PROBE_APIS && variant(fn->name, x) && pr->full[x] < pr->cases) {
			snprintf(how, sizeof(how), "a variant by its name, behaves like %s in %u/%u "
				 "cases", sc_api_name(x), pr->full[x], pr->cases);
			other(r, pr->full[bf] ? (enum sc_api)bf : closest, how);
			return 0;
		}
		return 1;
	}
	if (!pr)
		return 0;
	if (pr->full[bf] * 10 >= pr->cases * 9) {
		r->api = (enum sc_api)bf;
		r->api_inferred = 1;
		r->probe_match = pr->full[bf];
		return 1;
	}
	if (pr->image[bi] * 10 >= pr->cases * 9) {
		r->probe_match = pr->image[bi];
		snprintf(how, sizeof(how), "dest as %s leaves it in %u/%u cases, %s",
			 sc_api_name((enum sc_api)bi), pr->image[bi], pr->cases,
			 fn->ret == SC_RET_VOID ? "no return value"
			 : fn->ret == SC_RET_PTR && pr->end_ptr * 10 >= pr->cases * 9
				 ? "returns a pointer to the NUL it wrote"
				 : "another return value");
		other(r, (enum sc_api)bi, how);
		return 0;
	}
	return -1;  /* like none of the eight: not a bounded copy */
}

const char *sc_scan_foreign_asm(const struct sc_scan_fn *fn)
{
	/* Folders C libraries name for an architecture (dietlibc, musl, glibc's sysdeps). */
	static const char *const names[] = { "i386", "i486", "i686", "arm", "armel", "armhf",
		"aarch64", "arm64", "sparc", "sparc64", "parisc", "hppa", "mips", "mips64", "ppc",
		"ppc64", "powerpc", "powerpc64", "s390", "s390x", "alpha", "ia64", "sh", "m68k",
		"riscv", "riscv64", "loongarch", "x32", NULL };
	static char found[32];

	if (!fn->is_asm)
		return NULL;
	for (const char *p = fn->file; *p; p += strcspn(p, "/"), p += *p == '/') {
		size_t n = strcspn(p, "/");

		for (int i = 0; names[i]; i++)
			if (strlen(names[i]) == n && !memcmp(p, names[i], n) && p[n] == '/') {
#if defined(__x86_64__)
				snprintf(found, sizeof(found), "%s", names[i]);
				return found;
#elif defined(__i386__)
				if (n != 4 || memcmp(p, "i386", 4)) {
					snprintf(found, sizeof(found), "%s", names[i]);
					return found;
				}
#endif
			}
	}
	return NULL;
}
