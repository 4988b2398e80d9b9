#!/usr/bin/env bash
# make test: run every tests/suite-*.sh in order.  Each suite prints one
# line per check, "PASS name", "FAIL name: why" or "SKIP name: why"; this
# script counts them and ends with "N passed, N failed" (non-zero exit on
# any failure).  A suite that exits non-zero without a FAIL line counts as
# one failure, so a crash cannot pass silently.
set -u
cd "$(dirname "$0")/.."
mkdir -p build/test
log=build/test/all.log
: > "$log"
for suite in tests/suite-*.sh; do
	name=$(basename "$suite" .sh)
	out=build/test/$name.log
	echo "== $name"
	bash "$suite" > "$out" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$out"; then
		echo "FAIL $name: exited with status $rc (see $out)" >> "$out"
	fi
	grep -E '^(PASS|FAIL|SKIP)' "$out" | tee -a "$log"
done
pass=$(grep -c '^PASS' "$log")
fail=$(grep -c '^FAIL' "$log")
skip=$(grep -c '^SKIP' "$log")
echo
if [ "$fail" -gt 0 ]; then
	echo "Failures (full output in build/test/):"
	grep '^FAIL' "$log"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
