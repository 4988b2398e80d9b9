/*
 * test_lib.h - what the two halves of the library's test program share:
 * test_lib.c (the engine, the runs, the models, main) and test_lib_paths.c
 * (the checks every path of strscpy must pass).
 */
#ifndef TEST_LIB_H
#define TEST_LIB_H

#include <stdint.h>

#include "../src/engine/run/engine.h"
#include "../src/engine/race/race.h"

extern struct sc_engine eng;
extern struct sc_case scratch;  /* the case being built */
extern const char *tag;         /* appended to each check's name */
extern unsigned stride;         /* check every stride-th case (-q: 7) */
extern uint64_t random_n;       /* random cases per path (-r N) */

struct run {
	void *fn;
	uint64_t cases, failed;
	char first[600];
	int (*select)(const struct sc_case *c);  /* NULL: every case */
};

/* Print one check's verdict; why is printed on failure. */
void result(const char *name, int ok, const char *why);

/* sc_grid/loop callback: check case c (every stride-th) with r->fn. */
int check_one(const struct sc_case *c, uint64_t index, void *arg);

/* The verdict of a run: no failure and at least at_least cases. */
void report(const char *name, struct run *r, uint64_t at_least);

/* The whole grid, n seeded random cases, a concurrent check. */
void grid(const char *name, enum sc_api api, enum sc_policy policy, void *fn);
void random_cases(const char *name, enum sc_api api, void *fn, uint64_t n);
void race(const char *name, enum sc_race_kind kind, enum sc_api api, void *fn);

/* No check named on the command line, or this one. */
int wanted(int argc, char **argv, const char *name);

/* Which path strscpy() runs and why (test_lib_choose.c). */
void choose_checks(void);

/* Every check of one path of strscpy (test_lib_paths.c). */
void path_checks(void *fn, const char *name, int argc, char **argv);

#endif
