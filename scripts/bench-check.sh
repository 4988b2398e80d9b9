#!/usr/bin/env bash
# Benchmarks of the checker itself (figures, not pass/fail tests):
#   - cases per second on the grid, for a correct implementation;
#   - wall time of the default run (target: <= 10 s on 2 cores);
#   - for each defective zoo entry, the time to its first defect
#     (strcheck --first; targets: 1 s, races 5 s; a run stops after
#     CHECK_FIRST_TIME s, default 20).
# Usage: scripts/bench-check.sh [ZOO-NAME-FILTER]
set -u
cd "$(dirname "$0")/.."
make -s build/strcheck build/libstrscpy.so zoo >/dev/null || exit 1
SC=build/strcheck
filter=${1:-}

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc; }

echo "== checker speed (correct implementations, grid only, no race check)"
for so in build/libstrscpy.so build/zoo/ok_byte_loop.so build/zoo/ok_sse2_aligned.so; do
	t0=$(now)
	$SC --impl=$so --time=0 --no-race --quiet > /dev/null
	t1=$(now)
	printf '  %-32s grid of 890723 cases in %5.2f s: %8.0f cases/s\n' "$so" \
		"$(secs $t0 $t1)" "$(echo "890723 / ($t1 - $t0)" | bc -l)"
done

echo "== default run (strcheck with no options: grid, race check, random cases)"
for extra in "" "--reader"; do
	t0=$(now)
	$SC $extra > build/bench-default.out
	t1=$(now)
	printf '  strcheck %-10s %5.2f s wall  (%s; %s)\n' "$extra" "$(secs $t0 $t1)" \
		"$(grep '^cases:' build/bench-default.out)" "$(grep '^race check' build/bench-default.out)"
done

echo "== time to the first defect (strcheck --first), per zoo entry"
grep -v '^#' tests/zoo/MANIFEST | while read -r file sym api flags expect; do
	[ -z "$file" ] || [ "$expect" = pass ] && continue
	[ -n "$filter" ] && [[ $file != *$filter* ]] && continue
	so=build/zoo/$file.so
	flags=$(echo "$flags" | tr ',' '\n' | grep -vE '^(-|--time=.*|--first)$' | tr '\n' ' ')
	target=1
	[ "$expect" = race ] && target=5
	t0=$(now)
	got=$($SC --impl=$so --symbol=$sym --api=$api $flags --first --time="${CHECK_FIRST_TIME:-20}" --quiet 2>/dev/null |
		grep -oE '^DEFECT 1: [a-z-]+' | awk '{print $3}')
	t1=$(now)
	t=$(secs $t0 $t1)
	verdict=ok
	[ "$(echo "$t > $target" | bc)" = 1 ] && verdict="OVER ${target}s TARGET"
	printf '  %-28s %-11s first: %-11s %5.2f s  %s\n' "$file" "$expect" "${got:-none}" "$t" "$verdict"
done
