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
# This file is the driver; each step is a file of its own in check/.
#
# usage: check-build.sh [-s SRCDIR] [-r RUNS] [-l LOGDIR] [-k] [-K DIR] [-R DIR] [-W DIR] [COMBO...]
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
#   -K DIR    keep each combination's $OUT, checked or not, as DIR/COMBO
#             (and its $WORK as DIR/COMBO.work, for -W)
#   -R DIR    take $OUT from DIR/COMBO (kept by -K) instead of building it
#             (no build.sh run, no source-tree check: the checks of $OUT
#             again, e.g. with CHECK_BUILD_REMOVE); without it, build
#   -W DIR    start $WORK as a copy of DIR (a $WORK kept by -K, copied
#             with its times) before build.sh runs: a combination built
#             with the same flags as DIR's finds its objects and seed
#             corpus up to date and only links and packs (its fuzzers,
#             zips, dicts, options are made again in a fresh $OUT)
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tree=$(cd "$here/../.." && pwd)
runs=3000
logdir=
keep=0
keep_out=
reuse_out=
seed_work=
while getopts "s:r:l:kK:R:W:" opt; do
	case $opt in
	s) tree=$(cd "$OPTARG" && pwd) || exit 2 ;;
	r) runs=$OPTARG ;;
	l) logdir=$OPTARG; mkdir -p "$logdir" || exit 2; logdir=$(cd "$logdir" && pwd) ;;
	k) keep=1 ;;
	K) keep_out=$OPTARG; mkdir -p "$keep_out" || exit 2; keep_out=$(cd "$keep_out" && pwd) ;;
	R) reuse_out=$(cd "$OPTARG" 2>/dev/null && pwd) || reuse_out= ;;
	W) seed_work=$(cd "$OPTARG" 2>/dev/null && pwd) || seed_work= ;;
	*) sed -n '/^# usage/,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
all_combos="libfuzzer-address libfuzzer-undefined libfuzzer-memory libfuzzer-coverage afl-address honggfuzz-address libfuzzer-address-i386 cflite-libfuzzer-address"

# One job per file, all under check/: which combinations (combos.sh),
# OSS-Fuzz's environment (env.sh), building one (combo.sh), its $OUT
# artefacts (artefacts.sh), running its fuzzers (run.sh), the planted
# defect (defect.sh).
for part in combos env artefacts run defect combo; do
	# shellcheck source=/dev/null
	. "$here/check/$part.sh"
done
combos=${*:-$(claimed_combos)}

why=
fail() { why="$*"; return 1; }

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
	if [ -n "$keep_out" ] && [ -d "$root/out" ]; then
		rm -rf "${keep_out:?}/$combo"
		mv "$root/out" "$keep_out/$combo"
	fi
	if [ -n "$keep_out" ] && [ -d "$root/work" ]; then
		rm -rf "${keep_out:?}/$combo.work"
		mv "$root/work" "$keep_out/$combo.work"
	fi
	if [ $keep -eq 1 ]; then
		echo "     kept: $root" >&2
	else
		rm -rf "$root"
	fi
done
echo "check-build: $((SECONDS - total_start))s in all" >&2
exit $status
