#!/usr/bin/env bash
# tier: test
# cost: 175
# The strcheck suite: the checker against its zoo (tests/zoo/MANIFEST: every
# defective implementation fails with its expected class, every correct one
# passes), isolation (a candidate that exits, hangs with signals blocked or
# scribbles over the checker costs a case, not the run), replay, same seed
# same report, the JSON output, and every kind of bad input (exit 2, one
# line on stderr).  Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
#
# Each zoo entry runs the default plan (--time=0: the grid, the traced
# plan whole, the sampled race and reader checks) with its MANIFEST flags.
# The sampled checks of an entry without a --race-time of its own get
# --race-time=0.1 (CPU seconds of each; at 0.5 each check cost 0.8 s of
# CPU more): no expected class of a non-race entry is found by them (each
# is the grid's or the traced check's, which are not timed), and a
# correct entry passes them in any time, its report giving their calls;
# zoo_own_strscpy keeps the default 2.25 s, its report's overlap counts
# checked below.  An entry that expects a defect runs with --first: the
# plan is the same on every machine and load, so where its first finding
# is of the class expected, the rest of the run would only add findings
# (tests/suite-47-reports.sh runs one entry of each class whole); where
# the first is of another class (bad_count_zero, bad_pad_minus_e2big,
# bad_memccpy_int_c) the entry runs again whole (the first run kept as
# $out/NAME.first.out).  A correct entry must pass the traced plan whole
# (its line "traced check: all N cases"), where this build has a tracer:
# tests/suite-43-race-traced.sh no longer runs those entries again.  The
# race entries (--race-time=20 --first) are found by the traced check,
# deterministic under any load (suite-43), so they run two at a time;
# where the first one's report says this build has no tracer, the rest
# run one at a time (then the sampled threads must find them, and a
# concurrent check needs both cores to itself).
#
# Cost (`/usr/bin/time bash tests/suite-30-strcheck.sh`, the old and this
# one back to back at load 2, 5 December 2026): 232 s of CPU, 137 s wall,
# where the whole runs and 0.5 s took 346 s and 300 s; the zoo's runs
# 162 s of it (263 s).  The most: the three bad_overread_*_probe entries,
# 8-15 s each, their traced plan to case 1853 (a byte at a page end read
# twice is a flip run, and their probe's system call ends each onward
# run: 14,287 flip runs and 154,787 faults for the sigmask one, 5,835
# faults for ok_probe_sigmask's whole plan).  `# cost:` scales CI's last
# figure (260 s wall for 333 s of CPU) by the CPU saved.
set -u
cd "$(dirname "$0")/.."
out=build/test/strcheck
mkdir -p "$out"
SC=build/strcheck

. tests/common.sh

if ! make -s build/strcheck build/libstrscpy.so zoo > "$out/build.log" 2>&1; then
	fail "build_strcheck_and_zoo: see $out/build.log"
	tail -20 "$out/build.log"
	exit 1
fi
pass "build_strcheck_and_zoo"

# Warning-free under both compilers, the zoo included.
for cc in gcc clang; do
	if ! command -v $cc > /dev/null; then
		skip "warning_free_$cc: $cc not installed"
		continue
	fi
	ok=0
	# (repro_template.c and repro_reference.c are the reproducers' body:
	# suite-47 builds those.)
	files=$(ls src/{cli,scan,report,supervise,candidate}/*.c src/{scan,report,supervise,candidate}/*/*.c \
		    tests/zoo/*.c | grep -v "repro_template\|repro_reference")
	flags="-std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Ibuild/gen -fsyntax-only"
	: > "$out/warn-$cc.log"
	# clang: the front end its driver runs for one file (-###), given
	# every file at once (clang -cc1 checks each input in turn, in one
	# process: 3 s of CPU for the 248 files instead of 40 s, most of which
	# was clang starting 248 times); gcc's cc1 takes one file, so gcc
	# runs once per file, as clang does where -### says something else.
	cc1=()
	if [ $cc = clang ]; then
		eval "cc1=($(clang $flags -### tests/zoo/ok_byte_loop.c 2>&1 | tail -1))"
		if [ "${cc1[1]:-}" = -cc1 ] && [ "${cc1[${#cc1[@]}-1]}" = tests/zoo/ok_byte_loop.c ]; then
			unset 'cc1[${#cc1[@]}-1]'
		else
			cc1=()
		fi
	fi
	if [ ${#cc1[@]} -gt 0 ]; then
		# shellcheck disable=SC2086
		"${cc1[@]}" $files >> "$out/warn-$cc.log" 2>&1 || ok=1
	else
		# (16 files a driver, one driver per core: the files' order in
		# the log may mix, not their lines)
		# shellcheck disable=SC2086
		printf '%s\n' $files | xargs -P "$(nproc)" -n 16 $cc $flags >> "$out/warn-$cc.log" 2>&1 || ok=1
	fi
	check "warning_free_$cc" $ok "see $out/warn-$cc.log"
done

# ---- the zoo ----
# One run per manifest line, two at a time; then judge them in order.
# zoo_name FILE FLAGS API SYMBOL: sets $name, in the shell itself (a
# process costs milliseconds of CPU on a paravirtualized host, and every
# line of the zoo is named twice).
zoo_name() {
	local f=${2//[^a-z0-9,]/}
	f=${f//,/_}
	name=${1##*/}
	name=${name%.so}
	[ "$2" = "-" ] || name="${name}_$f"
	# the library's own paths by symbol; a second line for one (not
	# --reader) keeps its flags in the name
	if [ "$1" = build/libstrscpy.so ]; then
		name="own_$4"
		case $2 in --reader | -) ;; *) name="${name}_$f" ;; esac
	fi
	name=zoo_$name
}
# A path of the project's strscpy that this CPU cannot run is skipped, not
# run (strscpy_avx2 without AVX2 dies of an illegal instruction, and
# strscpy_avx512 without AVX-512 F, BW and VL; off x86-64 no vector path
# is built).  Prints the (first) CPU flag it lacks.
# ZOO_CPU_FLAGS stands in for the CPU's flags (to see the skip on a
# machine that has them all).
zoo_cpu_lacks() {
	local need flags f
	case $1:$2 in
	build/libstrscpy.so:strscpy_avx512) need="avx512f avx512bw avx512vl bmi1 bmi2" ;;
	build/libstrscpy.so:strscpy_avx512_avx2) need="avx512f avx512bw avx512vl avx2" ;;
	build/libstrscpy.so:strscpy_avx2) need=avx2 ;;
	build/libstrscpy.so:strscpy_sse2) need=sse2 ;;
	*) return 1 ;;
	esac
	flags=" ${ZOO_CPU_FLAGS-$(sed -n 's/^flags[[:space:]]*://p;T;q' /proc/cpuinfo 2> /dev/null)} "
	for f in $need; do
		[[ $flags != *" $f "* ]] && echo "$f" && return 0
	done
	return 1
}
zoo_run() {
	local file=$1 sym=$2 api=$3 flags=$4 expect=$5 name so first= rc
	zoo_name "$file" "$flags" "$api" "$sym"
	zoo_cpu_lacks "$file" "$sym" > /dev/null && return
	so=build/zoo/$file.so
	case $file in */*) so=$file ;; esac
	[ "$flags" = "-" ] && flags=""
	# the sampled checks' least time (see the header)
	case ",$flags," in *,--race-time=*) ;; *) [ "$name" = zoo_own_strscpy ] || flags="$flags,--race-time=0.1" ;; esac
	# a defect ends the run at its first finding, and where that is of
	# another class the run is made again whole (see the header)
	case "$expect:,$flags," in pass:* | *,--first,*) ;; *) first=--first ;; esac
	rm -f "$out/$name.first.out"
	timeout 1200 $SC --impl="$so" --symbol="$sym" --api="$api" --time=0 ${flags//,/ } $first \
		> "$out/$name.out" 2> "$out/$name.err"
	rc=$?
	if [ -n "$first" ] && ! verdict_is "$expect" $rc "$out/$name.out"; then
		mv "$out/$name.out" "$out/$name.first.out"
		timeout 1200 $SC --impl="$so" --symbol="$sym" --api="$api" --time=0 ${flags//,/ } \
			> "$out/$name.out" 2> "$out/$name.err"
		rc=$?
	fi
	echo $rc > "$out/$name.rc"
}
export -f zoo_run zoo_name zoo_cpu_lacks verdict_is classes_of
export SC out
grep -v '^#' tests/zoo/MANIFEST | awk 'NF == 5 && $5 != "race"' |
	xargs -P 2 -L 1 bash -c 'zoo_run "$@"' _
# The race entries afterwards: the first alone; two at a time if its
# report has the traced check, else one at a time (see the header).
races=$(grep -v '^#' tests/zoo/MANIFEST | awk 'NF == 5 && $5 == "race"')
if [ -n "$races" ]; then
	read -r file sym api flags expect <<< "$races"
	zoo_run "$file" "$sym" "$api" "$flags" "$expect"
	zoo_name "$file" "$flags" "$api" "$sym"
	f=$out/$name.out
	jobs=1
	grep -q '^traced check: ' "$f" && ! grep -q '^traced check: not here' "$f" && jobs=2
	tail -n +2 <<< "$races" | xargs -P $jobs -L 1 bash -c 'zoo_run "$@"' _
fi
# tests/zoo/PENDING, read once: its entries' reasons by file.
declare -A pending
while read -r file why; do
	case $file in '#'* | '') continue ;; esac
	[ -n "${pending[$file]+set}" ] || pending[$file]=$why
done < tests/zoo/PENDING
while read -r file sym api flags expect; do
	case $file in '#'* | '') continue ;; esac
	zoo_name "$file" "$flags" "$api" "$sym"
	if [ "$file" = build/libstrscpy.so ] && lacks=$(zoo_cpu_lacks "$file" "$sym"); then
		skip "$name: this CPU has no $lacks"
		continue
	fi
	rc=none
	[ -f "$out/$name.rc" ] && read -r rc < "$out/$name.rc"
	verdict_is "$expect" "$rc" "$out/$name.out"
	ok=$?
	# a correct entry passes the traced plan whole, where there is one
	if [ $ok = 0 ] && [ "$expect" = pass ]; then
		traced=$(grep -m1 '^traced check: ' "$out/$name.out")
		if [ -n "$traced" ] && [[ $traced != "traced check: not here"* ]] &&
		   [[ $traced != "traced check: all "[0-9]*" cases"* ]]; then
			ok=1
			rc="$rc, not the traced plan whole ($traced)"
		fi
	fi
	# An entry waiting for tracer work (tests/zoo/PENDING): SKIP, with why.
	pend=${pending[$file]:-}
	if [ -n "$pend" ] && [ $ok != 0 ]; then
		skip "$name: pending: $pend (got exit $rc)"
		continue
	fi
	[ -n "$pend" ] && echo "NOTE $name: pending in tests/zoo/PENDING, and now gets its verdict"
	if [ $ok = 0 ]; then
		pass "$name"
	else
		fail "$name: expected $expect, got exit $rc, classes: $(classes_of "$out/$name.out")(see $out/$name.out)"
	fi
done < tests/zoo/MANIFEST

# Every class of the brief is covered by some zoo entry.
missing=""
for cls in overread overwrite underread underwrite src-write retval termination content leak \
	   race hang crash; do
	grep -v '^#' tests/zoo/MANIFEST | awk '{print $5}' | grep -qx -- "$cls" || missing="$missing $cls"
done
check zoo_covers_every_class "$([ -z "$missing" ]; echo $?)" "no entry for:$missing"

# A passing report says how many calls overlapped a mutation (and > 0).
f=$out/zoo_own_strscpy.out
n=$(sed -n 's/^race check: [0-9]* calls, \([0-9]*\) of them overlapped.*/\1/p' "$f")
check report_counts_race_overlaps "$([ "${n:-0}" -gt 0 ]; echo $?)" "no overlap count in $f"
n=$(sed -n 's/^reader check: [0-9]* calls, \([0-9]*\) of them overlapped.*/\1/p' "$f")
check report_counts_reader_overlaps "$([ "${n:-0}" -gt 0 ]; echo $?)" "no reader count in $f"
grep -q '^race check: skipped (the contract of this API promises no race' "$out/zoo_ok_strlcpy_bsd.out"
check report_says_race_skipped_for_strlcpy $? "see $out/zoo_ok_strlcpy_bsd.out"

# ---- the concurrent checks' time and CPUs (docs/race.md) ----
# --time longer than the default gives the race check its share (a
# quarter), past the old 2 s cap; --race-time sets it directly.  A check
# may also end by what it achieved: 200,000 overlapped calls (SC_ENOUGH_
# OVERLAP, a fast machine) count as its share spent.
race_secs() { sed -n 's/^race check: .*, in \([0-9.]*\) s.*/\1/p' "$1"; }
race_overlaps() { sed -n 's/^race check: [0-9]* calls, \([0-9]*\) of them overlapped.*/\1/p' "$1"; }
$SC --time=14 --cases=0 > "$out/race-share.out" 2>&1
t=$(race_secs "$out/race-share.out")
o=$(race_overlaps "$out/race-share.out")
check race_time_follows_time "$(awk -v t="${t:-0}" -v o="${o:-0}" 'BEGIN {exit !(t >= 3.4 || o >= 200000)}'; echo $?)" \
	"race check ran ${t:-?} s with --time=14 (want 3.5), see $out/race-share.out"
$SC --time=0 --race-time=1.5 > "$out/race-time.out" 2>&1
t=$(race_secs "$out/race-time.out")
o=$(race_overlaps "$out/race-time.out")
check race_time_option "$(awk -v t="${t:-0}" -v o="${o:-0}" 'BEGIN {exit !(t >= 1.4 || o >= 200000)}'; echo $?)" \
	"race check ran ${t:-?} s with --race-time=1.5, see $out/race-time.out"
$SC --time=0 --race-time=0 > "$out/race-time0.out" 2>&1
grep -q '^race check: skipped (--race-time=0)' "$out/race-time0.out"
check race_time_zero_skips $? "see $out/race-time0.out"
# One CPU: the report says the threads could not run at once.
if command -v taskset > /dev/null; then
	taskset -c 0 $SC --time=0 --race-time=0.5 > "$out/one-cpu.out" 2>&1
	grep -q '^race check: .*(one CPU: the two threads took turns' "$out/one-cpu.out"
	check report_says_one_cpu $? "see $out/one-cpu.out"
else
	skip "report_says_one_cpu: taskset not installed"
fi

# Each defect report carries the parts the brief asks for.
f=$out/zoo_bad_leak_final_word.out
ok=0
for want in '^  check ' '^  input     src    = "' '^            count  = ' '^            src .*guard' \
	    '^            dest .*guard' '^  expected  returns ' '^  actual    returned ' \
	    '^            expected  ' '^            actual    ' '^  found by  grid case [0-9]* (seed 1)' \
	    '^  replay    strcheck --impl=build/zoo/bad_leak_final_word.so --api=strscpy --case=[0-9a-f]*$' \
	    '^VERDICT: FAIL'; do
	grep -q -- "$want" "$f" || { ok=1; echo "missing: $want"; }
done
check report_has_input_expected_actual_replay $ok "see $f"
f=$out/zoo_bad_strlen_first.out
grep -q 'faulted (Segmentation fault): read at src+[0-9]*, 1 byte past the last byte it may read' "$f"
check report_fault_relative_to_buffers $? "see $f"

# ---- replay ----
# The replay line of a report reproduces the same class, from hex and from a file.
f=$out/zoo_bad_no_nul_on_trunc.out
cmd=$(sed -n 's/^  replay    //p' "$f" | head -1)
hex=${cmd##*--case=}
if [ -n "$cmd" ]; then
	${cmd/strcheck/$SC} > "$out/replay-hex.out" 2>&1
	rc=$?
	grep -q '^DEFECT 1: termination' "$out/replay-hex.out" && [ $rc = 1 ]
	check replay_case_hex_reproduces $? "exit $rc, see $out/replay-hex.out"
	printf '%s' "$hex" | xxd -r -p > "$out/crash-file"
	$SC --impl=build/zoo/bad_no_nul_on_trunc.so --replay="$out/crash-file" > "$out/replay-file.out" 2>&1
	rc=$?
	grep -q '^DEFECT 1: termination' "$out/replay-file.out" && [ $rc = 1 ]
	check replay_file_reproduces $? "exit $rc, see $out/replay-file.out"
	$SC --replay="$out/crash-file" > "$out/replay-own.out" 2>&1
	check replay_file_passes_on_correct_impl $? "see $out/replay-own.out"
else
	fail "replay_case_hex_reproduces: no replay line in $f"
fi
idx=$(sed -n 's/^  found by  grid case \([0-9]*\).*/\1/p' "$out/zoo_bad_keep_mask.out" | head -1)
$SC --impl=build/zoo/bad_keep_mask.so --grid-case="${idx:-0}" > "$out/grid-case.out" 2>&1
rc=$?
grep -q '^DEFECT 1: content' "$out/grid-case.out" && [ $rc = 1 ]
check replay_grid_case_index $? "exit $rc, see $out/grid-case.out"

# ---- isolation ----
# exit() in the candidate: reported, the run resumes after it, the leak
# found before it is kept (listed after the crash: worst first).
$SC --impl=build/zoo/iso_leak_then_exit.so --time=0 --no-race > "$out/iso-exit.out" 2>&1
rc=$?
grep -q '^DEFECT 1: crash (rule no-exit)' "$out/iso-exit.out" && grep -q '^DEFECT 2: leak' "$out/iso-exit.out" &&
	grep -q '^checked process restarted' "$out/iso-exit.out" &&
	grep -q '^cases: 891[0-9]* of 891314 in the grid' "$out/iso-exit.out" && [ $rc = 1 ]
check isolation_exit_keeps_earlier_findings_and_resumes $? "exit $rc, see $out/iso-exit.out"
# A hang with every signal blocked: the supervisor kills the child.
timeout 1200 $SC --impl=build/zoo/iso_hang_masked.so --time=0 --no-race --timeout=50 > "$out/iso-hang.out" 2>&1
rc=$?
grep -q '^DEFECT 1: hang (rule makes-progress)' "$out/iso-hang.out" &&
	grep -q '^cases: 891[0-9]* of 891314 in the grid' "$out/iso-hang.out" && [ $rc = 1 ]
check isolation_hang_with_signals_blocked $? "exit $rc, see $out/iso-hang.out"
# A scribble over the checker's own stack.
timeout 1200 $SC --impl=build/zoo/iso_scribble.so --time=0 --no-race > "$out/iso-scribble.out" 2>&1
rc=$?
grep -q '^DEFECT 1: ' "$out/iso-scribble.out" && grep -q '^VERDICT: FAIL' "$out/iso-scribble.out" && [ $rc = 1 ]
check isolation_scribble_over_checker $? "exit $rc, see $out/iso-scribble.out"

# ---- same seed, same report; JSON ----
a=$($SC --impl=build/zoo/bad_signed_char.so --seed=7 --cases=3000 --no-race 2>&1)
b=$($SC --impl=build/zoo/bad_signed_char.so --seed=7 --cases=3000 --no-race 2>&1)
check same_seed_same_report "$([ -n "$a" ] && [ "$a" = "$b" ]; echo $?)" "two runs differ"
c=$($SC --impl=build/zoo/bad_signed_char.so --seed=8 --cases=3000 --no-race 2>&1)
check seed_is_in_report "$([ "$a" != "$c" ] && grep -q 'seed 8' <<< "$c"; echo $?)" "seed 8 report = seed 7 report"
$SC --impl=build/zoo/bad_exact_fit.so --time=0 --format=json > "$out/report.json" 2> "$out/json.err"
rc=$?
python3 - "$out/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["verdict"] == "fail" and r["defects"], r
d = r["defects"][0]
for k in ("class", "rule", "check", "what", "cases", "found_by", "case", "input", "expected",
          "actual", "dest_image", "replay"):
    assert k in d, k
assert d["replay"].startswith("strcheck --impl=build/zoo/bad_exact_fit.so --api=strscpy --case=")
assert r["race"]["ran"] and r["race"]["calls"] > 0
PY
check json_report_valid_and_complete "$([ $? = 0 ] && [ $rc = 1 ]; echo $?)" "exit $rc, see $out/report.json"
$SC --time=0 --race-time=0.1 --format=json > "$out/pass.json" 2> "$out/notty.err"
rc=$?
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["verdict"]=="pass" and r["defects"]==[]' "$out/pass.json"
check json_report_pass "$([ $? = 0 ] && [ $rc = 0 ]; echo $?)" "exit $rc, see $out/pass.json"

# ---- terminal behaviour ----
# (The JSON run above, its stderr not a terminal: one whole run fewer.)
check no_progress_when_not_a_terminal "$([ ! -s "$out/notty.err" ]; echo $?)" "stderr: $(head -c 200 "$out/notty.err")"
if command -v script > /dev/null; then
	# (progress shows once a run has lasted a second: --time=3 lasts longer)
	script -qec "$SC --time=3 > /dev/null" /dev/null > "$out/tty.out" 2>&1
	grep -q 'strcheck: grid' "$out/tty.out"
	check progress_on_a_terminal $? "no progress line in $out/tty.out"
else
	skip "progress_on_a_terminal: script(1) not installed"
fi
$SC --impl=build/zoo/bad_leak_final_word.so --first --quiet > "$out/first.out" 2>&1
rc=$?
[ $rc = 1 ] && [ "$(grep -c '^DEFECT' "$out/first.out")" = 1 ]
check first_stops_at_first_defect $? "exit $rc, see $out/first.out"
$SC --help > "$out/help.out" 2>&1
check help_exits_0 "$([ $? = 0 ] && grep -q -- '--impl=PATH' "$out/help.out"; echo $?)" "see $out/help.out"

# ---- bad input: exit 2, nothing on stdout, one line on stderr ----
printf 'not an ELF file\n' > "$out/not-elf.so"
printf '' > "$out/empty.case"
printf '\001\002\003' > "$out/short.case"
head -c 140000 /dev/zero > "$out/long.case"
# A case file of the old encoding (version 1: 8-byte header, 32-bit count).
printf '\000\000\000\000\004\000\000\000abcdef\000' > "$out/v1.case"
# An architecture strcheck has no build for (a foreign one it has a build
# for runs under qemu-user: tests/suite-60-cross.sh): the project's own .so
# with its ELF machine field rewritten to MIPS.
cp build/libstrscpy.so "$out/mips.so"
printf '\010\000' | dd of="$out/mips.so" bs=1 seek=18 conv=notrunc 2> /dev/null
# A 32-bit x86-64 object (x32): the ELF class byte rewritten.
cp build/libstrscpy.so "$out/elf32.so"
printf '\001' | dd of="$out/elf32.so" bs=1 seek=4 conv=notrunc 2> /dev/null
unreadable=$out/unreadable.case
cp "$out/crash-file" "$unreadable" 2> /dev/null || printf '0123456789' > "$unreadable"
chmod 000 "$unreadable"

bad unknown_flag "unknown option '--bogus'" --bogus
bad positional "unexpected argument" build/libstrscpy.so
bad missing_value "missing value" --impl
bad empty_impl "needs a path" --impl=
bad api_unknown "unknown API" --api=strcpy
bad seed_negative "not an unsigned" --seed=-5
bad seed_junk "not an unsigned" --seed=12x
bad seed_hex_negative "not an unsigned" --seed=0x-5
bad seed_too_big "not an unsigned" --seed=18446744073709551616
bad time_junk "expected seconds" --time=soon
bad time_negative "expected seconds" --time=-1
bad time_nan "expected seconds" --time=nan
bad race_time_junk "expected seconds" --race-time=soon
bad race_time_negative "expected seconds" --race-time=-2
bad reader_strlcpy "the strlcpy contract promises no single-write destination" --api=strlcpy --reader
bad reader_strncpy "the strncpy contract promises no single-write destination" --api=strncpy --reader
bad cases_junk "not a number" --cases=many
bad timeout_zero "expected milliseconds" --timeout=0
bad format_xml "expected text, json, junit or sarif" --format=xml
bad two_replays "only one of" --case=00000000000000000000 --grid-case=1
bad grid_case_range "out of range" --grid-case=999999999
bad missing_file "cannot open .*No such file" --impl=build/zoo/no-such.so
bad not_elf "not a shared object" --impl="$out/not-elf.so"
bad directory "cannot read build/zoo: Is a directory" --impl=build/zoo
bad wrong_arch "ELF file for MIPS (ELF machine 8); strcheck has builds for x86-64, i386" --impl="$out/mips.so"
bad wrong_class "32-bit little-endian ELF file for x32" --impl="$out/elf32.so"
bad unknown_arch "--arch=vax: unknown architecture (expected one of x86-64, i386, s390x" --arch=vax
bad arch_mismatch "libstrscpy.so is built for x86-64 (64-bit little-endian), not for --arch=s390x" --impl=build/libstrscpy.so --arch=s390x
bad missing_symbol "has no symbol 'strlcpy'" --api=strlcpy
bad missing_symbol_named "has no symbol 'my_copy'" --symbol=my_copy
bad ctor_crash "its constructor crashed (Segmentation fault" --impl=build/zoo/load_ctor_crash.so
bad ctor_exit "its constructor called exit(0)" --impl=build/zoo/load_ctor_exit.so
bad ctor_hang "its constructor did not return within 5 s" --impl=build/zoo/load_ctor_hang.so
bad ctor_stdout "cannot load build/zoo/load_ctor_stdout.so: its constructor replaced standard descriptor 1" --impl=build/zoo/load_ctor_stdout.so
bad hex_odd "even number of hex digits" --case=123
bad hex_junk "even number of hex digits" --case=zz00000000000000
bad hex_short "too short" --case=0011
bad replay_missing "cannot open" --replay=build/zoo/no-such.case
bad replay_directory "is a directory" --replay=build
bad replay_empty "corrupt case file: 0 bytes" --replay="$out/empty.case"
bad replay_short "corrupt case file: 3 bytes" --replay="$out/short.case"
bad replay_too_long "corrupt case file: longer than any" --replay="$out/long.case"
bad replay_version_1 "case encoding version 1 (32-bit count), not 3 or 2" --replay="$out/v1.case"
if [ "$(id -u)" != 0 ]; then
	bad replay_unreadable "cannot open: Permission denied" --replay="$unreadable"
else
	# Root reads every file: strcheck runs as nobody for this one.
	SC="setpriv --reuid=65534 --regid=65534 --clear-groups $SC" \
		bad replay_unreadable "cannot open: Permission denied" --replay="$unreadable"
fi
bad case_api_mismatch "the case is for strscpy, not --api=strlcpy" --api=strlcpy --case=000000200400000000000000616200
chmod 600 "$unreadable"
exit 0
