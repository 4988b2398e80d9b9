#!/usr/bin/env bash
# fuzz-afl.sh HARNESS... : run the AFL++ harnesses (persistent mode, ASan;
# built by `make fuzz-afl-build`) headless for FUZZ_TIME seconds in all,
# JOBS at a time, with the seed corpus and dictionary, and end with a
# summary per harness.  `make fuzz-afl` calls it.
#
# Environment: AFL_DIR (harness dir), RUN_DIR (plain runners), BUILD,
# FUZZ_WORK (default $BUILD/fuzz), FUZZ_SEEDS (the generated seed corpus,
# default $BUILD/corpus), FUZZ_TIME (60), JOBS (1),
# AFL_ARGS (extra afl-fuzz flags), STRCHECK_IMPL/_API/_SYMBOL/_POLICY.
# Each run writes a new $FUZZ_WORK/afl-out/NAME-TIME/; crashes are copied
# to $FUZZ_WORK/findings/NAME/afl-TIME-id:... (never overwritten).
# Exit: 0 no defect, 1 a defect was found, 2 a harness could not run.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
FUZZ_WORK=${FUZZ_WORK:-$BUILD/fuzz}   # corpus/, findings/, logs/ of the runs
AFL_DIR=${AFL_DIR:-$BUILD/fuzz/afl}
RUN_DIR=${RUN_DIR:-$BUILD/fuzz/run}
FUZZ_SEEDS=${FUZZ_SEEDS:-$BUILD/corpus}
FUZZ_TIME=${FUZZ_TIME:-60}
JOBS=${JOBS:-1}
AFL_ARGS=${AFL_ARGS:-}

command -v afl-fuzz >/dev/null || { echo "afl-fuzz not found: apt-get install afl++" >&2; exit 2; }
. scripts/fuzz-common.sh
fuzz_select "$@"
fuzz_split
stamp=$(date +%Y%m%dT%H%M%S)
mkdir -p "$FUZZ_WORK/afl-out" "$FUZZ_WORK/logs"
echo "AFL++: ${harnesses[*]}: ${per}s each, $JOBS at a time"

export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
	AFL_NO_AFFINITY=1 AFL_SKIP_CRASHES=1 AFL_QUIET=1

run_one() {
	local h=$1 out=$FUZZ_WORK/afl-out/$1-$stamp log=$FUZZ_WORK/logs/afl-$1-$stamp.log
	# shellcheck disable=SC2086
	timeout $((per + 120)) afl-fuzz -i "$FUZZ_SEEDS/$h" -o "$out" -V "$per" -x corpus/strcheck.dict \
		-t 1000 $AFL_ARGS -- "$AFL_DIR/$h" > "$log" 2>&1
	echo $? > "$log.rc"
}

fuzz_run_all "$AFL_DIR" "make fuzz-afl-build"

stat() { sed -n "s/^$1 *: *//p" "$2" 2>/dev/null; }
status=0
first=
printf '\n%-18s %12s %9s %8s %6s  %s\n' harness executions exec/s bitmap corpus result
for h in "${harnesses[@]}"; do
	out=$FUZZ_WORK/afl-out/$h-$stamp log=$FUZZ_WORK/logs/afl-$h-$stamp.log
	st=$out/default/fuzzer_stats
	found=$FUZZ_WORK/findings/$h
	crashes=$(stat saved_crashes "$st")
	if [ ! -f "$st" ]; then
		result="FAILED to run (exit $(cat "$log.rc" 2>/dev/null)): see $log"
		[ $status -ne 0 ] || status=2
	elif [ "${crashes:-0}" -gt 0 ]; then
		mkdir -p "$found"
		for f in "$out"/default/crashes/id:*; do
			dst=$found/afl-$stamp-$(basename "$f" | cut -d, -f1 | tr : -)
			cp -n "$f" "$dst"
			# The harness's report, from the plain runner (AFL++ keeps
			# no output); it has a --case= line that strcheck replays.
			[ -x "$RUN_DIR/$h" ] && ("$RUN_DIR/$h" "$dst" > "$dst.txt" 2>&1) 2> /dev/null
		done
		[ -z "$first" ] && first="$h: $(sed -n 's/^  check: *//p' "$dst.txt" 2>/dev/null | head -1)"
		result="DEFECT: $crashes crash(es), copied to $found/afl-$stamp-*"
		status=1
	else
		result="no defect"
	fi
	printf '%-18s %12s %9s %8s %6s  %s\n' "$h" "$(stat execs_done "$st")" \
		"$(stat execs_per_sec "$st")" "$(stat bitmap_cvg "$st")" "$(stat corpus_count "$st")" \
		"${result}"
done
[ -z "$first" ] || echo "first defect: $first"
echo "output: $FUZZ_WORK/afl-out/*-$stamp/; logs: $FUZZ_WORK/logs/afl-*-$stamp.log"
echo "replay a crash: build/strcheck [--impl=...] --case=HEX from its .txt report, or $RUN_DIR/NAME FILE"
exit $status
