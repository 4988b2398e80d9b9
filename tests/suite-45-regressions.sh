#!/usr/bin/env bash
# tier: check
# cost: 11
# The regression inputs (corpus/regressions/, listed in its MANIFEST): each
# case once found a defect in a zoo entry.  strcheck --replay=FILE must
# still report that defect's class (among any others the same call breaks)
# against that entry, and an
# implementation that is correct for the case's contract must pass it.
# The fuzz harnesses (as plain runners) pass every one of them on the
# project's own code.  Also: every file is in the MANIFEST and every
# MANIFEST line has its file.  (The fuzz harnesses' part runs in make
# test, not make check.)
# When the case encoding changes, regenerate them: scripts/gen-regressions.sh.
set -u
cd "$(dirname "$0")/.."
out=build/test/regressions
mkdir -p "$out"
SC=build/strcheck
dir=corpus/regressions

. tests/common.sh

if ! make -s build/strcheck build/libstrscpy.so zoo > "$out/build.log" 2>&1; then
	fail "regressions_build: see $out/build.log"
	exit 1
fi

so_of() { [ "$1" = own ] && echo build/libstrscpy.so || echo "build/zoo/$1.so"; }

listed=
while read -r file zoo sym api flags class correct; do
	case $file in ''|'#'*) continue ;; esac
	listed="$listed $file.case"
	f=$dir/$file.case
	if [ ! -f "$f" ]; then
		fail "regression_$file: $f missing (scripts/gen-regressions.sh makes it)"
		continue
	fi
	# The defect it once found, found again from the file alone.
	# (/usr/bin/python3, as tests/common.sh: a pyenv shim first in PATH
	# costs ~0.5 s of CPU a call, 42 calls here.)
	timeout 600 $SC --impl="$(so_of "$zoo")" --symbol="$sym" --replay="$f" --format=json \
		> "$out/$file.bad.json" 2> "$out/$file.bad.err"
	rc_bad=$?
	got=$(/usr/bin/python3 -c 'import json, sys; print(" ".join(sorted({d["class"] for d in json.load(open(sys.argv[1]))["defects"]})))' \
		"$out/$file.bad.json" 2>/dev/null)
	# A correct implementation of the contract passes it.
	timeout 600 $SC --impl="$(so_of "$correct")" --symbol="$sym" --replay="$f" \
		> "$out/$file.good.out" 2> "$out/$file.good.err"
	rc_good=$?
	if [ $rc_bad -ne 1 ] || [[ " $got " != *" $class "* ]]; then
		fail "regression_$file: $zoo: exit $rc_bad, classes '$got', expected $class (see $out/$file.bad.*)"
	elif [ $rc_good -ne 0 ] || ! grep -q '^VERDICT: PASS' "$out/$file.good.out"; then
		fail "regression_$file: the correct $correct does not pass it (exit $rc_good; see $out/$file.good.*)"
	else
		pass "regression_$file ($zoo: $got; $correct: pass)"
	fi
done < "$dir/MANIFEST"

# The folder and its list agree.
extra=
for f in "$dir"/*.case; do
	[ -e "$f" ] || continue
	case " $listed " in *" ${f##*/} "*) ;; *) extra="$extra ${f##*/}" ;; esac
done
if [ -z "$listed" ]; then
	fail "regressions_manifest_complete: no entry in $dir/MANIFEST"
elif [ -n "$extra" ]; then
	fail "regressions_manifest_complete: not in $dir/MANIFEST:$extra"
else
	pass "regressions_manifest_complete ($(echo $listed | wc -w) cases)"
fi

# Every fuzz harness, run as a plain program over all the regression cases
# (each harness puts its own API on a case), finds nothing in the project's
# own code and models.  In make test and when this suite runs alone, not
# in make check (STRCHECK_TIER): the plain runners are a build of their
# own (~25 s of CPU) that make test's shared build makes anyway.
[ "${STRCHECK_TIER:-test}" = check ] && exit 0
if command -v clang > /dev/null && make -s fuzz-standalone > "$out/runners.log" 2>&1; then
	bad=
	for r in build/fuzz/run/fuzz_*; do
		[ -x "$r" ] || continue
		timeout 1200 "$r" "$dir"/*.case > "$out/${r##*/}.log" 2>&1 || bad="$bad ${r##*/}"
	done
	[ -z "$bad" ] && pass "regressions_pass_fuzz_harnesses_own_code" ||
		fail "regressions_pass_fuzz_harnesses_own_code: a finding in$bad (see $out/)"
else
	fail "regressions_pass_fuzz_harnesses_own_code: plain runners did not build (see $out/runners.log)"
fi
