#!/usr/bin/env bash
# make bench: every benchmark, each printing ratios measured side by side
# in one run (the machines are shared and noisy; absolute times vary).
#   scripts/bench.sh [strscpy|check|trace|race|fuzz|cross]...   (default: all,
#   in this order: strscpy check trace race fuzz cross; trace is the tracer's
#   cost per access and traced cases per second, docs/race.md; cross is
#   qemu-user against native, docs/architectures.md)
# The library's table (strscpy, also `make bench-lib`) comes first, in
# about a minute; the whole run within 15 minutes on 2 cores: the other
# parts run shortened (their *_BENCH variables below, each overridable),
# and each part ends with a line saying how long it took.
# BENCH_SVG: where the strscpy benchmark writes its plot (default
# build/bench/bench.svg; docs/bench.svg is the README's copy).
# BENCH_ARGS: more flags for it (bench/bench.c: -t ROUNDS, -p PASSES, -b BATCH_US, -q).
set -u
cd "$(dirname "$0")/.."
parts=${*:-strscpy check trace race fuzz cross}
status=0
start=$SECONDS
# The shortened settings of the slow parts (the full ones are the
# scripts' own defaults): seeds, seconds per harness, rounds.
export TRACE_CASES=${TRACE_CASES:-100}
export SEEDS=${SEEDS:-3} OK_SEEDS=${OK_SEEDS:-1}
export BENCH_TIME=${BENCH_TIME:-3} BENCH_TRIALS=${BENCH_TRIALS:-1} BENCH_AFL=${BENCH_AFL:-0}
export ROUNDS=${ROUNDS:-1} RACE_TIME=${RACE_TIME:-1}
# bench-cross.sh's seeds per race defect and architecture (its SEEDS):
# its threads table was 6 of the 9 minutes it took with 3 (load 6 to 8).
CROSS_SEEDS=${CROSS_SEEDS:-1}
export CHECK_FIRST_TIME=${CHECK_FIRST_TIME:-10}
for part in $parts; do
	t0=$SECONDS
	case $part in
	strscpy)
		echo "== strscpy: every path against the references, the models and the C library"
		echo "   ($(nproc) cores; load now: $(cut -d' ' -f1-3 /proc/loadavg))"
		make -s build/bench/bench > /dev/null || exit 1
		build/bench/bench -o "${BENCH_SVG:-build/bench/bench.svg}" ${BENCH_ARGS:-} || status=1
		;;
	check | trace | fuzz | race | cross)
		b=scripts/bench-$part.sh
		[ -f "$b" ] || continue
		echo
		echo "== $b"
		if [ "$part" = cross ]; then
			SEEDS=$CROSS_SEEDS bash "$b" || status=1
		else
			bash "$b" || status=1
		fi
		;;
	*)
		echo "bench.sh: unknown part '$part' (strscpy, check, trace, fuzz, race, cross)" >&2
		exit 2
		;;
	esac
	echo "== $part: took $((SECONDS - t0)) s (load now: $(cut -d' ' -f1 /proc/loadavg))"
done
[ $# -eq 1 ] || echo "== make bench: took $((SECONDS - start)) s in all"
exit $status
