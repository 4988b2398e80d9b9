#!/usr/bin/env bash
# coverage.sh: source-based coverage (clang -fprofile-instr-generate
# -fcoverage-mapping, llvm-profdata, llvm-cov) of the library from the seed
# corpus: every harness, built as a plain runner, checks every input of its
# $CORPUS/NAME/, and fuzz_strscpy again for each path of strscpy
# (COVERAGE_PATHS).  Writes $BUILD/coverage/summary.txt and html/index.html,
# and fails unless the files of COVERAGE_REQUIRED are covered 100% in lines
# and branches.
# `make coverage` calls it.  COVERAGE_FILES: the files reported (default
# the library); CORPUS: the corpus directory (default $BUILD/corpus, the
# generated seeds, made here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
out=${COVERAGE_OUT:-$BUILD/coverage}
corpus=${CORPUS:-$BUILD/corpus}
[ -n "${CORPUS:-}" ] || make -s corpus BUILD="$BUILD"
files=${COVERAGE_FILES:-$(ls src/lib/*.c src/lib/*.h src/lib/*/*.c src/lib/*/*.h)}
avx512=""  # the AVX-512 path where the CPU runs it (AVX-512 F, BW and VL)
grep -qw avx512bw /proc/cpuinfo 2> /dev/null && grep -qw avx512vl /proc/cpuinfo &&
	avx512=strscpy_avx512
paths=${COVERAGE_PATHS:-strscpy_word strscpy_sse2 strscpy_avx2 $avx512}
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
# Each path of strscpy this CPU runs (src/lib/strscpy_paths.h), on its own.
for p in $paths; do
	STRCHECK_SYMBOL=$p LLVM_PROFILE_FILE="$out/prof/$p-%p.profraw" "$out/bin/fuzz_strscpy" \
		"$corpus/fuzz_strscpy" 2>&1 | tail -1
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
# lines, branches.  The files of COVERAGE_REQUIRED must miss no line and no
# branch: the pieces every path of strscpy is made of.  The paths' own
# files are reported, not required: the seed corpus has no long string
# whose NUL falls inside a 64- or 128-byte round, and strscpy.c's choice
# of path depends on the CPU (docs/speed.md).
required=${COVERAGE_REQUIRED:-src/lib/word/path_entry.h src/lib/word/word_step.h src/lib/vec/vec_x86.h src/lib/strscpy_pad.c}
status=0
for f in $required; do
	awk -v f="$f" '
		# The report names a file from the files'"'"' common folder
		# (src/lib/): "word/path_entry.h" for src/lib/word/path_entry.h.
		function ends(s, t) { return length(s) >= length(t) && substr(s, length(s) - length(t) + 1) == t }
		NF >= 13 && ends("/" f, "/" $1) { found = 1; lmiss = $9; bmiss = $12
			if (lmiss != 0 || bmiss != 0) {
				printf "FAIL: %s: %s lines missed (%s), %s branches missed (%s)\n", f, lmiss, $10, bmiss, $13
				exit 1 }
			printf "%s: lines %s, branches %s\n", f, $10, $13 }
		END { if (!found) { print "FAIL: " f " not in the report"; exit 1 } }' "$out/summary.txt" || status=1
done
exit $status
