#!/usr/bin/env bash
# tier: check
# cost: 16
# strlcat, strncat, stpncpy and memccpy (docs/contract.md): the engine's
# test (tests/test_relatives.c: the references against glibc's functions
# and libbsd's strlcat, the encoding of dest's string and of c, version-2
# cases, each API's whole grid against its reference and the C library's
# function, planted defects caught with their class and rule), built plain
# (on the engine make built, build/libengine.a) and, without the whole
# grids, under ASan and UBSan (the engine's files it links compiled so,
# as the plain link's map names them); then strcheck on
# tests/relatives/bad_relatives.c: --api from the symbol's name, every
# report format, the reproducers (fail on the defect, pass on the C
# library's function), the map, and replaying the reported case.
# Prints PASS / FAIL / SKIP lines.
set -u
cd "$(dirname "$0")/.."
out=build/test/relatives
mkdir -p "$out"
SC=build/strcheck
PY=/usr/bin/python3

. tests/common.sh

# The engine as make builds it (its warnings are suite-11's: -Werror with
# gcc and clang); only the test's own files compiled here.
make -s build/libengine.a > "$out/build.log" 2>&1
if gcc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -o "$out/test_relatives" \
	tests/test_relatives.c tests/test_relatives_run.c build/libengine.a -ldl -lpthread -lm \
	$(grep -qx 1 build/config/ZYDIS 2> /dev/null && echo -lZydis) \
	-Wl,-Map="$out/test_relatives.map" >> "$out/build.log" 2>&1; then
	"$out/test_relatives" > "$out/test.out" 2>&1
	grep -E '^(PASS|FAIL|SKIP)' "$out/test.out" || fail "test_relatives: no result (see $out/test.out)"
	grep '^INFO' "$out/test.out" | sed 's/^INFO/#/'
else
	fail "test_relatives_build: see $out/build.log"
fi
# The engine's files the plain link took (the rest never runs here), by
# its map; all of them if the map is missing.
ENGINE=$(sed -n 's/.*libengine\.a(\([a-z0-9_]*\)\.o)$/\1/p' "$out/test_relatives.map" 2> /dev/null | sort -u |
	while read -r o; do ls src/engine/*/"$o.c" src/engine/*/*/"$o.c" "ref/$o.c" 2> /dev/null; done)
[ -n "$ENGINE" ] || ENGINE="$(ls src/engine/*/*.c src/engine/*/*/*.c ref/ref_*.c 2> /dev/null)"
# shellcheck disable=SC2086
if clang -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined \
	-fno-sanitize-recover=all -o "$out/test_relatives_san" tests/test_relatives.c tests/test_relatives_run.c $ENGINE \
	-ldl -lpthread > "$out/build-san.log" 2>&1; then
	ASAN_OPTIONS=detect_leaks=0:allow_user_segv_handler=1 "$out/test_relatives_san" quick \
		> "$out/test-san.out" 2>&1
	rc=$?
	grep -E '^(PASS|FAIL|SKIP)' "$out/test-san.out" | sed 's/^\(PASS\|FAIL\|SKIP\) /\1 san_/'
	check sanitized_run_clean $rc "exit $rc (see $out/test-san.out)"
else
	fail "test_relatives_san_build: see $out/build-san.log"
fi

if ! make -s build/strcheck > "$out/make.log" 2>&1; then
	fail "build_strcheck: see $out/make.log"
	exit 0
fi
bad=$out/bad_relatives.so
cc -O1 -fPIC -shared -o "$bad" tests/relatives/bad_relatives.c ||
	fail "bad_relatives_build: cc failed"
libc=$(gcc -print-file-name=libc.so.6)
bsd=$(ls /usr/lib/*/libbsd.so.0 2> /dev/null | head -1)

# api class rule: the defect each symbol holds, and what the JSON says of it.
while read -r api cls rule field; do
	sym=my_$api
	d=$out/$api
	rm -rf "$d"
	mkdir -p "$d"
	# No --api: the symbol's name says it.
	$SC --impl=$bad --symbol=$sym --first --format=json --output="$d/report.json" \
		--emit-repro="$d/repro" --map="$d/map.svg" > "$d/run.out" 2> "$d/run.err"
	rc=$?
	check "${api}_defect_exit_1" $((rc != 1)) "exit $rc (see $d/run.err)"
	$PY -c 'import json,sys; r=json.load(open(sys.argv[1]))
d=r["defects"][0]
sys.exit(0 if r["api"]==sys.argv[2] and d["class"]==sys.argv[3] and d["rule"]==sys.argv[4]
         and sys.argv[5] in d["input"] else 1)' "$d/report.json" "$api" "$cls" "$rule" "$field" \
		2> "$d/json-check.err"
	check "${api}_inferred_and_found_${cls}" $? "$(head -c 300 "$d/report.json")"
	validate_json "$d/report.json" docs/schemas/strcheck-report.schema.json > "$d/json.log" 2>&1
	check "${api}_json_valid" $? "$(head -3 "$d/json.log")"
	grep -q '<svg' "$d/map.svg" 2> /dev/null
	check "${api}_map_drawn" $? "no svg in $d/map.svg"
	# The case the report names replays, through the one decoder.
	hex=$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["defects"][0]["case"])' "$d/report.json")
	$SC --impl=$bad --symbol=$sym --case="$hex" -q > "$d/replay.out" 2>&1
	rc=$?
	check "${api}_case_replays" $((rc != 1)) "exit $rc: $(head -2 "$d/replay.out")"
	# The same case passes the C library's function.
	good=$libc
	[ "$api" = strlcat ] && good=$bsd
	if [ -n "$good" ]; then
		$SC --impl="$good" --api=$api --case="$hex" -q > "$d/replay-good.out" 2>&1
		rc=$?
		check "${api}_case_passes_libc" $rc "exit $rc: $(head -3 "$d/replay-good.out")"
	fi
	# Text, JUnit and SARIF.
	$SC --impl=$bad --symbol=$sym --case="$hex" > "$d/report.txt" 2>&1
	grep -q "^DEFECT 1: $cls (rule $rule)" "$d/report.txt"
	check "${api}_text_report" $? "$(head -12 "$d/report.txt")"
	$SC --impl=$bad --symbol=$sym --case="$hex" --format=junit --output="$d/report.xml" > /dev/null 2>&1
	xmllint --noout --schema docs/schemas/junit.xsd "$d/report.xml" > "$d/junit.log" 2>&1 &&
		grep -q "<failure type=\"$cls\"" "$d/report.xml"
	check "${api}_junit_valid" $? "$(head -3 "$d/junit.log")"
	$SC --impl=$bad --symbol=$sym --case="$hex" --format=sarif --output="$d/report.sarif" > /dev/null 2>&1
	$PY -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]
sys.exit(0 if any(x["properties"]["class"]==sys.argv[2] for x in r) else 1)' "$d/report.sarif" "$cls"
	check "${api}_sarif_names_class" $? "see $d/report.sarif"
	# The reproducer: built alone, fails on the defect, passes on libc's.
	repro=$(ls "$d"/repro/repro-*.c 2> /dev/null | head -1)
	if [ -n "$repro" ] && cc -Wall -Wextra -Werror "$repro" -ldl -lpthread -o "$d/repro.bin" \
		> "$d/cc.log" 2>&1; then
		"$d/repro.bin" > "$d/repro-bad.out" 2>&1
		rc=$?
		check "${api}_repro_fails_on_defect" $((rc != 1)) "exit $rc: $(head -2 "$d/repro-bad.out")"
		if [ -n "$good" ]; then
			"$d/repro.bin" "$good" $api > "$d/repro-good.out" 2>&1
			rc=$?
			check "${api}_repro_passes_on_libc" $rc "exit $rc: $(head -2 "$d/repro-good.out")"
		fi
	else
		fail "${api}_repro_builds_alone: see $d/cc.log"
	fi
done << 'LIST'
strlcat overread no-fault dest_init
strncat overread no-fault dest_init
stpncpy retval return-value src
memccpy overread no-fault c
LIST

# The help and the man page list the four.
for api in strlcat strncat stpncpy memccpy; do
	$SC --help | grep -q "$api" && grep -q "$api" docs/strcheck.1
	check "help_and_man_list_$api" $? "not in --help or docs/strcheck.1"
done

# A version-2 case (12-byte header) replays; the default library passes it.
$SC --case=10000520400000000000000000 -q > "$out/v2.out" 2>&1
check version_2_case_replays $? "$(head -2 "$out/v2.out")"
