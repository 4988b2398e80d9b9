#!/usr/bin/env bash
# coverage.sh: source-based coverage (clang -fprofile-instr-generate
# -fcoverage-mapping, llvm-profdata, llvm-cov) of the library from the seed
# corpus: every harness, built as a plain runner, checks every input of its
# $CORPUS/NAME/.  Writes $BUILD/coverage/summary.txt and html/index.html, and
# fails unless src/lib/strscpy.c is covered 100% in lines and branches.
# `make coverage` calls it.  COVERAGE_FILES: the files reported (default
# the library); CORPUS: the corpus directory (default $BUILD/corpus, the
# generated seeds, made here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
out=${COVERAGE_OUT:-$BUILD/coverage}
corpus=${CORPUS:-$BUILD/corpus}
[ -n "${CORPUS:-}" ] || make -s corpus BUILD="$BUILD"
files=${COVERAGE_FILES:-src/lib/strscpy.c src/lib/strscpy_pad.c}
harnesses=(fuzz_strscpy fuzz_strscpy_pad fuzz_strlcpy fuzz_strncpy fuzz_relations)
profdata=$(command -v llvm-profdata || command -v llvm-profdata-14)
llvmcov=$(command -v llvm-cov || command -v llvm-cov-14)

rm -rf "$out/prof" "$out/html"
mkdir -p "$out/prof"
make -s fuzz-standalone RUN_DIR="$out/bin" RUN_CC=clang \
	RUN_CFLAGS="-O0 -g -fprofile-instr-generate -fcoverage-mapping"
objects=()
for h in "${harnesses[@]}"; do
	LLVM_PROFILE_FILE="$out/prof/$h-%p.profraw" "$out/bin/$h" "$corpus/$h" 2>&1 | tail -1
	objects+=(-object "$out/bin/$h")
done
"$profdata" merge -sparse "$out"/prof/*.profraw -o "$out/corpus.profdata"
# shellcheck disable=SC2086
"$llvmcov" report -show-branch-summary "${objects[@]:1}" -instr-profile="$out/corpus.profdata" \
	$files > "$out/summary.txt"
# shellcheck disable=SC2086
"$llvmcov" show -format=html -show-branches=count -output-dir="$out/html" "${objects[@]:1}" \
	-instr-profile="$out/corpus.profdata" $files
cat "$out/summary.txt"
echo "HTML report: $out/html/index.html"

# Columns: Filename, then (total, missed, cover) for regions, functions,
# lines, branches.  src/lib/strscpy.c must miss no line and no branch.
awk -v f=src/lib/strscpy.c '
	$1 == "strscpy.c" || $1 ~ "/"f"$" { found = 1; lines = $10; bmiss = $12; lmiss = $9; bcov = $13
		if (lmiss != 0 || bmiss != 0) {
			printf "FAIL: %s: %s lines missed (%s), %s branches missed (%s)\n", f, lmiss, lines, bmiss, bcov
			exit 1 }
		printf "%s: lines %s, branches %s\n", f, $10, $13 }
	END { if (!found) { print "FAIL: " f " not in the report"; exit 1 } }' "$out/summary.txt"
