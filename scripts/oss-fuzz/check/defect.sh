# shellcheck shell=bash
# check/defect.sh - the build still finds a planted defect.  Sourced by
# check-build.sh.

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
