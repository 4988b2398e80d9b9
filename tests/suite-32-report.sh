#!/usr/bin/env bash
# tier: check
# group: asan
# cost: 2
# The report under AddressSanitizer: strcheck built with ASan+UBSan prints
# reports whose every part is at its largest (a source shown whole with
# every byte escaped, a long source cut in the middle, JSON), and ASan
# finds nothing wrong in the printing.  (A 72-byte all-0xff source once
# overflowed the escape buffer of the text report.)
# In make check (STRCHECK_TIER=check) the same reports are checked on the
# normal build: the ASan build (~40 s of CPU, shared with suite-35) is
# made in make test and when this suite runs alone.
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/report
mkdir -p "$out"
ASAN_BUILD=build/asan
SC=$ASAN_BUILD/strcheck

. tests/common.sh

if [ "${STRCHECK_TIER:-test}" = check ]; then
	SC=build/strcheck
	if ! make -s $SC zoo > "$out/build.log" 2>&1; then
		fail "build_strcheck: see $out/build.log"
		exit 1
	fi
elif ! make -s BUILD=$ASAN_BUILD CFLAGS="$SAN" $SC > "$out/build.log" 2>&1 ||
   ! make -s zoo >> "$out/build.log" 2>&1; then
	fail "build_asan_strcheck: see $out/build.log"
	exit 1
else
	pass build_asan_strcheck
fi
export ASAN_OPTIONS=detect_leaks=0:allow_user_segv_handler=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1

# A case: header (version 2, api strscpy, src flush against the guard after it,
# count = N), then N bytes of byte B; strlen-first over-reads it.
case_hex() {
	local n=$1 b=$2
	printf '10000020%02x%02x000000000000' $((n & 255)) $((n >> 8))
	for ((i = 0; i < n; i++)); do printf '%s' "$b"; done
}
# report NAME N BYTE FORMAT: the report of that case, under ASan.
report() {
	$SC --impl=build/zoo/bad_strlen_first.so --case="$(case_hex "$2" "$3")" --format="$4" \
		> "$out/$1.out" 2> "$out/$1.err"
	echo $?
}
asan_clean() { ! grep -qE 'ERROR: AddressSanitizer|runtime error' "$out/$1.err"; }

rc=$(report whole_ff 72 ff text)
src=$(sed -n 's/^  input     src    = //p' "$out/whole_ff.out")
want="\"$(printf '\\xff%.0s' $(seq 72))\""
check report_source_72_bytes_of_0xff_escaped_whole \
	"$([ "$rc" = 1 ] && asan_clean whole_ff && [ "$src" = "$want" ]; echo $?)" \
	"exit $rc; $(grep -m1 -E 'ERROR|runtime error' "$out/whole_ff.err") src: ${src:0:80} (see $out/whole_ff.err)"

rc=$(report long_ff 4000 ff text)
src=$(sed -n 's/^  input     src    = //p' "$out/long_ff.out")
check report_long_source_cut_in_the_middle \
	"$([ "$rc" = 1 ] && asan_clean long_ff && [[ "$src" == *'" ... (3936 bytes) ... "'* ]]; echo $?)" \
	"exit $rc, src: ${src:0:80} (see $out/long_ff.err)"

rc=$(report json_ff 72 ff json)
/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["defects"][0]["input"]["src"] == "ff" * 72' \
	"$out/json_ff.out" 2>> "$out/json_ff.err"
check json_report_of_0xff_source "$([ $? = 0 ] && [ "$rc" = 1 ] && asan_clean json_ff; echo $?)" \
	"exit $rc (see $out/json_ff.err)"

exit 0
