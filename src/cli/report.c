#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Longest --case= hex that goes on a command line; longer cases are named
 * by their grid or random index instead (same case, regenerated). */
#define HEX_MAX 8192

/* The contract clause behind each rule the engine and supervisor use. */
static const struct {
	const char *rule, *check;
} checks[] = {
	{ "no-fault", "the call must not fault (guard pages around both buffers, source read-only)" },
	{ "returns", "the call must return in time and raise no signal" },
	{ "no-write-before-dest", "nothing may be written before dest (canaries)" },
	{ "no-write-past-count", "nothing may be written at dest[count] or beyond (canaries)" },
	{ "return-value", "the return value must equal the byte reference's" },
	{ "nul-terminated", "dest must be NUL-terminated where the contract puts the NUL" },
	{ "copied-bytes", "the bytes before the NUL must be the source's" },
	{ "zero-fill", "the bytes after the source's end must be zero-filled up to count" },
	{ "zero-padded", "every byte after the NUL up to dest[count-1] must be zero" },
	{ "no-leak-after-nul", "bytes after the NUL: left unchanged or zeroed, never source bytes" },
	{ "unchanged-after-nul", "bytes after the NUL must be left unchanged (--strict)" },
	{ "return-in-range", "with the source changing mid-call, the return must be a length "
			     "below count or -E2BIG" },
	{ "length-agrees", "with the source changing mid-call, the return must agree with the "
			   "NUL written" },
	{ "reader-sees-nul", "a concurrent reader must always see a NUL in dest[0..count-1] "
			     "(each byte written once)" },
	{ "no-exit", "the call must not end the process (exit, _exit)" },
	{ "process-survives", "the call must not kill the process" },
	{ "makes-progress", "the call must return (the supervisor's own watchdog)" },
};

static const char *check_of(const struct sc_defect *d)
{
	if (d->cls == SC_RACE && !strcmp(d->rule, "nul-terminated"))
		return "with the source changing mid-call, dest must still be NUL-terminated";
	for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++)
		if (!strcmp(checks[i].rule, d->rule))
			return checks[i].check;
	return d->rule;
}

void sc_hex(const uint8_t *b, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[b[i] >> 4];
		out[2 * i + 1] = digits[b[i] & 15];
	}
	out[2 * n] = 0;
}

static int nibble(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

long sc_unhex(const char *hex, uint8_t *b, size_t max)
{
	size_t n = strlen(hex);

	if (n % 2 || n / 2 > max)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		b[i] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(n / 2);
}

/* C-style escape of n bytes into out (room for 4 * n + 1). */
static void escape(const unsigned char *b, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = b[i];

		if (ch == '"' || ch == '\\')
			out += sprintf(out, "\\%c", ch);
		else if (ch == 0)
			out += sprintf(out, "\\0");
		else if (ch >= 0x20 && ch < 0x7f)
			*out++ = (char)ch;
		else
			out += sprintf(out, "\\x%02x", ch);
	}
	*out = 0;
}

/* The source as a C string literal, the middle left out when long. */
static void print_source(FILE *out, const struct sc_case *c)
{
	static char buf[4 * 64 + 1];
	const size_t head = 40, tail = 24;

	if (c->src_len <= head + tail + 8) {
		escape(c->src, c->src_len, buf);
		fprintf(out, "\"%s\"", buf);
		return;
	}
	escape(c->src, head, buf);
	fprintf(out, "\"%s\" ... (%zu bytes) ... ", buf, c->src_len - head - tail);
	escape(c->src + c->src_len - tail, tail, buf);
	fprintf(out, "\"%s\"", buf);
}

static void print_ret(FILE *out, enum sc_api api, int64_t ret)
{
	if (api == SC_STRNCPY)
		fprintf(out, "dest%+" PRId64, ret);
	else if ((api == SC_STRSCPY || api == SC_STRSCPY_PAD) && ret == -E2BIG)
		fprintf(out, "-E2BIG (%" PRId64 ")", ret);
	else if (api == SC_STRLCPY)
		fprintf(out, "%" PRIu64, (uint64_t)ret);
	else
		fprintf(out, "%" PRId64, ret);
}

static void print_actual(FILE *out, enum sc_api api, const struct sc_defect *d)
{
	if (!d->has_outcome)
		fprintf(out, "%s", d->what);
	else if (d->stop == SC_FAULTED)
		fprintf(out, "faulted (%s): %s", strsignal(d->signo), d->fault);
	else if (d->stop == SC_HUNG)
		fprintf(out, "did not return (killed by the watchdog)");
	else if (d->stop == SC_SIGNALLED)
		fprintf(out, "raised %s", strsignal(d->signo));
	else {
		fprintf(out, "returned ");
		print_ret(out, api, d->ret);
	}
}

static void print_place(FILE *out, const char *name, enum sc_place place, unsigned off,
			const struct sc_defect *d, unsigned align, const uint64_t gap[2],
			size_t len)
{
	fprintf(out, "%-6s %zu byte(s), ", name, len);
	if (place == SC_AT_START)
		fprintf(out, "starts %u byte(s) after a guard page", off);
	else if (place == SC_AT_END)
		fprintf(out, "ends %u byte(s) before a guard page", off);
	else
		fprintf(out, "away from the guard pages, 64-byte boundary + %u", off);
	if (d->has_place)
		fprintf(out, " (address 64n+%u; %" PRIu64 " / %" PRIu64
			" bytes to the guard before / after)", align, gap[0], gap[1]);
	fputc('\n', out);
}

static void print_image_row(FILE *out, const char *label, const unsigned char *img,
			    const struct sc_defect *d, int64_t from, int64_t to, size_t count)
{
	fprintf(out, "            %-9s", label);
	for (int64_t k = from; k < to; k++) {
		unsigned char b = img[k - d->img_from];

		if (k == 0 || k == (int64_t)count)
			fputs(" |", out);
		if (b == sc_canary(k))
			fputs(" ..", out);
		else
			fprintf(out, " %02x", b);
	}
	fputc('\n', out);
}

/* Expected and actual dest bytes around the finding, side by side. */
static void print_image(FILE *out, const struct sc_defect *d, size_t count)
{
	int64_t from = d->img_center - 8, to = d->img_center + 16;

	if (from < d->img_from)
		from = d->img_from;
	if (to > d->img_from + (int64_t)d->img_len)
		to = d->img_from + (int64_t)d->img_len;
	if (to <= from)
		return;
	fprintf(out, "  dest      dest%+" PRId64 " .. dest%+" PRId64
		"  (.. canary, untouched; | at dest[0] and dest[count])\n", from, to - 1);
	if (d->has_ref)
		print_image_row(out, "expected", d->want, d, from, to, count);
	if (d->has_outcome)
		print_image_row(out, "actual", d->got, d, from, to, count);
	if (d->has_ref && d->has_outcome && !d->ndiff) {
		fputs("            (dest and its margins are as the reference left them)\n", out);
	} else if (d->has_ref && d->has_outcome) {
		fprintf(out, "            %-9s", "");
		for (int64_t k = from; k < to; k++) {
			if (k == 0 || k == (int64_t)count)
				fputs("  ", out);
			fputs(d->want[k - d->img_from] != d->got[k - d->img_from] ? " ^^" : "   ", out);
		}
		fprintf(out, "\n            %" PRIu64 " byte(s) differ in dest and its margins\n",
			d->ndiff);
	}
}

/* Shell-quote s if it needs it. */
static void print_word(FILE *out, const char *s)
{
	if (s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._-+=,:@")]) {
		fputc('\'', out);
		for (; *s; s++)
			fputs(*s == '\'' ? "'\\''" : (char[]){ *s, 0 }, out);
		fputc('\'', out);
	} else {
		fputs(s, out);
	}
}

/* A finding only a concurrent check can reproduce (timing-dependent); an
 * ordinary defect met during one replays from its case like any other. */
static int is_race_run(const struct sc_defect *d)
{
	return (d->phase == SC_PH_RACE || d->phase == SC_PH_READER) && !d->has_ref;
}

/* The command that replays the defect's case. */
static void print_replay(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			 const struct sc_defect *d)
{
	static char hex[2 * HEX_MAX + 1];

	fputs("strcheck --impl=", out);
	print_word(out, ri->impl);
	if (ri->symbol && strcmp(ri->symbol, sc_api_name(p->api))) {
		fputs(" --symbol=", out);
		print_word(out, ri->symbol);
	}
	fprintf(out, " --api=%s", sc_api_name(p->api));
	if (is_race_run(d) || !d->has_case) {
		fprintf(out, " --seed=%" PRIu64 "%s%s", p->seed,
			p->policy == SC_STRICT ? " --strict" : "",
			d->phase == SC_PH_READER ? " --reader" : "");
		return;
	}
	if (d->case_len <= HEX_MAX) {
		sc_hex(d->case_bytes, d->case_len, hex);
		fprintf(out, " --case=%s", hex);
	} else if (d->phase == SC_PH_GRID) {
		fprintf(out, "%s --grid-case=%" PRIu64, p->policy == SC_STRICT ? " --strict" : "",
			d->index);
	} else {
		fprintf(out, " --seed=%" PRIu64 "%s --random-case=%" PRIu64, p->seed,
			p->policy == SC_STRICT ? " --strict" : "", d->index);
	}
}

static const char *found_in(const struct sc_defect *d)
{
	switch (d->phase) {
	case SC_PH_ONE:
		return "the replayed case";
	case SC_PH_GRID:
		return "grid case";
	case SC_PH_RANDOM:
		return "random case";
	case SC_PH_RACE:
		return "race check, call";
	case SC_PH_READER:
		return "reader check, call";
	default:
		return "loading";
	}
}

static void text_defect(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			const struct sc_defect *d, int n)
{
	static struct sc_case c;
	int conc = is_race_run(d);

	fprintf(out, "DEFECT %d: %s (rule %s), %" PRIu64 " case(s)\n", n, sc_class_name(d->cls),
		d->rule, d->hits);
	fprintf(out, "  check     %s\n", check_of(d));
	fprintf(out, "  what      %s\n", d->what);
	if (d->has_case) {
		size_t len;

		sc_case_decode(&c, d->case_bytes, d->case_len);
		len = sc_case_strlen(&c);
		fprintf(out, "  input     src    = ");
		print_source(out, &c);
		if (len < c.src_len)
			fprintf(out, "\n                   %zu byte(s), strlen %zu\n", c.src_len, len);
		else
			fprintf(out, "\n                   %zu byte(s), no NUL\n", c.src_len);
		fprintf(out, "            count  = %" PRIu64 "%s\n", c.count,
			sc_count_is_huge(&c) ? " (huge)" : "");
		fputs("            ", out);
		print_place(out, "src", c.src_place, c.src_off, d, d->src_align, d->src_gap, c.src_len);
		fputs("            ", out);
		print_place(out, "dest", c.dst_place, c.dst_off, d, d->dst_align, d->dst_gap,
			    sc_count_is_huge(&c) ? SC_DST_SPAN : (size_t)c.count);
		if (c.policy == SC_STRICT)
			fputs("            policy --strict\n", out);
	}
	if (d->has_ref) {
		fputs("  expected  returns ", out);
		print_ret(out, p->api, d->ref_ret);
		fputc('\n', out);
	} else if (conc && !strcmp(d->rule, "reader-sees-nul")) {
		fputs("  expected  a NUL in dest[0..count-1] at every moment of the call\n", out);
	} else if (conc) {
		fputs("  expected  a NUL-terminated dest that agrees with the return value\n", out);
	}
	fputs("  actual    ", out);
	print_actual(out, p->api, d);
	fputc('\n', out);
	if ((d->has_outcome || d->has_ref) && d->has_case)
		print_image(out, d, sc_count_is_huge(&c) ? SC_DST_SPAN : (size_t)c.count);
	if (d->phase == SC_PH_ONE)
		fprintf(out, "  found by  %s\n", found_in(d));
	else
		fprintf(out, "  found by  %s %" PRIu64 " (seed %" PRIu64 ")\n", found_in(d), d->index,
			p->seed);
	fprintf(out, "  %-9s ", conc ? "rerun" : "replay");
	print_replay(out, p, ri, d);
	fputc('\n', out);
	if (conc)
		fputs("            (timing-dependent: reruns the concurrent check with the same seed;\n"
		      "             the input above is the call that broke)\n", out);
	fputc('\n', out);
}

static void text_conc(FILE *out, const char *name, const struct sc_conc_stats *st,
		      const char *skipped, const char *acted)
{
	if (skipped)
		fprintf(out, "%s check: skipped (%s)\n", name, skipped);
	else if (st->ran)
		fprintf(out, "%s check: %" PRIu64 " calls, %" PRIu64 " of them %s%s\n", name,
			st->calls, st->overlapped, acted,
			st->overlapped < SC_MIN_OVERLAP ? " (few: the two threads seldom ran at "
			"once; a busy machine? more --time helps)" : "");
}

static uint64_t cases_run(const struct sc_shared *s)
{
	return s->done[SC_PH_ONE] + s->done[SC_PH_GRID] + s->done[SC_PH_RANDOM];
}

void sc_report_text(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		    const struct sc_shared *s)
{
	if (!ri->quiet) {
		fprintf(out, "strcheck: %s", sc_api_name(p->api));
		if (ri->symbol && strcmp(ri->symbol, sc_api_name(p->api)))
			fprintf(out, " (symbol %s)", ri->symbol);
		fprintf(out, " in %s, policy %s, seed %" PRIu64 "\n\n", ri->impl,
			p->policy == SC_STRICT ? "strict" : "no-leak", p->seed);
	}
	for (int i = 0; i < s->ndefects; i++)
		text_defect(out, p, ri, &s->d[i], i + 1);
	if (s->extra_hits)
		fprintf(out, "(%" PRIu64 " more finding(s) of further kinds not shown)\n\n",
			s->extra_hits);
	if (!ri->quiet) {
		if (p->only_phase == SC_PH_DONE)
			fprintf(out, "cases: %" PRIu64 " of %" PRIu64 " in the grid, %" PRIu64
				" random\n", s->done[SC_PH_GRID], s->grid_total,
				s->done[SC_PH_RANDOM]);
		text_conc(out, "race", &s->race, ri->race_skipped, "overlapped a change of the source");
		text_conc(out, "reader", &s->reader, ri->reader_skipped,
			  "overlapped a poll of a concurrent reader");
		if (s->restarts)
			fprintf(out, "checked process restarted %u time(s) after a crash or hang\n",
				s->restarts);
		if (s->stopped[0])
			fprintf(out, "run %s\n", s->stopped);
	}
	if (s->ndefects)
		fprintf(out, "VERDICT: FAIL, %d distinct defect(s) in %" PRIu64 " case(s)",
			s->ndefects, cases_run(s));
	else
		fprintf(out, "VERDICT: PASS, no defect in %" PRIu64 " case(s)", cases_run(s));
	if (s->race.calls + s->reader.calls)
		fprintf(out, " and %" PRIu64 " concurrent call(s)", s->race.calls + s->reader.calls);
	fputs(!s->ndefects && s->stopped[0] ? " (run stopped early)\n" : "\n", out);
}

/* ---- JSON ---- */

static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20 || ch >= 0x7f)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

static void json_hex(FILE *out, const uint8_t *b, size_t n)
{
	fputc('"', out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%02x", b[i]);
	fputc('"', out);
}

static void json_replay(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			const struct sc_defect *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem) {
		fputs("null", out);
		return;
	}
	print_replay(mem, p, ri, d);
	fclose(mem);
	json_str(out, buf);
	free(buf);
}

static void json_defect(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			const struct sc_defect *d)
{
	static struct sc_case c;

	fprintf(out, "    {\"class\": \"%s\", \"rule\": ", sc_class_name(d->cls));
	json_str(out, d->rule);
	fputs(", \"check\": ", out);
	json_str(out, check_of(d));
	fputs(", \"what\": ", out);
	json_str(out, d->what);
	fprintf(out, ", \"cases\": %" PRIu64 ",\n     \"found_by\": {\"phase\": \"%s\", "
		"\"index\": %" PRIu64 ", \"seed\": %" PRIu64 "}", d->hits, sc_phase_name(d->phase),
		d->index, p->seed);
	if (d->has_case) {
		sc_case_decode(&c, d->case_bytes, d->case_len);
		fputs(",\n     \"case\": ", out);
		json_hex(out, d->case_bytes, d->case_len);
		fputs(",\n     \"input\": {\"src\": ", out);
		json_hex(out, c.src, c.src_len);
		fprintf(out, ", \"src_len\": %zu, \"strlen\": ", c.src_len);
		if (sc_case_strlen(&c) < c.src_len)
			fprintf(out, "%zu", sc_case_strlen(&c));
		else
			fputs("null", out);
		fprintf(out, ", \"count\": %" PRIu64
			", \"src_place\": \"%s\", \"src_off\": %u, \"dst_place\": \"%s\", "
			"\"dst_off\": %u, \"policy\": \"%s\"", c.count,
			sc_place_name(c.src_place), c.src_off, sc_place_name(c.dst_place), c.dst_off,
			c.policy == SC_STRICT ? "strict" : "no-leak");
		if (d->has_place)
			fprintf(out, ", \"src_align\": %u, \"src_guard_gap\": [%" PRIu64 ", %" PRIu64
				"], \"dst_align\": %u, \"dst_guard_gap\": [%" PRIu64 ", %" PRIu64 "]",
				d->src_align, d->src_gap[0], d->src_gap[1], d->dst_align,
				d->dst_gap[0], d->dst_gap[1]);
		fputc('}', out);
	}
	if (d->has_ref)
		fprintf(out, ",\n     \"expected\": {\"return\": %" PRId64 "}", d->ref_ret);
	if (d->has_outcome) {
		static const char *const stops[] = { "returned", "faulted", "hung", "signalled" };

		fprintf(out, ",\n     \"actual\": {\"stop\": \"%s\", \"return\": %" PRId64
			", \"signal\": %d, \"fault\": ", stops[d->stop], d->ret, d->signo);
		json_str(out, d->fault);
		fputc('}', out);
	} else {
		fputs(",\n     \"actual\": {\"stop\": \"died\", \"what\": ", out);
		json_str(out, d->what);
		fprintf(out, ", \"signal\": %d}", d->signo);
	}
	if (d->has_outcome || d->has_ref) {
		fprintf(out, ",\n     \"dest_image\": {\"from\": %" PRId64, d->img_from);
		if (d->has_outcome) {
			fputs(", \"actual\": ", out);
			json_hex(out, d->got, d->img_len);
		}
		if (d->has_ref) {
			fputs(", \"expected\": ", out);
			json_hex(out, d->want, d->img_len);
		}
		if (d->has_ref && d->has_outcome)
			fprintf(out, ", \"bytes_differ\": %" PRIu64, d->ndiff);
		fputc('}', out);
	}
	fputs(",\n     \"replay\": ", out);
	json_replay(out, p, ri, d);
	fputs("}", out);
}

static void json_conc(FILE *out, const char *name, const struct sc_conc_stats *st,
		      const char *skipped)
{
	fprintf(out, "  \"%s\": {\"ran\": %s, \"calls\": %" PRIu64 ", \"overlapped\": %" PRIu64
		", \"skipped\": ", name, st->ran ? "true" : "false", st->calls, st->overlapped);
	if (skipped)
		json_str(out, skipped);
	else
		fputs("null", out);
	fputs("},\n", out);
}

void sc_report_json(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		    const struct sc_shared *s)
{
	fputs("{\n  \"impl\": ", out);
	json_str(out, ri->impl);
	fputs(", \"symbol\": ", out);
	json_str(out, ri->symbol ? ri->symbol : sc_api_name(p->api));
	fprintf(out, ", \"api\": \"%s\", \"policy\": \"%s\", \"seed\": %" PRIu64 ",\n",
		sc_api_name(p->api), p->policy == SC_STRICT ? "strict" : "no-leak", p->seed);
	fprintf(out, "  \"cases\": {\"grid\": %" PRIu64 ", \"grid_total\": %" PRIu64
		", \"random\": %" PRIu64 ", \"replayed\": %" PRIu64 "},\n", s->done[SC_PH_GRID],
		s->grid_total, s->done[SC_PH_RANDOM], s->done[SC_PH_ONE]);
	json_conc(out, "race", &s->race, ri->race_skipped);
	json_conc(out, "reader", &s->reader, ri->reader_skipped);
	fprintf(out, "  \"restarts\": %u, \"stopped\": ", s->restarts);
	if (s->stopped[0])
		json_str(out, s->stopped);
	else
		fputs("null", out);
	fputs(",\n  \"defects\": [\n", out);
	for (int i = 0; i < s->ndefects; i++) {
		json_defect(out, p, ri, &s->d[i]);
		fputs(i + 1 < s->ndefects ? ",\n" : "\n", out);
	}
	fprintf(out, "  ],\n  \"verdict\": \"%s\"\n}\n", s->ndefects ? "fail" : "pass");
}
