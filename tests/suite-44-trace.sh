#!/usr/bin/env bash
# tier: check
# cost: 36
# The traced check (docs/race.md, "The traced check"), deterministic: the
# tracer's probe; every race and reader defect of the zoo caught by the
# traced check within the first cases of its list (each named by byte and
# instruction), the correct implementations and every path of the bundled
# strscpy passing the first cases; a finding's replay line
# (--case --race-flip) reproducing it exactly, twice; the tracer broken on
# purpose (one load skipped, one width decoded short) missing defects, so
# these tests can fail; and the arenas kept inside one 4 GiB block (the
# sandbox's tracer filter needs it: test_arena.c).  Where the tracer
# cannot run (not x86-64, no Zydis) everything else SKIPs but the
# report's one line.  Counts and outcomes
# only: no time is asserted.  Prints PASS / FAIL / SKIP lines.
set -u
cd "$(dirname "$0")/.."
out=build/test/trace
mkdir -p "$out"
SC=build/strcheck
T=build/test_trace

. tests/common.sh

if ! make -s build/strcheck build/test_trace build/test_trace_emu build/libstrscpy.so zoo > "$out/build.log" 2>&1; then
	fail "build: see $out/build.log"
	exit 0
fi
# The arenas inside one 4 GiB block, tried across one (test_arena.c): the
# sandbox lets the tracer run only on such arenas.  Needs no tracer.
if cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -O1 -o "$out/test_arena" tests/test_arena.c \
	src/engine/memory/arena.c > "$out/test_arena.log" 2>&1; then
	"$out/test_arena"
else
	fail "arena_inside_one_4g_block: does not build (see $out/test_arena.log)"
fi
probe=$($T probe)
if [[ $probe == SKIP* ]]; then
	skip "tracer: ${probe#SKIP }"
	# The report says the race check is sampled, in one line.
	$SC --impl=build/zoo/ok_byte_loop.so --time=1 > "$out/sampled.out" 2>&1
	grep -q '^traced check: not here (.*): the race check is sampled, not traced$' \
		"$out/sampled.out"
	check report_says_sampled $? "no 'traced check: not here' line (see $out/sampled.out)"
	exit 0
fi
pass "tracer_probe"

# The zoo's race and reader defects (every race entry of the MANIFEST):
# caught by the traced check alone, walking its whole list up to the first
# finding (the default run traces all of it), with the class expected.
# run_zoo BINARY [STOP]: prints one line per entry, "NAME found|missed
# RULE"; with STOP, it stops after the first "missed" (a broken tracer's
# red: the rest would only walk more whole lists).
run_zoo() {
	local bin=$1 stop=${2:-} z api sym flags cls r
	grep -E '^bad_[a-z0-9_]+ .* race$' tests/zoo/MANIFEST |
	while read -r z api sym flags cls; do
		[[ $flags == *--reader* ]] && r=reader || r=
		r=$("$bin" check "build/zoo/$z.so" "$api" "$sym" $r 0 100000 | grep '^FINDING' | head -1)
		if [[ $r == "FINDING race "* ]]; then
			echo "$z found $(echo "$r" | cut -d' ' -f3)"
		else
			echo "$z missed"
			[ -n "$stop" ] && break
		fi
	done
}
run_zoo $T > "$out/zoo.txt"
while read -r z how rule; do
	check "zoo_${z}_caught_traced" "$([ "$how" = found ]; echo $?)" "missed by the traced check"
done < "$out/zoo.txt"

# The finding names the byte and both instructions.
$T check build/zoo/bad_race_volatile_loop.so strscpy strscpy 0 64 > "$out/volatile.txt"
grep -q 'made NUL right after its read 1 by strscpy+0x[0-9a-f]*, read again by strscpy+0x' "$out/volatile.txt"
check finding_names_byte_and_instructions $? "$(cat "$out/volatile.txt")"

# ... and, in the text report, their source lines (the zoo has -g).
$SC --impl=build/zoo/bad_race_volatile_loop.so --time=0 > "$out/source.out" 2>&1
grep -q '^  source    bad_race_volatile_loop.c:[0-9]*, bad_race_volatile_loop.c:[0-9]*' "$out/source.out"
check finding_gives_source_lines $? "see $out/source.out"

# Correct implementations and every path: the first 32 cases pass, with
# the reader's watch (stores traced too).
for e in ok_byte_loop:strscpy ok_aligned_word:strscpy ok_page_limited:strscpy \
	ok_sse2_aligned:strscpy ok_word_any_count:strscpy; do
	z=${e%%:*}
	r=$($T check "build/zoo/$z.so" strscpy strscpy reader 0 32 | tail -1)
	check "ok_${z}_passes_traced" "$([ "$r" = PASS ]; echo $?)" "$r"
done
for sym in strscpy strscpy_word strscpy_sse2 strscpy_avx2 strscpy_avx512 strscpy_pad; do
	api=strscpy
	[ $sym = strscpy_pad ] && api=strscpy_pad
	if [[ $sym == strscpy_avx* ]] && ! grep -q "${sym#strscpy_}" /proc/cpuinfo; then
		skip "lib_${sym}_passes_traced: this CPU has no ${sym#strscpy_}"
		continue
	fi
	r=$($T check build/libstrscpy.so $sym $api reader 0 32 | tail -1)
	check "lib_${sym}_passes_traced" "$([ "$r" = PASS ]; echo $?)" "$r"
done

# The read set only (no race promise, no --reader): the pages the call may
# read stay open, so a correct byte loop's plan takes no fault, an
# over-read onto a mapped page is still found (one fault), and a page the
# candidate opens with the tracer's own mprotect is tamper.
r=$($T check build/zoo/ok_strlcpy_bsd.so strlcpy strlcpy 0 100000)
[[ $r == *"read-set-only cases 2280"* && $r == *"faults 0 "* && $r == *PASS ]]
check read_set_only_strlcpy_takes_no_fault $? "$(echo $r)"
r=$($T check build/zoo/bad_overread_strlcpy_vector_page.so strlcpy strlcpy 1852 1)
[[ $r == *"faults 1 "* && $r == *"FINDING overread reads-allowed-pages"* ]]
check read_set_only_finds_overread_on_mapped_page $? "$(echo $r)"
r=$($T reopen)
[[ $r == "TAMPER traced: after the call a source page the tracer had closed"* ]]
check read_set_only_reopened_page_is_tamper $? "$r"
r=$($T reopen none)
check read_set_only_without_reopen_passes "$([ "$r" = PASS ]; echo $?)" "$r"

# Onward: after a fault the tracer performs the following instructions
# too (registers, the arenas, the stack), for one fault per call or loop
# instead of one per access.  The trace must be the very one of one fault
# per access (TEST_TRACE_ONWARD=0): the same accesses, flips and findings.
# Compared: the first N cases of the list but 2..6, the long strings of
# 6,000 to 12,300 bytes and one of 20,000 (one fault per access makes them
# 97% of the cost); kept are cases 0 and 1 (5,000 bytes, a page crossed
# inside the loop), 7 (20,000 bytes: five pages, and a byte loop's 65,536
# onward steps ended and begun again) and every short length after them.
# same_onward SO SYMBOL API reader N: prints the difference, if any.
same_onward() {
	local a b mode n=$5
	for mode in 1 0; do
		b=$({ TEST_TRACE_ONWARD=$mode $T check "$1" "$2" "$3" "$4" 0 2
		      TEST_TRACE_ONWARD=$mode $T check "$1" "$2" "$3" "$4" 7 $((n - 7)); } |
			grep -v '^faults' | sed 's/ in [0-9.]* s//')
		[ $mode = 1 ] && a=$b
	done
	[ "$a" = "$b" ] && [ -n "$a" ] || echo "onward: $a / one fault each: $b"
}
for e in ok_byte_loop:strscpy ok_aligned_word:strscpy ok_page_limited:strscpy \
	ok_sse2_aligned:strscpy ok_overlap_tail:strscpy ok_prepass_every_byte:strscpy \
	bad_race_residue5:strscpy bad_reader_halves_upper_first:strscpy bad_race_pad_reread:strscpy_pad; do
	z=${e%%:*}
	d=$(same_onward "build/zoo/$z.so" strscpy "${e#*:}" reader 120)
	check "onward_same_trace_${z}" "$([ -z "$d" ]; echo $?)" "$d"
done
d=$(same_onward build/libstrscpy.so strscpy strscpy reader 400)
check onward_same_trace_lib_strscpy "$([ -z "$d" ]; echo $?)" "$d"
# (the AVX2 path's loop is aligned by a nopl with a memory operand: once recorded as a read)
if grep -q avx2 /proc/cpuinfo; then
	d=$(same_onward build/libstrscpy.so strscpy_avx2 strscpy reader 200)
	check onward_same_trace_lib_strscpy_avx2 "$([ -z "$d" ]; echo $?)" "$d"
fi
# ... and the byte loop's whole plan with --reader (1.4 million accesses,
# once one fault each) takes fewer faults than one per 100 accesses.
r=$($T check build/zoo/ok_byte_loop.so strscpy strscpy reader 0 100000)
f=$(echo "$r" | sed -n 's/^faults \([0-9]*\) .*/\1/p')
a=$(echo "$r" | sed -n 's/^cases [0-9]* accesses \([0-9]*\) .*/\1/p')
[[ $r == *PASS ]] && [ -n "$f" ] && [ $((f * 100)) -lt "${a:-0}" ]
check onward_byte_loop_under_one_fault_per_100_accesses $? "$(echo $r)"

# The tracer against itself: every byte copied was seen read, every byte
# written seen stored (a skipped access or a width decoded short shows).
# cover BINARY: prints one line per path, "SYMBOL COVERED" or its gap.
cover() {
	local sym
	for sym in strscpy_word strscpy_sse2 strscpy_avx2 strscpy_avx512; do
		[[ $sym == strscpy_avx* ]] && ! grep -q "${sym#strscpy_}" /proc/cpuinfo && continue
		echo "$sym $("$1" cover build/libstrscpy.so $sym 48)"
	done
	echo "ok_byte_loop $("$1" cover build/zoo/ok_byte_loop.so strscpy 48)"
	echo "bad_race_memccpy $("$1" cover build/zoo/bad_race_memccpy.so strscpy 48)"
}
cover $T > "$out/cover.txt"
while read -r what res; do
	check "trace_covers_${what}" "$([ "$res" = COVERED ]; echo $?)" "$res"
done < "$out/cover.txt"

# Through strcheck: the traced phase finds the double read, its replay line
# reproduces it exactly (twice the same), and the mutator's line stands beside.
$SC --impl=build/zoo/bad_double_read.so --time=0 > "$out/run.out" 2>&1
rc=$?
grep -q '^  found by  traced check, case ' "$out/run.out" && grep -q '^race check: ' "$out/run.out" &&
	grep -q '^traced check: ' "$out/run.out" && [ $rc = 1 ]
check strcheck_traced_phase_finds_and_mutator_beside $? "rc=$rc (see $out/run.out)"
replay=$(sed -n 's/^  replay    strcheck //p' "$out/run.out" | head -1)
if [[ $replay == *--race-flip=* ]]; then
	# shellcheck disable=SC2086
	$SC $replay > "$out/replay1.out" 2>&1
	r1=$?
	# shellcheck disable=SC2086
	$SC $replay > "$out/replay2.out" 2>&1
	r2=$?
	w1=$(grep '^  what' "$out/replay1.out")
	w2=$(grep '^  what' "$out/replay2.out")
	rule=$(grep -m1 -oE '^DEFECT 1: race \(rule [a-z-]+\)' "$out/run.out")
	[ $r1 = 1 ] && [ $r2 = 1 ] && [ -n "$w1" ] && [ "$w1" = "$w2" ] && [ -n "$rule" ] &&
		[ "$(grep -m1 -oE '^DEFECT 1: race \(rule [a-z-]+\)' "$out/replay1.out")" = "$rule" ]
	check race_flip_replays_exactly $? "rc $r1 $r2 (see $out/replay1.out)"
else
	fail "race_flip_replays_exactly: no --race-flip in the replay line: $replay"
fi
# --emit-repro: the reproducer does the same flip, deterministically (one
# call): it fails on the defect and passes a correct copy.
rm -rf "$out/repro"
$SC --impl=build/zoo/bad_race_volatile_loop.so --time=0 --emit-repro="$out/repro" > "$out/repro.out" 2>&1
r=$(ls "$out"/repro/*race*.c 2>/dev/null | head -1)
if [ -n "$r" ] && grep -q '^#define REPRO_MODE 3' "$r" &&
	cc -Wall -Wextra -Werror -o "$out/repro/flip" "$r" -ldl -lpthread > "$out/repro/build.log" 2>&1; then
	"$out/repro/flip" > "$out/repro/bad.txt"
	rb=$?
	"$out/repro/flip" build/zoo/ok_byte_loop.so strscpy > "$out/repro/ok.txt"
	ro=$?
	[ $rb = 1 ] && [ $ro = 0 ] && grep -q '^DEFECT: returned' "$out/repro/bad.txt"
	check repro_flips_deterministically $? "bad $rb, ok $ro (see $out/repro)"
else
	fail "repro_flips_deterministically: no traced-flip reproducer built (see $out/repro.out)"
fi
$SC --impl=build/zoo/ok_byte_loop.so --case=0000002001000000000000000000 --race-flip=0@1 \
	> "$out/flip-ok.out" 2>&1
check race_flip_passes_a_correct_copy $? "see $out/flip-ok.out"
$SC --impl=build/zoo/ok_byte_loop.so --race-flip=0@1 > "$out/flip-alone.out" 2>&1
rc=$?
[ $rc = 2 ] && [ "$(wc -l < "$out/flip-alone.out")" = 1 ]
check race_flip_needs_a_case $? "rc=$rc"

# --traced-case=N: case N of the traced list, the very case the traced
# phase ran (with --race-flip, the same flip).  A case too long to print
# as hex (case 2: 12,300 bytes) replays by its number, not as a random case.
n=$(sed -n 's/^  found by  traced check, case \([0-9]*\).*/\1/p' "$out/run.out" | head -1)
flip=$(grep -o -- '--race-flip=[0-9@]*' <<< "$replay")
$SC --impl=build/zoo/bad_double_read.so --traced-case="$n" $flip > "$out/tcase.out" 2>&1
rc=$?
[ $rc = 1 ] && [ -n "$n" ] && [ -n "$flip" ] &&
	[ "$(grep '^  what' "$out/tcase.out")" = "$(grep '^  what' "$out/replay1.out")" ]
check traced_case_flip_replays_the_finding $? "rc=$rc, case '$n' $flip (see $out/tcase.out)"
$SC --impl=build/zoo/bad_reader_page_end_bytes.so --reader --traced-case=2 > "$out/tlong.out" 2>&1
rc=$?
replay=$(sed -n 's/^  replay    strcheck //p' "$out/tlong.out" | head -1)
[ $rc = 1 ] && [[ $replay == *" --traced-case=2 --reader" ]] && [[ $replay != *--random-case* ]]
check traced_case_long_replays_by_number $? "rc=$rc, replay '$replay' (see $out/tlong.out)"
# shellcheck disable=SC2086
$SC $replay > "$out/tlong2.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q '^DEFECT 1: race (rule reader-sees-nul)' "$out/tlong2.out"
check traced_case_long_replay_finds_it_again $? "rc=$rc (see $out/tlong2.out)"
$SC --impl=build/zoo/ok_byte_loop.so --traced-case=99999999 > "$out/tbad.out" 2>&1
rc=$?
[ $rc = 2 ] && grep -q 'out of range' "$out/tbad.out"
check traced_case_out_of_range $? "rc=$rc (see $out/tbad.out)"

# --no-trace: no traced phase (the mutator alone, what scripts/bench-race.sh
# measures), and a plain --case replay of a traced finding stays untraced.
$SC --impl=build/zoo/bad_double_read.so --time=0 --no-trace > "$out/notrace.out" 2>&1
grep -q '^traced check: skipped (--no-trace)' "$out/notrace.out" &&
	! grep -q '^  found by  traced check' "$out/notrace.out" && grep -q '^race check: ' "$out/notrace.out"
check no_trace_skips_the_traced_phase $? "see $out/notrace.out"
hex=$(grep -o -- '--case=[0-9a-f]*' <<< "$(sed -n 's/^  replay    strcheck //p' "$out/run.out" | head -1)")
$SC --impl=build/zoo/bad_double_read.so $hex --no-trace > "$out/notrace1.out" 2>&1
r1=$?
$SC --impl=build/zoo/bad_double_read.so $hex > "$out/trace1.out" 2>&1
r2=$?
[ -n "$hex" ] && [ $r1 = 0 ] && [ $r2 = 1 ]
check no_trace_case_replay_untraced $? "rc $r1 (--no-trace), $r2 (traced) (see $out/notrace1.out)"

# Each instruction form the tracer performs itself (or single-steps with
# exact bytes: gathers, bit tests), against the CPU on random data, page
# crossings and masked lanes over an unmapped page included: registers,
# flags, vector and opmask registers, dest bytes, and the bytes recorded.
build/test_trace_emu 100 > "$out/emu.txt"
rc=$?
while read -r how rest; do
	name=$(echo "${rest%%:*}" | tr -c 'A-Za-z0-9\n' _)
	case $how in
	ok) pass "emulated_${name}" ;;
	skip) skip "emulated_${name}: ${rest#*: }" ;;
	*) fail "emulated_${name}: ${rest#*: }" ;;
	esac
done < "$out/emu.txt"
[ $rc = 0 ] && [ "$(grep -c '^ok' "$out/emu.txt")" -ge 30 ]
check emulated_forms_all_native $? "rc=$rc (see $out/emu.txt)"

# A fault with no address (a non-canonical address: a general-protection
# fault, si_addr 0) is named by the decoded instruction's access and
# address, and says the kernel gave none: not "read at 0".
cat > "$out/gp.c" <<'EOF_GP'
#include <stddef.h>
#include <stdint.h>
long strscpy(char *d, const char *s, size_t n)
{
#ifdef WRITE
	*(volatile char *)((uintptr_t)d ^ 0x8000000000000000ull) = s[0];
#else
	d[0] = *(volatile const char *)((uintptr_t)s ^ 0x8000000000000000ull);
#endif
	(void)n;
	return 0;
}
EOF_GP
for rw in read write; do
	def=; [ $rw = write ] && def=-DWRITE
	cc -O1 -shared -fPIC $def -o "$out/gp_$rw.so" "$out/gp.c"
	# --first: every call faults the same way; the rest of the grid
	# (891,314 faults, seconds of CPU) would only repeat it.
	$SC --impl="$out/gp_$rw.so" --time=0 --first > "$out/gp_$rw.out" 2>&1
	rc=$?
	[ $rc = 1 ] && grep -Eq "^  what      faulted: $rw at (src|dest) [+-] 2\^63 = [a-z]+[+-]9223372036854775808 \(0x8000[0-9a-f]*, not canonical; the kernel gave no address" "$out/gp_$rw.out"
	check "no_address_fault_says_${rw}" $? "rc=$rc (see $out/gp_$rw.out)"
done

# A correct copy that asks the kernel whether each new source page is
# readable (a 1-byte write() to a pipe) behaves traced as untraced: the
# tracer traps the call and performs it with the pages open (it got EFAULT
# before and was judged a defect), and the kernel's read is recorded.
cat > "$out/probe_page.c" <<'EOF_PP'
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
static int fds[2] = { -1, -1 }, made;
static int readable(const char *p)
{
	char c;
	/* made at the first probe: a constructor's descriptors do not
	 * outlast the load (docs/tamper.md) */
	if (!made++ && pipe(fds) != 0)
		fds[0] = fds[1] = -1;
	if (write(fds[1], p, 1) != 1)
		return 0;
	return read(fds[0], &c, 1) == 1;
}
long strscpy(char *d, const char *s, size_t n)
{
	size_t i;
	if (!n || n > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < n; i++) {
		if ((i == 0 || ((uintptr_t)(s + i) & 4095) == 0) && !readable(s + i)) {
			d[i] = 0;
			return -EFAULT;
		}
		d[i] = s[i];
		if (!s[i])
			return (long)i;
	}
	d[n - 1] = 0;
	return -E2BIG;
}
EOF_PP
cc -O1 -shared -fPIC -o "$out/probe_page.so" "$out/probe_page.c"
r=$($T check "$out/probe_page.so" strscpy strscpy 0 40 | tail -1)
check syscall_probe_passes_traced "$([ "$r" = PASS ]; echo $?)" "$r"
$T dump "$out/probe_page.so" strscpy strscpy 0 > "$out/probe_dump.txt"
n=$(grep -c ' r src+0 1 .*flags 22\?$' "$out/probe_dump.txt")
# the kernel's read of src[0] (flagged: 0x20, made in a system call), and the copy's
[ "$n" -ge 2 ] && grep -q ' r src+0 1 .*flags 22$' "$out/probe_dump.txt"
check syscall_read_recorded "$?" "src[0] read $n time(s) (see $out/probe_dump.txt)"
$SC --impl="$out/probe_page.so" --traced-case=15 > "$out/probe_case15.out" 2>&1
rc=$?
check syscall_probe_passes_case15_sandboxed "$rc" "rc=$rc (see $out/probe_case15.out)"

# Every other system call behaves as untraced too (docs/race.md, "System
# calls"): sendmmsg performed and recorded like sendmsg, rt_sigprocmask
# (not in the trapped list, and not to be made from a signal handler) run
# natively with the arenas open.  The correct probes pass traced; the
# probes that say "readable" to an over-read are caught, the kernel named.
for z in ok_probe_sendmmsg ok_probe_sigmask; do
	r=$($T check "build/zoo/$z.so" strscpy strscpy reader 0 60 | tail -1)
	check "syscall_${z#ok_}_passes_traced" "$([ "$r" = PASS ]; echo $?)" "$r"
done
for p in sendmmsg:sendmmsg sigmask:rt_sigprocmask; do
	z=bad_overread_${p%%:*}_probe
	$SC --impl="build/zoo/$z.so" --traced-case=1853 > "$out/$z.out" 2>&1
	rc=$?
	[ $rc = 1 ] && grep -q '^DEFECT 1: overread (rule reads-allowed-pages)' "$out/$z.out" &&
		grep -q "^  what      traced: the kernel in ${p#*:}() " "$out/$z.out"
	check "syscall_${p%%:*}_overread_caught" $? "rc=$rc (see $out/$z.out)"
done
# scas and cmps are performed, never single-stepped: repne scasb as strlen.
r=$($T bench build/zoo/ok_scas_probe.so strscpy 30 | grep -o 'single-stepped: [0-9]*')
[ "$r" = "single-stepped: 0" ]
check scas_performed_not_stepped $? "$r"

# Builds of the tracer's tests with other flags: the files those flags
# change (FLAG, a -D name: the engine's files that test it) compiled again,
# the rest of the engine taken as make built it (build/engine/), not the
# whole engine compiled once more for each build.
# engine_with FLAG: the engine's sources that test FLAG, then the objects
# of all its other sources (and the references').
engine_with() {
	local f mine
	mine=$(grep -l -- "$1" src/engine/*/*.c src/engine/*/*/*.c)
	echo "$mine"
	for f in src/engine/*/*.c src/engine/*/*/*.c ref/ref_*.c; do
		grep -qxF "$f" <<< "$mine" || echo "build/engine/${f%.c}.o"
	done
}
# Where the tracer is refused (the sandbox) in a build without Zydis, the
# reason said is the build's.
# shellcheck disable=SC2046
if cc -std=c11 -D_GNU_SOURCE -O1 -o "$out/nozydis" tests/test_trace.c $(engine_with SC_HAVE_ZYDIS) \
	-ldl -lpthread -lm > "$out/nozydis.log" 2>&1; then
	r=$("$out/nozydis" why-refused)
	[ "$r" = "this strcheck was built without Zydis (libzydis-dev)" ]
	check no_zydis_reason_before_the_sandbox $? "said: $r"
else
	fail "no_zydis_reason_before_the_sandbox: build failed (see $out/nozydis.log)"
fi

# The tracer broken on purpose (the tests of these tests: six builds of
# the tracer's files) runs in make test and when this suite runs alone, not in
# make check (STRCHECK_TIER, scripts/test.sh).
[ "${STRCHECK_TIER:-test}" = check ] && exit 0

# broken SRC B OUT: SRC (a test of the tracer) built with the tracer
# broken on purpose in way B (SC_TRACE_BREAK), into OUT (its log OUT.log).
broken() {
	# shellcheck disable=SC2046
	cc -std=c11 -D_GNU_SOURCE -O1 -DSC_HAVE_ZYDIS -DSC_TRACE_BREAK="$2" -o "$3" "$1" \
		$(engine_with SC_TRACE_BREAK) -ldl -lpthread -lm -lZydis > "$3.log" 2>&1
}
# The tracer broken on purpose: these tests must go red.  1: each call's
# first load wider than a byte is not recorded; 2: each such load is
# decoded one byte short; 6: the accesses performed onward after a fault
# (without one of their own) are not recorded.
for b in 1 2 6; do
	if ! broken tests/test_trace.c $b "$out/broken$b"; then
		fail "broken_tracer_$b: build failed (see $out/broken$b.log)"
		continue
	fi
	# The cover test first (seconds); the zoo (whole lists walked where
	# a finding is missed) only while everything is still green.
	cover "$out/broken$b" > "$out/broken$b.txt"
	grep -q ' GAP' "$out/broken$b.txt" || run_zoo "$out/broken$b" stop >> "$out/broken$b.txt"
	red=$(grep -c -E ' missed| GAP' "$out/broken$b.txt")
	# A broken tracer passes a defect, leaves a gap, or fails its own probe.
	[ "$red" -gt 0 ] || [[ $("$out/broken$b" probe) == SKIP* ]]
	check "broken_tracer_${b}_goes_red" $? "all still green: $(tr '\n' ';' < "$out/broken$b.txt")"
done
# 5: no system call trap: the page-probing copy is judged a defect.
if broken tests/test_trace.c 5 "$out/broken5"; then
	"$out/broken5" check "$out/probe_page.so" strscpy strscpy 0 40 > "$out/broken5.txt"
	grep -q '^FINDING' "$out/broken5.txt"
	check broken_tracer_5_goes_red $? "still PASS: $(tail -1 "$out/broken5.txt")"
	for z in ok_probe_sendmmsg ok_probe_sigmask; do
		"$out/broken5" check "build/zoo/$z.so" strscpy strscpy 0 60 > "$out/broken5_$z.txt"
		grep -q '^FINDING' "$out/broken5_$z.txt"
		check "broken_tracer_5_${z#ok_}_goes_red" $? "still PASS: $(tail -1 "$out/broken5_$z.txt")"
	done
else
	fail "broken_tracer_5: build failed (see $out/broken5.log)"
fi
# 3: the emulator returns the carry flag inverted; 4: the decoder takes a
# vmaskmov's every lane as enabled.  The forms' test must go red.
for b in 3 4; do
	if ! broken tests/test_trace_emu.c $b "$out/broken_emu$b"; then
		fail "broken_emulator_$b: build failed (see $out/broken_emu$b.log)"
		continue
	fi
	"$out/broken_emu$b" 20 > "$out/broken_emu$b.txt"
	[ "$(grep -c '^FAIL' "$out/broken_emu$b.txt")" -gt 0 ]
	check "broken_emulator_${b}_goes_red" $? "all still green (see $out/broken_emu$b.txt)"
done
