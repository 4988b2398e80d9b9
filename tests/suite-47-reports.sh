#!/usr/bin/env bash
# tier: test
# cost: 55
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

# The CI recipe in docs/ci/strcheck.yml: its run steps, as a runner would
# (a clone of this tree's HEAD built and installed, a user's library
# checked).  Its build is most of this suite's CPU: it runs beside the
# checks below, make -j2 (judged at the end).
MAKEFLAGS=-j2 bash tests/ci-recipe.sh "$out/ci" > "$out/ci.log" 2>&1 &
ci_pid=$!

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

# JSON reports to validate, "NAME FILE SCHEMA" a line: one Python run
# validates them all after the runs (jsonschema's import and each schema's
# own check, once, not per report).
vq=$out/validate.queue
: > "$vq"
queue_json() { printf '%s %s %s\n' "$1" "$2" "$3" >> "$vq"; }

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
	queue_json "json_report_${expect}_valid" "$dir/report.json" docs/schemas/strcheck-report.schema.json

	# The reproducer of a defect of this class.
	repro=$(ls "$dir"/repro/repro-*-"$expect".c 2>/dev/null | head -1)
	if [ -z "$repro" ]; then
		fail "repro_${expect}_emitted: no repro-*-$expect.c in $dir/repro"
	else
		# -Wall -Wextra -Werror only adds ways to fail: a build with them
		# is the build with `cc FILE -ldl -lpthread` alone, and warning-free.
		if cc -Wall -Wextra -Werror "$repro" -ldl -lpthread -o "$dir/repro.bin" > "$dir/cc.log" 2>&1; then
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
	# report's found_by), not the whole grid again: a grid, random or traced
	# case; a sampled concurrent check's defect (no one case) from the same
	# run as above.
	one=$($PY -c "import json,sys
for d in json.load(open(sys.argv[1]))['defects']:
    f = d.get('found_by') or {}
    if d['class'] == sys.argv[2] and f.get('phase') == 'grid':
        print('--grid-case=%d' % f['index']); break
    if d['class'] == sys.argv[2] and f.get('phase') == 'random':
        print('--seed=%d --random-case=%d' % (f['seed'], f['index'])); break
    if d['class'] == sys.argv[2] and f.get('phase') == 'traced':
        print('--seed=%d --traced-case=%d' % (f['seed'], f['index'])); break" "$dir/report.json" "$expect" 2> /dev/null)
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
		queue_json "sarif_report_${expect}_schema" "$dir/report.sarif" "$val/package/sarif-2.1.0.json"
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
	# (A .NET start and its JIT: seconds of one CPU; run beside the
	# checks below, judged at the end.)
	"$val/package/Sarif.Multitool" validate "${files[@]}" > "$out/sarif-mt.log" 2>&1 &
	mt_pid=$!
fi
# Sarif.Multitool's verdicts, once it is done.
sarif_multitool_checks() {
	[ ${#sarifs[@]} -gt 0 ] || return
	local c f mt
	wait $mt_pid
	mt=$?
	grep -q "^Done. ${#files[@]} files scanned" "$out/sarif-mt.log" || mt="$mt, not ${#files[@]} files scanned"
	for c in "${sarifs[@]}"; do
		f=$out/$c/report.sarif
		grep -F "$f(" "$out/sarif-mt.log" > "$out/$c/sarif-mt.log"
		[ "$mt" = 0 ] && ! grep -q ': error ' "$out/$c/sarif-mt.log"
		check "sarif_report_${c}_multitool" $? \
			"validator exit $mt; $(grep ': error ' "$out/$c/sarif-mt.log" | head -2) (see $out/sarif-mt.log)"
	done
}

# A reproducer linked with the object instead of loaded (-DREPRO_LINKED).
repro=$(ls "$out"/overread/repro/repro-*-overread.c | head -1)
cc -DREPRO_LINKED "$repro" tests/zoo/bad_strlen_first.c -lpthread -o "$out/linked.bin" \
	> "$out/linked.log" 2>&1 && "$out/linked.bin" > "$out/linked.out" 2>&1
check "repro_linked_fails_on_defect" $(( $? != 1 )) "see $out/linked.log"
cc -DREPRO_LINKED "$repro" build/libstrscpy.a -lpthread -o "$out/linked-ok.bin" \
	>> "$out/linked.log" 2>&1 && "$out/linked-ok.bin" > "$out/linked-ok.out" 2>&1
check "repro_linked_passes_on_correct" $? "see $out/linked-ok.out"

# Reports of a passing run validate too.
# (The two runs side by side: one CPU each.)
$SC --time=0 --format=junit --output="$out/pass.xml" > /dev/null 2>&1 &
pid=$!
$SC --time=0 --format=json --output="$out/pass.json" > /dev/null 2>&1
wait $pid
queue_json "json_report_pass_valid" "$out/pass.json" docs/schemas/strcheck-report.schema.json
xmllint --noout --schema docs/schemas/junit.xsd "$out/pass.xml" > /dev/null 2>&1
check "junit_report_pass_valid" $? "see $out/pass.xml"
# The validators can fail: a report with a class the schema does not know.
sed 's/"class": "overread"/"class": "overreed"/' "$out/overread/report.json" > "$out/broken.json"
queue_json "!json_validator_can_fail" "$out/broken.json" docs/schemas/strcheck-report.schema.json
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
# Mid-way: its checked process started, and a moment into the plan.
for i in $(seq 600); do
	pgrep -P $pid > /dev/null && break
	sleep 0.05
done
sleep 0.3
{ kill -KILL $pid; wait $pid; } 2> /dev/null
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

wait $ci_pid
check "ci_recipe_runs" $? "see $out/ci.log"

# The queued JSON reports, in one Python run: each NAME valid (a NAME
# starting with ! is a broken report the validator must refuse), else why
# (up to three "invalid:" lines); "error" when it could not be validated at
# all.  A report without its verdict fails.
$PY - "$vq" > "$out/validate.out" 2> "$out/validate.err" <<'PY'
import json, sys, jsonschema
checked = {}
for line in open(sys.argv[1]):
    name, doc, schema = line.split()
    try:
        if schema not in checked:
            s = json.load(open(schema))
            jsonschema.Draft202012Validator.check_schema(s)
            checked[schema] = jsonschema.Draft202012Validator(s)
        errors = list(checked[schema].iter_errors(json.load(open(doc))))
        why = "; ".join("invalid: %s %s" % ("/".join(map(str, e.path)), e.message[:200])
                        for e in errors[:3])
        print(name, "bad" if errors else "ok", why, flush=True)
    except Exception as e:
        print(name, "error", "cannot validate: %s" % str(e)[:200], flush=True)
PY
while read -r name file schema; do
	v=$(awk -v n="$name" '$1 == n { print; exit }' "$out/validate.out")
	[ -n "$v" ] || v="$name error no verdict: $(head -c 200 "$out/validate.err")"
	case $name in
	!*) [[ "$v" == "$name bad "* ]]
	    check "${name#!}" $? "a broken report did not fail validation ($v)" ;;
	*) [[ "$v" == "$name ok"* ]]
	   check "$name" $? "${v#"$name "} (see $file)" ;;
	esac
done < "$vq"
sarif_multitool_checks
