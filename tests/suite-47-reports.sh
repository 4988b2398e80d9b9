#!/usr/bin/env bash
# tier: test
# cost: 141
# Findings people act on: for one zoo entry of every defect class, the
# reproducers strcheck emits (built with `cc FILE -ldl -lpthread` alone;
# exit 1 against the defective object, 0 against a correct one), the JSON
# report against docs/schemas/strcheck-report.schema.json (Debian's
# python3-jsonschema), the JUnit report against docs/schemas/junit.xsd
# (xmllint), the SARIF report against the SARIF 2.1.0 schema and with
# Microsoft's SARIF validator (npm's @microsoft/sarif-multitool-linux);
# the SVG map (xmllint, rsvg-convert); --output's atomic write; bad input.
set -u
cd "$(dirname "$0")/.."
out=build/test/reports
rm -rf "$out"
mkdir -p "$out"
SC=build/strcheck
PY=/usr/bin/python3

. tests/common.sh

if ! make -s build/strcheck build/libstrscpy.so build/libstrscpy.a zoo > "$out/build.log" 2>&1; then
	fail "reports_build: see $out/build.log"
	exit 1
fi

# The SARIF schema and validator ship in an npm package: fetched once
# (scripts/sarif-validator.sh; scripts/test.sh runs it before the suites).
val=build/validators/sarif
bash scripts/sarif-validator.sh 2> "$out/sarif-fetch.err" ||
	fail "sarif_validator_fetched: $(cat "$out/sarif-fetch.err")"

# A correct implementation of each API, for the reproducers to pass on.
good_impl() {
	case $1 in
	strscpy | strscpy_pad) echo "build/libstrscpy.so $1" ;;
	strlcpy) echo "build/zoo/ok_strlcpy_bsd.so strlcpy" ;;
	strncpy) echo "build/zoo/ok_strncpy.so strncpy" ;;
	esac
}

# The first defective zoo entry of each class.
declare -A seen
sarifs=()   # the classes whose SARIF report Sarif.Multitool validates
while read -r file symbol api flags expect; do
	case $file in '#'* | '') continue ;; esac
	[ "$expect" = pass ] && continue
	[ -n "${seen[$expect]:-}" ] && continue
	seen[$expect]=1
	case $file in build/*) so=$file ;; *) so=build/zoo/$file.so ;; esac
	extra=()
	[ "$flags" != - ] && IFS=, read -r -a extra <<< "$flags"
	has_time=0
	for f in "${extra[@]}"; do case $f in --time=*) has_time=1 ;; esac; done
	# --time=0: the whole grid without a deadline (a short --time is a real
	# deadline since issue 9, and cuts the grid on a busy machine).
	[ $has_time = 1 ] || extra+=(--time=0)
	dir=$out/$expect
	mkdir -p "$dir"
	args=(--impl="$so" --symbol="$symbol" --api="$api" "${extra[@]}")
	$SC "${args[@]}" --format=json --output="$dir/report.json" --emit-repro="$dir/repro" \
		> "$dir/run.out" 2> "$dir/run.err"
	rc=$?
	check "json_report_${expect}_exit_1" $((rc != 1)) "exit $rc (see $dir/run.err)"
	validate_json "$dir/report.json" docs/schemas/strcheck-report.schema.json > "$dir/json.log" 2>&1
	check "json_report_${expect}_valid" $? "$(head -3 "$dir/json.log")"

	# The reproducer of a defect of this class.
	repro=$(ls "$dir"/repro/repro-*-"$expect".c 2>/dev/null | head -1)
	if [ -z "$repro" ]; then
		fail "repro_${expect}_emitted: no repro-*-$expect.c in $dir/repro"
	else
		if cc "$repro" -ldl -lpthread -o "$dir/repro.bin" > "$dir/cc.log" 2>&1 &&
		   cc -Wall -Wextra -Werror -fsyntax-only "$repro" >> "$dir/cc.log" 2>&1; then
			pass "repro_${expect}_builds_alone"
			"$dir/repro.bin" > "$dir/repro-bad.out" 2>&1
			rc=$?
			check "repro_${expect}_fails_on_defect" $((rc != 1)) "exit $rc: $(head -2 "$dir/repro-bad.out")"
			read -r gso gsym <<< "$(good_impl "$api")"
			"$dir/repro.bin" "$gso" "$gsym" > "$dir/repro-good.out" 2>&1
			rc=$?
			check "repro_${expect}_passes_on_correct" $rc "exit $rc: $(head -2 "$dir/repro-good.out")"
		else
			fail "repro_${expect}_builds_alone: see $dir/cc.log"
		fi
	fi

	# The other formats from the one case that found the defect (the JSON
	# report's found_by), not the whole grid again; a concurrent check's
	# defect (no one case) from the same run as above.
	one=$($PY -c "import json,sys
for d in json.load(open(sys.argv[1]))['defects']:
    f = d.get('found_by') or {}
    if d['class'] == sys.argv[2] and f.get('phase') == 'grid':
        print('--grid-case=%d' % f['index']); break
    if d['class'] == sys.argv[2] and f.get('phase') == 'random':
        print('--seed=%d --random-case=%d' % (f['seed'], f['index'])); break" "$dir/report.json" "$expect" 2> /dev/null)
	if [ -n "$one" ]; then
		args=(--impl="$so" --symbol="$symbol" --api="$api" $one)
		for f in "${extra[@]}"; do
			case $f in --time=* | --cases=* | --first | --race-time=* | --seed=*) ;; *) args+=("$f") ;; esac
		done
	fi
	$SC "${args[@]}" --format=junit --output="$dir/report.xml" > /dev/null 2>&1
	xmllint --noout --schema docs/schemas/junit.xsd "$dir/report.xml" > "$dir/junit.log" 2>&1
	check "junit_report_${expect}_valid" $? "$(head -3 "$dir/junit.log")"
	grep -q "<failure type=\"$expect\"" "$dir/report.xml"
	check "junit_report_${expect}_names_class" $? "no failure of type $expect"

	$SC "${args[@]}" --format=sarif --output="$dir/report.sarif" > /dev/null 2>&1
	if [ -f "$val/package/sarif-2.1.0.json" ]; then
		validate_json "$dir/report.sarif" "$val/package/sarif-2.1.0.json" > "$dir/sarif.log" 2>&1
		check "sarif_report_${expect}_schema" $? "$(head -3 "$dir/sarif.log")"
		# Microsoft's validator: once for every class's report, after
		# the loop (a .NET start, ~1.5 s of CPU, per run).
		if [ -s "$dir/report.sarif" ]; then
			sarifs+=("$expect")
		else
			fail "sarif_report_${expect}_multitool: no report ($dir/report.sarif)"
		fi
	fi
	$PY -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]['results'];
sys.exit(0 if r and all(x['properties']['class'] and x['properties']['replay'].startswith('strcheck ') for x in r) and any(x['properties']['class']==sys.argv[2] for x in r) else 1)" \
		"$dir/report.sarif" "$expect"
	check "sarif_report_${expect}_class_and_replay" $? "no result of class $expect with a replay"
done < tests/zoo/MANIFEST

# Sarif.Multitool over all the classes' SARIF reports in one run: each
# error line starts with its file's path.  A class fails on an error of
# its own file, or when the run itself failed or did not scan every file.
if [ ${#sarifs[@]} -gt 0 ]; then
	files=()
	for c in "${sarifs[@]}"; do files+=("$out/$c/report.sarif"); done
	"$val/package/Sarif.Multitool" validate "${files[@]}" > "$out/sarif-mt.log" 2>&1
	mt=$?
	grep -q "^Done. ${#files[@]} files scanned" "$out/sarif-mt.log" || mt="$mt, not ${#files[@]} files scanned"
	for c in "${sarifs[@]}"; do
		f=$out/$c/report.sarif
		grep -F "$f(" "$out/sarif-mt.log" > "$out/$c/sarif-mt.log"
		[ "$mt" = 0 ] && ! grep -q ': error ' "$out/$c/sarif-mt.log"
		check "sarif_report_${c}_multitool" $? \
			"validator exit $mt; $(grep ': error ' "$out/$c/sarif-mt.log" | head -2) (see $out/sarif-mt.log)"
	done
fi

# A reproducer linked with the object instead of loaded (-DREPRO_LINKED).
repro=$(ls "$out"/overread/repro/repro-*-overread.c | head -1)
cc -DREPRO_LINKED "$repro" tests/zoo/bad_strlen_first.c -lpthread -o "$out/linked.bin" \
	> "$out/linked.log" 2>&1 && "$out/linked.bin" > "$out/linked.out" 2>&1
check "repro_linked_fails_on_defect" $(( $? != 1 )) "see $out/linked.log"
cc -DREPRO_LINKED "$repro" build/libstrscpy.a -lpthread -o "$out/linked-ok.bin" \
	>> "$out/linked.log" 2>&1 && "$out/linked-ok.bin" > "$out/linked-ok.out" 2>&1
check "repro_linked_passes_on_correct" $? "see $out/linked-ok.out"

# Reports of a passing run validate too.
$SC --time=0 --format=json --output="$out/pass.json" > /dev/null 2>&1
validate_json "$out/pass.json" docs/schemas/strcheck-report.schema.json > "$out/pass-json.log" 2>&1
check "json_report_pass_valid" $? "$(head -3 "$out/pass-json.log")"
$SC --time=0 --format=junit --output="$out/pass.xml" > /dev/null 2>&1
xmllint --noout --schema docs/schemas/junit.xsd "$out/pass.xml" > /dev/null 2>&1
check "junit_report_pass_valid" $? "see $out/pass.xml"
# The validators can fail: a report with a class the schema does not know.
sed 's/"class": "overread"/"class": "overreed"/' "$out/overread/report.json" > "$out/broken.json"
validate_json "$out/broken.json" docs/schemas/strcheck-report.schema.json > /dev/null 2>&1
check "json_validator_can_fail" $(( $? == 0 )) "a broken report validated"
sed 's/<testcase /<testcas /' "$out/pass.xml" > "$out/broken.xml"
xmllint --noout --schema docs/schemas/junit.xsd "$out/broken.xml" > /dev/null 2>&1
check "junit_validator_can_fail" $(( $? == 0 )) "a broken report validated"

# The map: well-formed SVG, the defect's class drawn, renders to PNG.
$SC --impl=build/zoo/bad_unaligned_cross_page.so --time=0 --no-race --map="$out/map.svg" \
	> /dev/null 2>&1
xmllint --noout "$out/map.svg" 2> "$out/map.log"
check "map_svg_well_formed" $? "$(head -2 "$out/map.log")"
grep -q 'fill="#d62728"' "$out/map.svg" && grep -q 'fill="#c7e9c0"' "$out/map.svg" &&
	grep -q 'bad_unaligned_cross_page.so (seed 1)' "$out/map.svg"
check "map_shows_overread_and_pass_cells" $? "no overread or pass cell, or no title"
rsvg-convert -o "$out/map.png" "$out/map.svg" 2> "$out/rsvg.log" &&
	[ "$(head -c 4 "$out/map.png" | od -An -c | tr -d ' ')" = "211PNG" ]
check "map_renders_to_png" $? "$(head -2 "$out/rsvg.log")"

# --output is atomic: a run killed mid-way leaves no report at all.
$SC --time=30 --output="$out/killed.txt" > /dev/null 2>&1 &
pid=$!
sleep 1
kill -KILL $pid
wait $pid 2> /dev/null
[ ! -e "$out/killed.txt" ]
check "output_killed_run_leaves_no_report" $? "a report was left"
rm -f "$out"/killed.txt.tmp-*

# Bad input: one line on stderr, exit 2, before anything runs.
bad repro_dir_unwritable "" --emit-repro=/proc/strcheck-repro
touch "$out/a-file"
bad repro_dir_is_a_file "" --emit-repro="$out/a-file"
bad output_dir_missing "" --output=/nonexistent/dir/report.txt
bad map_of_one_case "" --grid-case=0 --map="$out/x.svg"
bad map_not_svg "" --map="$out/map.png"
bad map_dir_missing "" --map=/nonexistent/dir/map.svg
bad format_unknown "" --format=xml

# The CI recipe in docs/ci/strcheck.yml: its run steps, as a runner would.
bash tests/ci-recipe.sh "$out/ci" > "$out/ci.log" 2>&1
check "ci_recipe_runs" $? "see $out/ci.log"
