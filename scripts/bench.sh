#!/usr/bin/env bash
# make bench: every benchmark, each printing ratios measured side by side
# in one run (the machines are shared and noisy; absolute times vary).
set -u
cd "$(dirname "$0")/.."
make -s lib >/dev/null || exit 1
mkdir -p build/bench
echo "== strscpy: optimized vs byte reference (gcc -O2)"
gcc -O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra tests/bench_strscpy.c ref/ref_strscpy.c \
	build/libstrscpy.a -o build/bench/bench_strscpy -lm && build/bench/bench_strscpy
for b in scripts/bench-check.sh scripts/bench-race.sh scripts/bench-fuzz.sh; do
	[ -f "$b" ] || continue
	echo
	echo "== $b"
	bash "$b"
done
