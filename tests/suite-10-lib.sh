#!/usr/bin/env bash
# tier: check
# cost: 10
# The library, quick (the check tier, in seconds): tests/test_lib.c against
# the default build (-O2), every path of strscpy this CPU runs through
# every deterministic check (-q: every 7th grid case; the concurrent
# checks, which sample, are suite-11's), the rule that picks the path and
# STRSCPY_PATH end to end, the exports, and the benchmark's table shape.
# Every other build variant (sanitizers, byte orders, word sizes, i386,
# s390x, ppc32), warnings and install: suite-11-lib-variants (make test).
#   bash tests/suite-10-lib.sh [CHECK...]   test_lib's checks (default:
#   edge choose grid random guard bytes nul models relations)
set -u
cd "$(dirname "$0")/.."
out=build/test/lib-check
mkdir -p "$out"

. tests/common.sh

checks=${*:-edge choose grid random guard bytes nul models relations}
if ! make -s build/libengine.a build/libstrscpy.a build/libstrscpy.so > "$out/build.log" 2>&1 ||
   ! gcc -std=c11 -D_GNU_SOURCE -Wall -Wextra -O2 -g tests/test_lib.c tests/test_lib_paths.c \
	tests/test_lib_choose.c -Lbuild -lengine build/libstrscpy.a -lpthread -ldl \
	-o "$out/test_lib" >> "$out/build.log" 2>&1; then
	fail "build_test_lib: see $out/build.log"; tail -5 "$out/build.log"
	exit 1
fi
pass "build_test_lib"
# A program that cannot start (or dies) without a FAIL line is one.
env -u STRSCPY_PATH "$out/test_lib" -q $checks > "$out/test_lib.out" 2>&1
rc=$?
grep -E '^(PASS|FAIL|SKIP)' "$out/test_lib.out"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$out/test_lib.out"; then
	fail "run_test_lib: exit $rc: $(tail -1 "$out/test_lib.out")"
fi

# STRSCPY_PATH end to end: a path this CPU runs is the one strscpy()
# runs; a name there is none of is ignored, said once on stderr.
STRSCPY_PATH=strscpy_word "$out/test_lib" choose > "$out/forced.out" 2> "$out/forced.err"
if grep -q '^PASS dispatcher_runs_the_chosen_path' "$out/forced.out" &&
   grep -q '^# strscpy() runs strscpy_word: forced by STRSCPY_PATH=strscpy_word$' "$out/forced.out" &&
   [ ! -s "$out/forced.err" ]; then
	pass "STRSCPY_PATH_forces_the_path_strscpy_runs"
else
	fail "STRSCPY_PATH_forces_the_path_strscpy_runs: see $out/forced.out, $out/forced.err"
fi
STRSCPY_PATH=avx1024 "$out/test_lib" choose edge > "$out/ignored.out" 2> "$out/ignored.err"
if grep -q '^PASS dispatcher_runs_the_chosen_path' "$out/ignored.out" &&
   [ "$(wc -l < "$out/ignored.err")" = 1 ] &&
   grep -q '^strscpy: STRSCPY_PATH=avx1024 ignored: no such path in this build; ' "$out/ignored.err"; then
	pass "STRSCPY_PATH_unknown_is_ignored_once_on_stderr"
else
	fail "STRSCPY_PATH_unknown_is_ignored_once_on_stderr: see $out/ignored.out, $out/ignored.err"
fi

# The .so exports exactly the two functions and the paths of strscpy
# (src/lib/strscpy_paths.h: the vector ones on x86-64 only), so that
# strcheck --symbol and the fuzzers can pick each.
want="strscpy strscpy_pad strscpy_word "
[ "$(uname -m)" = x86_64 ] && want="strscpy strscpy_avx2 strscpy_avx512 strscpy_avx512_avx2 strscpy_pad strscpy_sse2 strscpy_word "
syms=$(nm -D --defined-only build/libstrscpy.so 2>/dev/null | awk '$2 == "T" {print $3}' | sort | tr '\n' ' ')
if [ "$syms" = "$want" ]; then
	pass "so_exports_strscpy_strscpy_pad_and_paths"
else
	fail "so_exports_strscpy_strscpy_pad_and_paths: exports '$syms', want '$want'"
fi

# The benchmark, quick (-q: one pass of 5 rounds): the host it ran on
# (CPU, features, traits, the path strscpy() runs and why), its table's
# shape, the band lines and the four targets, each met or MISSED (times are not
# asserted: a test asserts outcomes), and a plot that is well-formed XML
# and draws (rsvg-convert).
if make -s build/bench/bench > "$out/bench-build.log" 2>&1 &&
   env -u STRSCPY_PATH build/bench/bench -q -o "$out/bench.svg" > "$out/bench.out" 2>&1; then
	if grep -qE '^Host: .+ family [0-9]+ \(0x[0-9a-f]+\) model [0-9]+ \(0x[0-9a-f]+\); features: [a-z0-9 ]+; traits: [a-z0-9 -]+$' "$out/bench.out" &&
	   grep -qE '^strscpy\(\) runs strscpy_[a-z0-9_]+ \(.+\)$' "$out/bench.out"; then
		pass "bench_header_names_host_cpu_and_path"
	else
		fail "bench_header_names_host_cpu_and_path: see $out/bench.out"
	fi
	rows=$(awk '/^== /{c++} c && /^ *[0-9]+ +[0-9.]+ \|/{n++} END{print c + 0, n + 0}' "$out/bench.out")
	targets=$(grep -cE '^  .*\(<= [0-9.]+\) +(worst [0-9.]+ \(.*\)|no other path on this CPU): (met|MISSED)$' "$out/bench.out")
	if [ "$rows" = "4 64" ] && [ "$targets" = 4 ] &&
	   grep -qE "^  strscpy's path vs the fastest path.*( against strscpy_[a-z0-9_]+\)|no other path on this CPU): (met|MISSED)$" \
		"$out/bench.out" &&
	   grep -qE '^  4K\.\.64K +[0-9.]+ \[' "$out/bench.out"; then
		pass "bench_quick_table_bands_and_targets"
	else
		fail "bench_quick_table_bands_and_targets: cases and rows '$rows' (want '4 64'), $targets target lines (want 4), see $out/bench.out"
	fi
	if xmllint --noout "$out/bench.svg" > "$out/bench-svg.log" 2>&1 &&
	   rsvg-convert "$out/bench.svg" -o "$out/bench.png" >> "$out/bench-svg.log" 2>&1; then
		pass "bench_plot_is_valid_svg"
	else
		fail "bench_plot_is_valid_svg: see $out/bench-svg.log"
	fi
else
	fail "bench_quick_runs: see $out/bench-build.log and $out/bench.out"
fi
