/*
 * report_sarif.c - the run as SARIF 2.1.0 (--format=sarif), the format
 * code-scanning services read: the rule table as the tool's rules, one
 * result per distinct defect (its rule, class and message), the
 * implementation as the artifact, and the replay command in the result's
 * properties.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "report_util.h"

/* The artifact as a URI: an absolute path as file://, kept as given
 * otherwise (percent-encoding what a URI may not hold). */
static void put_uri(FILE *out, const char *impl)
{
	char abs[PATH_MAX];
	const char *path = realpath(impl, abs) ? abs : impl;

	fputs(path[0] == '/' ? "\"file://" : "\"", out);
	sc_put_uri_path(out, path);
	fputc('"', out);
}

/* Rules share an id when their classes differ: the driver lists each id
 * once, at its first rule. */
static int first_of_its_id(int i)
{
	for (int j = 0; j < i; j++)
		if (!strcmp(sc_rules[j].id, sc_rules[i].id))
			return 0;
	return 1;
}

/* The index of id in the driver's list of rules, or -1. */
static int rule_index(const char *id)
{
	for (int i = 0, n = 0; i < SC_RULE_COUNT; i++) {
		if (!first_of_its_id(i))
			continue;
		if (!strcmp(sc_rules[i].id, id))
			return n;
		n++;
	}
	return -1;
}

static void sarif_rules(FILE *out)
{
	int first = 1;

	for (int i = 0; i < SC_RULE_COUNT; i++) {
		if (!first_of_its_id(i))
			continue;
		fputs(first ? "\n" : ",\n", out);
		first = 0;
		fputs("          {\"id\": ", out);
		sc_put_json_string(out, sc_rules[i].id);
		fputs(", \"shortDescription\": {\"text\": ", out);
		sc_put_json_string(out, sc_rules[i].clause);
		fputs("}, \"properties\": {\"classes\": [", out);
		for (int j = i, k = 0; j < SC_RULE_COUNT; j++) {
			if (strcmp(sc_rules[j].id, sc_rules[i].id))
				continue;
			for (int cls = 1; cls < SC_CLASS_COUNT; cls++)
				if (sc_rules[j].classes & SC_CLASS_BIT(cls)) {
					fputs(k++ ? ", " : "", out);
					sc_put_json_string(out, sc_class_name(cls));
				}
		}
		fputs("]}}", out);
	}
	fputs("\n        ", out);
}

static void sarif_result(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
			 const struct sc_defect *d)
{
	char *replay = NULL, msg[400];
	size_t len = 0;
	FILE *mem = open_memstream(&replay, &len);

	if (mem) {
		sc_report_replay(mem, p, ri, d);
		fclose(mem);
	}
	snprintf(msg, sizeof(msg), "%s: %s (%s)", sc_class_name(d->cls), d->what,
		 sc_report_clause(d));
	fputs("        {\"ruleId\": ", out);
	sc_put_json_string(out, d->rule);
	fprintf(out, ", \"ruleIndex\": %d, \"level\": \"error\", \"kind\": \"fail\",\n"
		"         \"message\": {\"text\": ", rule_index(d->rule));
	sc_put_json_string(out, msg);
	fputs("},\n         \"locations\": [{\"physicalLocation\": {\"artifactLocation\": "
	      "{\"uri\": ", out);
	put_uri(out, ri->impl);
	fputs(", \"index\": 0}}, \"logicalLocations\": [{\"name\": ", out);
	sc_put_json_string(out, ri->symbol ? ri->symbol : sc_api_name(p->api));
	fputs(", \"kind\": \"function\"}]}],\n         \"properties\": {\"class\": ", out);
	sc_put_json_string(out, sc_class_name(d->cls));
	fprintf(out, ", \"cases\": %" PRIu64 ", \"phase\": \"%s\", \"seed\": %" PRIu64
		", \"replay\": ", d->hits, sc_phase_name(d->phase), p->seed);
	sc_put_json_string(out, replay ? replay : "");
	fputs("}}", out);
	free(replay);
}

void sc_report_sarif(FILE *out, const struct sc_plan *p, const struct sc_report_info *ri,
		     const struct sc_record *s)
{
	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	      "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\n"
	      "        \"name\": \"strcheck\", \"version\": ", out);
	sc_put_json_string(out, ri->version ? ri->version : "unknown");
	fputs(",\n        \"informationUri\": \"https://example.invalid/strcheck\",\n"
	      "        \"rules\": [", out);
	sarif_rules(out);
	fputs("]}},\n    \"artifacts\": [{\"location\": {\"uri\": ", out);
	put_uri(out, ri->impl);
	/* A cut run did not do what was asked: unsuccessful, unless the user
	 * accepted that (--allow-incomplete); either way a notification says
	 * what ran and how to run the rest. */
	fprintf(out, "}}],\n    \"invocations\": [{\"executionSuccessful\": %s, ",
		!s->finished && !ri->allow_incomplete ? "false" : "true");
	if (!s->finished) {
		fprintf(out, "\"toolExecutionNotifications\": [{\"level\": \"%s\", "
			"\"descriptor\": {\"id\": \"incomplete\"}, \"message\": {\"text\": ",
			ri->allow_incomplete ? "warning" : "error");
		sc_put_json_string(out, s->stopped[0] ? s->stopped : "the run was cut before the "
				   "plan was done");
		fputs("}}], ", out);
	}
	fputs("\"properties\": {\"api\": ", out);
	sc_put_json_string(out, sc_api_name(p->api));
	fprintf(out, ", \"seed\": %" PRIu64 ", \"policy\": \"%s\", \"verdict\": \"%s\", "
		"\"complete\": %s}}],\n    \"results\": [", p->seed, sc_report_policy(p->policy),
		sc_verdict_name(sc_report_verdict(s), 1), s->finished ? "true" : "false");
	for (int i = 0; i < s->ndefects; i++) {
		fputs(i ? ",\n" : "\n", out);
		sarif_result(out, p, ri, &s->d[i]);
	}
	fputs(s->ndefects ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n", out);
}
