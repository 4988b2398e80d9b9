# tests/common.sh - sourced by the suites: the PASS/FAIL/SKIP line helpers
# scripts/test.sh counts.
#   pass NAME            "PASS NAME"
#   fail NAME: WHY       "FAIL NAME: WHY"
#   skip NAME: WHY       "SKIP NAME: WHY"
#   check NAME STATUS WHY   PASS when STATUS is 0, else FAIL with WHY
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
skip() { echo "SKIP $*"; }
check() { if [ "$2" -eq 0 ]; then pass "$1"; else fail "$1: $3"; fi; }
#   m32_how              how an i386 program runs here: "native", "qemu"
#                        (qemu-i386 -L /: a kernel built without its 32-bit
#                        mode, as strcheck does too, src/candidate/arch/foreign.c) or
#                        "none" (no gcc -m32, or neither runs it)
m32_how() {
	local probe=build/test/m32probe.$$
	mkdir -p build/test
	echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$probe" 2> /dev/null || { echo none; return; }
	if "$probe" 2> /dev/null; then
		echo native
	elif command -v qemu-i386 > /dev/null && qemu-i386 -L / "$probe" 2> /dev/null; then
		echo qemu
	else
		echo none
	fi
}

# The sanitizer build flags every suite that builds under ASan+UBSan uses.
SAN="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

#   classes_of FILE      the classes of a text report's DEFECT lines, in order
classes_of() { grep -oE '^DEFECT [0-9]+: [a-z-]+' "$1" | awk '{print $3}' | tr '\n' ' '; }

#   verdict_is WANT RC FILE   status 0 when a run that exited RC with the
#                        text report FILE gave WANT: "pass" (exit 0 and
#                        VERDICT: PASS) or a defect class (exit 1 and a
#                        DEFECT of that class among others)
verdict_is() {
	local classes
	if [ "$1" = pass ]; then
		[ "$2" = 0 ] && grep -q '^VERDICT: PASS' "$3"
	else
		classes=$(classes_of "$3")
		[ "$2" = 1 ] && [[ " $classes" == *" $1 "* ]]
	fi
}

#   bad NAME WANT ARGS...  run $SC ARGS (at most 30 s): a usage or load
#                        error must exit 2, print nothing on stdout and one
#                        line on stderr, "strcheck: ...WANT..." (WANT may be
#                        empty); "PASS/FAIL bad_input_NAME".  Files go to $out.
bad() {
	local name=$1 want=$2 rc lines
	shift 2
	timeout 300 $SC "$@" > "$out/bad-$name.out" 2> "$out/bad-$name.err"
	rc=$?
	lines=$(wc -l < "$out/bad-$name.err")
	if [ $rc = 2 ] && [ "$lines" = 1 ] && [ ! -s "$out/bad-$name.out" ] &&
	   grep -q -- "^strcheck: .*$want" "$out/bad-$name.err"; then
		pass "bad_input_$name"
	else
		fail "bad_input_$name: exit $rc, $lines stderr line(s): $(head -c 300 "$out/bad-$name.err")"
	fi
}

#   validate_json FILE SCHEMA   FILE against the JSON schema SCHEMA (draft
#                        2020-12, the schema itself checked too): silent and
#                        0 when valid, else up to five "invalid:" lines and 1.
validate_json() {
	"${PY:-/usr/bin/python3}" - "$1" "$2" <<'PY'
import json, sys, jsonschema
doc = json.load(open(sys.argv[1]))
schema = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
for e in errors[:5]:
    print("invalid:", "/".join(map(str, e.path)), e.message[:200])
sys.exit(1 if errors else 0)
PY
}

#   bg NAME CMD...       run CMD in the background, its output kept in
#                        $out/bg-NAME.out and its CPU (user, sys; its own,
#                        its children's: `times`) in $out/bg-NAME.times;
#                        at most SUITE_JOBS at a time (1 runs them one by
#                        one, in order).  Default: 1 under scripts/test.sh
#                        running suites two at a time (STRCHECK_TIER set,
#                        TEST_JOBS not 1): both cores are busy already, and
#                        a third process costs CPU here (nine fuzzer runs
#                        beside a busy loop: 8.8 and 8.3 s one at a time,
#                        8.9 and 9.4 s two at a time); 2 when run alone
#   fg                   wait for them all, then print their outputs in the
#                        order they were started (the same lines, in the
#                        same order, as run one by one)
bg_names=()
if [ -z "${SUITE_JOBS:-}" ]; then
	SUITE_JOBS=2
	[ -n "${STRCHECK_TIER:-}" ] && [ "${TEST_JOBS:-2}" != 1 ] && SUITE_JOBS=1
fi
bg() {
	local name=$1
	shift
	while [ "$(jobs -rp | wc -l)" -ge "${SUITE_JOBS:-2}" ]; do wait -n; done
	bg_names+=("$name")
	( "$@"; rc=$?; times > "$out/bg-$name.times"; exit $rc ) < /dev/null > "$out/bg-$name.out" 2>&1 &
}
fg() {
	local n
	wait
	for n in ${bg_names[@]+"${bg_names[@]}"}; do cat "$out/bg-$n.out"; done
	bg_names=()
}
