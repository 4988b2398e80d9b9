#!/usr/bin/env bash
# tier: check
# cost: 30
# Verdicts that mean what they say (issue 22, docs/checking.md "Verdicts
# and exit statuses"): a run cut by --max-time or a signal is INCOMPLETE (exit
# 3) in text, JSON (against the schema), JUnit (against junit.xsd) and
# SARIF, never PASS; --allow-incomplete makes it exit 0; a defect found
# before the cut is FAIL (exit 1) and a signal keeps it in the report and
# in --output; --time never cuts the plan (issue 42: it budgets only what
# goes beyond it); a call is hung by its CPU time, or by blocking 20 times
# as long; the constructors' time does not eat the cap; the checked
# process starts with every signal at its default action; a partial plan
# says what it covered.  And dest as large as count says: counts beyond
# the mapped window backed on demand (zero-filling copies pass, a far
# scribble is a leak, counts too large to back are "not judged").
# Outcomes and counts only: no assertion on a time.  In make check
# (STRCHECK_TIER=check) the default run (its 9 s budget) is left to make test.
set -u
cd "$(dirname "$0")/.."
. tests/common.sh
out=build/test/verdicts
rm -rf "$out"
mkdir -p "$out"
SC=build/strcheck
PY=/usr/bin/python3

if ! make -s build/strcheck build/libstrscpy.so zoo > "$out/build.log" 2>&1; then
	fail "verdicts_build: see $out/build.log"
	exit 1
fi

# An encoded case (docs/internals.md): API, dest placement, count, source.
case_hex() {
	$PY -c '
import struct, sys
api, place, count, src = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
print((bytes([api | place << 5, 0, 0, 0x20]) + struct.pack("<Q", count) +
       src.encode() + b"\0").hex())' "$@"
}

# ---- the exit-status table ----
$SC --help > "$out/help.out" 2>&1
grep -q 'INCOMPLETE' "$out/help.out" && grep -q -- '--allow-incomplete' "$out/help.out"
check help_lists_incomplete_and_its_option $? "see $out/help.out"

# ---- a slow correct candidate (about 20 us a call) ----
# A cap it cannot do its grid in (--max-time): INCOMPLETE, exit 3, what
# ran and the command that runs the rest.
$SC --impl=build/zoo/verdict_slow_calls.so --max-time=0.5 --no-race > "$out/slow.out" 2>&1
rc=$?
[ $rc = 3 ] && grep -q '^VERDICT: INCOMPLETE, no defect in the [0-9]* case(s) that ran' "$out/slow.out" &&
	grep -q '^run stopped at the cap (--max-time=0.5) before the grid was done' "$out/slow.out" &&
	grep -q -- '--grid-case=[0-9]*-[0-9]*' "$out/slow.out" && ! grep -q '^VERDICT: PASS' "$out/slow.out"
check slow_capped_run_is_incomplete_exit_3 $? "exit $rc, see $out/slow.out"
# A plan it can finish (1,000 grid cases): PASS, exit 0, and the PASS
# says what it covered.
$SC --impl=build/zoo/verdict_slow_calls.so --grid-case=0-999 > "$out/slow-part.out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^VERDICT: PASS, no defect in 1000 case(s) (covers grid cases 0..999 of' \
	"$out/slow-part.out"
check slow_partial_plan_with_time_passes_and_says_what $? "exit $rc, see $out/slow-part.out"
# The reports of a cut run: JSON (schema), JUnit (xsd), SARIF.
$SC --impl=build/zoo/verdict_slow_calls.so --max-time=0.5 --no-race --format=json > "$out/cut.json" 2>&1
rc=$?
$PY - "$out/cut.json" docs/schemas/strcheck-report.schema.json <<'PY'
import json, sys, jsonschema
doc = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(doc)
assert doc["verdict"] == "incomplete" and doc["complete"] is False, doc["verdict"]
assert doc["allow_incomplete"] is False and doc["stopped"], doc["stopped"]
PY
[ $? = 0 ] && [ $rc = 3 ]
check json_incomplete_against_schema $? "exit $rc, see $out/cut.json"
$SC --impl=build/zoo/verdict_slow_calls.so --max-time=0.5 --no-race --format=junit > "$out/cut.xml" 2>&1
rc=$?
[ $rc = 3 ] && xmllint --noout --schema docs/schemas/junit.xsd "$out/cut.xml" > "$out/cut-xml.log" 2>&1 &&
	grep -q '<error type="incomplete"' "$out/cut.xml" && grep -q 'errors="1"' "$out/cut.xml"
check junit_incomplete_is_an_error $? "exit $rc, see $out/cut.xml"
$SC --impl=build/zoo/verdict_slow_calls.so --max-time=0.5 --no-race --format=junit --allow-incomplete \
	> "$out/cut-allowed.xml" 2>&1
rc=$?
[ $rc = 0 ] && xmllint --noout --schema docs/schemas/junit.xsd "$out/cut-allowed.xml" \
	> "$out/cut-allowed-xml.log" 2>&1 && grep -q 'name="complete"' "$out/cut-allowed.xml" &&
	! grep -q '<error' "$out/cut-allowed.xml" && grep -q 'value="incomplete"' "$out/cut-allowed.xml"
check allow_incomplete_exit_0_junit_skipped $? "exit $rc, see $out/cut-allowed.xml"
$SC --impl=build/zoo/verdict_slow_calls.so --max-time=0.5 --no-race --format=sarif > "$out/cut.sarif" 2>&1
rc=$?
$PY - "$out/cut.sarif" <<'PY'
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
assert inv["executionSuccessful"] is False, inv
assert inv["properties"]["verdict"] == "incomplete", inv
assert inv["toolExecutionNotifications"][0]["level"] == "error", inv
PY
[ $? = 0 ] && [ $rc = 3 ]
check sarif_incomplete_execution_unsuccessful $? "exit $rc, see $out/cut.sarif"
# Against the SARIF 2.1.0 schema and Microsoft's validator, fetched once
# (scripts/sarif-validator.sh, into build/validators/).
val=build/validators/sarif/package
bash scripts/sarif-validator.sh 2> "$out/sarif-fetch.err"
if [ -x "$val/Sarif.Multitool" ] && [ -f "$val/sarif-2.1.0.json" ]; then
	$PY - "$out/cut.sarif" "$val/sarif-2.1.0.json" <<'PY' > "$out/cut-sarif.log" 2>&1 &&
import json, sys, jsonschema
jsonschema.Draft7Validator(json.load(open(sys.argv[2]))).validate(json.load(open(sys.argv[1])))
PY
		"$val/Sarif.Multitool" validate "$out/cut.sarif" >> "$out/cut-sarif.log" 2>&1 &&
		! grep -q ': error ' "$out/cut-sarif.log"
	check sarif_incomplete_validates $? "see $out/cut-sarif.log"
else
	skip "sarif_incomplete_validates: no SARIF validator: $(cat "$out/sarif-fetch.err")"
fi

# ---- the traced plan: run whole, or the run is INCOMPLETE ----
# A plan of 76,000 flip runs (ok_prepass_every_byte reads every byte
# twice: seconds of CPU on any host, each flip run a call of its own) does
# not fit a 2 s cap: the cap cuts it, and the run says how far it got
# (docs/race.md, "The traced plan"; the run line names the traced plan, or
# first the grid if the grid was cut too); in JSON, traced.cut and the
# verdict.  On a busy machine a 2 s cap may end the run in the grid
# still: the cap doubles until the grid is done before it (the plan's
# 76,000 flip runs take many times the grid's time on any host).
cap=2
while :; do
	$SC --impl=build/zoo/ok_prepass_every_byte.so --reader --max-time=$cap > "$out/tcut.out" 2>&1
	rc=$?
	grep -q 'before the grid was done' "$out/tcut.out" && [ $cap -lt 64 ] || break
	cap=$((cap * 2))
done
[ $rc = 3 ] && grep -q '^traced check: [0-9]* of [0-9]* cases, .*(cut by the cap: not a full check)' \
	"$out/tcut.out" && grep -q "^run stopped at the cap (--max-time=$cap)" "$out/tcut.out" &&
	grep -q '^VERDICT: INCOMPLETE' "$out/tcut.out"
check traced_plan_cut_is_incomplete $? "exit $rc, see $out/tcut.out"
while :; do
	$SC --impl=build/zoo/ok_prepass_every_byte.so --reader --max-time=$cap --format=json \
		> "$out/tcut.json" 2>&1
	$PY -c 'import json,sys; c=json.load(open(sys.argv[1]))["cases"]; sys.exit(c["grid"] < c["grid_total"])' \
		"$out/tcut.json" 2> /dev/null || [ $cap -ge 64 ] && break
	cap=$((cap * 2))
done
$PY -c 'import json,sys; r=json.load(open(sys.argv[1])); t=r["traced"]
assert r["verdict"]=="incomplete" and t["cut"] and t["cases"] < t["planned"], t' "$out/tcut.json"
check traced_plan_cut_json $? "see $out/tcut.json"
# The bundled strscpy's default run traces all of it, and passes.  (The
# default run spends its 9 s budget: in make test and when this suite runs
# alone, not in make check, STRCHECK_TIER; the run below, --time=0.01,
# traces the whole plan in make check too.)
if [ "${STRCHECK_TIER:-test}" != check ]; then
	$SC --impl=build/libstrscpy.so --reader > "$out/tall.out" 2>&1
	rc=$?
	[ $rc = 0 ] && grep -q '^traced check: all [0-9]* cases, ' "$out/tall.out"
	check traced_plan_whole_in_the_default_run $? "exit $rc, $(grep '^traced' "$out/tall.out") (see $out/tall.out)"
fi
# --time budgets only what goes beyond the plan: a budget far shorter than
# the plan (0.01 s) still runs the grid and the traced plan whole, and
# the sampled checks get their own time (at least 0.5 s each): PASS.
$SC --impl=build/libstrscpy.so --reader --time=0.01 > "$out/tshort.out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^traced check: all [0-9]* cases, ' "$out/tshort.out" &&
	grep -q '^cases: 891314 of 891314 in the grid' "$out/tshort.out" &&
	grep -q '^race check: [0-9]* calls' "$out/tshort.out" &&
	grep -q '^reader check: [0-9]* calls' "$out/tshort.out" && grep -q '^VERDICT: PASS' "$out/tshort.out"
check time_never_cuts_the_plan $? "exit $rc, see $out/tshort.out"

# ---- slow after its 1000th call: cut, never PASS ----
$SC --impl=build/zoo/verdict_slow_after_1000.so --max-time=1 --no-race > "$out/after1000.out" 2>&1
rc=$?
[ $rc = 3 ] && grep -q '^VERDICT: INCOMPLETE' "$out/after1000.out"
check slow_after_1000_calls_is_incomplete $? "exit $rc, see $out/after1000.out"

# ---- a hung call spends its CPU limit, or blocks far longer ----
# (issue 42): a call that waits 100 ms (ten times a --timeout of 10 ms)
# but spends no CPU is not hung; one that blocks for good is, once the
# wall-clock backstop (20 times --timeout: 0.2 s here) has passed.
$SC --impl=build/zoo/verdict_waits.so --timeout=10 --grid-case=0-4 > "$out/waits.out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^VERDICT: PASS, no defect in 5 case(s)' "$out/waits.out"
check call_that_waits_is_not_hung $? "exit $rc, see $out/waits.out"
$SC --impl=build/zoo/verdict_blocks.so --timeout=10 --no-race --time=0 > "$out/blocks.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q '^DEFECT 1: hang (rule returns)' "$out/blocks.out" &&
	grep -q '^run stopped after 3 hanging calls' "$out/blocks.out"
check call_that_blocks_is_hung_by_the_backstop $? "exit $rc, see $out/blocks.out"

# ---- a slow constructor: shown, and not counted in --max-time ----
$SC --impl=build/zoo/verdict_slow_ctor.so --max-time=1 --grid-case=0-999 > "$out/ctor.out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^load: [0-9.]* s in the candidate' "$out/ctor.out" &&
	grep -q '^VERDICT: PASS, no defect in 1000 case(s)' "$out/ctor.out"
check slow_constructor_reported_not_counted $? "exit $rc, see $out/ctor.out"

# ---- a signal after a defect: the defect stays, exit 1 ----
# Started, then signalled once the candidate is loaded in the checked
# process and a second has passed (its every call is a defect).
signal_after_defect() {  # NAME SIGNAL ARGS...
	local name=$1 sig=$2 pid child rc
	shift 2
	$SC --impl=build/zoo/verdict_defect_then_slow.so --time=120 "$@" \
		> "$out/$name.out" 2> "$out/$name.err" &
	pid=$!
	for _ in $(seq 300); do
		child=$(pgrep -P $pid | head -1)
		[ -n "$child" ] && grep -q verdict_defect_then_slow "/proc/$child/maps" 2> /dev/null && break
		sleep 0.1
	done
	sleep 1
	kill -"$sig" $pid
	wait $pid
	return $?
}
signal_after_defect sigint INT
rc=$?
[ $rc = 1 ] && grep -q '^DEFECT 1: retval' "$out/sigint.out" &&
	grep -q '^run interrupted by SIGINT (signal 2)' "$out/sigint.out" &&
	grep -q '^VERDICT: FAIL' "$out/sigint.out"
check sigint_after_defect_keeps_it_exit_1 $? "exit $rc, see $out/sigint.out"
signal_after_defect sigterm TERM --format=json --output="$out/sigterm.json"
rc=$?
$PY - "$out/sigterm.json" docs/schemas/strcheck-report.schema.json <<'PY'
import json, sys, jsonschema
doc = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(doc)
assert doc["verdict"] == "fail" and doc["interrupted_by"] == 15 and doc["defects"], doc["verdict"]
assert doc["defects"][0]["class"] == "retval" and not doc["complete"]
PY
[ $? = 0 ] && [ $rc = 1 ]
check sigterm_after_defect_writes_output_exit_1 $? "exit $rc, see $out/sigterm.json"

# ---- the checked process's signals are a program's ----
$SC --impl=build/zoo/bad_raise_sigusr1.so --first --no-race > "$out/sigusr1.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q '^DEFECT 1: crash' "$out/sigusr1.out" && grep -q 'signal 10' "$out/sigusr1.out"
check raise_sigusr1_is_a_crash $? "exit $rc, see $out/sigusr1.out"

# ---- dest as large as count says ----
demand() {  # NAME WANT(pass|CLASS) STRCHECK-ARGS...
	local name=$1 want=$2 rc
	shift 2
	$SC "$@" > "$out/demand-$name.out" 2>&1
	rc=$?
	if [ "$want" = pass ]; then
		[ $rc = 0 ] && grep -q '^VERDICT: PASS' "$out/demand-$name.out"
	else
		[ $rc = 1 ] && grep -q "^DEFECT 1: $want " "$out/demand-$name.out"
	fi
	check "demand_$name" $? "exit $rc, see $out/demand-$name.out"
}
ZF=build/zoo/ok_zero_fill_to_count.so
demand zero_fill_2p17_65_passes pass --impl=$ZF --case="$(case_hex 0 2 131137 abc)"
demand zero_fill_2p20_passes pass --impl=$ZF --case="$(case_hex 0 0 1048577 abc)"
demand zero_fill_strict_is_leak leak --impl=$ZF --strict --case="$(case_hex 0 2 131137 abc)"
demand strlcpy_fills_buffer_2p20_passes pass --impl=build/zoo/ok_strlcpy_fills_buffer.so \
	--api=strlcpy --case="$(case_hex 2 2 1048576 abc)"
demand own_pad_2p20_passes pass --impl=build/libstrscpy.so --symbol=strscpy_pad \
	--case="$(case_hex 1 1 1048576 abc)"
demand poison_far_is_leak leak --impl=build/zoo/bad_poison_tail.so --case="$(case_hex 0 2 1048576 abc)"
# A count too large to back (2^40): the writes past what strcheck backs
# are reported as not judged, not as a defect; a far scribble before that
# point is still a leak.
demand strlcpy_size_2p40_not_judged pass --impl=build/zoo/ok_strlcpy_fills_buffer.so \
	--api=strlcpy --case="$(case_hex 2 0 1099511627776 abc)"
grep -q '^not judged: 1 case(s) had a count too large' "$out/demand-strlcpy_size_2p40_not_judged.out"
check demand_too_large_says_not_judged $? "see $out/demand-strlcpy_size_2p40_not_judged.out"
demand poison_2p24_cut_still_leak leak --impl=build/zoo/bad_poison_tail.so --case="$(case_hex 0 2 16777216 abc)"
exit 0
