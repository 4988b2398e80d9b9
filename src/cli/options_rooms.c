/*
 * options_rooms.c - what each room below the command line takes from the
 * options, as that room's own parameters (options.h): getting the
 * candidate, the scan, where the results go.
 */
#include <stdio.h>

#include "../candidate/candidate.h"
#include "../report/deliver.h"
#include "../scan/scan.h"
#include "options.h"

void sc_opts_for_candidate(const struct sc_opts *o, struct sc_cand_opts *co)
{
	*co = (struct sc_cand_opts){
		.impl = o->impl, .cc = o->cc, .cflags = o->cflags, .verbose = o->verbose,
		.kernel = { .wat = (enum sc_wat)o->kernel_wat, .kconfig = o->kconfig, .api = o->api,
			    .symbol = o->symbol },
	};
}

void sc_opts_for_deliver(const struct sc_opts *o, struct sc_deliver_opts *d)
{
	*d = (struct sc_deliver_opts){ .format = o->format, .output = o->output,
				       .emit_repro = o->emit_repro, .map = o->map };
}

static void add(struct sc_scan_opts *c, const char *fmt, const char *v)
{
	if (c->nfwd < SC_SCAN_FWD)
		snprintf(c->fwd[c->nfwd++], sizeof(c->fwd[0]), fmt, v);
}

/* What the user asked of the checks, as options again. */
static void forward(struct sc_scan_opts *c, const struct sc_opts *o)
{
	static const char *const wats[] = { "auto", "generic", "x86" };
	char num[64];

	if (o->cc)
		add(c, "--cc=%s", o->cc);
	if (o->cflags)
		add(c, "--cflags=%s", o->cflags);
	if (o->kernel_wat)
		add(c, "--kernel-wat=%s", wats[o->kernel_wat % 3]);
	if (o->kconfig)
		add(c, "--kconfig=%s", o->kconfig);
	/* Defaults are left out: the replay lines stay short. */
	snprintf(num, sizeof(num), "%llu", (unsigned long long)o->seed);
	if (o->seed != SC_DEFAULT_SEED)
		add(c, "--seed=%s", num);
	snprintf(num, sizeof(num), "%g", o->seconds);
	if (o->seconds != SC_DEFAULT_TIME)
		add(c, "--time=%s", num);
	if (o->max_seconds > 0) {
		snprintf(num, sizeof(num), "%g", o->max_seconds);
		add(c, "--max-time=%s", num);
	}
	if (o->race_seconds >= 0) {
		snprintf(num, sizeof(num), "%g", o->race_seconds);
		add(c, "--race-time=%s", num);
	}
	if (o->cases >= 0) {
		snprintf(num, sizeof(num), "%lld", (long long)o->cases);
		add(c, "--cases=%s", num);
	}
	snprintf(num, sizeof(num), "%u", o->timeout_ms);
	if (o->timeout_ms != SC_DEFAULT_TIMEOUT_MS)
		add(c, "--timeout=%s", num);
	if (o->policy == SC_STRICT)
		add(c, "%s", "--strict");
	if (!o->race)
		add(c, "%s", "--no-race");
	if (o->no_trace)
		add(c, "%s", "--no-trace");
	if (o->first)
		add(c, "%s", "--first");
	if (o->no_sandbox)
		add(c, "%s", "--no-sandbox");
	if (o->allow_incomplete)
		add(c, "%s", "--allow-incomplete");
}

void sc_opts_for_scan(const struct sc_opts *o, struct sc_scan_opts *so)
{
	so->scan = o->scan;
	so->symbol = o->symbol;
	so->output = o->output;
	so->version = sc_version;
	so->format = o->format;
	so->quiet = o->quiet;
	so->allow_incomplete = o->allow_incomplete;
	so->seconds = o->seconds;
	so->seed = o->seed;
	so->jobs = (unsigned)o->jobs;
	so->cache = o->cache;
	so->no_cache = o->no_cache;
	so->merge = o->scan_merge;
	if (o->shard)
		sc_scan_shard_parse(o->shard, &so->shard, &so->shards, NULL, 0);
	so->nfwd = 0;
	forward(so, o);
}
