# shellcheck shell=bash
# check/env.sh - OSS-Fuzz's environment for one combination: the build
# variables the base-builder image sets (build_env), the runtime options of
# base-runner (run_env), and what a combination needs on this machine
# (missing_tools).  Sourced by check-build.sh.

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

# Run the fuzzer with OSS-Fuzz's runtime environment.
run_env() {
	env ASAN_OPTIONS="$RUN_ASAN_OPTIONS" UBSAN_OPTIONS="$RUN_UBSAN_OPTIONS" \
		MSAN_OPTIONS="$RUN_MSAN_OPTIONS" "$@"
}
