#!/usr/bin/env bash
# check-build.sh - run scripts/oss-fuzz/build.sh here, without Docker, with
# the environment OSS-Fuzz's builder sets for each engine+sanitizer
# combination strcheck claims, into a temporary $SRC/$WORK/$OUT, then check
# the result the way OSS-Fuzz's build checks do:
#
#   - every fuzzer is there (the names the fuzz make target lists), is an
#     x86-64 executable with a valid name, and is instrumented for its
#     sanitizer (objdump call counts, as OSS-Fuzz's bad_build_check does);
#   - NAME_seed_corpus.zip, NAME.dict and NAME.options are there and sound
#     (the zip tests clean and is not empty, libFuzzer parses the dict, the
#     options file has a [libfuzzer] section, and a dict it names exists);
#   - the build wrote nothing into the source tree;
#   - the fuzzer starts, runs its whole seed corpus, then runs a few
#     thousand inputs (libFuzzer -runs, afl-fuzz -E) without a finding,
#     under OSS-Fuzz's ASAN_OPTIONS/UBSAN_OPTIONS/MSAN_OPTIONS;
#   - coverage build: running the seed corpus writes a .profraw that
#     llvm-profdata merges and llvm-cov reports on;
#   - the build still finds a real defect under those options: fuzz_strscpy
#     pointed (STRCHECK_IMPL) at tests/zoo/bad_unaligned_cross_page.c reports
#     its over-read on the seeds (ASan, UBSan and MSan builds, AFL++ and
#     libFuzzer).
#
# Prints one line per combination, "PASS combo (...)" or "FAIL combo: why"
# (a combination whose tools are missing here fails too: what project.yaml
# claims must be checked), and exits non-zero if any combination failed.
# Test hook: CHECK_BUILD_REMOVE=FILE deletes $OUT/FILE after the build.
#
# usage: check-build.sh [-s SRCDIR] [-r RUNS] [-l LOGDIR] [-k] [COMBO...]
#   COMBO     ENGINE-SANITIZER as OSS-Fuzz builds them: libfuzzer-address,
#             libfuzzer-undefined, libfuzzer-memory, libfuzzer-coverage,
#             afl-address, libfuzzer-address-i386 (-m32); and
#             cflite-libfuzzer-address (ClusterFuzzLite's layout:
#             .clusterfuzzlite/build.sh as $SRC/build.sh).
#             Default: what scripts/oss-fuzz/project.yaml claims (libFuzzer
#             with each sanitizer listed, AFL++ with ASan if afl is listed,
#             honggfuzz if listed - which fails here, it is not installed;
#             i386 with ASan if i386 is listed),
#             plus the coverage build and the ClusterFuzzLite build.
#   -s DIR    source tree to build (default: the one this script is in)
#   -r RUNS   inputs to fuzz per fuzzer after the seeds (default 3000)
#   -l DIR    keep each combination's log in DIR
#   -k        keep the temporary directories (printed) instead of removing
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tree=$(cd "$here/../.." && pwd)
runs=3000
logdir=
keep=0
while getopts "s:r:l:k" opt; do
	case $opt in
	s) tree=$(cd "$OPTARG" && pwd) || exit 2 ;;
	r) runs=$OPTARG ;;
	l) logdir=$OPTARG; mkdir -p "$logdir" || exit 2; logdir=$(cd "$logdir" && pwd) ;;
	k) keep=1 ;;
	*) sed -n '/^# usage/,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
all_combos="libfuzzer-address libfuzzer-undefined libfuzzer-memory libfuzzer-coverage afl-address honggfuzz-address libfuzzer-address-i386 cflite-libfuzzer-address"

# The items of a list in project.yaml ("key:" then "  - item" lines).
yaml_list() {  # yaml_list FILE KEY
	awk -v key="$2" '
		$0 ~ "^" key ":" { inlist = 1; next }
		inlist && /^[[:space:]]*-[[:space:]]*/ { sub(/^[[:space:]]*-[[:space:]]*/, ""); sub(/[[:space:]]*(#.*)?$/, ""); gsub(/"/, ""); print; next }
		inlist && /^[^[:space:]#]/ { inlist = 0 }' "$1"
}

# What project.yaml claims, as combinations (OSS-Fuzz's defaults when a
# list is absent: address+undefined, libfuzzer+afl+honggfuzz).
claimed_combos() {
	local y=$tree/scripts/oss-fuzz/project.yaml sans engines archs s e out=
	sans=$(yaml_list "$y" sanitizers)
	engines=$(yaml_list "$y" fuzzing_engines)
	archs=$(yaml_list "$y" architectures)
	[ -n "$sans" ] || sans="address undefined"
	[ -n "$engines" ] || engines="libfuzzer afl honggfuzz"
	for e in $engines; do
		case $e in
		libfuzzer) for s in $sans; do out="$out libfuzzer-$s"; done ;;
		*) out="$out $e-address" ;;  # other engines: ASan builds only
		esac
	done
	# OSS-Fuzz's i386 builds: libFuzzer with ASan.
	case " $(echo $archs) " in *" i386 "*) out="$out libfuzzer-address-i386" ;; esac
	echo "$out libfuzzer-coverage cflite-libfuzzer-address"
}
combos=${*:-$(claimed_combos)}

# --- OSS-Fuzz's environment (infra/base-images: base-builder, base-runner) --
OSS_CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
SAN_address="-fsanitize=address -fsanitize-address-use-after-scope"
ub_checks=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr
SAN_undefined="-fsanitize=$ub_checks,unsigned-integer-overflow -fno-sanitize-recover=$ub_checks"
SAN_memory="-fsanitize=memory -fsanitize-memory-track-origins"
SAN_coverage=""
COV_libfuzzer="-fsanitize=fuzzer-no-link"
COV_coverage="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument"
RUN_ASAN_OPTIONS="alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3"
RUN_MSAN_OPTIONS="print_stats=1:symbolize=1:dedup_token_length=3"
RUN_UBSAN_OPTIONS="print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:symbolize=1:dedup_token_length=3"
FUZZER_ARGS="-rss_limit_mb=2560 -timeout=25"
AFL_DRIVER=${AFL_DRIVER:-/usr/lib/afl/libAFLDriver.a}

# Set the build environment of one combination ([cflite-]engine-sanitizer
# [-i386]).
build_env() {
	local combo=${1#cflite-} engine sanitizer san cov arch=x86_64 m32=
	case $combo in *-i386) arch=i386 m32="-m32 " combo=${combo%-i386} ;; esac
	engine=${combo%%-*} sanitizer=${combo#*-}
	san=SAN_$sanitizer
	san=${!san}
	export SANITIZER=$sanitizer FUZZING_ENGINE=$engine ARCHITECTURE=$arch FUZZING_LANGUAGE=c
	ELF_MACHINE="Advanced Micro Devices X86-64"
	[ "$arch" = i386 ] && ELF_MACHINE="Intel 80386"
	case $engine in
	libfuzzer)
		export CC=clang CXX=clang++ LIB_FUZZING_ENGINE=-fsanitize=fuzzer
		cov=$COV_libfuzzer
		[ "$sanitizer" = coverage ] && cov=$COV_coverage
		;;
	afl)
		# compile_afl: afl-clang-fast, the driver archive, no extra
		# coverage flags; quiet, and no leak checks while building.
		export CC=afl-clang-fast CXX=afl-clang-fast++ LIB_FUZZING_ENGINE=$AFL_DRIVER
		export AFL_QUIET=1 ASAN_OPTIONS="detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1"
		cov=
		;;
	esac
	# compile: i386 builds put -m32 in front of CFLAGS.
	export CFLAGS="$m32$OSS_CFLAGS $san $cov"
	# OSS-Fuzz adds -stdlib=libc++ to CXXFLAGS; libc++ is not installed
	# here and strcheck has no C++ code, so it is left out.
	export CXXFLAGS="$CFLAGS"
}

# What a combination needs on this machine; prints what is missing.
missing_tools() {
	local t m=
	case ${1#cflite-} in
	honggfuzz-*) m="honggfuzz (not packaged for Debian 12; cannot be verified here)" ;;
	afl-*) for t in afl-clang-fast afl-clang-fast++ afl-fuzz; do
		command -v $t >/dev/null || m="$m $t"; done
		[ -f "$AFL_DRIVER" ] || m="$m $AFL_DRIVER" ;;
	*) for t in clang clang++; do command -v $t >/dev/null || m="$m $t"; done ;;
	esac
	case $1 in
	*-coverage) for t in llvm-profdata llvm-cov; do command -v $t >/dev/null || m="$m $t"; done ;;
	*-i386)
		# clang -m32 needs the i386 headers (asm/errno.h) and, to link
		# libFuzzer's C++ runtime, lib32stdc++.
		printf '#include <errno.h>\nint LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return errno; }\n' |
			clang -m32 -x c - -fsanitize=fuzzer -o /dev/null >/dev/null 2>&1 ||
			m="$m a 32-bit clang+libFuzzer toolchain (Debian: lib32stdc++-12-dev, i386 kernel headers)" ;;
	esac
	for t in make objdump readelf nm unzip zip; do command -v $t >/dev/null || m="$m $t"; done
	echo "${m# }"
}

# The fuzzers the project says it has.
expected_fuzzers() {
	local list
	list=$(make -s --no-print-directory -C "$tree" BUILD="$WORK/probe" \
		--eval='strcheck-print-var-%: ; @echo $($*)' \
		strcheck-print-var-FUZZ_HARNESSES 2>/dev/null)
	echo "$list"
}

# Run the fuzzer with OSS-Fuzz's runtime environment.
run_env() {
	env ASAN_OPTIONS="$RUN_ASAN_OPTIONS" UBSAN_OPTIONS="$RUN_UBSAN_OPTIONS" \
		MSAN_OPTIONS="$RUN_MSAN_OPTIONS" "$@"
}

# libFuzzer arguments from NAME.options' [libfuzzer] section.
options_args() {
	awk '
		/^[ \t]*\[/ { sec = $0; gsub(/[][ \t]/, "", sec); next }
		sec == "libfuzzer" && /=/ {
			k = $0; sub(/[ \t]*=.*/, "", k); gsub(/^[ \t]+/, "", k)
			v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
			if (k == "dict") v = ENVIRON["OUT"] "/" v
			printf "-%s=%s\n", k, v
		}' "$1"
}

# Count calls into a sanitizer runtime, as bad_build_check does.
calls_to() {  # calls_to BINARY PREFIX
	objdump -d "$1" 2>/dev/null | grep -cE "callq?[[:space:]]+[0-9a-f]+[[:space:]]+<$2" || true
}

why=
fail() { why="$*"; return 1; }

check_instrumentation() {  # fuzzer
	local f=$1 asan ubsan msan
	asan=$(calls_to "$f" __asan)
	ubsan=$(calls_to "$f" __ubsan)
	msan=$(calls_to "$f" __msan)
	echo "$(basename "$f"): calls to __asan $asan, __ubsan $ubsan, __msan $msan"
	case $SANITIZER in
	address)
		[ "$asan" -ge 1000 ] || fail "$(basename "$f"): not built with ASan ($asan calls to __asan)" || return 1
		[ "$msan" -le 3 ] || fail "$(basename "$f"): ASan build has MSan calls" || return 1
		[ "$ubsan" -le 200 ] || fail "$(basename "$f"): ASan build has $ubsan UBSan calls" || return 1 ;;
	undefined)
		[ "$ubsan" -ge 168 ] || fail "$(basename "$f"): not built with UBSan ($ubsan calls to __ubsan)" || return 1
		[ "$asan" -eq 0 ] || fail "$(basename "$f"): UBSan build has ASan calls" || return 1
		[ "$msan" -le 3 ] || fail "$(basename "$f"): UBSan build has MSan calls" || return 1 ;;
	memory)
		[ "$msan" -ge 1000 ] || fail "$(basename "$f"): not built with MSan ($msan calls to __msan)" || return 1
		[ "$asan" -eq 0 ] || fail "$(basename "$f"): MSan build has ASan calls" || return 1 ;;
	coverage)
		nm "$f" 2>/dev/null | grep -q __llvm_profile_runtime ||
			fail "$(basename "$f"): no profile runtime (not a coverage build)" || return 1 ;;
	esac
}

check_artefacts() {  # name
	local n=$1 f=$OUT/$1 opt
	[[ $n =~ ^[A-Za-z0-9_-]+$ ]] || fail "fuzzer name '$n' has characters OSS-Fuzz rejects" || return 1
	[ -f "$f" ] || fail "$n: fuzzer missing from \$OUT" || return 1
	[ -x "$f" ] || fail "$n: not executable" || return 1
	readelf -h "$f" 2>/dev/null | grep -Eq "Machine:[[:space:]]+$ELF_MACHINE" ||
		fail "$n: not an ELF executable for $ARCHITECTURE" || return 1
	[ -f "$OUT/${n}_seed_corpus.zip" ] || fail "$n: ${n}_seed_corpus.zip missing" || return 1
	unzip -tq "$OUT/${n}_seed_corpus.zip" >/dev/null 2>&1 || fail "$n: ${n}_seed_corpus.zip is corrupt" || return 1
	[ "$(unzip -Z1 "$OUT/${n}_seed_corpus.zip" 2>/dev/null | grep -vc '/$')" -gt 0 ] ||
		fail "$n: ${n}_seed_corpus.zip is empty" || return 1
	[ -s "$OUT/$n.dict" ] || fail "$n: $n.dict missing or empty" || return 1
	opt=$OUT/$n.options
	[ -s "$opt" ] || fail "$n: $n.options missing" || return 1
	grep -q '^\[libfuzzer\]' "$opt" || fail "$n: $n.options has no [libfuzzer] section" || return 1
	if grep -Evq '^[[:space:]]*($|[#;]|\[[a-z_]+\][[:space:]]*$|[A-Za-z_]+[[:space:]]*=)' "$opt"; then
		fail "$n: $n.options is not INI (key = value under [section])" || return 1
	fi
	local d
	d=$(options_args "$opt" | sed -n 's/^-dict=//p')
	[ -z "$d" ] || [ -f "$d" ] || fail "$n: $n.options names a dict that is not in \$OUT" || return 1
	check_instrumentation "$f"
}

# libFuzzer: startup and edge count, the seed corpus, then $runs inputs.
check_libfuzzer_run() {  # name tmpdir
	local n=$1 t=$2 f=$OUT/$1 args edges rc total
	mapfile -t args < <(options_args "$OUT/$n.options")
	# ClusterFuzz uses NAME.dict when the options name no dictionary.
	if ! printf '%s\n' "${args[@]}" | grep -q '^-dict='; then
		args+=("-dict=$OUT/$n.dict")
	fi
	mkdir -p "$t/seeds" "$t/corpus" "$t/artifacts"
	unzip -q -o -d "$t/seeds" "$OUT/${n}_seed_corpus.zip" || fail "$n: cannot unzip seeds" || return 1
	cd "$t" || return 1

	if [ "$SANITIZER" = coverage ]; then
		# What OSS-Fuzz's coverage job does: run the corpus, profile on
		# (no coverage feedback here, so no fuzzing).
		mkdir -p "$t/prof"
		LLVM_PROFILE_FILE="$t/prof/$n.%p.profraw" run_env "$f" "${args[@]}" \
			$FUZZER_ARGS -runs=0 "$t/seeds" > "$t/seeds.log" 2>&1
		rc=$?
		[ $rc -eq 0 ] || { tail -30 "$t/seeds.log"; fail "$n: exit $rc on its seed corpus"; return 1; }
		ls "$t"/prof/*.profraw >/dev/null 2>&1 || fail "$n: wrote no .profraw" || return 1
		llvm-profdata merge -sparse "$t"/prof/*.profraw -o "$t/$n.profdata" 2> "$t/merge.log" ||
			fail "$n: llvm-profdata cannot merge its .profraw: $(head -1 "$t/merge.log")" || return 1
		llvm-cov report "$f" -instr-profile="$t/$n.profdata" > "$t/cov.txt" 2>&1 ||
			fail "$n: llvm-cov report failed: $(head -1 "$t/cov.txt")" || return 1
		grep -q '^TOTAL' "$t/cov.txt" || fail "$n: llvm-cov report has no TOTAL line" || return 1
		echo "$n: coverage: $(grep '^TOTAL' "$t/cov.txt")"
		cov_summary="$cov_summary $n=$(awk '/^TOTAL/ {print $10}' "$t/cov.txt")"
		return 0
	fi

	# bad_build_check's engine check: starts, runs 4 inputs, is instrumented.
	run_env "$f" -seed=1337 -runs=4 > "$t/start.log" 2>&1
	grep -q 'Done 4 runs' "$t/start.log" || {
		tail -20 "$t/start.log"
		fail "$n: does not start (no 'Done 4 runs'; see log)"
		return 1
	}
	edges=$(grep -oE 'INFO: Loaded [0-9]+ modules? +\([0-9]+ (inline 8-bit counters|guards)\)' "$t/start.log" |
		grep -oE '\([0-9]+' | tr -d '(' | head -1)
	echo "$n: starts; ${edges:-0} instrumented edges"
	[ "${edges:-0}" -ge 100 ] || fail "$n: only ${edges:-0} instrumented edges (OSS-Fuzz wants 100+)" || return 1

	# The dictionary parses (libFuzzer refuses a bad one at startup).
	run_env "$f" "${args[@]}" -runs=0 > "$t/dict.log" 2>&1 || {
		tail -5 "$t/dict.log"
		fail "$n: libFuzzer rejects its options or dict"
		return 1
	}

	# bad_build_check's seed corpus check: the whole corpus, no crash.
	run_env "$f" "${args[@]}" $FUZZER_ARGS -runs=0 "$t/seeds" > "$t/seeds.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { tail -30 "$t/seeds.log"; fail "$n: exit $rc on its seed corpus (see log)"; return 1; }
	echo "$n: ran its $(ls "$t/seeds" | wc -l) seeds"

	# A few thousand inputs, starting from the seeds (-runs counts the
	# seeds too).
	cp -r "$t/seeds/." "$t/corpus/"
	total=$(( $(ls "$t/seeds" | wc -l) + runs ))
	run_env "$f" "${args[@]}" $FUZZER_ARGS -seed=1 -runs="$total" \
		-artifact_prefix="$t/artifacts/" "$t/corpus" > "$t/fuzz.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] && grep -q "Done $total runs" "$t/fuzz.log" || {
		tail -30 "$t/fuzz.log"
		fail "$n: finding or failure in $runs runs (exit $rc; crash inputs: $(ls "$t/artifacts" | head -3 | tr '\n' ' '))"
		return 1
	}
	echo "$n: $(grep -E '^#[0-9]+[[:space:]]+DONE' "$t/fuzz.log" | tail -1)"
}

# AFL++: the seeds through the driver, then afl-fuzz for $runs executions.
check_afl_run() {  # name tmpdir
	local n=$1 t=$2 f=$OUT/$1 rc s crashes hangs execs
	mkdir -p "$t/seeds"
	unzip -q -o -d "$t/seeds" "$OUT/${n}_seed_corpus.zip" || fail "$n: cannot unzip seeds" || return 1
	cd "$t" || return 1
	# The AFL++ driver runs every file named on its command line.
	run_env "$f" "$t"/seeds/* > "$t/seeds.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { tail -30 "$t/seeds.log"; fail "$n: exit $rc on its seed corpus (see log)"; return 1; }
	echo "$n: ran its $(ls "$t/seeds" | wc -l) seeds"
	ASAN_OPTIONS="$RUN_ASAN_OPTIONS:abort_on_error=1:symbolize=0" \
	UBSAN_OPTIONS="$RUN_UBSAN_OPTIONS:abort_on_error=1:symbolize=0" \
	AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
	AFL_NO_AFFINITY=1 AFL_FORKSRV_INIT_TMOUT=30000 AFL_BENCH_UNTIL_CRASH=1 \
	AFL_FAST_CAL=1 \
		timeout -s INT 90 afl-fuzz -i "$t/seeds" -o "$t/afl" -m none -t 10000 \
		-x "$OUT/$n.dict" -E "$runs" -V 60 -- "$f" > "$t/afl.log" 2>&1
	rc=$?
	s=$t/afl/default/fuzzer_stats
	grep -q 'All set and ready to roll' "$t/afl.log" && [ -f "$s" ] || {
		tail -30 "$t/afl.log"
		fail "$n: afl-fuzz did not get going (exit $rc; see log)"
		return 1
	}
	crashes=$(awk -F: '/^saved_crashes/ {gsub(/ /, "", $2); print $2}' "$s")
	hangs=$(awk -F: '/^saved_hangs/ {gsub(/ /, "", $2); print $2}' "$s")
	execs=$(awk -F: '/^execs_done/ {gsub(/ /, "", $2); print $2}' "$s")
	[ "${crashes:-1}" -eq 0 ] || fail "$n: afl-fuzz saved $crashes crash(es) in $t/afl/default/crashes" || return 1
	[ "${hangs:-1}" -eq 0 ] || fail "$n: afl-fuzz saved $hangs hang(s)" || return 1
	[ "${execs:-0}" -ge "$runs" ] || fail "$n: afl-fuzz ran only ${execs:-0} of $runs inputs" || return 1
	echo "$n: afl-fuzz: $execs execs, no crash, no hang"
}

check_combo() {  # combo root
	local combo=$1 root=$2 n names=() expected built
	SRC=$root/src WORK=$root/work OUT=$root/out
	export SRC WORK OUT
	mkdir -p "$SRC/strcheck" "$WORK" "$OUT"
	# The source tree as a clone would have it (plus uncommitted work),
	# without build products; build.sh where OSS-Fuzz puts it.
	if git -C "$tree" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$tree" && git ls-files -z -co --exclude-standard |
			xargs -0 -r sh -c 'for p; do [ -e "$p" ] && printf "%s\0" "$p"; done' sh |
			tar -cf - --null -T -) | tar -xf - -C "$SRC/strcheck"
	else
		(cd "$tree" && tar -cf - --exclude=./build .) | tar -xf - -C "$SRC/strcheck"
	fi
	# build.sh where the Dockerfile puts it: OSS-Fuzz's projects/strcheck/
	# build.sh (this tree's scripts/oss-fuzz/build.sh), or ClusterFuzzLite's
	# .clusterfuzzlite/build.sh.
	case $combo in
	cflite-*) cp "$SRC/strcheck/.clusterfuzzlite/build.sh" "$SRC/build.sh" ;;
	*) cp "$SRC/strcheck/scripts/oss-fuzz/build.sh" "$SRC/build.sh" ;;
	esac

	touch "$root/before-build"
	sleep 1  # so that anything the build writes is strictly newer
	(
		build_env "$combo"
		cd "$SRC/strcheck" && bash -eux "$SRC/build.sh"
	) > "$root/build.log" 2>&1 || {
		tail -30 "$root/build.log"
		fail "build.sh failed (see log)"
		return 1
	}
	# OSS-Fuzz keeps $SRC for the coverage report: the build leaves it be.
	local written
	written=$(find "$SRC/strcheck" -newer "$root/before-build" ! -type d | head -3)
	[ -z "$written" ] || fail "build.sh wrote into the source tree: $(echo $written)" || return 1
	build_env "$combo"
	unset ASAN_OPTIONS AFL_QUIET
	# Test hook (tests/suite-50-oss-fuzz.sh): lose an artefact on purpose,
	# to see this check fail.
	if [ -n "${CHECK_BUILD_REMOVE:-}" ]; then
		rm -f "$OUT/$CHECK_BUILD_REMOVE"
	fi

	expected=$(expected_fuzzers)
	built=$(cd "$OUT" && find . -maxdepth 1 -type f -perm -u+x -printf '%f\n' | sort)
	if [ -n "$expected" ]; then
		for n in $expected; do
			echo "$built" | grep -qx "$n" || fail "fuzzer $n missing from \$OUT" || return 1
			names+=("$n")
		done
	else
		# No list from the make files: take what was built.
		mapfile -t names < <(echo "$built" | grep -v '^$')
	fi
	[ ${#names[@]} -gt 0 ] || fail "no fuzzer in \$OUT" || return 1

	cov_summary=
	for n in "${names[@]}"; do
		echo "== $n"
		check_artefacts "$n" || return 1
		case ${combo#cflite-} in
		afl-*) check_afl_run "$n" "$root/run/$n" || return 1 ;;
		*) check_libfuzzer_run "$n" "$root/run/$n" || return 1 ;;
		esac
	done
	check_detects_defect "$combo" "$root/defect" "${names[@]}" || return 1
	nfuzzers=${#names[@]}
}

# The build finds a real defect under OSS-Fuzz's sanitizer options: the
# harness's guard pages and fault handling must survive them (a fuzzer that
# swallowed faults would pass every check above and find nothing).  The
# candidate is tests/zoo/bad_unaligned_cross_page.c, a strscpy whose word
# loads run into the guard page after the source, given to fuzz_strscpy
# through STRCHECK_IMPL; its seed corpus holds such a case.
check_detects_defect() {  # combo dir names...
	local combo=${1#cflite-} t=$2 defect=$tree/tests/zoo/bad_unaligned_cross_page.c rc
	shift 2
	local so_flags=
	case $combo in
	*-i386|*-coverage) return 0 ;;  # a 64-bit .so; no fault check in coverage
	*-memory) so_flags=$SAN_memory ;;  # MSan: every object instrumented
	esac
	case " $* " in *" fuzz_strscpy "*) ;; *) echo "defect check: no fuzz_strscpy"; return 0 ;; esac
	if [ ! -f "$defect" ]; then
		echo "defect check: $defect not found, skipped"
		return 0
	fi
	mkdir -p "$t/found"
	clang -std=c11 -D_GNU_SOURCE -O1 $so_flags -fPIC -shared -o "$t/defect.so" "$defect" > "$t/so.log" 2>&1 ||
		fail "cannot build $defect: $(head -1 "$t/so.log")" || return 1
	local seeds=$root/run/fuzz_strscpy/seeds f=$OUT/fuzz_strscpy
	case $combo in
	afl-*) STRCHECK_IMPL=$t/defect.so run_env "$f" "$seeds"/* > "$t/run.log" 2>&1 ;;
	*) STRCHECK_IMPL=$t/defect.so run_env "$f" $FUZZER_ARGS -dict="$OUT/fuzz_strscpy.dict" \
		-runs=0 -artifact_prefix="$t/found/" "$seeds" > "$t/run.log" 2>&1 ;;
	esac
	rc=$?
	if [ $rc -eq 0 ] || ! grep -q 'check: *overread' "$t/run.log"; then
		tail -20 "$t/run.log"
		fail "fuzz_strscpy did not report the over-read of $(basename "$defect") (exit $rc)"
		return 1
	fi
	case $combo in
	afl-*) ;;
	*) ls "$t"/found/crash-* >/dev/null 2>&1 ||
		fail "fuzz_strscpy reported the over-read but saved no crash file" || return 1 ;;
	esac
	detected=1
	echo "defect check: fuzz_strscpy reports $(basename "$defect") as $(grep -m1 -o 'check: *overread.*' "$t/run.log" | cut -c1-80)"
}

status=0
total_start=$SECONDS
root=
trap '[ $keep -eq 1 ] || [ -z "$root" ] || rm -rf "$root"; exit 130' INT TERM
for combo in $combos; do
	case " $all_combos " in
	*" $combo "*) ;;
	*) echo "FAIL $combo: unknown combination (known: $all_combos)"; status=1; continue ;;
	esac
	m=$(missing_tools "$combo")
	if [ -n "$m" ]; then
		echo "FAIL $combo: missing on this machine: $m"
		status=1
		continue
	fi
	root=$(mktemp -d "${TMPDIR:-/tmp}/strcheck-ossfuzz-$combo.XXXXXX")
	start=$SECONDS
	nfuzzers=0
	why=
	detected=0
	( check_combo "$combo" "$root"; rc=$?; echo "$why" > "$root/why"; echo "$nfuzzers" > "$root/n"; echo "${cov_summary:-}" > "$root/cov"; echo "$detected" > "$root/detected"; exit $rc ) \
		> "$root/check.log" 2>&1
	rc=$?
	took=$((SECONDS - start))
	why=$(cat "$root/why" 2>/dev/null)
	nf=$(cat "$root/n" 2>/dev/null)
	cov=$(cat "$root/cov" 2>/dev/null)
	if [ -n "$logdir" ]; then
		cat "$root/build.log" "$root/check.log" > "$logdir/$combo.log" 2>/dev/null
	fi
	if [ $rc -eq 0 ]; then
		extra=
		[ "$(cat "$root/detected" 2>/dev/null)" = 1 ] && extra=", planted over-read found"
		[ -n "$cov" ] && extra=", line coverage of the seeds:$cov"
		echo "PASS $combo ($nf fuzzers, ${took}s$extra)"
	else
		echo "FAIL $combo: ${why:-check exited $rc} (${took}s)"
		[ -n "$logdir" ] && echo "     log: $logdir/$combo.log" >&2
		[ -n "$logdir" ] || tail -40 "$root/check.log" | sed 's/^/     | /' >&2
		status=1
	fi
	if [ $keep -eq 1 ]; then
		echo "     kept: $root" >&2
	else
		rm -rf "$root"
	fi
done
echo "check-build: $((SECONDS - total_start))s in all" >&2
exit $status
