#!/usr/bin/env bash
# scripts/test.sh [TIER]: run the suites of a tier.  TIER "check" (make
# check) runs the suites whose header says `# tier: check`: fast,
# deterministic, no wall-clock assertion, no sampling.  TIER "test" (make
# test, the default; CI) runs every tests/suite-*.sh.  Each suite prints
# one line per check, "PASS name", "FAIL name: why" or "SKIP name: why";
# this script counts them, gives each suite's time, and ends with "N passed,
# N failed" (non-zero exit on any failure).  A suite that exits non-zero
# without a FAIL line counts as one failure, so a crash cannot pass
# silently; so does a suite with no tier line.  A suite learns the tier
# it runs in from STRCHECK_TIER (a check-tier suite may keep its slowest
# part for the test tier; run alone, it runs everything).
#
# Suites run TEST_JOBS at a time (default: 2, or 1 on a one-core machine),
# most of them being one busy process: on CI's two cores that halves the
# wall time.  What they share is built once first; suites that build into
# the same place carry the same `# group: NAME` line and never run at the
# same time.  They start longest first (LPT: a long suite started last
# would leave one core idle while it ends): each suite's `# cost: N` line
# gives its seconds on CI's two cores in the test tier (as measured, the
# figure this script prints; only the order depends on it, no outcome);
# without one it counts 0.  Ties, and TEST_JOBS=1, go in name order.  Each
# suite's wall seconds are printed with its CPU seconds (user+sys of its
# processes): on a shared machine the CPU figure is the steadier one.
set -u
cd "$(dirname "$0")/.."
tier=${1:-test}
case $tier in
check | test) ;;
*) echo "usage: scripts/test.sh [check|test]" >&2; exit 2 ;;
esac
jobs=${TEST_JOBS:-$(( $(nproc 2> /dev/null || echo 1) > 1 ? 2 : 1 ))}
mkdir -p build/test
log=build/test/all.log
times=build/test/times.txt
: > "$log"
: > "$times"
start=$SECONDS

header() { sed -n "s/^# $2: \\([a-z0-9-]*\\)\$/\\1/p" "$1" | head -1; }

# The suites of this tier, longest first (by `# cost:`), else in name order.
suites=()
for suite in tests/suite-*.sh; do
	name=$(basename "$suite" .sh)
	t=$(header "$suite" tier)
	if [ "$t" != check ] && [ "$t" != test ]; then
		echo "FAIL $name: no '# tier: check' or '# tier: test' line" | tee -a "$log"
		continue
	fi
	[ "$tier" = check ] && [ "$t" != check ] && continue
	suites+=("$suite")
done
if [ "$jobs" -gt 1 ] && [ ${#suites[@]} -gt 0 ]; then
	mapfile -t suites < <(for suite in "${suites[@]}"; do
		echo "$(header "$suite" cost | grep -x '[0-9]*' || echo 0) $suite"
	done | sort -k1,1nr -k2,2 -s | cut -d' ' -f2-)
fi

# What every suite builds the same way, built once before they run at once
# (a suite's own make of it is then a no-op, not a second writer).
if [ "$jobs" -gt 1 ]; then
	echo "== building what the suites share"
	shared="build/strcheck build/libstrscpy.so build/libstrscpy.a zoo"
	command -v clang > /dev/null && [ "$tier" = test ] && shared="$shared fuzzers corpus fuzz-standalone"
	# The README's s390x example (suite-05) runs on the s390x build.
	command -v s390x-linux-gnu-gcc > /dev/null && command -v qemu-s390x > /dev/null &&
		[ "$tier" = test ] && shared="$shared cross-s390x"
	make -s -j"$jobs" $shared > build/test/shared-build.log 2>&1 ||
		echo "(the shared build failed, see build/test/shared-build.log: the suites say what it costs them)"
fi

# The SARIF validator, fetched once for the suites that validate SARIF.
bash scripts/sarif-validator.sh 2> build/test/sarif-fetch.err ||
	echo "(no SARIF validator: $(cat build/test/sarif-fetch.err); the suites that use it say so)"

# Run one suite into its log; its wall and CPU seconds go to $times.  It
# runs in a subshell of its own (run_suite &), so `times`' second line
# (user and sys of the waited-for children) is the suite's CPU alone.
run_suite() {
	local suite=$1 name out rc cpu t0=$SECONDS
	name=$(basename "$suite" .sh)
	out=build/test/$name.log
	STRCHECK_TIER=$tier bash "$suite" > "$out" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$out"; then
		echo "FAIL $name: exited with status $rc (see $out)" >> "$out"
	fi
	times > "$out.times"   # no pipe: a forked subshell would time itself
	cpu=$(sed -n 2p "$out.times" | awk '{
		s = 0
		for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); s += p[1] * 60 + p[2] }
		printf "%d", s + 0.5 }')
	echo "$name $((SECONDS - t0)) s wall, ${cpu:-?} s CPU" >> "$times"
}

# Print a finished suite's lines (in the order suites finish).
show() {
	local name
	name=$(basename "$1" .sh)
	echo "== $name"
	grep -E '^(PASS|FAIL|SKIP)' "build/test/$name.log" | tee -a "$log"
}

declare -A running=()   # pid -> suite
declare -A busy=()      # group -> 1 while one of its suites runs
pending=("${suites[@]}")
while [ ${#pending[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
	# Start the first pending suites whose group is free, up to $jobs.
	rest=()
	for suite in ${pending[@]+"${pending[@]}"}; do
		g=$(header "$suite" group)
		if [ ${#running[@]} -lt "$jobs" ] && { [ -z "$g" ] || [ -z "${busy[$g]:-}" ]; }; then
			run_suite "$suite" &
			running[$!]=$suite
			[ -n "$g" ] && busy[$g]=1
		else
			rest+=("$suite")
		fi
	done
	pending=(${rest[@]+"${rest[@]}"})
	[ ${#running[@]} -eq 0 ] && continue
	wait -n -p done_pid
	suite=${running[$done_pid]}
	unset "running[$done_pid]"
	g=$(header "$suite" group)
	[ -n "$g" ] && unset "busy[$g]"
	show "$suite"
done

pass=$(grep -c '^PASS' "$log")
fail=$(grep -c '^FAIL' "$log")
skip=$(grep -c '^SKIP' "$log")
echo
echo "Time per suite, $tier tier, $jobs at a time, longest first, $((SECONDS - start)) s in all:"
sort -k2,2nr "$times" | sed 's/^/  /'
if [ "$fail" -gt 0 ]; then
	echo "Failures (full output in build/test/):"
	grep '^FAIL' "$log"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
