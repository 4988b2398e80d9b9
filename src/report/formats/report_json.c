/*
 * report_json.c - the same report as one JSON object (the run, its counts,
 * each defect with its case in hex, input, expected, actual, dest image and
 * replay command, the verdict).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/case/count.h"
#include "report_util.h"

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
	sc_report_replay(mem, p, ri, d);
	fclose(mem);
	sc_put_json_string(out, buf);
	free(buf);
}

/* "return": the value (a pointer as its offset from dest; null for a
 * NULL), "return_text": as the API's caller reads it (dest+5, -E2BIG). */
static void json_return(FILE *out, enum sc_api api, int64_t ret)
{
	char text[40];

	if (ret == SC_RET_NULL && api == SC_MEMCCPY)
		fputs("\"return\": null", out);
	else
		fprintf(out, "\"return\": %" PRId64, ret);
	fputs(", \"return_text\": ", out);
	sc_put_json_string(out, sc_ret_text(api, ret, text, sizeof(text)));
}

static void json_defect(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			const struct sc_defect *d)
{
	static struct sc_case c;
	char count_text[SC_COUNT_TEXT];

	fprintf(out, "    {\"class\": \"%s\", \"rule\": ", sc_class_name(d->cls));
	sc_put_json_string(out, d->rule);
	fputs(", \"check\": ", out);
	sc_put_json_string(out, sc_report_clause(d));
	fputs(", \"what\": ", out);
	sc_put_json_string(out, d->what);
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
		if (sc_api_appends(c.api)) {
			/* dest's bytes before the call, and its string's length. */
			fputs(", \"dest_init\": ", out);
			json_hex(out, c.dst_init, c.dst_init_len);
			fprintf(out, ", \"dest_init_len\": %zu, \"dest_strlen\": ", c.dst_init_len);
			if (sc_case_dlen(&c) < c.dst_init_len)
				fprintf(out, "%zu", sc_case_dlen(&c));
			else
				fputs("null", out);
		}
		if (c.api == SC_MEMCCPY)
			fprintf(out, ", \"c\": %" PRId32 ", \"c_byte\": %u", c.ch, (unsigned char)c.ch);
		fprintf(out, ", \"count\": %" PRIu64 ", \"count_relative_to\": %s, \"count_text\": ",
			c.count, c.count_rel == SC_REL_DEST ? "\"dest\"" :
			c.count_rel == SC_REL_SRC ? "\"src\"" : "null");
		sc_put_json_string(out, sc_count_describe(&c, count_text, sizeof(count_text)));
		fprintf(out, ", \"src_place\": \"%s\", \"src_off\": %u, \"dst_place\": \"%s\", "
			"\"dst_off\": %u, \"policy\": \"%s\"",
			sc_place_name(c.src_place), c.src_off, sc_place_name(c.dst_place), c.dst_off,
			sc_report_policy(c.policy));
		if (d->has_place)
			fprintf(out, ", \"src_align\": %u, \"src_guard_gap\": [%" PRIu64 ", %" PRIu64
				"], \"dst_align\": %u, \"dst_guard_gap\": [%" PRIu64 ", %" PRIu64 "]",
				d->src_align, d->src_gap[0], d->src_gap[1], d->dst_align,
				d->dst_gap[0], d->dst_gap[1]);
		fputc('}', out);
	}
	if (d->has_ref) {
		fputs(",\n     \"expected\": {", out);
		json_return(out, p->api, d->ref_ret);
		fputc('}', out);
	}
	if (d->has_outcome) {
		static const char *const stops[] = { "returned", "faulted", "hung", "signalled",
						     "cut" };

		fprintf(out, ",\n     \"actual\": {\"stop\": \"%s\", ", stops[d->stop]);
		json_return(out, p->api, d->ret);
		fprintf(out, ", \"signal\": %d, \"fault\": ", d->signo);
		sc_put_json_string(out, d->fault);
		fputc('}', out);
	} else {
		fputs(",\n     \"actual\": {\"stop\": \"died\", \"what\": ", out);
		sc_put_json_string(out, d->what);
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
		", \"cpus\": %d, \"seconds\": %.3f, \"skipped\": ", name, st->ran ? "true" : "false",
		st->calls, st->overlapped, st->cpus, st->seconds);
	if (skipped)
		sc_put_json_string(out, skipped);
	else
		fputs("null", out);
	fputs("},\n", out);
}

void sc_report_json(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		    const struct sc_record *s)
{
	fputs("{\n  \"impl\": ", out);
	sc_put_json_string(out, ri->impl);
	fputs(", \"symbol\": ", out);
	sc_put_json_string(out, ri->symbol ? ri->symbol : sc_api_name(p->api));
	fprintf(out, ", \"api\": \"%s\", \"policy\": \"%s\", \"seed\": %" PRIu64 ",\n",
		sc_api_name(p->api), sc_report_policy(p->policy), p->seed);
	fputs("  \"build\": ", out);
	sc_put_json_string(out, ri->about ? ri->about : "");
	fputs(", \"how\": ", out);
	sc_put_json_string(out, ri->how ? ri->how : "");
	fputs(", \"notes\": ", out);
	sc_put_json_string(out, ri->notes ? ri->notes : "");
	fputs(",\n", out);
	if (ri->arch) {
		fputs("  \"architecture\": ", out);
		sc_put_json_string(out, ri->arch);
		fputs(",\n", out);
	}
	fprintf(out, "  \"cases\": {\"grid\": %" PRIu64 ", \"grid_total\": %" PRIu64
		", \"random\": %" PRIu64 ", \"replayed\": %" PRIu64 "},\n", s->done[SC_PH_GRID],
		s->grid_total, s->done[SC_PH_RANDOM], s->done[SC_PH_ONE]);
	if (s->trace.ran || s->trace.why[0]) {
		fprintf(out, "  \"traced\": {\"ran\": %s, \"cases\": %" PRIu64 ", \"planned\": %" PRIu64
			", \"calls\": %" PRIu64 ", \"accesses\": %" PRIu64 ", \"flips\": %" PRIu64
			", \"seconds\": %.3f, \"cut\": %s, \"bounded\": %" PRIu64 ", \"flips_not_run\": %"
			PRIu64 ", \"sampled\": ", s->trace.ran ? "true" : "false",
			s->trace.cases, s->trace.planned, s->trace.calls, s->trace.accesses,
			s->trace.flips, s->trace.seconds, s->trace.cut ? "true" : "false",
			s->trace.bounded, s->trace.unrun);
		if (s->trace.ran)
			fputs("null", out);
		else
			sc_put_json_string(out, s->trace.why);
		fputs("},\n", out);
	}
	json_conc(out, "race", &s->race, ri->race_skipped);
	json_conc(out, "reader", &s->reader, ri->reader_skipped);
	fprintf(out, "  \"sandbox\": {\"on\": %s, \"refused_calls\": %" PRIu64 ", \"note\": ",
		s->sandboxed ? "true" : "false", s->refused);
	sc_put_json_string(out, s->sandbox);
	fputs("},\n", out);
	if (s->load_seconds >= 1)
		fprintf(out, "  \"load_seconds\": %.1f,\n", s->load_seconds);
	fprintf(out, "  \"restarts\": %u, \"interrupted_by\": %d, \"stopped\": ", s->restarts,
		s->interrupted);
	if (s->stopped[0])
		sc_put_json_string(out, s->stopped);
	else
		fputs("null", out);
	fprintf(out, ",\n  \"not_judged\": {\"cases\": %" PRIu64 ", \"note\": ", s->cut);
	{
		char note[400];

		sc_put_json_string(out, sc_report_cut_note(s, note, sizeof(note)));
	}
	fputs("}", out);
	fputs(",\n  \"defects\": [\n", out);
	for (int i = 0; i < s->ndefects; i++) {
		json_defect(out, p, ri, &s->d[i]);
		fputs(i + 1 < s->ndefects ? ",\n" : "\n", out);
	}
	fprintf(out, "  ],\n  \"complete\": %s, \"allow_incomplete\": %s,\n  \"coverage\": ",
		s->finished ? "true" : "false", ri->allow_incomplete ? "true" : "false");
	{
		char coverage[300];

		if (sc_report_coverage(p, s, coverage, sizeof(coverage))[0])
			sc_put_json_string(out, coverage);
		else
			fputs("null", out);
	}
	fprintf(out, ",\n  \"verdict\": \"%s\"\n}\n", sc_verdict_name(sc_report_verdict(s), 1));
}
