#!/usr/bin/env bash
# What the seccomp sandbox costs: the whole grid (--time=0 --no-race) of a
# correct candidate, with and without the sandbox, alternating so both see
# the same load; prints cases per second of each and their ratio.
#   scripts/bench-sandbox.sh [ROUNDS] [IMPL.so]
set -u
cd "$(dirname "$0")/.."
rounds=${1:-3}
impl=${2:-build/zoo/ok_byte_loop.so}
make -s build/strcheck zoo > /dev/null || exit 1
grid=$(build/strcheck --impl="$impl" --time=0 --no-race --quiet --grid-case=0 > /dev/null;
       build/strcheck --impl="$impl" --time=0 --no-race | sed -n 's/^cases: [0-9]* of \([0-9]*\) in the grid.*/\1/p')
run() {  # nanoseconds of one whole-grid run
	local s e
	s=$(date +%s%N)
	build/strcheck --impl="$impl" --time=0 --no-race --quiet "$@" > /dev/null
	e=$(date +%s%N)
	echo $((e - s))
}
on=0 off=0
for ((i = 0; i < rounds; i++)); do
	on=$((on + $(run)))
	off=$((off + $(run --no-sandbox)))
done
awk -v g="$grid" -v r="$rounds" -v on="$on" -v off="$off" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
	printf "load %s\n", load
	printf "sandboxed:     %.0f cases/s (%d runs of the %d-case grid, %.2f s each)\n", g * r / (on / 1e9), r, g, on / r / 1e9
	printf "not sandboxed: %.0f cases/s (%.2f s each)\n", g * r / (off / 1e9), off / r / 1e9
	printf "sandboxed / not: %.3f of the speed\n", off / on
}'
