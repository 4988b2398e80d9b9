/*
 * scan_api.c - which contract --scan judges a definition by, if any.  A
 * function the tree uses as one of the eight (its exact name, a #define
 * or alias mapping the API's name onto it, a replacement guard around it;
 * scan_sig.c) is judged by that API whatever it does, once its
 * declaration fits the API's signature: a defect is what the check is
 * for.  Any other function, whatever its name (safe_strncpy, g_strlcpy,
 * strlcpy2, a home-grown copy_field), is judged only when its declaration
 * fits an API's signature and it behaves as that API in every probe case
 * (the API its name holds first); otherwise it is "not one of the eight",
 * with the nearest contract and the first probe case where it differs,
 * and never judged.  A declaration that fits no API is never called: a
 * four-parameter copy is not probed as a three-parameter one.  A function
 * whose name says nothing and that leaves dest as no API does is not a
 * bounded copy and is dropped.
 */
#include <stdio.h>
#include <string.h>

#include "../scan.h"

static void other(struct sc_scan_row *r, enum sc_api closest, const char *how)
{
	r->state = SC_ROW_OTHER;
	r->api = closest;
	snprintf(r->why, sizeof(r->why), "not one of the eight: %s; closest: %s", how,
		 sc_api_name(closest));
}

/* The API the row is meant as: its use's, else its name's; -1: neither. */
static int meant(const struct sc_scan_row *r)
{
	return r->use != SC_USE_NONE ? (int)r->api : r->fn.named ? (int)r->fn.name_api : -1;
}

int sc_scan_probe_api(const struct sc_scan_row *r)
{
	char why[300];
	int x = meant(r);

	if (x >= 0)
		return sc_scan_signature(&r->fn, (enum sc_api)x, why, sizeof(why)) ? x : -1;
	return r->fn.shape ? SC_STRLCPY : -1;
}

void sc_scan_probe_kind(const struct sc_scan_fn *fn, enum sc_api api, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", sc_ret_kind_name(fn->ret), api == SC_MEMCCPY ? ",memccpy" : "");
}

int sc_scan_decide(struct sc_scan_row *r, const struct sc_probe *pr)
{
	const struct sc_scan_fn *fn = &r->fn;
	int x = meant(r), best = -1;
	char how[600], sig[300];

	if (pr) {
		r->probe_ran = 1;
		r->probe_cases = pr->cases;
	}
	if (x >= 0) {
		r->api = (enum sc_api)x;
		if (!sc_scan_signature(fn, r->api, sig, sizeof(sig))) {
			other(r, r->api, sig);  /* never called */
			return 0;
		}
		if (pr)
			r->probe_match = pr->full[x];
		if (r->use != SC_USE_NONE)
			return 1;
	}
	if (!pr)
		return 0;
	/* The API it behaves as best among those whose signature it fits,
	 * its name's first. */
	for (int a = 0; a < SC_API_COUNT; a++)
		if (sc_scan_signature(fn, (enum sc_api)a, sig, sizeof(sig)) &&
		    (best < 0 || pr->full[a] > pr->full[best] ||
		     (pr->full[a] == pr->full[best] && a == x)))
			best = a;
	if (best >= 0 && pr->cases && pr->full[best] == pr->cases) {
		r->api = (enum sc_api)best;
		r->api_inferred = 1;
		r->probe_match = pr->full[best];
		return 1;
	}
	/* Not one: the nearest is the API its name holds, else the best. */
	if (x >= 0)
		best = x;
	if (best >= 0 && (x >= 0 || pr->full[best] * 10 >= pr->cases * 9)) {
		r->probe_match = pr->full[best];
		snprintf(r->probe_first, sizeof(r->probe_first), "%s", pr->first[best]);
		snprintf(how, sizeof(how), "%s%s in %u/%u probe cases; first unlike it: %s",
			 x >= 0 ? "not used as one by the tree, behaves as " : "behaves as ",
			 sc_api_name((enum sc_api)best), pr->full[best], pr->cases, pr->first[best]);
		other(r, (enum sc_api)best, how);
		return 0;
	}
	/* Its dest as an API leaves it, but another return (or none). */
	int bi = 0;
	for (int a = 0; a < SC_PROBE_APIS; a++)
		if (pr->image[a] > pr->image[bi])
			bi = a;
	if (pr->image[bi] * 10 >= pr->cases * 9) {
		enum sc_api c = (enum sc_api)bi;

		r->probe_match = pr->image[c];
		snprintf(r->probe_first, sizeof(r->probe_first), "%s", pr->first[c]);
		snprintf(how, sizeof(how), "dest as %s leaves it in %u/%u cases, %s; first unlike "
			 "it: %s", sc_api_name(c), pr->image[c], pr->cases,
			 fn->ret == SC_RET_VOID ? "no return value"
			 : fn->ret == SC_RET_PTR && pr->end_ptr * 10 >= pr->cases * 9
				 ? "returns a pointer to the NUL it wrote"
				 : "another return value", pr->first[c][0] ? pr->first[c] : "-");
		other(r, c, how);
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
		"riscv", "riscv64", "loongarch", "x32", "xtensa", "csky", "or1k", "openrisc",
		"nios2", "microblaze", "arc", "hexagon", "tile", "tilegx", "vax", "avr", "avr32",
		"bfin", "blackfin", "cris", "frv", "h8300", "m32r", "mn10300", "nds32", "c6x",
		"metag", "sh4", "sh64", "sparcv9", "mipsel", "ppc32", "powerpc32", "arm32",
		"armv6", "armv7", "aarch32", "riscv32", "loongarch64", "e2k", "kvx", "ia32", NULL };
	static char found[32];

	if (!fn->is_asm)
		return NULL;
	for (const char *p = fn->file; *p; p += strcspn(p, "/"), p += *p == '/') {
		size_t n = strcspn(p, "/");

		for (int i = 0; names[i]; i++)
			if (strlen(names[i]) == n && !memcmp(p, names[i], n) && p[n] == '/') {
#if defined(__i386__)
				if (n == 4 && !memcmp(p, "i386", 4))
					continue;  /* this host's own */
#elif !defined(__x86_64__)
				continue;  /* a scan on another host does not judge these */
#endif
				snprintf(found, sizeof(found), "%s", names[i]);
				return found;
			}
	}
	return NULL;
}
