#!/usr/bin/env bash
# scripts/test.sh [TIER]: run the suites of a tier in order.  TIER "check"
# (make check) runs the suites whose header says `# tier: check`: fast,
# deterministic, no wall-clock assertion, no sampling.  TIER "test" (make
# test, the default; CI) runs every tests/suite-*.sh.  Each suite prints
# one line per check, "PASS name", "FAIL name: why" or "SKIP name: why";
# this script counts them, gives each suite's time, and ends with "N passed,
# N failed" (non-zero exit on any failure).  A suite that exits non-zero
# without a FAIL line counts as one failure, so a crash cannot pass
# silently; so does a suite with no tier line.
set -u
cd "$(dirname "$0")/.."
tier=${1:-test}
case $tier in
check | test) ;;
*) echo "usage: scripts/test.sh [check|test]" >&2; exit 2 ;;
esac
mkdir -p build/test
log=build/test/all.log
times=build/test/times.txt
: > "$log"
: > "$times"
start=$SECONDS
for suite in tests/suite-*.sh; do
	name=$(basename "$suite" .sh)
	out=build/test/$name.log
	t=$(sed -n 's/^# tier: \([a-z]*\)$/\1/p' "$suite" | head -1)
	if [ "$t" != check ] && [ "$t" != test ]; then
		echo "FAIL $name: no '# tier: check' or '# tier: test' line" | tee -a "$log"
		continue
	fi
	[ "$tier" = check ] && [ "$t" != check ] && continue
	echo "== $name"
	t0=$SECONDS
	bash "$suite" > "$out" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$out"; then
		echo "FAIL $name: exited with status $rc (see $out)" >> "$out"
	fi
	echo "$name $((SECONDS - t0)) s" >> "$times"
	grep -E '^(PASS|FAIL|SKIP)' "$out" | tee -a "$log"
done
pass=$(grep -c '^PASS' "$log")
fail=$(grep -c '^FAIL' "$log")
skip=$(grep -c '^SKIP' "$log")
echo
echo "Time per suite (s), $tier tier, $((SECONDS - start)) s in all:"
sed 's/^/  /' "$times"
if [ "$fail" -gt 0 ]; then
	echo "Failures (full output in build/test/):"
	grep '^FAIL' "$log"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
