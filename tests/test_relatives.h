/*
 * test_relatives.h - what the two files of the relatives' test share
 * (tests/test_relatives.c, tests/test_relatives_run.c).
 */
#ifndef TEST_RELATIVES_H
#define TEST_RELATIVES_H

#include "../src/engine/run/engine.h"
#include "../src/engine/case/grid.h"

/* One PASS or FAIL line; a FAIL counts. */
void result(const char *name, int ok, const char *why);

/* A byte of the tests' sources: high ones, 0x01, printable. */
unsigned char some_byte(void);

/* The engine every check runs on (test_relatives_run.c). */
extern struct sc_engine e;

void random_cases(void);
void defects(void);
void grids(void);

#endif
