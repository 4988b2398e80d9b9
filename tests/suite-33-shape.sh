#!/usr/bin/env bash
# tier: check
# The shape of the code: no two files call each other in a circle (from
# the objects' symbols: scripts/call-cycles.py), and no C file is longer
# than about 400 lines (the zoo's one-defect files aside).
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/shape
mkdir -p "$out"

. tests/common.sh

if ! make -s build/strcheck build/libstrscpy.so > "$out/build.log" 2>&1; then
	fail "build: see $out/build.log"
	exit 1
fi
# The strcheck program, the library and the references, file by file.
objs=$(find build/cli build/engine build/lib -name '*.o' | sort)
python3 scripts/call-cycles.py $objs > "$out/cycles.txt"
check no_file_in_a_circle_of_calls $? "$(tr '\n' ' ' < "$out/cycles.txt")"

# Files whose split is another issue's, and which may still be long.
pending=""
long=""
for f in $(find src fuzz ref tests scripts -name '*.c' -not -path 'tests/zoo/*' | sort); do
	n=$(wc -l < "$f")
	[ "$n" -le 420 ] && continue
	if [[ " $pending " == *" $f "* ]]; then
		skip "c_file_size_$f: $n lines; its split is pending (issue 9)"
	else
		long="$long $f ($n lines)"
	fi
done
check c_files_at_most_about_400_lines "$([ -z "$long" ]; echo $?)" "too long:$long"
exit 0
