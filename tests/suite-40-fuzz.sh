#!/usr/bin/env bash
# tier: test
# cost: 147
# The fuzzing suite: every libFuzzer harness builds and runs a bounded
# number of executions over its corpus without a finding on the project's
# own code; fuzzing two defective strscpy objects (from tests/zoo/)
# finds each defect with a fixed seed, and strcheck --replay of the crash
# file reports the same class; each zoo defect of strlcat, strncat, stpncpy
# and memccpy is found from the generated corpus, the correct ones are not
# flagged; the relations harness catches a strlcpy that
# breaks them; bad STRCHECK_* settings fail clearly; `make fuzz` prints its
# summary; the AFL++ build runs headless; the seed corpus is generated
# (not in git), the same every time, and covers every line and branch of
# src/lib/strscpy.c (and a one-seed corpus does not, so that check can
# fail).  Every fuzzer run ends after a count of executions (libFuzzer
# -runs, afl-fuzz -E), with a fixed seed (seconds are only a safety
# bound); they and the builds go SUITE_JOBS at a time (tests/common.sh).
# Prints PASS / FAIL / SKIP lines.  CPU (user+sys, `/usr/bin/time nice
# bash tests/suite-40-fuzz.sh` on the shared 2-core machine, make test's
# shared build made first): 171 s, of which (bg's $out/bg-NAME.times) the
# builds 88 (checked 28, AFL++ 27, coverage runners 19, gcc runners 15),
# the reference run 22 (its compile of every source, 13.9 s more, is
# gone), the 52 fuzzer runs 37, the rest (make fuzz, replays, coverage
# reports, corpus) 23.
set -u
cd "$(dirname "$0")/.."
out=build/test/fuzz
rm -rf "$out"
mkdir -p "$out"
BIN=build/fuzz/bin
SEEDS=build/corpus   # the generated seed corpus (make corpus)
RUNS=${FUZZ_TEST_RUNS:-30000}
HARNESSES="fuzz_strscpy fuzz_strscpy_pad fuzz_strlcpy fuzz_strncpy fuzz_strlcat fuzz_strncat
	fuzz_stpncpy fuzz_memccpy fuzz_relations"
# The default build is under test: no compiler or flags from the caller.
unset STRCHECK_IMPL STRCHECK_API STRCHECK_SYMBOL STRCHECK_POLICY CC CXX CFLAGS LIB_FUZZING_ENGINE

. tests/common.sh

if ! command -v clang > /dev/null; then
	skip "fuzz: clang not installed (scripts/deps.sh --check)"
	exit 0
fi
# SUITE_JOBS make jobs and fuzzer runs at a time (tests/common.sh: two
# when run alone, one beside another suite; each fuzzer is one process):
# no outcome depends on it, every run is bounded by its count of
# executions, with a fixed seed.
J=-j$SUITE_JOBS
if ! make -s $J fuzzers corpus > "$out/build.log" 2>&1; then
	fail "fuzz_build: see $out/build.log"
	tail -20 "$out/build.log"
	exit 1
fi
ok=0
for h in $HARNESSES; do
	[ -x $BIN/$h ] && [ -f $BIN/$h.dict ] && [ -f $BIN/$h.options ] || ok=1
done
check fuzz_build $ok "make fuzzers did not write every harness, .dict and .options to $BIN"
grep -q -i 'warning:' "$out/build.log"
check fuzz_build_warning_free_clang $((1 - $?)) "see $out/build.log"

# The other builds (ASan+UBSan checker, AFL++, coverage), then these
# three, then the fuzzers' runs below, go SUITE_JOBS at a time (bg); the builds'
# checks are printed where they were.  Each build writes its own folder.
checked_build() {
	make -s $J fuzzers FUZZ_CHECKER=checked FUZZ_OUT=$out/checked FUZZ_OBJ=$out/checked-obj \
		> "$out/checked-build.log" 2>&1
	echo $? > "$out/checked-build.rc"
}
bg checked-build checked_build
have_afl=0
command -v afl-clang-fast > /dev/null && command -v afl-fuzz > /dev/null && have_afl=1
afl_build() {
	make -s $J fuzz-afl-build > "$out/afl-build.log" 2>&1
	echo $? > "$out/afl-build.rc"
}
[ $have_afl = 0 ] || bg afl-build afl_build
# scripts/coverage.sh's runners, built as it builds them (it finds them
# up to date; were they not, it would build them again, the same).
bg coverage-build make -s $J fuzz-standalone RUN_DIR=build/coverage/bin RUN_CC=clang \
	RUN_CFLAGS="-O0 -g -fprofile-instr-generate -fcoverage-mapping"
# The same sources as plain runners under gcc: warning-free, and they agree.
gcc_build() {
	if command -v gcc > /dev/null; then
		make -s $J fuzz-standalone RUN_CC=gcc RUN_CFLAGS="-O1 -g -Werror" RUN_DIR=$out/gcc \
			> "$out/gcc.log" 2>&1
		check fuzz_build_warning_free_gcc $? "see $out/gcc.log"
	else
		skip "fuzz_build_warning_free_gcc: gcc not installed"
	fi
}
bg gcc gcc_build

# The seed corpus is generated at build time: a second generation gives
# the same files, one folder per harness, none empty; git holds none of it.
corpus_checks() {
	local ok=0 h tracked
	bash scripts/gen-corpus.sh "$out/corpus" > "$out/gen.log" 2>&1 &&
		diff -r "$out/corpus" "$SEEDS" -x .stamp > "$out/corpus.diff" 2>&1 || ok=1
	for h in $HARNESSES; do
		[ -n "$(ls "$SEEDS/$h" 2>/dev/null)" ] || ok=1
	done
	check corpus_generated_deterministic $ok "generation differs or a harness has no seeds (see $out/corpus.diff)"
	tracked=$(git ls-files 'corpus/fuzz_*' 2>/dev/null | head -3)
	check corpus_seeds_not_in_git $([ -z "$tracked" ]; echo $?) "git tracks $tracked"
}
bg corpus corpus_checks

# The engine's cheap reference run (what every harness's check uses) gives
# the outcome of a plain reference run: tests/test_ref_run.c, linked with
# the engine and library strcheck links (build/, which make test builds
# before the suites): compiling every source again under clang -O2 here
# cost 13.9 s of CPU, the link 0.3 s.  (Both compilers' warnings are
# suite-11's: warning_free_gcc, warning_free_clang.)
ref_run() {
	if make -s build/libengine.a build/libstrscpy.a > "$out/ref-run-build.log" 2>&1 &&
	   clang -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -o "$out/test_ref_run" \
		tests/test_ref_run.c build/libengine.a build/libstrscpy.a -ldl -lpthread >> "$out/ref-run-build.log" 2>&1; then
		"$out/test_ref_run" 2>&1 | grep -E '^(PASS|FAIL)' || fail "reference_run_same_outcome: no result"
	else
		fail "reference_run_same_outcome: build failed, see $out/ref-run-build.log"
	fi
}
bg ref-run ref_run

# ---- the project's own code: no finding ----
# own_runs NAME HARNESS SEED [ENV...]: RUNS runs from the seeds, no finding.
# A path this CPU cannot run is skipped (the harness says so, exits 2).
own_runs() {
	local name=$1 h=$2 seed=$3 rc execs
	shift 3
	mkdir -p "$out/work-$name"
	env "$@" timeout 1800 $BIN/$h -seed=$seed -runs=$RUNS -max_len=8200 -dict=corpus/strcheck.dict \
		-print_final_stats=1 -artifact_prefix="$out/work-$name/" "$out/work-$name" "$SEEDS/$h" \
		> "$out/$name.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$name.log")
	if grep -qE 'this CPU cannot run it' "$out/$name.log"; then
		skip "${name}: $(tail -1 "$out/$name.log")"
	elif [ $rc -eq 0 ] && [ "${execs:-0}" -ge "$RUNS" ]; then
		pass "${name}_${RUNS}_runs"
	else
		fail "${name}_${RUNS}_runs: exit $rc, ${execs:-no} executions (see $out/$name.log)"
		grep -A3 '==strcheck==' "$out/$name.log" | head -8
	fi
}
for h in $HARNESSES; do
	bg "${h}_own_code" own_runs "${h}_own_code" "$h" 1
done
# Each path of the project's strscpy (src/lib/strscpy_paths.h), picked by
# STRCHECK_SYMBOL without STRCHECK_IMPL.
for p in strscpy_word strscpy_sse2 strscpy_avx2 strscpy_avx512 strscpy_avx512_avx2; do
	bg "fuzz_strscpy_path_$p" own_runs "fuzz_strscpy_path_$p" fuzz_strscpy 3 STRCHECK_SYMBOL=$p
done
fg

# The checker itself under ASan and UBSan too (FUZZ_CHECKER=checked, as
# OSS-Fuzz builds it): the corpus and some mutations, no finding.
checked_run() {  # HARNESS: prints a line only when it fails
	mkdir -p "$out/checked-work-$1"
	timeout 1800 $out/checked/$1 -seed=2 -runs=5000 -max_len=8200 \
		-artifact_prefix="$out/checked-work-$1/" "$out/checked-work-$1" "$SEEDS/$1" \
		> "$out/checked-$1.log" 2>&1 || echo "  $1: see $out/checked-$1.log"
}
if [ "$(cat "$out/checked-build.rc")" = 0 ]; then
	for h in $HARNESSES; do
		bg "checked-$h" checked_run "$h"
	done
	fg > "$out/checked-runs.txt"
	cat "$out/checked-runs.txt"
	check fuzz_checked_checker_own_code $([ -s "$out/checked-runs.txt" ]; echo $((1 - $?))) \
		"a finding or an error under the sanitized checker"
else
	fail "fuzz_checked_checker_own_code: build failed, see $out/checked-build.log"
fi

# ---- defective objects: found, and replayed by strcheck ----
have_strcheck=0
make -s build/strcheck > "$out/strcheck-build.log" 2>&1 && [ -x build/strcheck ] && have_strcheck=1

# find_defect NAME SO HARNESS CLASS [ENV...]: fuzz from an empty corpus
# with a fixed seed; the harness must report CLASS and save a crash file
# that strcheck --replay reports with CLASS too.
find_defect() {
	local name=$1 so=$2 h=$3 cls=$4 dir=$out/defect-$1
	shift 4
	mkdir -p "$dir/work" "$dir/found"
	env STRCHECK_IMPL="$so" "$@" timeout 1800 $BIN/$h -seed=1 -runs=500000 -max_len=8200 \
		-dict=corpus/strcheck.dict -artifact_prefix="$dir/found/" "$dir/work" \
		> "$dir/fuzz.log" 2>&1
	local crash got
	crash=$(ls "$dir"/found/crash-* 2>/dev/null | head -1)
	got=$(sed -n 's/^  check: *\([a-z-]*\) .*/\1/p' "$dir/fuzz.log" | head -1)
	if [ -z "$crash" ]; then
		fail "fuzz_finds_$name: no crash file within 500000 runs (see $dir/fuzz.log)"
		return
	fi
	check "fuzz_finds_$name" "$([ "$got" = "$cls" ]; echo $?)" \
		"the harness reported '${got:-nothing}', expected $cls (see $dir/fuzz.log)"
	grep -q "replay: strcheck --impl=$so" "$dir/fuzz.log"
	check "fuzz_report_has_replay_line_$name" $? "no replay line in $dir/fuzz.log"
	if [ $have_strcheck -eq 0 ]; then
		skip "strcheck_replays_$name: build/strcheck does not build yet"
		return
	fi
	local sym=()
	for kv in "$@"; do
		case $kv in STRCHECK_SYMBOL=*) sym=(--symbol="${kv#*=}") ;; esac
	done
	build/strcheck --impl="$so" "${sym[@]}" --replay="$crash" > "$dir/replay.out" 2>&1
	local rc=$?
	if [ $rc -eq 1 ] && grep -q "^DEFECT [0-9]*: $cls " "$dir/replay.out"; then
		pass "strcheck_replays_$name"
	else
		fail "strcheck_replays_$name: exit $rc, no '$cls' defect (see $dir/replay.out)"
	fi
}

mkdir -p "$out/so"
# Two of the zoo's defective strscpy objects (tests/zoo/MANIFEST).
for d in bad_unaligned_cross_page bad_haszero_no_not; do
	if ! clang -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -fPIC -shared \
		-o "$out/so/$d.so" tests/zoo/$d.c > "$out/so/$d.log" 2>&1; then
		fail "fuzz_defect_builds_$d: see $out/so/$d.log"
	fi
done
# The count defects (docs/counts.md): each found from an empty corpus by the
# custom mutator's count shapes, and replayed by strcheck with its class.
for d in bad_count_u32 bad_count_u16 bad_count_signed bad_end_wraps bad_sanity_limit \
	 bad_pad_no_intmax; do
	clang -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -fPIC -shared \
		-o "$out/so/$d.so" tests/zoo/$d.c > "$out/so/$d.log" 2>&1 ||
		fail "fuzz_defect_builds_$d: see $out/so/$d.log"
done
# (the fuzzing runs from here on go SUITE_JOBS at a time, bg; fg prints them)
bg unaligned_load find_defect unaligned_load "$out/so/bad_unaligned_cross_page.so" fuzz_strscpy overread
bg haszero_fp find_defect haszero_fp "$out/so/bad_haszero_no_not.so" fuzz_strscpy retval
bg count_u32 find_defect count_u32 "$out/so/bad_count_u32.so" fuzz_strscpy retval
bg count_u16 find_defect count_u16 "$out/so/bad_count_u16.so" fuzz_strlcpy termination
bg count_signed find_defect count_signed "$out/so/bad_count_signed.so" fuzz_strscpy retval
bg end_wraps find_defect end_wraps "$out/so/bad_end_wraps.so" fuzz_strscpy retval
bg sanity_limit find_defect sanity_limit "$out/so/bad_sanity_limit.so" fuzz_strscpy retval
# Its memset of a huge count runs into the dest backed on demand (the
# candidate is loaded with a C library of its own: ASan's memset would first
# scan count / 8 bytes of shadow and run out of memory); the harness reports
# huge-count-writes-nothing, and strcheck --replay names the same class.
pad_no_intmax() {
	local dir=$out/defect-pad_no_intmax crash rc
	mkdir -p "$dir/work" "$dir/found"
	STRCHECK_IMPL=$out/so/bad_pad_no_intmax.so STRCHECK_SYMBOL=strscpy_pad timeout 1800 \
		$BIN/fuzz_strscpy_pad -seed=1 -runs=500000 -max_len=8200 -dict=corpus/strcheck.dict \
		-artifact_prefix="$dir/found/" "$dir/work" > "$dir/fuzz.log" 2>&1
	crash=$(ls "$dir"/found/crash-* 2>/dev/null | head -1)
	if [ -n "$crash" ] && [ $have_strcheck -eq 1 ]; then
		grep -q '^  check: content *\[huge-count-writes-nothing\]' "$dir/fuzz.log"
		check fuzz_finds_pad_no_intmax $? "a crash file but no harness report of huge-count-writes-nothing (see $dir/fuzz.log)"
		build/strcheck --impl="$out/so/bad_pad_no_intmax.so" --symbol=strscpy_pad \
			--replay="$crash" > "$dir/replay.out" 2>&1
		rc=$?
		# strcheck backs a huge count's dest on demand: the padding lands
		# inside dest[0..count-1], where a count above INT_MAX must write
		# nothing (content), not past count (overwrite).
		[ $rc -eq 1 ] && grep -q '^DEFECT [0-9]*: content (rule huge-count-writes-nothing)' "$dir/replay.out"
		check strcheck_replays_pad_no_intmax $? "exit $rc, no huge-count-writes-nothing (see $dir/replay.out)"
	else
		fail "fuzz_finds_pad_no_intmax: no crash file within 500000 runs (see $dir/fuzz.log)"
	fi
}
bg pad_no_intmax pad_no_intmax
# The correct ones that take any count: no finding.
no_false_alarm() {  # ZOO
	local d=$1
	clang -std=c11 -D_GNU_SOURCE -O1 -fPIC -shared -o "$out/so/$d.so" tests/zoo/$d.c &&
	STRCHECK_IMPL=$out/so/$d.so timeout 1800 $BIN/fuzz_strscpy -seed=1 -runs=$RUNS \
		-max_len=8200 -dict=corpus/strcheck.dict -artifact_prefix="$out/so/$d-" \
		"$(mkdir -p "$out/so/$d-work"; echo "$out/so/$d-work")" "$SEEDS/fuzz_strscpy" \
		> "$out/so/$d-fuzz.log" 2>&1
	check "fuzz_no_false_alarm_$d" $? "see $out/so/$d-fuzz.log"
}
for d in ok_word_any_count ok_byte_loop; do
	bg "$d" no_false_alarm "$d"
done

# The relatives (strlcat, strncat, stpncpy, memccpy): each defect of the zoo
# (tests/zoo/MANIFEST) found by its API's harness from the generated seed
# corpus within a bounded number of runs, with one of the classes the zoo
# expects (a case may break more than one clause: memccpy's unconverted c
# copies past c, content, and returns NULL, retval), and strcheck replays
# the case (the report's --case=) with that class too.
# find_in_corpus ZOO API CLASSES (a |-separated list)
find_in_corpus() {
	local zoo=$1 api=$2 classes=$3 dir=$out/corpus-defect-$1 so=build/zoo/$1.so crash got rc
	mkdir -p "$dir/work" "$dir/found"
	STRCHECK_IMPL=$so timeout 1800 $BIN/fuzz_$api -seed=1 -runs=20000 -max_len=8200 \
		-dict=corpus/strcheck.dict -artifact_prefix="$dir/found/" "$dir/work" "$SEEDS/fuzz_$api" \
		> "$dir/fuzz.log" 2>&1
	crash=$(ls "$dir"/found/crash-* 2>/dev/null | head -1)
	got=$(sed -n 's/^  \(check\|also \): *\([a-z-]*\) .*/\2/p' "$dir/fuzz.log" | sort -u | tr '\n' ' ')
	if [ -z "$crash" ]; then
		fail "fuzz_corpus_finds_$zoo: no crash file within 20000 runs (see $dir/fuzz.log)"
		return
	fi
	if ! [[ " $got" =~ \ ($classes)\  ]]; then
		fail "fuzz_corpus_finds_$zoo: the harness reported '$got', expected $classes (see $dir/fuzz.log)"
		return
	fi
	pass "fuzz_corpus_finds_$zoo ($got)"
	[ $have_strcheck -eq 1 ] || return
	# The case checked, from the report (a crash file that was not
	# canonical, such as libFuzzer's first, empty input, is refused by
	# --replay).  A count relative to dest's or src's address (header
	# byte 3, forms 2 and 3) is another count in another process: a
	# defect that truncates it (strncat's int) may not replay, so there
	# strcheck's own plan must find the defect instead.
	hex=$(sed -n 's/^ *or: strcheck .*--case=\([0-9a-f]*\)$/\1/p' "$dir/fuzz.log" | head -1)
	local how=replays what=(--case="$hex")
	case ${hex:6:2} in
	?2 | ?3 | ?a | ?b) how=finds what=(--time=0 --first) ;;
	esac
	build/strcheck --impl="$so" --api="$api" "${what[@]}" > "$dir/replay.out" 2>&1
	rc=$?
	got=$(grep -oE '^DEFECT [0-9]+: [a-z-]+' "$dir/replay.out" | awk '{print $3}' | tr '\n' ' ')
	[ $rc -eq 1 ] && [[ " $got" =~ \ ($classes)\  ]]
	check "strcheck_${how}_corpus_$zoo" $? "exit $rc, classes '$got', expected $classes (${what[*]}; see $dir/replay.out)"
}
if make -s zoo > "$out/zoo-build.log" 2>&1; then
	while read -r zoo api classes; do
		bg "corpus-$zoo" find_in_corpus "$zoo" "$api" "$classes"
	done <<-'LIST'
	bad_strlcat_strlen_dst     strlcat overread
	bad_strlcat_full_retval    strlcat retval
	bad_strlcat_no_room_check  strlcat overwrite
	bad_strncat_reads_n        strncat overread
	bad_strncat_word_past_nul  strncat overwrite
	bad_strncat_count_int      strncat content
	bad_stpncpy_exact_fill_ret stpncpy retval
	bad_stpncpy_fill_word      stpncpy overwrite
	bad_stpncpy_ret_fill_end   stpncpy retval
	bad_memccpy_int_c          memccpy retval|content|overread
	bad_memccpy_signed_char    memccpy retval|content|overread
	bad_memccpy_word_no_limit  memccpy overread
	LIST
	# ... and the correct ones of the zoo pass the same runs.
	relative_ok() {  # ZOO:API, prints a line only when it fails
		local z=$1 d=$out/corpus-ok-${1%%:*}
		mkdir -p "$d"
		STRCHECK_IMPL=build/zoo/${z%%:*}.so timeout 1800 $BIN/fuzz_${z##*:} -seed=1 -runs=20000 \
			-max_len=8200 -dict=corpus/strcheck.dict -artifact_prefix="$d/" "$d" \
			"$SEEDS/fuzz_${z##*:}" > "$d.log" 2>&1 || echo "  ${z%%:*}: see $d.log"
	}
	fg
	for z in ok_strlcat_bsd:strlcat ok_strlcat_strnlen:strlcat ok_strncat_page_limited:strncat \
		 ok_strncat_strnlen:strncat ok_stpncpy_word:stpncpy ok_memccpy_page_limited:memccpy \
		 ok_memccpy_memchr:memccpy; do
		bg "ok-${z%%:*}" relative_ok "$z"
	done
	fg > "$out/relatives-ok.txt"
	cat "$out/relatives-ok.txt"
	check fuzz_relatives_no_false_alarm $([ -s "$out/relatives-ok.txt" ]; echo $((1 - $?))) \
		"a finding in a correct zoo entry"
else
	fg
	fail "fuzz_relatives_zoo_build: see $out/zoo-build.log"
fi

# The relations harness, with a strlcpy that returns what it copied.
zoo=tests/zoo/bad_strlcpy_ret_copied.c
if [ -f $zoo ] && clang -std=c11 -D_GNU_SOURCE -O1 -fPIC -shared -o "$out/so/bad_strlcpy.so" \
	$zoo > "$out/so/bad_strlcpy.log" 2>&1; then
	dir=$out/defect-relations
	mkdir -p "$dir/work" "$dir/found"
	STRCHECK_IMPL=$out/so/bad_strlcpy.so STRCHECK_API=strlcpy timeout 1800 \
		$BIN/fuzz_relations -seed=1 -runs=500000 -max_len=8200 -artifact_prefix="$dir/found/" \
		"$dir/work" > "$dir/fuzz.log" 2>&1
	grep -q '^  check: content .*\[strlcpy-return\]' "$dir/fuzz.log" &&
		ls "$dir"/found/crash-* > /dev/null 2>&1
	check fuzz_relations_finds_bad_strlcpy $? "no strlcpy-return finding (see $dir/fuzz.log)"
else
	skip "fuzz_relations_finds_bad_strlcpy: $zoo missing or does not build"
fi

# ---- bad environment: exit 2, one clear line ----
bad_env() {
	local name=$1 want=$2
	shift 2
	env "$@" $BIN/fuzz_strscpy -runs=1 > "$out/env-$name.log" 2>&1
	local rc=$?
	[ $rc -eq 2 ] && grep -q "$want" "$out/env-$name.log"
	check "fuzz_env_$name" $? "exit $rc, no '$want' (see $out/env-$name.log)"
}
bad_env missing_impl "cannot open /nonexistent.so" STRCHECK_IMPL=/nonexistent.so
bad_env not_elf "not a shared object" STRCHECK_IMPL=corpus/strcheck.dict
bad_env wrong_api "this harness fuzzes strscpy" STRCHECK_API=strlcpy
bad_env bad_api "not one of strscpy" STRCHECK_API=memcpy
# The relations are between the strscpy family: a relative is refused.
env STRCHECK_API=strlcat $BIN/fuzz_relations -runs=1 > "$out/env-relations_relative.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "the relations are between strscpy" "$out/env-relations_relative.log"
check fuzz_env_relations_relative $? "exit $rc (see $out/env-relations_relative.log)"
bad_env no_symbol "has no symbol 'nope'" STRCHECK_IMPL=$out/so/bad_haszero_no_not.so STRCHECK_SYMBOL=nope
bad_env bad_policy "not no-leak or strict" STRCHECK_POLICY=lax

# ---- make fuzz: the summary ----
# (2,000 runs per harness, not seconds: the summary row is the outcome, and
# a count is the same on a loaded machine; FUZZ_TIME is only the bound.)
make -s fuzz FUZZ_TIME=600 JOBS=2 FUZZ_ARGS="-seed=1 -runs=2000" FUZZ_HARNESSES="fuzz_strscpy fuzz_strlcpy" \
	FUZZ_WORK="$out/make-fuzz" > "$out/make-fuzz.log" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(grep -cE '^fuzz_(strscpy|strlcpy) +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +no defect$' \
	"$out/make-fuzz.log")" -eq 2 ]
check make_fuzz_summary $? "exit $rc, no summary row per harness (see $out/make-fuzz.log)"

# A defect: exit 1, the class in the summary, the report beside the file.
# (Bounded by runs, not by time: a loaded machine runs fewer per second.)
STRCHECK_IMPL=$out/so/bad_haszero_no_not.so make -s fuzz FUZZ_TIME=600 FUZZ_ARGS="-seed=1 -runs=500000" \
	FUZZ_WORK="$out/make-fuzz-defect" > "$out/make-fuzz-defect.log" 2>&1
rc=$?
crash=$(ls "$out"/make-fuzz-defect/findings/fuzz_strscpy/crash-* 2>/dev/null | grep -v '\.txt$' | head -1)
# (make exits 2 when scripts/fuzz.sh exits 1: "Error 1" names the latter)
[ $rc -ne 0 ] && grep -q 'fuzz] Error 1' "$out/make-fuzz-defect.log" &&
	grep -q '^fuzz_strscpy: retval ' "$out/make-fuzz-defect.log" && [ -n "$crash" ] &&
	grep -q '^  check: retval ' "$crash.txt" && grep -q -- '--case=' "$crash.txt"
check make_fuzz_reports_defect $? "exit $rc, no retval finding with its report (see $out/make-fuzz-defect.log)"

# ---- AFL++ ----
# (beside the coverage run below: bg)
afl_checks() {
	local rc execs
	if [ $have_afl = 0 ]; then
		skip "afl_build: afl++ not installed (scripts/deps.sh --check)"
	else
		rc=$(cat "$out/afl-build.rc" 2>/dev/null || echo 1)
		check afl_build $rc "see $out/afl-build.log"
		if [ $rc -eq 0 ]; then
			# Bounded by executions (-E), not seconds; FUZZ_TIME (afl-fuzz
			# -V) is only the bound.  AFL_FAST_CAL: fewer calibration runs
			# of each seed (as OSS-Fuzz's check-build.sh runs it).
			AFL_ARGS="-E 10000" AFL_FAST_CAL=1 make -s fuzz-afl FUZZ_TIME=600 FUZZ_HARNESSES=fuzz_strscpy \
				FUZZ_WORK="$out/afl-work" > "$out/afl-run.log" 2>&1
			rc=$?
			execs=$(awk '$1 == "fuzz_strscpy" { print $2 }' "$out/afl-run.log")
			[ $rc -eq 0 ] && [ "${execs:-0}" -ge 10000 ] && grep -q 'no defect' "$out/afl-run.log"
			check afl_headless_run $? "exit $rc, ${execs:-no} executions (see $out/afl-run.log)"
		fi
	fi
}
bg afl afl_checks

# ---- coverage of the library from the corpus ----
coverage_check() {
	if MAKEFLAGS=$J bash scripts/coverage.sh > "$out/coverage.log" 2>&1; then
		pass "coverage_strscpy_pieces_100_lines_branches: $(tail -1 "$out/coverage.log")"
	else
		fail "coverage_strscpy_pieces_100_lines_branches: $(grep FAIL "$out/coverage.log" | head -1) (see $out/coverage.log)"
	fi
}
bg coverage coverage_check
fg
mini=$out/mini-corpus
for h in $HARNESSES; do
	mkdir -p "$mini/$h"
	cp "$SEEDS/$h"/000-* "$mini/$h/"
done
# The same instrumented runners as the run above (copied with their times,
# so make finds them up to date and builds nothing twice).
rm -rf "$out/mini-coverage"
mkdir -p "$out/mini-coverage"
[ -d build/coverage/bin ] && cp -a build/coverage/bin "$out/mini-coverage/bin"
CORPUS=$mini COVERAGE_OUT=$out/mini-coverage bash scripts/coverage.sh > "$out/mini-coverage.log" 2>&1
check coverage_check_can_fail $((1 - ($? != 0))) "a one-seed corpus passed the 100% check"
