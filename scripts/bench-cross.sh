#!/usr/bin/env bash
# bench-cross.sh: what qemu-user changes, measured (docs/architectures.md).
# A benchmark, not a test: it prints figures and fails nothing.
#
#  1. tests/arch_probe.c on every architecture: page size, the signal and
#     fault address of a read into a guard page (first byte, byte 100, an
#     8-byte load straddling into it), a write to a read-only page, the
#     watchdog's interval timer, whether a seccomp filter installs.
#  2. Speed: the grid of the project's own strscpy (strcheck --arch=ARCH
#     --time=0 --no-race: 890,723 cases, the same on every architecture),
#     ROUNDS rounds, the architectures taking turns within each round so
#     that load changes hit them alike; the median wall time, cases per
#     second, and the ratio to native x86-64.
#  3. Threads: the overlapped calls of the race and reader checks of the
#     own library (--race-time=RACE_TIME --reader), and the share of SEEDS
#     seeds that catch the zoo's two race defects (bad_double_read,
#     bad_reader_byte_twice --reader) on each architecture.
# Runs go one at a time; the load is printed before and after.
# Usage: scripts/bench-cross.sh [probe|speed|threads]...  (ROUNDS=3 SEEDS=4
#        RACE_TIME=2 ARCHES="x86-64 i386 s390x powerpc aarch64 armhf riscv64")
set -u
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
SEEDS=${SEEDS:-4}
RACE_TIME=${RACE_TIME:-2}
ARCHES=${ARCHES:-x86-64 i386 s390x powerpc aarch64 armhf riscv64}
parts=${*:-probe speed threads}
out=build/bench/cross
mkdir -p "$out"
SC=build/strcheck
make -s build/strcheck build/libstrscpy.so zoo > /dev/null || exit 1
make -s cross > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }

declare -A QEMU LIBC CC
QEMU[x86-64]=-
CC[x86-64]=gcc
while read -r arch have qemu libc _; do
	[ "$have" = yes ] || continue
	QEMU[$arch]=$qemu
	LIBC[$arch]=$libc
	case $arch in
	i386) CC[$arch]="gcc -m32 -isystem $PWD/build/cross/i386/include" ;;
	*) CC[$arch]=${libc##*/}-gcc ;;
	esac
done < <(make -s --no-print-directory cross-list)
# How ARCH runs here, for the tables.
runs_as() { if [ "${QEMU[$1]}" = - ]; then echo native; else echo "${QEMU[$1]}"; fi; }
run_on() {
	local arch=$1
	shift
	if [ "${QEMU[$arch]}" = - ]; then "$@"; else "${QEMU[$arch]}" -L "${LIBC[$arch]}" "$@"; fi
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"

if [[ " $parts " == *" probe "* ]]; then
	echo
	echo "## probe (tests/arch_probe.c)"
	for arch in $ARCHES; do
		[ -n "${CC[$arch]:-}" ] || continue
		${CC[$arch]} -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra tests/arch_probe.c \
			-o "$out/probe-$arch" || continue
		echo "### $arch ($(runs_as "$arch"))"
		run_on "$arch" "$out/probe-$arch"
	done
fi

if [[ " $parts " == *" speed "* ]]; then
	for r in $(seq "$ROUNDS"); do
		for arch in $ARCHES; do
			[ -n "${CC[$arch]:-}" ] || continue
			t0=$(date +%s.%N)
			$SC --arch="$arch" --time=0 --no-race > "$out/speed-$arch-$r.out" 2>&1
			t1=$(date +%s.%N)
			echo "$arch $(echo "$t1 - $t0" | bc)" >> "$out/speed-$r.txt"
		done
	done
	echo
	echo "## speed: the grid of the own strscpy (strcheck --arch=ARCH --time=0 --no-race), median of $ROUNDS"
	echo
	echo "| architecture | runs as | grid cases | seconds | cases per second | times slower than x86-64 |"
	echo "|---|---|---:|---:|---:|---:|"
	native=""
	for arch in $ARCHES; do
		[ -n "${CC[$arch]:-}" ] || continue
		med=$(cat "$out"/speed-[0-9]*.txt | awk -v a="$arch" '$1 == a {print $2}' | sort -g |
			awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
		cases=$(sed -n 's/^cases: \([0-9]*\) of.*/\1/p' "$out/speed-$arch-1.out")
		rate=$(echo "$cases / $med" | bc)
		[ -z "$native" ] && native=$rate
		printf '| %s | %s | %s | %.1f | %s | %.1f |\n' "$arch" "$(runs_as "$arch")" "$cases" \
			"$med" "$rate" "$(echo "scale=3; $native / $rate" | bc)"
	done
	rm -f "$out"/speed-[0-9]*.txt
fi

if [[ " $parts " == *" threads "* ]]; then
	echo
	echo "## threads: overlapped calls (own strscpy, --race-time=$RACE_TIME --reader --cases=0), and race defects caught in $SEEDS seeds"
	echo
	echo "| architecture | race: overlapped / calls | reader: overlapped / calls | bad_double_read caught | bad_reader_byte_twice caught |"
	echo "|---|---:|---:|---:|---:|"
	for arch in $ARCHES; do
		[ -n "${CC[$arch]:-}" ] || continue
		f=$out/threads-$arch.out
		$SC --arch="$arch" --cases=0 --race-time="$RACE_TIME" --reader > "$f" 2>&1
		r=$(sed -n 's/^race check: \([0-9]*\) calls, \([0-9]*\) of them.*/\2 \/ \1/p' "$f")
		d=$(sed -n 's/^reader check: \([0-9]*\) calls, \([0-9]*\) of them.*/\2 \/ \1/p' "$f")
		caught=()
		for entry in "bad_double_read" "bad_reader_byte_twice --reader"; do
			set -- $entry
			so=build/cross/$arch/zoo/$1.so
			[ "$arch" = x86-64 ] && so=build/zoo/$1.so
			n=0
			for seed in $(seq "$SEEDS"); do
				$SC --impl="$so" --seed="$seed" --time=1 --race-time="$RACE_TIME" --first ${2:-} \
					> "$out/race-$arch-$1-$seed.out" 2>&1
				grep -q '^DEFECT [0-9]*: race' "$out/race-$arch-$1-$seed.out" && n=$((n + 1))
			done
			caught+=("$n / $SEEDS")
		done
		echo "| $arch | ${r:-none} | ${d:-none} | ${caught[0]} | ${caught[1]} |"
	done
fi
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
