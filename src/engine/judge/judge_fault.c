/*
 * judge_fault.c - where a fault hit, as a maintainer reads it
 * (sc_describe_fault, judge.h): relative to the buffer it hit or missed,
 * the guard page or read-only pages it met, and for an address outside
 * both buffers the shape of its offset (an int truncated, a 2^48 added).
 */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../base/bytes.h"
#include "../case/count.h"
#include "judge.h"

/* Whether x86-64 (or any 48-bit) user code could reach addr: bits 63..47 all equal. */
static int canonical(uintptr_t addr)
{
	uint64_t top = (uint64_t)addr >> 47;

	return sizeof(uintptr_t) < 8 || top == 0 || top == (UINT64_MAX >> 47);
}

/* How far an offset is from a shape a reader recognises: a power of two
 * 2^16..2^64 it is near, or the offset itself (a small one is its own shape). */
static uint64_t off_residue(uint64_t v)
{
	uint64_t best = v;

	for (unsigned i = 16; i <= 64; i++) {
		uint64_t p = i < 64 ? (uint64_t)1 << i : 0;
		uint64_t d = i < 64 && v >= p ? v - p : p - v;

		if (d < best)
			best = d;
	}
	return best;
}

/*
 * An address outside both buffers, relative to the buffer from which its
 * offset has a shape ("src - (2^31 + 7) = src-2147483655"), else the nearer
 * (or to NULL, below 64 KiB):
 * the shape names the bug (an int truncated, a 2^48 added) where the
 * absolute address does not.
 */
static void describe_rel(const struct sc_outcome *o, uintptr_t addr, char *buf, size_t size)
{
	int64_t rs = (int64_t)(addr - (uintptr_t)o->src);
	int64_t rd = (int64_t)(addr - (uintptr_t)o->dst);
	uint64_t as = rs < 0 ? (uint64_t)0 - (uint64_t)rs : (uint64_t)rs;
	uint64_t ad = rd < 0 ? (uint64_t)0 - (uint64_t)rd : (uint64_t)rd;
	char ss[SC_COUNT_TEXT], sd[SC_COUNT_TEXT], *shape, *paren;
	int d, neg, group;

	if (addr < 65536) {
		snprintf(buf, size, "NULL+%" PRIuPTR, addr);
		return;
	}
	sc_count_value_describe(as, ss, sizeof(ss));
	sc_count_value_describe(ad, sd, sizeof(sd));
	if (strchr(ss, '^') || strchr(sd, '^'))
		d = off_residue(ad) < off_residue(as) || (off_residue(ad) == off_residue(as) && ad < as);
	else
		d = ad < as;
	neg = (d ? rd : rs) < 0;
	shape = d ? sd : ss;
	if (!strchr(shape, '^')) {
		snprintf(buf, size, "%s%c%" PRIu64, d ? "dest" : "src", neg ? '-' : '+', d ? ad : as);
		return;
	}
	/* "2^31 + 7 (2147483655)": the shape without its decimal, signed by the side. */
	paren = strchr(shape, '(');
	if (paren > shape)
		paren[-1] = '\0';
	group = neg && strpbrk(shape, "+-") != NULL;
	snprintf(buf, size, "%s %c %s%s%s = %s%c%" PRIu64, d ? "dest" : "src", neg ? '-' : '+',
		 group ? "(" : "", shape, group ? ")" : "", d ? "dest" : "src", neg ? '-' : '+',
		 d ? ad : as);
}

char *sc_describe_fault(const struct sc_case *c, const struct sc_outcome *o,
			char *buf, size_t size)
{
	char rel[SC_COUNT_TEXT * 2];
	const char *verb = o->access == 'w' ? "write" : o->access == 'r' ? "read" : "access";
	const char *where = o->fault_region == SC_GUARD_BEFORE ? "the guard page before" :
			    o->fault_region == SC_GUARD_AFTER ? "the guard page after" :
			    "the read-only pages of";

	if (o->no_addr) {
		if (o->access == '?' || !o->fault_addr)
			snprintf(buf, size, "an access the kernel gave no address for (a general-protection "
				 "fault: a non-canonical or misaligned address; the instruction was not decoded)");
		else {
			describe_rel(o, o->fault_addr, rel, sizeof(rel));
			snprintf(buf, size, "%s at %s (%#" PRIxPTR "%s; the kernel gave no address: a "
				 "general-protection fault, the address is the instruction's, decoded)",
				 verb, rel, o->fault_addr,
				 canonical(o->fault_addr) ? ", misaligned" : ", not canonical");
		}
	} else if (o->fault_arena == 's') {
		int64_t rel = (int64_t)(o->fault_addr - (uintptr_t)o->src);
		int64_t past = rel - (int64_t)sc_case_readable(c);

		if (rel >= 0 && past >= 0)
			snprintf(buf, size, "%s at src+%" PRId64 ", %" PRId64 " byte%s past the last "
				 "byte it may read (src+%zu), in %s the source",
				 verb, rel, past + 1, SC_PL(past + 1), sc_case_readable(c) ? sc_case_readable(c) - 1 : 0,
				 where);
		else
			snprintf(buf, size, "%s at src%+" PRId64 ", in %s the source", verb, rel, where);
	} else if (o->fault_arena == 'd') {
		int64_t rel = (int64_t)(o->fault_addr - (uintptr_t)o->dst);

		if (rel >= (int64_t)o->dst_len && c->api == SC_STRNCAT)
			snprintf(buf, size, "%s at dest+%" PRId64 ", %" PRId64 " byte%s past the NUL "
				 "it appends (dest+%zu), in %s the destination", verb, rel,
				 rel - (int64_t)o->dst_len + 1, SC_PL(rel - (int64_t)o->dst_len + 1), o->dst_len - 1, where);
		else if (sc_dst_is_huge(c) && rel >= 0 && (uint64_t)rel >= o->count)
			snprintf(buf, size, "%s at dest+count+%" PRIu64 ", past dest[count-1] (dest "
				 "backed on demand up to count)", verb, (uint64_t)rel - o->count);
		else if (rel >= (int64_t)o->dst_len && sc_dst_is_huge(c))
			snprintf(buf, size, "%s at dest+%" PRId64 ", inside count but past the %zu "
				 "bytes strcheck backs", verb, rel, o->dst_len + SC_DEST_BACKED);
		else if (rel >= (int64_t)o->dst_len)
			snprintf(buf, size, "%s at dest+count+%" PRId64 ", in %s the destination",
				 verb, rel - (int64_t)o->dst_len, where);
		else
			snprintf(buf, size, "%s at dest%+" PRId64 ", in %s the destination", verb, rel, where);
	} else {
		describe_rel(o, o->fault_addr, rel, sizeof(rel));
		snprintf(buf, size, "%s at %s (%#" PRIxPTR "), outside both buffers (%s)", verb,
			 rel, o->fault_addr, strsignal(o->signo));
	}
	return buf;
}

