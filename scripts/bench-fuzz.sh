#!/usr/bin/env bash
# bench-fuzz.sh: executions per second of every fuzz harness, one core each,
# one after the other (run it on an idle machine: the figures are wall-clock):
#   libFuzzer + ASan + UBSan   (make fuzzers), BENCH_TIME s per harness,
#                              -seed=1, from the seed corpus: "lean", the
#                              default (the checker's own code without
#                              sanitizers), and "checked" (all of it with)
#   AFL++ persistent + ASan    (make fuzz-afl-build), BENCH_TIME s per harness
#   checker only, no fuzzer    (plain runner, -O2, no sanitizers): checks/s
#                              over the seed corpus, the floor of a case's cost
# and whether the strscpy harness meets its target under libFuzzer
# (BENCH_TARGET, default 200000 exec/s); then fuzz_strscpy side by side
# with fuzz_trivial (the yardstick: fuzz/fuzz_trivial.c) under both,
# BENCH_TRIALS times (median).  BENCH_HARNESSES picks harnesses;
# BENCH_AFL=0 skips AFL++.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
T=${BENCH_TIME:-10}
TARGET=${BENCH_TARGET:-200000}
harnesses=(${BENCH_HARNESSES:-fuzz_strscpy fuzz_strscpy_pad fuzz_strlcpy fuzz_strncpy fuzz_strlcat fuzz_strncat
	fuzz_stpncpy fuzz_memccpy fuzz_relations})
out=$BUILD/bench-fuzz
rm -rf "$out"
mkdir -p "$out"
unset STRCHECK_IMPL STRCHECK_API STRCHECK_SYMBOL STRCHECK_POLICY CC CXX CFLAGS LIB_FUZZING_ENGINE

seeds=$BUILD/corpus   # the generated seed corpus
make -s fuzzers corpus > "$out/build.log" 2>&1 || { echo "make fuzzers failed: $out/build.log"; exit 1; }
make -s fuzzers FUZZ_CHECKER=checked FUZZ_OUT="$out/checked" FUZZ_OBJ="$out/checked-obj" \
	>> "$out/build.log" 2>&1 || { echo "make fuzzers (checked) failed: $out/build.log"; exit 1; }
make -s fuzz-standalone RUN_DIR="$out/plain" RUN_CFLAGS="-O2 -g" >> "$out/build.log" 2>&1 ||
	{ echo "plain runners failed to build: $out/build.log"; exit 1; }
afl=${BENCH_AFL:-1}
if [ "$afl" = 1 ] && command -v afl-fuzz > /dev/null &&
   make -s fuzz-afl-build >> "$out/build.log" 2>&1; then
	:
else
	afl=0
fi

printf '%-18s %14s %14s %14s %16s\n' harness "libFuzzer" "lF checked" "AFL++" "checker only"
printf '%-18s %14s %14s %14s %16s\n' "" "exec/s" "exec/s" "exec/s" "checks/s"
status=0
for h in "${harnesses[@]}"; do
	mkdir -p "$out/lf-$h"
	"$BUILD/fuzz/bin/$h" -seed=1 -max_total_time="$T" -max_len=8200 -dict=corpus/strcheck.dict \
		-print_final_stats=1 -artifact_prefix="$out/lf-$h/" "$out/lf-$h" "$seeds/$h" \
		> "$out/lf-$h.log" 2>&1
	lf=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/lf-$h.log")
	mkdir -p "$out/lfc-$h"
	"$out/checked/$h" -seed=1 -max_total_time="$T" -max_len=8200 -dict=corpus/strcheck.dict \
		-print_final_stats=1 -artifact_prefix="$out/lfc-$h/" "$out/lfc-$h" "$seeds/$h" \
		> "$out/lfc-$h.log" 2>&1
	lc=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/lfc-$h.log")
	al=-
	if [ "$afl" = 1 ]; then
		AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_QUIET=1 \
		AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 timeout $((T + 120)) \
			afl-fuzz -i "$seeds/$h" -o "$out/afl-$h" -V "$T" -x corpus/strcheck.dict -- \
			"$BUILD/fuzz/afl/$h" > "$out/afl-$h.log" 2>&1
		al=$(sed -n 's/^execs_per_sec *: *//p' "$out/afl-$h/default/fuzzer_stats" 2>/dev/null)
	fi
	pl=$(FH_REPEAT=2000 "$out/plain/$h" "$seeds/$h" 2>&1 | sed -n 's/.*(\([0-9]*\)\/s).*/\1/p')
	printf '%-18s %14s %14s %14s %16s\n' "$h" "${lf:--}" "${lc:--}" "${al:--}" "${pl:--}"
	if [ "$h" = fuzz_strscpy ] && [ -n "$lf" ]; then
		verdict="fuzz_strscpy under libFuzzer+ASan+UBSan: $lf exec/s, target $TARGET:"
		if [ "$lf" -ge "$TARGET" ]; then verdict="$verdict met"; else verdict="$verdict MISSED"; fi
	fi
done
echo "${verdict:-}"

# Side by side with fuzz_trivial (a harness that does next to nothing,
# built the same way): both at once, one per core, so that a loaded
# machine slows both alike; BENCH_TRIALS (default 3) trials, trial N with
# seed N for both, and the median.  A single run is not enough: AFL++'s
# exec/s depends on which queue entries its schedule happens to fuzz
# (seen: 10.9k and 44.1k exec/s for the same harness, two 20 s runs at load
# 1), and a busy machine moves everything.  libFuzzer: exec/s and CPU time
# per execution (/usr/bin/time over the run: the steadier figure; 1e6 / it
# is the exec/s of a core to itself).  AFL++: exec/s; target within 2x.
trials=${BENCH_TRIALS:-3}
median() { sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }'; }
if make -s fuzz-trivial >> "$out/build.log" 2>&1; then
	lf_cpu() {  # HARNESS-PATH TAG SEED: "exec/s cpu-us-per-exec"
		rm -rf "$out/side-$2"; mkdir -p "$out/side-$2"
		/usr/bin/time -f '%U %S' -o "$out/side-$2.time" "$1" -seed="$3" -max_total_time="$T" \
			-max_len=8200 -dict=corpus/strcheck.dict -print_final_stats=1 "$out/side-$2" \
			"$seeds/fuzz_strscpy" > "$out/side-$2.log" 2>&1
		local n e
		n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/side-$2.log")
		e=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/side-$2.log")
		awk -v n="${n:-0}" -v e="${e:-0}" '{ printf "%s %.2f", e, n ? ($1 + $2) * 1e6 / n : 0 }' "$out/side-$2.time"
	}
	afl_side() {  # HARNESS-PATH TAG SEED: exec/s
		rm -rf "$out/afl-side-$2"
		AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_QUIET=1 AFL_SKIP_CRASHES=1 \
		AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 timeout $((T + 120)) \
			afl-fuzz -s "$3" -i "$seeds/fuzz_strscpy" -o "$out/afl-side-$2" -V "$T" \
			-x corpus/strcheck.dict -- "$1" > "$out/afl-side-$2.log" 2>&1
		sed -n 's/^execs_per_sec *: *//p' "$out/afl-side-$2/default/fuzzer_stats" 2>/dev/null
	}
	echo "side by side with fuzz_trivial, both at once, $trials trial(s) of ${T}s (load $(cut -d' ' -f1 /proc/loadavg) at start):"
	: > "$out/side-lf.txt"; : > "$out/side-afl.txt"
	for t in $(seq 1 "$trials"); do
		lf_cpu "$BUILD/fuzz/bin/fuzz_trivial" triv "$t" > "$out/side-triv.res" &
		lf_cpu "$BUILD/fuzz/bin/fuzz_strscpy" scpy "$t" > "$out/side-scpy.res"
		wait
		read -r te tc < "$out/side-triv.res"
		read -r se sc < "$out/side-scpy.res"
		echo "$te $tc $se $sc" >> "$out/side-lf.txt"
		echo "  libFuzzer trial $t: fuzz_trivial $te exec/s ($tc us CPU/exec), fuzz_strscpy $se exec/s ($sc us CPU/exec)"
		if [ "$afl" = 1 ]; then
			afl_side "$BUILD/fuzz/afl/fuzz_trivial" triv "$t" > "$out/afl-side-triv.res" &
			afl_side "$BUILD/fuzz/afl/fuzz_strscpy" scpy "$t" > "$out/afl-side-scpy.res"
			wait
			ta=$(cat "$out/afl-side-triv.res"); sa=$(cat "$out/afl-side-scpy.res")
			echo "${ta:-0} ${sa:-0}" >> "$out/side-afl.txt"
			echo "  AFL++     trial $t: fuzz_trivial ${ta:--} exec/s, fuzz_strscpy ${sa:--} exec/s"
		fi
	done
	sc=$(awk '{ print $4 }' "$out/side-lf.txt" | median)
	tc=$(awk '{ print $2 }' "$out/side-lf.txt" | median)
	awk -v s="$sc" -v t="$tc" -v g="$TARGET" 'BEGIN { r = s > 0 ? 1e6 / s : 0;
		printf "libFuzzer median: fuzz_strscpy %.2f us CPU/exec = %.0f exec/s on a core to itself (target %d: %s); fuzz_trivial %.2f us\n",
		s, r, g, (r >= g ? "met" : "MISSED"), t }'
	if [ "$afl" = 1 ]; then
		awk '{ print ($2 > 0 ? $1 / $2 : 0) }' "$out/side-afl.txt" | median |
			awk '{ printf "AFL++ median: fuzz_strscpy %.2fx slower than fuzz_trivial, target 2x: %s\n",
			$1, ($1 > 0 && $1 <= 2) ? "met" : "MISSED" }'
	fi
fi
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); logs in $out/"
exit $status
