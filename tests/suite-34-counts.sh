#!/usr/bin/env bash
# tier: check
# cost: 28
# Counts of every shape (docs/counts.md): tests/test_counts.c under ASan and
# UBSan (the encoding, the grid's and random cases' counts, the judge's
# count rules, the report text); the count zoo's defects found by --first
# by one of the grid's first 4096 cases, and named by shape in the text and JSON reports.
# Prints PASS / FAIL / SKIP lines.
set -u
cd "$(dirname "$0")/.."
out=build/test/counts
mkdir -p "$out"
SC=build/strcheck

. tests/common.sh

# The engine's sources as the Makefile takes them (every room's), so that a
# new file links.
ENGINE="$(ls src/engine/*/*.c src/engine/*/*/*.c) $(ls ref/ref_*.c)"
cc=$(command -v clang || command -v gcc)
# shellcheck disable=SC2086
if $cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror $SAN -o "$out/test_counts" tests/test_counts.c $ENGINE \
	-ldl -lpthread > "$out/build.log" 2>&1; then
	ASAN_OPTIONS=detect_leaks=0:allow_user_segv_handler=1 "$out/test_counts" 2>&1 |
		grep -E '^(PASS|FAIL)' || fail "test_counts: no result (see $out)"
else
	fail "test_counts_build: see $out/build.log"
fi

if ! make -s build/strcheck zoo > "$out/zoo-build.log" 2>&1; then
	fail "build_strcheck_and_zoo: see $out/zoo-build.log"
	exit 1
fi
# --first: each count defect found by one of the grid's first 4096 cases,
# among the defects that case showed (listed worst first)
# (the shapes lead the grid): a case number, not a time (how many cases
# run before the stop depends on the machine; which case finds it not).
while read -r name api cls; do
	$SC --impl=build/zoo/$name.so --api="$api" --symbol="$api" --first --quiet \
		> "$out/first-$name.out" 2>&1
	rc=$?
	n=$(sed -n 's/^  found by  grid case \([0-9]*\) .*/\1/p' "$out/first-$name.out" | head -1)
	[ $rc = 1 ] && grep -q "^DEFECT [0-9]*: $cls " "$out/first-$name.out" && [ "${n:-999999}" -lt 4096 ]
	check "first_finds_${name}_early_in_the_grid" $? "exit $rc, found by grid case ${n:-?} (see $out/first-$name.out)"
done <<'LIST'
bad_count_u32 strscpy retval
bad_count_u16 strlcpy termination
bad_count_signed strscpy retval
bad_end_wraps strscpy retval
bad_pad_no_intmax strscpy_pad content
bad_sanity_limit strscpy retval
LIST

# The report names the count by its shape, text and JSON.
$SC --impl=build/zoo/bad_count_u32.so --first --no-race > "$out/u32.out" 2>&1
grep -qE '^            count  = 2\^(32|63|48) \+ [0-9]+ \([0-9]+\) \(huge\)$' "$out/u32.out"
check report_names_count_shape $? "see $out/u32.out"
$SC --impl=build/zoo/bad_count_u32.so --first --no-race --format=json > "$out/u32.json" 2>&1
python3 - "$out/u32.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["defects"][0]["input"]
assert d["count_text"].startswith("2^") and str(d["count"]) in d["count_text"], d
assert d["count_relative_to"] is None
PY
check json_report_has_count_text $? "see $out/u32.json"
# A wrap count relative to dest replays from its hex wherever the arena lands.
$SC --impl=build/zoo/bad_end_wraps.so --case=000000220500000000000000616263646500 \
	> "$out/wrap.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'count  = 2^64 - dest + 5 (dest + count wraps around to 5)' "$out/wrap.out"
check replay_dest_relative_wrap_count $? "exit $rc, see $out/wrap.out"
$SC --case=000000220500000000000000616263646500 > "$out/wrap-own.out" 2>&1
check own_strscpy_passes_dest_wrap_count $? "see $out/wrap-own.out"
exit 0
