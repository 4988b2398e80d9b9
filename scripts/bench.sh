#!/usr/bin/env bash
# make bench: every benchmark, each printing ratios measured side by side
# in one run (the machines are shared and noisy; absolute times vary).
#   scripts/bench.sh [strscpy|check|trace|race|fuzz|cross]...   (default: all,
#   in this order: strscpy check trace race fuzz cross; trace is the tracer's
#   cost per access and traced cases per second, docs/race.md; cross is
#   qemu-user against native, docs/architectures.md)
# BENCH_SVG: where the strscpy benchmark writes its plot (default
# build/bench/bench.svg; docs/bench.svg is the README's copy).
# BENCH_ARGS: more flags for it (bench/bench.c: -t ROUNDS, -b BATCH_US, -q).
set -u
cd "$(dirname "$0")/.."
parts=${*:-strscpy check trace race fuzz cross}
status=0
for part in $parts; do
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
		bash "$b" || status=1
		;;
	*)
		echo "bench.sh: unknown part '$part' (strscpy, check, trace, fuzz, race, cross)" >&2
		exit 2
		;;
	esac
done
exit $status
