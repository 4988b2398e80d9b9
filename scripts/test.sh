#!/usr/bin/env bash
# make test: run every tests/suite-*.sh in order.  Each suite prints one
# line per check, "PASS name" or "FAIL name: why"; this script counts them
# and ends with "N passed, N failed" (non-zero exit on any failure).
set -u
cd "$(dirname "$0")/.."
log=build/test.log
mkdir -p build
: > "$log"
pass=0 fail=0
for suite in tests/suite-*.sh; do
	echo "== $suite"
	bash "$suite" 2>&1 | tee -a "$log" | grep -E '^(PASS|FAIL|SKIP)|^== ' || true
done
pass=$(grep -c '^PASS' "$log")
fail=$(grep -c '^FAIL' "$log")
skip=$(grep -c '^SKIP' "$log")
echo
grep '^FAIL' "$log" || true
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
