#!/usr/bin/env bash
# tier: test
# cost: 37
# The same verdict on a busy machine (issue 42 item 6, docs/checking.md
# "A slow or busy machine"): strcheck runs inside a 25% CPU quota (a
# cgroup: v2 cpu.max "25000 100000", v1 cpu.cfs_quota_us 25000) with a
# CPU hog beside it (HOGS busy loops, default 1, outside the quota), and
# each run must give the verdict a quiet machine gives (tests/zoo/MANIFEST):
#
# - race entries (RACE_ENTRIES; the first on seeds SEEDS, default "1 2 3",
#   the others on seed 1; RACE_ENTRIES=all: every race entry of the
#   MANIFEST, each on SEEDS): FAIL, class race, found by the traced check,
#   never INCOMPLETE;
# - correct entries (OK_ENTRIES, with --reader) and a strlcpy (a byte loop,
#   every byte a traced access): PASS, the traced plan "all N cases", the
#   whole grid.
#
# - OK_ENTRIES=all: every "pass" line of the MANIFEST instead, with its
#   flags, each on SEEDS.
# - a scan's probe and a --first run whose supervisor is stopped (SIGSTOP)
#   while its child works: the answer and findings of a quiet run.
#
# The runs are the default run but for --time=TIME (default 1: the budget
# of what goes beyond the plan; the plan itself always runs whole; TIME=9
# is the default run exactly) and --first for the race entries.  JOBS runs
# (default 1) go at once, each in a 25% quota of its own.  Outcomes only:
# no assertion on a time.  Skipped, with the reason, where no cgroup can
# be made (not root, no cpu controller, a read-only /sys/fs/cgroup) or the
# tracer cannot run.  The proof of issue 42 (docs/race.md, "Measured"):
#   HOGS=3 SEEDS="1 2 3" TIME=9 JOBS=4 RACE_ENTRIES=all OK_ENTRIES=all \
#       bash tests/suite-52-load.sh
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
. tests/common.sh
out=build/test/load
rm -rf "$out"
mkdir -p "$out"
SC=build/strcheck
SEEDS=${SEEDS:-1 2 3}
HOGS=${HOGS:-1}
TIME=${TIME:-1}
JOBS=${JOBS:-1}
RACE_ENTRIES=${RACE_ENTRIES:-bad_double_read bad_race_volatile_loop bad_reader_byte_twice}
OK_ENTRIES=${OK_ENTRIES:-build/libstrscpy.so:strscpy ok_overlap_tail:strscpy}

if ! make -s build/strcheck build/libstrscpy.so zoo > "$out/build.log" 2>&1; then
	fail "load_build: see $out/build.log"
	exit 1
fi
$SC --impl=build/zoo/bad_double_read.so --time=0 --race-time=0 --cases=0 > "$out/probe.out" 2>&1
if why=$(grep -m1 '^traced check: not here' "$out/probe.out"); then
	skip "load: $why"
	exit 0
fi

# ---- the quota ----
# make_cgroup sets cg (the cgroup's directory), or why (the reason there
# is none).  Not in a subshell: cg must outlive it.
cg= why=
make_cgroup() {
	local name=strcheck-load-$$-$1 d
	[ "$(id -u)" = 0 ] || { why="not root"; return 1; }
	if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
		grep -qw cpu /sys/fs/cgroup/cgroup.controllers || { why="no cpu controller (cgroup v2)"; return 1; }
		echo +cpu > /sys/fs/cgroup/cgroup.subtree_control 2> /dev/null
		d=/sys/fs/cgroup/$name
		mkdir "$d" 2> /dev/null || { why="cannot make a cgroup (v2)"; return 1; }
		cg=$d
		echo "25000 100000" > "$cg/cpu.max" 2> /dev/null || { why="cannot set cpu.max"; return 1; }
	elif [ -d /sys/fs/cgroup/cpu ]; then
		d=/sys/fs/cgroup/cpu/$name
		mkdir "$d" 2> /dev/null || { why="cannot make a cgroup (v1)"; return 1; }
		cg=$d
		{ echo 100000 > "$cg/cpu.cfs_period_us" && echo 25000 > "$cg/cpu.cfs_quota_us"; } 2> /dev/null ||
			{ why="cannot set cpu.cfs_quota_us"; return 1; }
	else
		why="no cgroup file system with a cpu controller"
		return 1
	fi
}
hogs=()
cgs=()
cleanup() {
	local p
	for p in "${hogs[@]}"; do kill "$p" 2> /dev/null; done
	wait 2> /dev/null
	for p in "${cgs[@]}"; do rmdir "$p" 2> /dev/null; done
}
trap cleanup EXIT
for slot in $(seq "$JOBS"); do
	if ! make_cgroup "$slot"; then
		[ -n "$cg" ] && cgs+=("$cg")
		skip "load: no 25% CPU quota here: $why"
		exit 0
	fi
	cgs+=("$cg")
done
cg=${cgs[0]}
for _ in $(seq "$HOGS"); do
	( while :; do :; done ) &
	hogs+=($!)
done

# strcheck inside a quota (QCG, else the first): the shell moves itself
# in, then becomes it.  (The timeout is a backstop far above any run's
# time at a quarter CPU.)
quota() {
	timeout 3600 bash -c '[ -d "$1" ] && echo $$ > "$1/cgroup.procs" && shift && exec "$@"' \
		quota "${QCG:-$cg}" "$@"
}
# The runs, "OUT-FILE STRCHECK-ARGS..." a line, JOBS at a time: slot i
# takes every JOBS-th line, in its own quota; each run's exit in OUT.rc.
runs=()
run_all() {
	local slot i pids=()
	for slot in $(seq 0 $((JOBS - 1))); do
		(
			QCG=${cgs[$slot]}
			for ((i = slot; i < ${#runs[@]}; i += JOBS)); do
				set -- ${runs[$i]}
				f=$1
				shift
				quota $SC "$@" > "$f" 2>&1
				echo $? > "$f.rc"
			done
		) &
		pids+=($!)
	done
	wait "${pids[@]}"   # not the hogs
	runs=()
}
# The quota holds: a process started so is in the cgroup.
quota cat /proc/self/cgroup > "$out/cgroup.txt" 2>&1
grep -q ":/${cg##*/}\$" "$out/cgroup.txt"
check load_inside_the_quota $? "not in $cg (see $out/cgroup.txt)"

# DEFECT 1's "found by" line.
found_by() { sed -n '/^DEFECT 1:/,/^DEFECT 2:/s/^  found by  //p' "$1" | head -1; }

# ---- race entries: found by the traced check, as on a quiet machine ----
first=1
all=0
if [ "$RACE_ENTRIES" = all ]; then
	all=1
	RACE_ENTRIES=$(awk '!/^#/ && $5 == "race" && $1 !~ /\// { print $1 }' tests/zoo/MANIFEST | sort -u)
fi
race_runs=()
for entry in $RACE_ENTRIES; do
	line=$(awk -v f="$entry" '$1 == f' tests/zoo/MANIFEST | head -1)
	[ -n "$line" ] || { fail "load_$entry: not in tests/zoo/MANIFEST"; continue; }
	read -r _ sym api flags _ <<< "$line"
	rd=; case ",$flags," in *,--reader,*) rd=--reader ;; esac
	seeds=1; [ $first = 1 ] || [ $all = 1 ] && seeds=$SEEDS
	first=0
	for seed in $seeds; do
		runs+=("$out/$entry.$seed.out --impl=build/zoo/$entry.so --symbol=$sym --api=$api --seed=$seed $rd --time=$TIME --first")
		race_runs+=("$entry $seed")
	done
done
run_all
for r in "${race_runs[@]}"; do
	read -r entry seed <<< "$r"
	{
		f=$out/$entry.$seed.out
		rc=$(cat "$f.rc")
		by=$(found_by "$f")
		[ $rc = 1 ] && grep -q '^DEFECT 1: race ' "$f" && [[ $by == "traced check"* ]] &&
			! grep -q '^VERDICT: INCOMPLETE' "$f"
		check "load_${entry}_seed_$seed" $? "exit $rc, found by '${by:-nothing}' (see $f)"
	}
done

# ---- correct entries and a strlcpy: PASS, the plan whole ----
names=()
passes() {  # NAME STRCHECK-ARGS...
	local name=$1
	shift
	runs+=("$out/$name.out $* --time=$TIME")
	names+=("$name")
}
if [ "$OK_ENTRIES" = all ]; then
	while read -r file sym api flags _; do
		[ "$flags" = - ] && flags=
		so=build/zoo/$file.so
		case $file in */*) so=$file ;; esac
		# A path this CPU cannot run: suite-30's zoo_cpu_lacks says which.
		case $file:$sym in
		build/libstrscpy.so:strscpy_avx512*) need=avx512bw ;;
		build/libstrscpy.so:strscpy_avx2) need=avx2 ;;
		*) need= ;;
		esac
		if [ -n "$need" ] && ! grep -qw "$need" /proc/cpuinfo; then
			skip "load_${sym}: this CPU lacks $need"
			continue
		fi
		for seed in $SEEDS; do
			passes "$(basename "$so" .so)_${sym}${flags:+_${flags//[-,=]/}}_seed_$seed" --impl="$so" \
				--symbol="$sym" --api="$api" ${flags//,/ } --seed="$seed"
		done
	done < <(awk '!/^#/ && NF >= 5 && $5 == "pass"' tests/zoo/MANIFEST)
else
	for e in $OK_ENTRIES; do
		so=${e%%:*} sym=${e##*:}
		case $so in */*) ;; *) so=build/zoo/$so.so ;; esac
		passes "$(basename "$so" .so)_$sym" --impl="$so" --symbol="$sym" --reader
	done
fi
passes ok_strlcpy_bsd --impl=build/zoo/ok_strlcpy_bsd.so --api=strlcpy --symbol=strlcpy
run_all
for name in "${names[@]}"; do
	f=$out/$name.out
	rc=$(cat "$f.rc")
	[ "$rc" = 0 ] && grep -q '^VERDICT: PASS' "$f" && grep -q '^traced check: all [0-9]* cases' "$f" &&
		grep -Eq '^cases: ([0-9]+) of \1 in the grid' "$f"
	check "load_$name" $? "exit $rc, $(grep -m1 '^VERDICT' "$f") (see $f)"
done
# A scan's probe (which API a function behaves as) gives the answer a
# quiet run gives: its calls are limited in CPU time, not wall time.  A
# correct strlcpy that spends about 10 ms of CPU a call is probed while
# the probe is stopped (SIGSTOP) for 0.5 s, three times: a call in
# progress then lasts more than the 0.2 s a wall-clock limit allowed.
cat > "$out/slow_strlcpy.c" << 'EOF2'
#include <stddef.h>
size_t strlcpy(char *d, const char *s, size_t n)
{
	volatile unsigned long spin = 0;
	size_t len = 0;

	for (unsigned long i = 0; i < 20000000; i++)
		spin += i;
	while (s[len])
		len++;
	if (n) {
		size_t k = len < n - 1 ? len : n - 1;

		for (size_t i = 0; i < k; i++)
			d[i] = s[i];
		d[k] = 0;
	}
	return len;
}
EOF2
if ${CC:-cc} -O1 -shared -fPIC -o "$out/slow_strlcpy.so" "$out/slow_strlcpy.c" 2> "$out/slow.err"; then
	probe=(--impl="$out/slow_strlcpy.so" --symbol=strlcpy --scan-probe=strlcpy)
	$SC "${probe[@]}" > "$out/probe.quiet" 2>&1
	$SC "${probe[@]}" > "$out/probe.stopped" 2>&1 &
	pid=$!
	for _ in 1 2 3; do
		sleep 0.3
		kill -STOP $pid 2> /dev/null
		sleep 0.5
		kill -CONT $pid 2> /dev/null
	done
	wait $pid
	cmp -s "$out/probe.quiet" "$out/probe.stopped"
	check load_scan_probe_stopped_same_answer $? \
		"$(diff "$out/probe.quiet" "$out/probe.stopped" | grep -m1 '^>')"
else
	fail "load_scan_probe_stopped_same_answer: cannot build it (see $out/slow.err)"
fi

# A child that ends before its supervisor has read its first defect
# (--first) is stopped there, not dead.  The supervisor is stopped
# (SIGSTOP) as soon as its child exists, during the grid (before the
# traced check's defect), and goes on only once the child has ended by
# itself (a zombie: nobody reaps it), as on a machine that gives the
# supervisor no CPU for a while: the same findings as a quiet run, no
# crash "found by loading".
first=(--impl=build/zoo/bad_double_read.so --first --race-time=0 --time=0)
$SC "${first[@]}" > "$out/first.quiet" 2>&1
rc_quiet=$?
$SC "${first[@]}" > "$out/first.stopped" 2>&1 &
pid=$!
child=
while [ -z "$child" ] && [ -d /proc/$pid ]; do
	read -r child _ < /proc/$pid/task/$pid/children
done 2> /dev/null
kill -STOP $pid 2> /dev/null
for _ in $(seq 1200); do
	[ -n "$child" ] && [ "$(ps -o stat= -p "$child" 2> /dev/null | cut -c1)" = R ] || [ "$(ps -o stat= -p "$child" 2> /dev/null | cut -c1)" = S ] || break
	sleep 0.05
done
ended=$(ps -o stat= -p "$child" 2> /dev/null | cut -c1)
kill -CONT $pid 2> /dev/null
wait $pid
rc_stopped=$?
[ "$ended" = Z ] && [ $rc_quiet = 1 ] && [ $rc_stopped = 1 ] &&
	[ "$(classes_of "$out/first.quiet")" = "$(classes_of "$out/first.stopped")" ] &&
	! grep -q 'no-exit' "$out/first.stopped"
check load_first_child_ended_while_supervisor_stopped $? \
	"child ${ended:-?}, exit $rc_quiet / $rc_stopped: $(classes_of "$out/first.quiet")/ $(classes_of "$out/first.stopped")"

# The quota did hold the runs back (the kernel throttled them).
throttled=$(cat "${cgs[@]/%//cpu.stat}" | awk '$1 == "nr_throttled" { n += $2 } END { print n + 0 }')
[ "${throttled:-0}" -gt 0 ]
check load_quota_throttled_the_runs $? "cpu.stat: $(tr '\n' ' ' < "$cg/cpu.stat")"
exit 0
