/*
 * scan_row.h - one row of a --scan, worked out whole (scan_row.c): the
 * tree's use of the function, its signature, the probe, the cache, the
 * check; run in a worker process of the scan's (scan_run.c), several at
 * once.
 */
#ifndef SC_SCAN_ROW_H
#define SC_SCAN_ROW_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "scan.h"

/* The scan's cache of verdicts (scan_cache.c). */
struct sc_scan_cache {
	char dir[1024];          /* "" when off */
	char self[40];           /* the hash of strcheck's own loaded bytes */
	char note[400];          /* why it is off, when the user asked for one */
	char common[40];         /* the first level's key part every row shares */
	char (*tree)[40];        /* each row's tree digest ("": no first level), or NULL */
};

struct sc_scan_ctx {
	const struct sc_scan_opts *o;  /* the user's, and the options every check gets */
	const struct sc_scan *sc;  /* the tree's mappings */
	char wrapdir[256];       /* the wrappers' private directory, or "" */
	struct sc_scan_cache cache;
};

/* Set by the scan's signal handlers (scan_run.c). */
extern volatile sig_atomic_t sc_scan_interrupted;

/*
 * Work out row r (number i of the scan): its state, API, reason,
 * verdict.  Returns 0, or -1 when it behaves like none of the eight (not
 * listed).  Uses children (probe, check); never exits.
 */
int sc_scan_row_work(struct sc_scan_ctx *c, struct sc_scan_row *r, size_t i);

/* The row when the scan was interrupted before it ran. */
void sc_scan_row_interrupted(const struct sc_scan_ctx *c, struct sc_scan_row *r, int sig);

/* ---- the cache (scan_cache.c) ---- */

/* Where the cache is: --cache, $XDG_CACHE_HOME/strcheck, ~/.cache/strcheck
 * (made if missing); off with --no-cache or when it cannot be made. */
void sc_scan_cache_open(struct sc_scan_cache *k, const struct sc_scan_opts *o);

/* The key of a check: the built object's hash (code), the function, its
 * API, how it was built (wrapped), strcheck's version and the options
 * the checks get.  Into key (33 bytes). */
void sc_scan_cache_key(const struct sc_scan_ctx *c, const char *code,
		       const struct sc_scan_row *r, int wrapped, char *key);

/* 1 and the row's verdict from the cache (its replay's case appended to
 * replay_base), or 0. */
int sc_scan_cache_get(const struct sc_scan_cache *k, const char *key, struct sc_scan_row *r,
		      const char *replay_base);

/* Keep a PASS or a FAIL (a cut or a row not checked is not kept). */
void sc_scan_cache_put(const struct sc_scan_cache *k, const char *key,
		       const struct sc_scan_row *r);

/* A cache entry being written at path: its folder made, a temporary file
 * beside it open (its name in tmp), the time to say it was checked in
 * when (UTC); NULL when it cannot be.  Then
 * sc_scan_cache_commit puts it in place (or leaves nothing). */
FILE *sc_scan_cache_create(const char *path, char *tmp, size_t tmplen, char *when,
			   size_t whenlen);
void sc_scan_cache_commit(FILE *f, const char *tmp, const char *path);

/* ---- the first level: a row's outcome before any build (scan_cache_src.c) ---- */

/* Each row's tree read whole (its C, header and assembly files) and what
 * every row's key shares (compiler, flags, options, strcheck), into k. */
void sc_scan_cache_trees(struct sc_scan_cache *k, const struct sc_scan_opts *o,
			 const struct sc_scan *sc);

/* Row i's first-level key into key (33 bytes): 1, or 0 (key "") when it
 * has none (no cache, a kernel tree, a tree too big). */
int sc_scan_row_key(const struct sc_scan_cache *k, const struct sc_scan_row *r, size_t i,
		    char *key);

/* 1 with the row's outcome and sc_scan_row_work's return value in *rc
 * from the cache, marked cached; or 0. */
int sc_scan_row_get(const struct sc_scan_cache *k, const char *key, struct sc_scan_row *r,
		    int *rc);

/* Keep the row's outcome and rc under key (not a cut run, nor one a
 * deadline or a dead child decided; the caller leaves out an interrupted
 * scan's). */
void sc_scan_row_put(const struct sc_scan_cache *k, const char *key, const struct sc_scan_row *r,
		     int rc);

#endif
