/*
 * scan.h - strcheck --scan=DIR, the scan room's door: finding the
 * definitions of bounded copies in a tree's C, header and assembly files
 * and the tree's #defines and aliases onto the eight (find/), reading
 * each declaration's signature and the tree's use of it, probing a built
 * one against the eight references in a sandboxed child, and deciding
 * which contract it is judged by, if any (infer/).  The scan's driver
 * (scan_run.c) works each row out in a worker (scan_row.c: probe, cache,
 * check, each in a child strcheck), -j at once; the reports
 * (report/scan_report*.c) read struct sc_scan as data.
 */
#ifndef SC_SCAN_H
#define SC_SCAN_H

#include <stddef.h>
#include <stdio.h>

#include "../engine/case/case.h"
#include "../report/report.h"      /* enum sc_format */

#define SC_SCAN_FWD 40

/* What the command line asks of a scan (cli/options_rooms.c). */
struct sc_scan_opts {
	const char *scan;        /* the tree */
	const char *symbol;      /* only the definitions of this name, or NULL */
	const char *output;      /* the report's file (NULL: stdout) */
	const char *version;     /* strcheck's, for the report */
	enum sc_format format;
	int quiet, allow_incomplete;
	double seconds;          /* each check's --time */
	uint64_t seed;
	char fwd[SC_SCAN_FWD][4200];  /* the user's options every check gets, as options again */
	int nfwd;
	unsigned jobs;           /* checks at once (0: one per online core) */
	const char *cache;       /* the cache's directory (NULL: the default) */
	int no_cache;            /* neither read nor write the cache */
	unsigned shard, shards;  /* --shard=K/N: scan part K of N (0 0: the whole) */
	const char *merge;       /* --scan-merge=LIST: merge these parts' JSON reports */
};

/* How a scan ended, as one check's would (the command line's exit status). */
enum sc_scan_end { SC_SCAN_PASS, SC_SCAN_FAIL, SC_SCAN_INCOMPLETE };

/* The scan of o->scan: SC_SCAN_FAIL for a defect, SC_SCAN_INCOMPLETE for a
 * function not checked whole (cut, or not built; unless
 * o->allow_incomplete), else SC_SCAN_PASS; or -1 with one line in err (bad
 * DIR, unwritable --output) (scan_run.c). */
int sc_scan_main(const struct sc_scan_opts *o, char *err, size_t errlen);

/* What a definition's return type says it returns. */
enum sc_ret_kind { SC_RET_INT, SC_RET_INT32, SC_RET_PTR, SC_RET_VOID, SC_RET_UNKNOWN };

/* One definition found in the tree. */
struct sc_scan_fn {
	char file[1024];         /* as found under DIR */
	unsigned line;           /* of the function's name */
	char name[128];
	int is_static;           /* static (or in a header): not exported by a build of its file */
	int is_asm;              /* an assembly file's label */
	int named;               /* the name contains one of the eight */
	enum sc_api name_api;    /* ... which one (the longest) */
	enum sc_ret_kind ret;
	int nparams;             /* -1 for assembly */
	int shape;               /* (char *dst, const char *src, size_t n) */
	unsigned char ptype[8];  /* each parameter's kind (enum sc_ptype), the first 8 */
	char params[200];        /* the parameter list as written, blanks folded */
	char cond[512];          /* the #if conditions it is built under, or "" */
};

/* What a parameter's declaration says (scan_decl.c). */
enum sc_ptype {
	SC_P_CHAR,               /* a pointer to a char-like type (char *, u_char *, char []) */
	SC_P_CCHAR,              /* ... to const */
	SC_P_VOID,               /* void * */
	SC_P_CVOID,              /* const void * */
	SC_P_PTR,                /* a pointer to another type (a typedef's, a struct's) */
	SC_P_CPTR,               /* ... to const */
	SC_P_INT,                /* no pointer: an integer, or a typedef of one */
	SC_P_BARE,               /* K&R: a name only, its type declared after the list */
	SC_P_OTHER,              /* char **, a function pointer, a float, a struct by value */
};

/* How the tree uses a function as one of the eight (sc_scan_uses). */
enum sc_use {
	SC_USE_NONE,             /* not as one: its behaviour must say it (the probe) */
	SC_USE_NAME,             /* its name is the API's, exactly */
	SC_USE_MACRO,            /* #define API name, or an alias (weak_alias(name, API)) */
	SC_USE_GUARD,            /* defined under a replacement guard (#ifndef HAVE_STRLCPY) */
};

/* A #define or an alias in the tree that maps one of the eight onto a name. */
struct sc_scan_map {
	enum sc_api api;
	char name[128];          /* the function it maps the API onto */
	char where[300];         /* file:line of the mapping */
};

/* What became of one definition: the table's row. */
enum sc_row_state {
	SC_ROW_PASS, SC_ROW_FAIL, SC_ROW_INCOMPLETE,  /* the check's verdicts */
	SC_ROW_NOT_CHECKED,      /* cannot be built or loaded: why */
	SC_ROW_OTHER,            /* not one of the eight: its contract is another */
	SC_ROW_UNPROBED,         /* its name says nothing and it could not be probed: why */
};

struct sc_scan_row {
	struct sc_scan_fn fn;
	enum sc_api api;         /* judged by (or closest, for SC_ROW_OTHER) */
	int api_inferred;        /* from the probe, not the name */
	int probe_ran;
	unsigned probe_match, probe_cases;  /* the API's cases that matched, of how many */
	enum sc_row_state state;
	char why[1024];          /* not checked: the reason; other: the contract */
	char defect_class[48];   /* the first defect's class, or "" */
	char defect[512];        /* ... and what it is */
	unsigned ndefects;
	char build[1024];        /* how the check built it (its report's "build") */
	char replay[2048];       /* the command that replays the first defect, or reruns the check */
	double seconds;          /* the check's wall time */
	enum sc_use use;         /* how the tree uses it as api */
	char use_where[300];     /* the mapping's or guard's text, for the report */
	char probe_first[300];   /* the first probe case where it differs from api, or "" */
	int cached;              /* the verdict came from the cache */
	double total;            /* the row's wall time: probe, build and check */
};

struct sc_scan {
	const char *dir;
	const char *version;     /* strcheck's, for the reports */
	struct sc_scan_row *rows;
	size_t nrows, cap;
	unsigned files;          /* C, header and assembly files read */
	unsigned shaped;         /* functions of the copy's shape that behave like none of the eight */
	struct sc_scan_map *maps;  /* the tree's #defines and aliases onto one of the eight */
	size_t nmaps;
	double seconds;          /* the whole scan's wall time */
	unsigned jobs;           /* checks run at once */
	unsigned from_cache;     /* rows whose verdict came from the cache */
	unsigned shard, shards;  /* the part of the work this is (--shard), or 0 0 */
	unsigned found;          /* definitions found in the whole tree, of all parts */
};

/* ---- parts of a scan (scan_shard.c) and their merge (scan_merge.c) ---- */

#define SC_SHARD_MAX 100000u

/* --shard's value "K/N" into *k and *n (1 <= K <= N <= SC_SHARD_MAX);
 * 0, or -1 with one line in err. */
int sc_scan_shard_parse(const char *v, unsigned *k, unsigned *n, char *err, size_t errlen);

/* The part (1 to n) fn belongs to: a hash of its file's path under dir
 * and its name, so the split is the same on every machine. */
unsigned sc_scan_shard_of(const char *dir, const struct sc_scan_fn *fn, unsigned n);

/* Keep in sc only the rows of part k of n (noting the part and how many
 * definitions the whole tree has). */
void sc_scan_shard(struct sc_scan *sc, unsigned k, unsigned n);

/*
 * --scan-merge=LIST: the JSON reports (--format=json) of the N parts of
 * one scan (--shard=1/N ... N/N, comma-separated files, in any order)
 * read back and reported as the one table the whole scan prints, in
 * o->format, with its exit status (as sc_scan_main's).  -1 with one line
 * in err for a file that is not such a report, parts of different scans,
 * a part missing or given twice.
 */
int sc_scan_merge(const struct sc_scan_opts *o, char *err, size_t errlen);

/*
 * Find the definitions under dir (a directory, or one file): the eight
 * names and names containing them, in .c, .h and .S files; functions of
 * the shape (char *, const char *, size_t) of any name.  Each becomes a
 * row in state SC_ROW_NOT_CHECKED with an empty reason.  only: NULL, or
 * the one function name to keep.  0, or -1 with one line in err.
 */
int sc_scan_find(const char *dir, const char *only, struct sc_scan *sc, char *err, size_t errlen);

/* The definitions of one file's text (scan_lex.c): calls add for each,
 * and map for each #define or alias that maps one of the eight onto a
 * name (map may be NULL). */
void sc_scan_text(const char *path, char *text, size_t len,
		  void (*add)(void *ctx, const struct sc_scan_fn *fn),
		  void (*map)(void *ctx, const struct sc_scan_map *m), void *ctx);

void sc_scan_free(struct sc_scan *sc);

/* The mappings of one #define's text (after "define"), at path:line, and
 * of a file's alias macros (its cleaned text): map is called for each
 * (scan_map.c). */
void sc_scan_define_map(const char *path, unsigned line, const char *d,
			void (*map)(void *ctx, const struct sc_scan_map *m), void *ctx);
void sc_scan_alias_maps(const char *path, const char *text, size_t len,
			void (*map)(void *ctx, const struct sc_scan_map *m), void *ctx);

/* A definition's pieces of text, as the lexer cut them (scan_decl.c reads them). */
struct sc_scan_piece {
	const char *path;
	const char *name, *rt, *dt, *pt;  /* name, return type, whole declaration, parameters */
	size_t nlen, rlen, dlen, plen;
	int is_asm, exported;
};

/* Fill fn (all but line and cond) from p; 1 when it is a candidate. */
int sc_scan_fill(struct sc_scan_fn *fn, const struct sc_scan_piece *p);

/* ---- the contract's signature and the tree's use (scan_sig.c) ---- */

/*
 * Whether fn's declaration fits api's signature: as many parameters, each
 * of a kind the API's takes in that place, a return of its kind.  An
 * assembly label has no declaration (1).  0 with why saying where it
 * differs ("takes 4 parameters (...); strlcpy takes 3 (...)").
 */
int sc_scan_signature(const struct sc_scan_fn *fn, enum sc_api api, char *why, size_t size);

/* api's signature as C writes it: "size_t strlcpy(char *, const char *, size_t)". */
const char *sc_api_signature(enum sc_api api);

/*
 * How the tree uses fn as one of the eight: its exact name, a mapping
 * of sc's onto it, a replacement guard in its condition.  Sets *api and
 * where (the mapping's place, the guard's word); SC_USE_NONE otherwise.
 */
enum sc_use sc_scan_uses(const struct sc_scan *sc, const struct sc_scan_fn *fn,
			 enum sc_api *api, char *where, size_t size);

/* ---- the probe (scan_probe.c) ---- */

#define SC_PROBE_CASES 300
#define SC_PROBE_APIS 7          /* the eight but memccpy, whose shape differs */

struct sc_probe {
	unsigned cases;
	unsigned image[SC_API_COUNT];  /* dest's bytes as the API's reference left them */
	unsigned full[SC_API_COUNT];   /* ... and the return value too */
	char first[SC_API_COUNT][200];  /* the first case that differs from the API, or "" */
	unsigned end_ptr;        /* returned a pointer to the NUL it wrote */
	unsigned faults;
	char code[40];           /* hash of the built object's loaded bytes (the cache's key) */
	char build[1024];        /* how it was built */
};

/*
 * Sandbox steps the probe takes (the args room's: the same seccomp filters
 * as a check's child).  stage 1 before the object is loaded, 2 before the
 * first call; a filter that cannot go on is noted, not fatal.
 */
typedef void sc_probe_sandbox_fn(int stage);

/*
 * In the child strcheck --scan-probe=KIND runs: load symbol from so, call
 * it on SC_PROBE_CASES cases beside each reference, print the counts on
 * out ("probe ..." lines).  KIND is a return kind, with ",memccpy" for
 * memccpy's four parameters (void *, const void *, int, size_t) instead
 * of a copy's three.  0, or -1 with one line in err.
 */
int sc_scan_probe_run(const char *so, const char *symbol, const char *kind, FILE *out,
		      sc_probe_sandbox_fn *sandbox, char *err, size_t errlen);

/* A hash of the loaded bytes of the object so (its PT_LOAD segments
 * less the notes) as 32 hex digits into out (scan_code.c).  0, or -1. */
int sc_scan_code_hash(const char *so, char *out, size_t size);

/* The return kinds as --scan-probe's values. */
const char *sc_ret_kind_name(enum sc_ret_kind k);

/* Parse a probe's output; 0, or -1 if it is not one. */
int sc_scan_probe_parse(const char *text, struct sc_probe *pr);

/* ---- deciding (scan_api.c) ---- */

/*
 * The contract a row is judged by.  Used by the tree as one of the eight
 * (r->use set, r->api that one): that API, if its declaration fits.
 * Otherwise, whatever its name, only when its declaration fits the API
 * its name or the probe says and it behaves as that API in every probe
 * case (pr NULL: none ran).  Sets api, api_inferred, probe_* and, for a
 * function of another contract, state SC_ROW_OTHER and why (the nearest
 * contract and the first probe case where it differs).  Returns 1 when
 * the row is to be checked, 0 when not (why says it), -1 when it behaves
 * like none of the eight (not listed).
 */
int sc_scan_decide(struct sc_scan_row *r, const struct sc_probe *pr);

/* The API a probe should call the row as (its use's, its name's, or its
 * shape's), or -1 when its declaration fits none (never called). */
int sc_scan_probe_api(const struct sc_scan_row *r);

/* An assembly file in a folder named for another architecture than
 * this strcheck's (sparc/strncpy.S): its name, else NULL. */
const char *sc_scan_foreign_asm(const struct sc_scan_fn *fn);

/* The --scan-probe value for a row probed as api (its return kind, and
 * ",memccpy" for memccpy's shape). */
void sc_scan_probe_kind(const struct sc_scan_fn *fn, enum sc_api api, char *buf, size_t size);

#endif
