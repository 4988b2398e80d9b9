#!/usr/bin/env bash
# tier: test
# group: cross
# cost: 564
# The cross suite (make test-cross; make test runs it too): on every
# architecture of mk/cross.mk whose cross compiler is installed, the
# library's suite (tests/test_lib.c built for it) and strcheck checking
# that architecture's library and the zoo entries of tests/zoo/MANIFEST.cross
# built for it, each run through the native build/strcheck, which hands a
# foreign .so to the strcheck built for it (under qemu-user; i386
# natively).  Then, per architecture, the fuzz corpus replayed by the
# harness's plain runner on every path, the report's architecture line,
# the overlap of the concurrent checks; a C source, an object and an
# archive for s390x (and powerpc) checked there, with the replay command;
# a JSON report; the messages for what is missing.  Prints "PASS name" /
# "FAIL name: why" / "SKIP name: why".
#
# Run time: every run gets --time=0 (the whole grid and the concurrent
# checks, no random cases: under qemu-user 7 to 11 s of CPU for a whole
# grid and 1 s for a run cut short by --first, against 2 s natively,
# docs/architectures.md "The checker's own byte work"; a deadline would
# cut the grid), the library's suite runs quick (-q: every 7th grid case,
# no race: strcheck's runs do the concurrent checks), and runs go two at
# a time except the race entries.  The manifest keeps each run to what
# its verdict needs: the own library's race and reader checks get 1 s
# (--race-time=1; under qemu they overlap fewer than 2,000 calls, so each
# runs to twice that, docs/race.md "Time"), the grid-only entries skip the
# race check (--no-race) and stop at their first defect where that shows
# the class (--first).  564 s of CPU here with the cross builds from
# nothing (184 s of it), against 661 s on CI before (docs/architectures.md
# "The cross suite's cost").
set -u
cd "$(dirname "$0")/.."
out=build/test/cross
mkdir -p "$out"
SC=build/strcheck

. tests/common.sh

# ---- which architectures can run here ----
declare -A QEMU LIBC
arches=()
missing_pkgs=""
while read -r arch have qemu libc pkgs; do
	if [ "$have" != yes ]; then
		skip "cross_$arch: no cross compiler: install $pkgs (scripts/deps.sh lists them; .ci/run installs them)"
		missing_pkgs="$missing_pkgs $pkgs"
		continue
	fi
	if [ "$qemu" != - ] && ! command -v "$qemu" > /dev/null; then
		skip "cross_$arch: $qemu not installed: install qemu-user"
		missing_pkgs="$missing_pkgs qemu-user"
		continue
	fi
	QEMU[$arch]=$qemu
	LIBC[$arch]=$libc
	arches+=("$arch")
done < <(make -s --no-print-directory cross-list)
# i386 runs natively on x86-64, unless the kernel was built without its
# 32-bit mode: then under qemu-i386 with the host's multilib C library, as
# strcheck itself falls back (src/candidate/arch/foreign.c).
if [ "${QEMU[i386]:-}" = - ]; then
	case $(m32_how) in
	native) ;;
	qemu) QEMU[i386]=qemu-i386; LIBC[i386]=/ ;;
	*)	skip "cross_i386: this kernel runs no 32-bit program and qemu-i386 is missing: install qemu-user"
		unset 'QEMU[i386]'
		for i in "${!arches[@]}"; do [ "${arches[$i]}" = i386 ] && unset 'arches[$i]'; done
		arches=("${arches[@]}") ;;
	esac
fi
if [ ${#arches[@]} -eq 0 ]; then
	skip "test_cross: no cross toolchain here, nothing checked on other architectures: install$missing_pkgs"
	exit 0
fi

if ! make -s build/strcheck build/libstrscpy.so zoo corpus > "$out/build-native.log" 2>&1; then
	fail "build_strcheck_native: see $out/build-native.log"
	exit 1
fi
built=()
for arch in "${arches[@]}"; do
	if make -s cross-"$arch" > "$out/build-$arch.log" 2>&1; then
		pass "build_cross_$arch"
		built+=("$arch")
	else
		fail "build_cross_$arch: see $out/build-$arch.log"
		tail -5 "$out/build-$arch.log"
	fi
done

# ---- the jobs ----
# lib ARCH: the library's suite on ARCH.  zoo ARCH FILE SYM API FLAGS: one
# strcheck run, always through the native strcheck (x86-64 runs the
# native zoo), so the hand-over to the foreign build is what is tested.
run_job() {
	local kind=$1 arch=$2 name t0=$SECONDS
	if [ "$kind" = lib ]; then
		local runner=()
		[ "${QEMU[$arch]}" != - ] && runner=("${QEMU[$arch]}" -L "${LIBC[$arch]}")
		cpu "$out/lib-$arch.cpu" timeout 3600 "${runner[@]}" "build/cross/$arch/test_lib" -q \
			-t "@$arch-cross" edge mem grid guard bytes models > "$out/lib-$arch.out" 2>&1
		echo $? > "$out/lib-$arch.rc"
		echo "lib-$arch $((SECONDS - t0)) s wall, $(cat "$out/lib-$arch.cpu") s CPU" >> "$out/times.txt"
		return
	fi
	local file=$3 sym=$4 api=$5 flags=$6 so
	name=$(job_name "$arch" "$file" "$sym" "$flags")
	if [ "$arch" = x86-64 ]; then
		so=build/zoo/$file.so
		[ "$file" = own ] && so=build/libstrscpy.so
	else
		so=build/cross/$arch/zoo/$file.so
		[ "$file" = own ] && so=build/cross/$arch/libstrscpy.so
	fi
	[ "$flags" = - ] && flags=""
	cpu "$out/$name.cpu" timeout 1800 $SC --impl="$so" --symbol="$sym" --api="$api" --time=0 \
		${flags//,/ } > "$out/$name.out" 2> "$out/$name.err"
	echo $? > "$out/$name.rc"
	echo "$name $((SECONDS - t0)) s wall, $(cat "$out/$name.cpu") s CPU" >> "$out/times.txt"
}
# cpu FILE CMD...: run CMD, its user+sys CPU seconds into FILE (for
# times.txt, where the suite's CPU goes; "?" without GNU time); CMD's status.
cpu() {
	local f=$1
	shift
	echo "?" > "$f"
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -o "$f" -f '%U %S' "$@"
		set -- $? "$f"
		# (a first line says when CMD failed: the figures are the last)
		tail -1 "$2" | awk '{printf "%.1f\n", $1 + $2}' > "$2.tmp" && mv "$2.tmp" "$2"
		return "$1"
	fi
	"$@"
}
job_name() {
	local n=cross_$1_$2
	[ "$2" = own ] && n="${n}_$3"
	case $4 in *--reader*) [ "$2" = own ] && n="${n}_reader" ;; esac
	echo "$n"
}
export -f run_job job_name cpu
export SC out
export QEMU_S="$(declare -p QEMU LIBC)"
# xargs runs bash -c: the arrays go through the environment as text.
runner() { eval "$QEMU_S"; run_job "$@"; }
export -f runner

cols="x86-64 i386 s390x powerpc aarch64 armhf riscv64"
col_of() { local i=5; for c in $cols; do [ "$c" = "$1" ] && echo $i; i=$((i + 1)); done; }
# The entries, per architecture, with the verdict expected there.
manifest() {
	local arch=$1 col
	col=$(col_of "$arch")
	grep -v '^#' tests/zoo/MANIFEST.cross | awk -v c="$col" -v a="$arch" \
		'NF == 11 && $c != "-" {print a, $1, $2, $3, $4, $c}'
}
all=(x86-64 "${built[@]}")
start=$(date +%s)
rm -f "$out"/*.rc "$out"/*.out "$out/times.txt" "$out/overlaps.txt"
{
	for arch in "${built[@]}"; do echo "lib $arch"; done
	for arch in "${all[@]}"; do
		manifest "$arch" | awk '$6 != "race" {print "zoo", $1, $2, $3, $4, $5}'
	done
} | xargs -P 2 -L 1 bash -c 'runner "$@"' _
# The race entries alone: each needs both cores to see its race.
for arch in "${all[@]}"; do
	manifest "$arch" | awk '$6 == "race" {print "zoo", $1, $2, $3, $4, $5}'
done | xargs -P 1 -L 1 bash -c 'runner "$@"' _
echo "cross jobs took $(($(date +%s) - start)) s" > "$out/time.txt"

# ---- verdicts ----
for arch in "${built[@]}"; do
	grep -E '^(PASS|FAIL|SKIP)' "$out/lib-$arch.out"
	rc=$(cat "$out/lib-$arch.rc" 2> /dev/null || echo none)
	if [ "$rc" != 0 ] && ! grep -q '^FAIL' "$out/lib-$arch.out"; then
		fail "lib_suite@$arch-cross: exit $rc (see $out/lib-$arch.out)"
	fi
done
for arch in "${all[@]}"; do
	while read -r _ file sym api flags expect; do
		name=$(job_name "$arch" "$file" "$sym" "$flags")
		rc=$(cat "$out/$name.rc" 2> /dev/null || echo none)
		classes=$(grep -oE '^DEFECT [0-9]+: [a-z-]+' "$out/$name.out" | awk '{print $3}' | tr '\n' ' ')
		if [ "$expect" = pass ]; then
			if [ "$rc" = 0 ] && grep -q '^VERDICT: PASS' "$out/$name.out"; then
				pass "$name"
			else
				fail "$name: expected a pass, got exit $rc, classes: $classes(see $out/$name.out)"
			fi
		elif [ "$rc" = 1 ] && [[ " $classes" == *" $expect "* ]]; then
			pass "$name"
		else
			fail "$name: expected class $expect, got exit $rc, classes: $classes(see $out/$name.out)"
		fi
	done < <(manifest "$arch")
done

# ---- the fuzz harness's seeds and regression inputs, replayed there ----
# (the plain runner of fuzz_strscpy built for ARCH; every path it has)
for arch in "${built[@]}"; do
	runner=()
	[ "${QEMU[$arch]}" != - ] && runner=("${QEMU[$arch]}" -L "${LIBC[$arch]}")
	paths="strscpy strscpy_word"
	[ "$arch" = aarch64 ] && paths="$paths strscpy_neon"
	for path in $paths; do
		f=$out/fuzz-$arch-$path.out
		sym=$path
		[ "$path" = strscpy ] && sym=""
		STRCHECK_SYMBOL=$sym timeout 1800 "${runner[@]}" "build/cross/$arch/fuzz/run/fuzz_strscpy" \
			build/corpus/fuzz_strscpy corpus/regressions > "$f" 2>&1
		rc=$?
		# (at least one input: a 32-bit runner that could not read the
		# folders replayed none and said "no defect")
		[ $rc = 0 ] && grep -q ' [1-9][0-9]* input(s), [0-9]* check(s) in .*, no defect$' "$f"
		check "cross_${arch}_fuzz_corpus_${path}" $? "exit $rc: $(tail -1 "$f")"
	done
done

# ---- the report says where it ran ----
for arch in "${built[@]}"; do
	f=$out/cross_${arch}_own_strscpy_reader.out
	if [ "${QEMU[$arch]}" = - ]; then
		how="native \(32-bit process on the x86-64 kernel\)"
	elif [ "$arch" = i386 ]; then
		how="emulated by qemu-i386 \(qemu-user\): this kernel runs no such program natively"
	else
		how="emulated by ${QEMU[$arch]} \(qemu-user\)"
	fi
	grep -qE "^architecture: $arch \((32|64)-bit (big|little)-endian\), $how$" "$f"
	check "cross_${arch}_report_names_architecture" $? "no architecture line in $f"
	# The concurrent checks overlapped at all (the counts go to overlaps.txt).
	r=$(sed -n 's/^race check: \([0-9]*\) calls, \([0-9]*\) of them.*/\2 of \1/p' "$f")
	d=$(sed -n 's/^reader check: \([0-9]*\) calls, \([0-9]*\) of them.*/\2 of \1/p' "$f")
	echo "$arch race ${r:-none} reader ${d:-none}" >> "$out/overlaps.txt"
	[ "${r%% *}" -gt 0 ] 2> /dev/null && [ "${d%% *}" -gt 0 ] 2> /dev/null
	check "cross_${arch}_concurrent_checks_overlap" $? "race ${r:-none}, reader ${d:-none} overlapped (see $f)"
done
grep -q '^architecture: x86-64 (64-bit little-endian), native$' "$out/cross_x86-64_own_strscpy_reader.out"
check cross_x86-64_report_names_architecture $? "see $out/cross_x86-64_own_strscpy_reader.out"

# ---- a C source for another architecture: --impl=FILE.c --arch=NAME ----
# Cross-compiled with that architecture's compiler, checked there, and the
# replay command names both, so that it runs the same check again.
for arch in s390x powerpc; do
	[[ " ${built[*]} " == *" $arch "* ]] || continue
	f=$out/source-$arch
	$SC --impl=tests/zoo/bad_be_le_index.c --arch=$arch --first > "$f.out" 2> "$f.err"
	rc=$?
	replay=$(sed -n 's/^  replay    //p' "$f.out" | head -1)
	# The wrong index returns the wrong length (retval) and copies the
	# source bytes after the NUL (leak, listed first as the worse).
	[ $rc = 1 ] && grep -q '^DEFECT [0-9]*: retval' "$f.out" &&
		grep -q "^built: $arch-linux-gnu-gcc .*tests/zoo/bad_be_le_index.c" "$f.out" &&
		grep -q "^architecture: $arch " "$f.out" &&
		[[ "$replay" == "strcheck --impl=tests/zoo/bad_be_le_index.c --cc=$arch-linux-gnu-gcc --arch=$arch "* ]]
	check "cross_${arch}_source_cross_compiled_and_checked" $? "exit $rc, replay '$replay' (see $f.out, $f.err)"
	# The replay command, run as printed (with the native strcheck).
	eval "build/${replay}" > "$f-replay.out" 2>&1
	rc=$?
	[ $rc = 1 ] && grep -q '^DEFECT [0-9]*: retval' "$f-replay.out" && grep -q "^architecture: $arch " "$f-replay.out"
	check "cross_${arch}_source_replay_reproduces" $? "exit $rc (see $f-replay.out)"
done

# An object and an archive built for s390x, given without --arch: the ELF
# header (the archive's first object) sends them there, and that build
# links them with its compiler.  The archive holds that very object, whose
# whole grid and concurrent checks the .o run does: the archive's run,
# which tests the route and the link, takes the grid's first 30,000 cases
# (--grid-case: no concurrent checks; a whole grid costs ~15 CPU s under
# qemu-s390x here, these 30,000 cases under 1 s).
if [[ " ${built[*]} " == *" s390x "* ]]; then
	s390x-linux-gnu-gcc -O1 -fPIC -c -o "$out/s390x.o" tests/zoo/ok_byte_loop.c &&
		rm -f "$out/libs390x.a" && s390x-linux-gnu-ar rcs "$out/libs390x.a" "$out/s390x.o"
	for f in "$out/s390x.o" "$out/libs390x.a"; do
		grid=()
		[ "${f##*.}" = a ] && grid=(--grid-case=0-29999)
		$SC --impl="$f" "${grid[@]}" --time=0 --race-time=0.5 > "$f.out" 2> "$f.err"
		rc=$?
		[ $rc = 0 ] && grep -q '^architecture: s390x ' "$f.out" &&
			grep -q '^built: s390x-linux-gnu-gcc ' "$f.out"
		check "cross_s390x_${f##*.}_checked_there" $? "exit $rc (see $f.out, $f.err)"
	done
fi

# ---- the JSON report of an emulated run: valid, and names where it ran ----
for arch in "${built[@]}"; do
	[ "${QEMU[$arch]}" != - ] || continue
	f=$out/json-$arch.json
	$SC --impl="build/cross/$arch/zoo/bad_strlen_first.so" --format=json --time=0 --first \
		> "$f" 2> "$f.err"
	/usr/bin/python3 - "$f" docs/schemas/strcheck-report.schema.json "$arch" > "$f.log" 2>&1 <<'PY'
import json, sys, jsonschema
doc = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(doc)
assert doc["architecture"].startswith(sys.argv[3] + " ("), doc["architecture"]
assert "emulated by qemu-" in doc["architecture"], doc["architecture"]
PY
	check "cross_${arch}_json_report_valid_with_architecture" $? "$(tail -1 "$f.log") (see $f)"
	break
done

# ---- what is missing gets one line and exit 2 ----
a=${built[0]}
for arch in "${built[@]}"; do [ "${QEMU[$arch]}" != - ] && a=$arch && break; done
so=build/cross/$a/libstrscpy.so
STRCHECK_CROSS_DIR=$out/no-such-dir $SC --impl="$so" > "$out/no-build.out" 2> "$out/no-build.err"
rc=$?
[ $rc = 2 ] && [ ! -s "$out/no-build.out" ] && [ "$(wc -l < "$out/no-build.err")" = 1 ] &&
	grep -q "^strcheck: $so is for $a (.*) and there is no $a build of strcheck (.*): .*make cross-$a" "$out/no-build.err"
check cross_missing_build_says_what_to_do $? "exit $rc: $(cat "$out/no-build.err")"
if [ "${QEMU[$a]}" != - ]; then
	PATH=/nonexistent $(command -v bash) -c "$SC --impl=$so" > "$out/no-qemu.out" 2> "$out/no-qemu.err"
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l < "$out/no-qemu.err")" = 1 ] &&
		grep -q "^strcheck: $so is for $a .*needs ${QEMU[$a]}: install qemu-user$" "$out/no-qemu.err"
	check cross_missing_qemu_says_install_qemu_user $? "exit $rc: $(cat "$out/no-qemu.err")"
fi
# An ELF for an architecture with no build at all: that foreign .so with
# its ELF machine field rewritten to MIPS (8), in the file's byte order.
cp "$so" "$out/mips.so"
if [ "$(od -An -tu1 -j5 -N1 "$so" | tr -d ' ')" = 2 ]; then m='\000\010'; else m='\010\000'; fi
printf "$m" | dd of="$out/mips.so" bs=1 seek=18 conv=notrunc 2> /dev/null
$SC --impl="$out/mips.so" > /dev/null 2> "$out/mips.err"
rc=$?
[ $rc = 2 ] && grep -qE "^strcheck: $out/mips.so is a (32|64)-bit (big|little)-endian ELF file for MIPS \(ELF machine 8\); strcheck has builds for x86-64, i386, s390x" "$out/mips.err"
check cross_unknown_architecture_refused $? "exit $rc: $(cat "$out/mips.err")"
# The foreign build does not hand over again (no qemu inside qemu).
if [ ${#built[@]} -ge 2 ]; then
	b=${built[1]}
	[ "$b" = "$a" ] && b=${built[0]}
	STRCHECK_RUN_AS=test $SC --impl="build/cross/$b/libstrscpy.so" > /dev/null 2> "$out/twice.err"
	rc=$?
	[ $rc = 2 ] && grep -q "started by another strcheck" "$out/twice.err"
	check cross_no_second_hand_over $? "exit $rc: $(cat "$out/twice.err")"
fi
cat "$out/time.txt"
