/*
 * harness.h - the glue every fuzz entry point shares (libFuzzer, AFL++,
 * and the plain file runner): read STRCHECK_* from the environment, load
 * the candidate, and check one input or abort with a message.
 *
 * An input is a case in the engine's encoding (src/engine/case/case.c): decoding,
 * placing, running and judging are the engine's, exactly as for the
 * strcheck program, so every crash file replays with strcheck --replay.
 *
 * Environment (read once, by fh_setup):
 *   STRCHECK_IMPL    shared object to fuzz (default: the project's own code)
 *   STRCHECK_API     its API (default: the harness's); the per-API harness
 *                    must match it; fuzz_relations takes strscpy,
 *                    strscpy_pad, strlcpy or strncpy
 *   STRCHECK_SYMBOL  symbol to look up (default: the API's name); without
 *                    STRCHECK_IMPL, a path of the project's own strscpy
 *                    (strscpy_word, strscpy_sse2, strscpy_avx2,
 *                    strscpy_avx512, strscpy_avx512_avx2, strscpy_neon:
 *                    src/lib/strscpy_paths.h)
 *   STRCHECK_POLICY  no-leak (default) or strict: bytes after the NUL
 */
#ifndef FH_HARNESS_H
#define FH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* What a harness checks: one API against its reference (the first eight,
 * in enum sc_api's order), or the relations between strscpy, strlcpy and
 * strncpy (docs/contract.md, "Relations"). */
enum fh_kind {
	FH_strscpy,
	FH_strscpy_pad,
	FH_strlcpy,
	FH_strncpy,
	FH_strlcat,
	FH_strncat,
	FH_stpncpy,
	FH_memccpy,
	FH_relations,
};

/* Load the candidate (exit 2 with one line on a bad environment).
 * Idempotent; fh_check calls it too.  Installs no signal handler. */
void fh_setup(enum fh_kind kind);

/* Check one input: returns if the candidate kept its contract, else prints
 * the finding and the case to stderr and aborts (a crash to the fuzzer).
 * The input's api and policy bits are overridden by the harness's. */
void fh_check(enum fh_kind kind, const uint8_t *data, size_t len);

/* Rewrite header byte 0 to the harness's api and policy, so that inputs a
 * fuzzer saves are exactly the cases checked (plain --replay works). */
void fh_canonicalize(enum fh_kind kind, uint8_t *data, size_t len);

/*
 * libFuzzer's custom mutator: mutate (LLVMFuzzerMutate; NULL: none), then
 * keep the input at least a header long and canonical (fh_canonicalize),
 * and when the mutation changed the count, make it small most of the time
 * (a case costs in proportion to its count); for strlcat and strncat keep
 * dest's initial bytes a part of the input, for memccpy keep c a value
 * worth checking (count_shape.h).  Returns the new size.
 */
size_t fh_mutate(enum fh_kind kind, uint8_t *data, size_t size, size_t max_size, unsigned seed,
		 size_t (*mutate)(uint8_t *, size_t, size_t));

/* Check every file named, or in a directory named; 0 if none aborted. */
int fh_run_files(enum fh_kind kind, int argc, char **argv);

#endif
