#!/usr/bin/env bash
# fuzz.sh HARNESS... : run libFuzzer harnesses (built by `make fuzzers`)
# for FUZZ_TIME seconds in all, JOBS at a time, with the seed corpus and
# dictionary, and end with a summary per harness.  `make fuzz` calls it.
#
# Environment: FUZZ_OUT (harness dir), BUILD, FUZZ_SEEDS (the generated
# seed corpus, default $BUILD/corpus), FUZZ_TIME (60), JOBS (1),
# FUZZ_ARGS (extra libFuzzer flags), STRCHECK_IMPL/_API/_SYMBOL/_POLICY.
# Kept under FUZZ_WORK (default $BUILD/fuzz): corpus/NAME/ (what the fuzzer
# learned; the seeds in FUZZ_SEEDS stay as generated), findings/NAME/ (crash files, never
# overwritten: libFuzzer names them by content, and each gets a .txt with
# the harness's report), logs/NAME-TIME.log.
# Exit: 0 no defect, 1 a defect was found, 2 a harness could not run.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
FUZZ_WORK=${FUZZ_WORK:-$BUILD/fuzz}   # corpus/, findings/, logs/ of the runs
FUZZ_OUT=${FUZZ_OUT:-$BUILD/fuzz/bin}
FUZZ_SEEDS=${FUZZ_SEEDS:-$BUILD/corpus}
FUZZ_TIME=${FUZZ_TIME:-60}
JOBS=${JOBS:-1}
FUZZ_ARGS=${FUZZ_ARGS:-}
MAX_LEN=8200   # as in fuzz/fuzz.options and fuzz/gen_corpus.c

. scripts/fuzz-common.sh
fuzz_select "$@"
[ -n "${STRCHECK_IMPL:-}" ] &&
	echo "fuzzing $STRCHECK_IMPL (${STRCHECK_SYMBOL:-${STRCHECK_API:-strscpy}}) with: ${harnesses[*]}"
fuzz_split
stamp=$(date +%Y%m%dT%H%M%S)
mkdir -p "$FUZZ_WORK/logs"
echo "libFuzzer: ${harnesses[*]}: ${per}s each, $JOBS at a time"

run_one() {
	local h=$1 log=$FUZZ_WORK/logs/$1-$stamp.log
	local work=$FUZZ_WORK/corpus/$1 found=$FUZZ_WORK/findings/$1
	mkdir -p "$work" "$found"
	seeds=()
	[ -d "$FUZZ_SEEDS/$h" ] && seeds=("$FUZZ_SEEDS/$h")
	# shellcheck disable=SC2086
	"$FUZZ_OUT/$h" -max_total_time="$per" -dict=corpus/strcheck.dict -max_len=$MAX_LEN \
		-timeout=10 -print_final_stats=1 -artifact_prefix="$found/" $FUZZ_ARGS \
		"$work" "${seeds[@]}" > "$log" 2>&1
	echo $? > "$log.rc"
}

fuzz_run_all "$FUZZ_OUT" "make fuzzers"

status=0
details=()
printf '\n%-18s %12s %9s %6s %6s  %s\n' harness executions exec/s cov ft result
for h in "${harnesses[@]}"; do
	log=$FUZZ_WORK/logs/$h-$stamp.log
	rc=$(cat "$log.rc" 2>/dev/null || echo 2)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	crashes=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log")
	if [ -n "$crashes" ]; then
		result="DEFECT: $crashes"
		for f in $crashes; do
			# The harness's own report beside the crash file.
			# (none for a timeout or a crash outside a call: then
			# libFuzzer's own lines and the replay command).
			if [ ! -e "$f.txt" ]; then
				sed -n '/^==strcheck==/,/^      or: fuzz_/p' "$log" > "$f.txt"
				[ -s "$f.txt" ] || { grep -E 'ERROR: libFuzzer|^SUMMARY' "$log"
					echo "replay: strcheck${STRCHECK_IMPL:+ --impl=$STRCHECK_IMPL}${STRCHECK_SYMBOL:+ --symbol=$STRCHECK_SYMBOL} --replay=$f"
				} > "$f.txt"
			fi
		done
		# The harness's first check, or libFuzzer's reason (a timeout, a
		# crash outside a call, an exit).
		why=$(grep -m1 '^  check:' "$log" | sed 's/^ *check: *//')
		[ -n "$why" ] || why=$(grep -m1 -o 'ERROR: libFuzzer: .*' "$log")
		[ -n "$why" ] || why=$(grep -m1 -o '^SUMMARY: [A-Za-z]*Sanitizer: [a-z-]*' "$log")
		details+=("$h: $why")
		details+=("    report: $(echo "$crashes" | head -1).txt")
		status=1
	elif [ "$rc" != 0 ]; then
		result="FAILED to run (exit $rc): see $log"
		[ $status -ne 0 ] || status=2
	else
		result="no defect"
	fi
	printf '%-18s %12s %9s %6s %6s  %s\n' "$h" "${execs:--}" "${rate:--}" "${cov:--}" \
		"${ft:--}" "$result"
done
[ ${#details[@]} -eq 0 ] || printf '%s\n' "" "${details[@]}"
echo "logs: $FUZZ_WORK/logs/*-$stamp.log; findings: $FUZZ_WORK/findings/"
exit $status
