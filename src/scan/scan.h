/*
 * scan.h - strcheck --scan=DIR, the scan room's door: finding the
 * definitions of bounded copies in a tree's C, header and assembly files
 * (find/scan_find.c, scan_lex.c), probing a built one against the eight
 * references to infer its API (infer/scan_probe.c), and deciding from its
 * name, its return type and the probe which contract it is judged by
 * (infer/scan_api.c).  The scan's driver (scan_run.c) runs each check as a
 * child strcheck; the reports (report/scan_report*.c) read struct sc_scan
 * as data.
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
	char cond[512];          /* the #if conditions it is built under, or "" */
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
};

struct sc_scan {
	const char *dir;
	const char *version;     /* strcheck's, for the reports */
	struct sc_scan_row *rows;
	size_t nrows, cap;
	unsigned files;          /* C, header and assembly files read */
	unsigned shaped;         /* functions of the copy's shape that behave like none of the eight */
	double seconds;
};

/*
 * Find the definitions under dir (a directory, or one file): the eight
 * names and names containing them, in .c, .h and .S files; functions of
 * the shape (char *, const char *, size_t) of any name.  Each becomes a
 * row in state SC_ROW_NOT_CHECKED with an empty reason.  only: NULL, or
 * the one function name to keep.  0, or -1 with one line in err.
 */
int sc_scan_find(const char *dir, const char *only, struct sc_scan *sc, char *err, size_t errlen);

/* The definitions of one file's text (scan_lex.c): calls add for each. */
void sc_scan_text(const char *path, char *text, size_t len,
		  void (*add)(void *ctx, const struct sc_scan_fn *fn), void *ctx);

void sc_scan_free(struct sc_scan *sc);

/* A definition's pieces of text, as the lexer cut them (scan_decl.c reads them). */
struct sc_scan_piece {
	const char *path;
	const char *name, *rt, *dt, *pt;  /* name, return type, whole declaration, parameters */
	size_t nlen, rlen, dlen, plen;
	int is_asm, exported;
};

/* Fill fn (all but line and cond) from p; 1 when it is a candidate. */
int sc_scan_fill(struct sc_scan_fn *fn, const struct sc_scan_piece *p);

/* ---- the probe (scan_probe.c) ---- */

#define SC_PROBE_CASES 300
#define SC_PROBE_APIS 7          /* the eight but memccpy, whose shape differs */

struct sc_probe {
	unsigned cases;
	unsigned image[SC_PROBE_APIS];  /* dest's bytes as the API's reference left them */
	unsigned full[SC_PROBE_APIS];   /* ... and the return value too */
	unsigned end_ptr;        /* returned a pointer to the NUL it wrote */
	unsigned faults;
};

/*
 * In the child strcheck --scan-probe=KIND runs: load symbol from so, call
 * it on SC_PROBE_CASES cases beside each reference, print the counts on
 * out ("probe ..." lines).  0, or -1 with one line in err.
 */
int sc_scan_probe_run(const char *so, const char *symbol, const char *kind, FILE *out,
		      char *err, size_t errlen);

/* The return kinds as --scan-probe's values. */
const char *sc_ret_kind_name(enum sc_ret_kind k);

/* Parse a probe's output; 0, or -1 if it is not one. */
int sc_scan_probe_parse(const char *text, struct sc_probe *pr);

/* ---- deciding (scan_api.c) ---- */

/* Probe APIs are the first seven of enum sc_api. */

/*
 * The contract a row is judged by, from its name, its return type and
 * the probe (pr NULL: none ran): sets api, api_inferred, probe_* and, for
 * a function of another contract, state SC_ROW_OTHER and why.  Returns 1
 * when the row is to be checked, 0 when not (why says it).
 */
int sc_scan_decide(struct sc_scan_row *r, const struct sc_probe *pr);

/* An assembly file in a folder named for another architecture than
 * this strcheck's (sparc/strncpy.S): its name, else NULL. */
const char *sc_scan_foreign_asm(const struct sc_scan_fn *fn);

/* Whether a probe is worth running for the row (a shape its refs take). */
int sc_scan_wants_probe(const struct sc_scan_fn *fn);

#endif
