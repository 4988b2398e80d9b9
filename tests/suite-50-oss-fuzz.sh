#!/usr/bin/env bash
# tier: test
# cost: 188
# OSS-Fuzz and ClusterFuzzLite integration (docs/oss-fuzz.md): the files
# are sound and agree with each other, then scripts/oss-fuzz/check-build.sh
# runs build.sh with OSS-Fuzz's environment for every combination that
# scripts/oss-fuzz/project.yaml claims and checks every artefact (every
# fuzzer under libfuzzer-address; the strscpy family's five under the other
# sanitizers and engines; fuzz_strscpy for ClusterFuzzLite's entry point,
# linked from libfuzzer-address's objects), SUITE_JOBS combinations at a
# time; last, the check is shown to fail when an artefact is missing.
# CPU (user+sys, `/usr/bin/time nice bash tests/suite-50-oss-fuzz.sh` on
# the shared 2-core machine): 188 s, of which per combination (`times`,
# $out/combo-NAME.times) libfuzzer-address 41, -memory 41, afl-address 38,
# -undefined 28, -coverage 27, cflite 6 (CI before this: 225 s).
set -u
cd "$(dirname "$0")/.."
out=build/test/oss-fuzz
mkdir -p "$out"

. tests/common.sh   # pass, fail; SUITE_JOBS (the combinations at a time)

# (asked once: a python start costs 0.6 s of CPU here)
python3 -c 'import yaml' 2>/dev/null && have_yaml=0 || have_yaml=1
py_yaml() { return $have_yaml; }

# A list in a YAML file ("key:" then "  - item" lines; "key: [a, b]" too).
yaml_list() {  # FILE KEY
	awk -v key="$2" '
		$0 ~ "^[[:space:]]*" key ":[[:space:]]*\\[" {
			s = $0; sub(/^[^[]*\[/, "", s); sub(/\].*/, "", s); gsub(/[ "]/, "", s)
			n = split(s, a, ","); for (i = 1; i <= n; i++) print a[i]; next }
		$0 ~ "^[[:space:]]*" key ":[[:space:]]*(#.*)?$" { inlist = 1; next }
		inlist && /^[[:space:]]*-[[:space:]]*/ { sub(/^[[:space:]]*-[[:space:]]*/, ""); sub(/[[:space:]]*(#.*)?$/, ""); gsub(/"/, ""); print; next }
		inlist && /^[[:space:]]*[^[:space:]#-]/ { inlist = 0 }' "$1"
}
yaml_value() {  # FILE KEY
	sed -n "s/^$2:[[:space:]]*\"\{0,1\}\([^\"#]*\)\"\{0,1\}[[:space:]]*\(#.*\)\{0,1\}$/\1/p" "$1" | head -1 | sed 's/[[:space:]]*$//'
}
subset() {  # subset "A B" "B C D": every word of the first is in the second
	local w
	for w in $1; do case " $2 " in *" $w "*) ;; *) return 1 ;; esac; done
}

oy=scripts/oss-fuzz/project.yaml
cy=.clusterfuzzlite/project.yaml
wf=.github/workflows/cflite.yml

# 1. Every script parses.
bad=
for f in scripts/oss-fuzz/build.sh scripts/oss-fuzz/check-build.sh scripts/oss-fuzz/check/*.sh .clusterfuzzlite/build.sh; do
	[ -f "$f" ] && bash -n "$f" 2>> "$out/syntax.log" || bad="$bad $f"
done
[ -z "$bad" ] && pass oss-fuzz-scripts-parse || fail "oss-fuzz-scripts-parse: missing or broken:$bad"

# 2. project.yaml: OSS-Fuzz's fields, known values only.
why=
if [ ! -f "$oy" ]; then
	why="$oy missing"
elif py_yaml && ! python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$oy" 2> "$out/yaml.log"; then
	why="not YAML: $(tail -1 "$out/yaml.log")"
else
	for k in homepage main_repo language primary_contact; do
		[ -n "$(yaml_value "$oy" $k)" ] || why="$why no $k;"
	done
	[ "$(yaml_value "$oy" language)" = c ] || why="$why language is not c;"
	sans=$(yaml_list "$oy" sanitizers | paste -sd' ')
	engines=$(yaml_list "$oy" fuzzing_engines | paste -sd' ')
	archs=$(yaml_list "$oy" architectures | paste -sd' ')
	subset "$sans" "address undefined memory" || why="$why sanitizers '$sans';"
	subset "$engines" "libfuzzer afl honggfuzz centipede" || why="$why fuzzing_engines '$engines';"
	subset "$archs" "x86_64 i386 aarch64" || why="$why architectures '$archs';"
	case " $sans " in *" address "*) ;; *) why="$why no address sanitizer;" ;; esac
	case " $engines " in *" libfuzzer "*) ;; *) why="$why no libfuzzer engine;" ;; esac
fi
[ -z "$why" ] && pass "oss-fuzz-project-yaml (sanitizers: $sans; engines: $engines; architectures: $archs)" ||
	fail "oss-fuzz-project-yaml: $why"

# 3. The Dockerfiles: OSS-Fuzz's base-builder, build.sh where compile runs it.
why=
d=scripts/oss-fuzz/Dockerfile
if [ -f "$d" ]; then
	grep -q '^FROM gcr.io/oss-fuzz-base/base-builder[[:space:]]*$' "$d" || why="$why $d not FROM base-builder;"
	grep -Eq '^COPY[[:space:]]+build.sh[[:space:]]+\$SRC/?' "$d" || why="$why $d does not COPY build.sh to \$SRC;"
	grep -Eq '^WORKDIR[[:space:]]+\$SRC/strcheck' "$d" || why="$why $d WORKDIR is not \$SRC/strcheck;"
else
	why="$why $d missing;"
fi
d=.clusterfuzzlite/Dockerfile
if [ -f "$d" ]; then
	grep -q '^FROM gcr.io/oss-fuzz-base/base-builder[[:space:]]*$' "$d" || why="$why $d not FROM base-builder;"
	grep -Eq '^COPY[[:space:]]+\.[[:space:]]+\$SRC/strcheck' "$d" || why="$why $d does not COPY the checkout to \$SRC/strcheck;"
	grep -Eq '^COPY[[:space:]]+\.clusterfuzzlite/build.sh[[:space:]]+\$SRC/?' "$d" || why="$why $d does not COPY .clusterfuzzlite/build.sh to \$SRC;"
else
	why="$why $d missing;"
fi
[ -z "$why" ] && pass oss-fuzz-dockerfiles || fail "oss-fuzz-dockerfiles:$why"

# 4. ClusterFuzzLite reuses the OSS-Fuzz build rather than copying it.
why=
[ -f "$cy" ] || why="$why $cy missing;"
[ -f "$cy" ] && [ "$(yaml_value "$cy" language)" != "$(yaml_value "$oy" language)" ] &&
	why="$why language differs from $oy;"
grep -q 'scripts/oss-fuzz/build.sh' .clusterfuzzlite/build.sh 2>/dev/null || why="$why build.sh does not run scripts/oss-fuzz/build.sh;"
grep -Eq '(^|[[:space:]])(make|\$CC|\$CXX|clang)([[:space:]]|$)' .clusterfuzzlite/build.sh 2>/dev/null &&
	why="$why build.sh builds by itself (a copy of the build logic);"
[ -z "$why" ] && pass oss-fuzz-cflite-reuses-build || fail "oss-fuzz-cflite-reuses-build:$why"

# 5. The workflow: pull requests and a schedule, ClusterFuzzLite's actions,
# the same language, and no sanitizer that project.yaml does not claim.
why=
if [ ! -f "$wf" ]; then
	why=" $wf missing"
else
	if py_yaml; then
		python3 - "$wf" > "$out/workflow.log" 2>&1 <<-'PY' || why="$why $(tail -1 "$out/workflow.log");"
		import sys, yaml
		w = yaml.safe_load(open(sys.argv[1]))
		on = w.get("on", w.get(True))  # YAML 1.1 reads a bare `on` as true
		assert isinstance(on, dict), "no triggers"
		for t in ("pull_request", "schedule"):
		    assert t in on, "no %s trigger" % t
		assert w.get("jobs"), "no jobs"
		PY
	fi
	grep -q 'google/clusterfuzzlite/actions/build_fuzzers@' "$wf" || why="$why no build_fuzzers action;"
	grep -q 'google/clusterfuzzlite/actions/run_fuzzers@' "$wf" || why="$why no run_fuzzers action;"
	for m in code-change batch; do
		grep -Eq "mode:[[:space:]]*'?$m'?" "$wf" || why="$why no $m mode;"
	done
	for l in $(sed -n 's/^[[:space:]]*language:[[:space:]]*\([a-z+]*\).*/\1/p' "$wf" | sort -u); do
		[ "$l" = "$(yaml_value "$oy" language)" ] || why="$why language $l;"
	done
	wsans=$(yaml_list "$wf" sanitizer | sort -u | tr '\n' ' ')
	wsans="$wsans $(sed -n 's/^[[:space:]]*sanitizer:[[:space:]]*\([a-z]\{1,\}\)[[:space:]]*$/\1/p' "$wf" | sort -u | tr '\n' ' ')"
	for s in $wsans; do
		[ "$s" = coverage ] && continue
		case " $(yaml_list "$oy" sanitizers | tr '\n' ' ') " in
		*" $s "*) ;;
		*) why="$why sanitizer $s is not claimed in $oy;" ;;
		esac
	done
fi
[ -z "$why" ] && pass oss-fuzz-cflite-workflow || fail "oss-fuzz-cflite-workflow:$why"

# 6. The builds, as OSS-Fuzz and ClusterFuzzLite would run them.  Every
# fuzzer under libfuzzer-address; the other combinations, which differ in
# flags and engine, not in the harnesses' code, with the fuzzers of the
# strscpy family only (make's FUZZ_HARNESSES, which the build and the
# check both read): the relatives' four cost 13 s of CPU per combination
# (check-build.sh libfuzzer-address, 43.8 s with 9 fuzzers, 30.4 s with 5).
# ClusterFuzzLite's build (cflite-libfuzzer-address) is libfuzzer-address's
# flags, engine and code through another build.sh (.clusterfuzzlite/
# build.sh, which runs scripts/oss-fuzz/build.sh): what it adds is that
# entry point and $OUT's layout, which one fuzzer shows, fuzz_strscpy (the
# one the planted over-read is found with); its binaries are the ones
# libfuzzer-address checked, all nine.  Its build starts from the $WORK
# that libfuzzer-address's build left (check-build.sh -W: the same
# sources, flags and compiler), so make finds the objects and the seed
# corpus up to date and only links, zips and copies into a fresh $OUT: the
# compile it skips is the one libfuzzer-address checked from scratch.
five="fuzz_strscpy fuzz_strscpy_pad fuzz_strlcpy fuzz_strncpy fuzz_relations"
others=$(tree=$PWD; . scripts/oss-fuzz/check/combos.sh; claimed_combos | tr ' ' '\n' |
	grep -vx 'libfuzzer-address' | grep -v '^$' | tr '\n' ' ')
# The other combinations' $OUT are kept (-K) for step 7.  Each
# combination is a check-build.sh of its own (a fresh $SRC/$WORK/$OUT, as
# before), SUITE_JOBS at a time (tests/common.sh), libfuzzer-address
# (the longest) first; their lines are printed in this order, whichever
# ends first.
rm -rf "$out/kept"
combo_check() {  # COMBO: check-build.sh for it, its status in $out/combo-COMBO.rc
	local h=(FUZZ_HARNESSES="$five") w=()
	case $1 in
	libfuzzer-address) h=() ;;
	cflite-libfuzzer-address) h=(FUZZ_HARNESSES=fuzz_strscpy) w=(-W "$out/kept/libfuzzer-address.work") ;;
	cflite-*) h=(FUZZ_HARNESSES=fuzz_strscpy) ;;
	esac
	env ${h[@]+"${h[@]}"} bash scripts/oss-fuzz/check-build.sh -l "$out" -K "$out/kept" ${w[@]+"${w[@]}"} "$1" \
		> "$out/combo-$1.out" 2> "$out/combo-$1.err"
	echo $? > "$out/combo-$1.rc"
	times > "$out/combo-$1.times"
}
for c in libfuzzer-address $others; do
	rm -f "$out/combo-$c.rc"
	# ClusterFuzzLite's build starts from libfuzzer-address's $WORK
	# (check-build.sh -W): the same flags, so it only links.
	[ "$c" = cflite-libfuzzer-address ] && [ -n "${addr_pid:-}" ] && wait "$addr_pid"
	while [ "$(jobs -rp | wc -l)" -ge "$SUITE_JOBS" ]; do wait -n; done
	combo_check "$c" &
	[ "$c" = libfuzzer-address ] && addr_pid=$!
done
wait
rc=0
: > "$out/check-build.out"
: > "$out/check-build.err"
for c in libfuzzer-address $others; do
	cat "$out/combo-$c.out" >> "$out/check-build.out"
	cat "$out/combo-$c.err" >> "$out/check-build.err"
	[ "$(cat "$out/combo-$c.rc" 2>/dev/null)" = 0 ] || rc=1
done
sed -n 's/^\(PASS\|FAIL\|SKIP\) /\1 oss-fuzz-/p' "$out/check-build.out"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$out/check-build.out"; then
	fail "oss-fuzz-check-build: exited $rc without a verdict (see $out/check-build.err)"
fi
grep -q '^PASS' "$out/check-build.out" || [ $rc -ne 0 ] ||
	fail "oss-fuzz-check-build: no combination checked"

# 7. The check fails when an artefact is missing (here: the last fuzzer's
# dictionary), on the libfuzzer-undefined build that step 6 checked and
# kept (-R: the same checks of $OUT, without building it again; built
# when step 6 kept none).
victim=$(make -s --no-print-directory BUILD=build/test/oss-fuzz/probe \
	--eval='strcheck-print-var-%: ; @echo $($*)' strcheck-print-var-FUZZ_HARNESSES 2>/dev/null |
	awk '{print $NF}')
victim=${victim:-fuzz_strscpy}
CHECK_BUILD_REMOVE=$victim.dict FUZZ_HARNESSES="$five" bash scripts/oss-fuzz/check-build.sh -r 100 \
	-R "$out/kept" libfuzzer-undefined > "$out/negative.out" 2> "$out/negative.err"
rc=$?
if [ $rc -ne 0 ] && grep -q "^FAIL libfuzzer-undefined: .*$victim.dict" "$out/negative.out"; then
	pass oss-fuzz-check-build-catches-missing-artefact
else
	fail "oss-fuzz-check-build-catches-missing-artefact: exit $rc, said: $(head -1 "$out/negative.out")"
fi
rm -rf "$out/kept"
