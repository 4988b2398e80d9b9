#!/usr/bin/env bash
# bench-race.sh: the measured power of the concurrent checks (docs/race.md).
# A benchmark, not a test: it prints figures and fails nothing.
#
# Each race defect of the zoo (tests/zoo/MANIFEST lines expecting "race")
# gets the default run with the traced check skipped, `strcheck
# --impl=ENTRY --seed=N --no-trace` (with --reader where the entry has it),
# for SEEDS seeds: the traced check finds each of them deterministically
# (tests/suite-43-race-traced.sh), so with it the table would measure the
# traced list's order, not the sampled checks' power; the table gives the share of
# seeds that caught it and the median and worst time to detection (the
# concurrent checks' own time up to the finding, from the report).  --first
# is added: it ends a run at its finding and changes nothing before it.
# Then each correct entry run with --reader gets OK_SEEDS seeds of the same
# checks (--cases=0: no random cases), and must pass every one.
#
# The runs go one at a time (each concurrent check wants both cores); the
# load before and after is printed beside the table, since on a shared
# machine the figures are lower than on a quiet one.
# Usage: scripts/bench-race.sh [NAME-FILTER]   (SEEDS=20 OK_SEEDS=5)
set -u
cd "$(dirname "$0")/.."
make -s build/strcheck build/libstrscpy.so zoo > /dev/null || exit 1
SC=build/strcheck
SEEDS=${SEEDS:-20}
OK_SEEDS=${OK_SEEDS:-5}
filter=${1:-}
out=build/bench/race
mkdir -p "$out"

# The seconds of every concurrent check in a report, added up.
conc_seconds() {
	sed -n 's/^[a-z]* check: .*, in \([0-9.]*\) s.*/\1/p' "$1" | awk '{s += $1} END {printf "%.2f", s}'
}
# The MANIFEST lines whose expectation is $1 and flags match $2 (a regex),
# and whose file matches the filter.
entries() {
	grep -v '^#' tests/zoo/MANIFEST |
		awk -v e="$1" -v fl="$2" -v f="$filter" 'NF == 5 && $5 == e && $4 ~ fl && index($1, f)'
}
# Median and maximum of the numbers on stdin.
median_max() {
	sort -g | awk '{v[NR] = $1} END {if (!NR) {print "- -"; exit}
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f %.2f", m, v[NR]}'
}

echo "load before: $(uptime | sed 's/.*load average/load average/'), $(nproc) CPU(s)"
echo "strcheck default run, sampled checks alone, $SEEDS seeds each: build/strcheck --impl=ENTRY --seed=N --no-trace [--reader] --first"
echo
echo "| race defect | check | caught | median s | worst s |"
echo "|---|---|---|---|---|"
entries race . | while read -r file sym api flags expect; do
	extra=""
	check=race
	case ",$flags," in *,--reader,*) extra=--reader check="reader, race" ;; esac
	caught=0
	: > "$out/$file.times"
	for seed in $(seq 1 "$SEEDS"); do
		f=$out/$file.$seed.out
		timeout 120 $SC --impl="build/zoo/$file.so" --symbol="$sym" --api="$api" \
			--seed="$seed" --no-trace $extra --first > "$f" 2>&1
		if grep -q '^DEFECT 1: race' "$f"; then
			caught=$((caught + 1))
			conc_seconds "$f" >> "$out/$file.times"
			echo >> "$out/$file.times"
		fi
	done
	read -r med max < <(median_max < "$out/$file.times")
	printf '| %s | %s | %d/%d (%d%%) | %s | %s |\n' "$file" "$check" "$caught" "$SEEDS" \
		$((100 * caught / SEEDS)) "$med" "$max"
done
echo
echo "correct implementations, $OK_SEEDS seeds each: build/strcheck --impl=ENTRY --seed=N --no-trace --reader --cases=0"
echo
echo "| correct implementation | passed |"
echo "|---|---|"
entries pass '^--reader$' | while read -r file sym api flags expect; do
	so=build/zoo/$file.so
	case $file in */*) so=$file ;; esac
	passed=0
	for seed in $(seq 1 "$OK_SEEDS"); do
		f=$out/ok.${file//\//_}.$sym.$seed.out
		timeout 120 $SC --impl="$so" --symbol="$sym" --api="$api" --seed="$seed" --no-trace \
			--reader --cases=0 > "$f" 2>&1 && passed=$((passed + 1))
	done
	printf '| %s (%s) | %d/%d |\n' "$file" "$sym" "$passed" "$OK_SEEDS"
done
echo
echo "load after: $(uptime | sed 's/.*load average/load average/')"
