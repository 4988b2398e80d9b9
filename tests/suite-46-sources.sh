#!/usr/bin/env bash
# tier: test
# cost: 45
# Candidates from sources (docs/your-code.md): C files, objects, archives
# and kernel trees built into a shared object by strcheck (a defect's
# class that of the run's first defect, --first, but where said); the candidate's
# own symbols always win (the __stpncpy case, built either way); kernel
# trees with each word-at-a-time variant and the fix-up emulation; the
# byte-order trap warning; every bad input one clear line and exit 2; and
# the private build directory gone afterwards, even after a crash or ^C.
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/sources
rm -rf "$out"
mkdir -p "$out/tmp"
SC=$PWD/build/strcheck
# Builds go to a private TMPDIR, so the test sees what strcheck leaves.
export TMPDIR=$PWD/$out/tmp
unset CC CFLAGS

. tests/common.sh
leftovers() { ls "$TMPDIR" | grep -c '^strcheck-build' ; }

if ! make -s build/strcheck build/libstrscpy.so zoo > "$out/build.log" 2>&1; then
	fail "build_strcheck: see $out/build.log"
	exit 1
fi

# expect NAME WANT ARGS...: WANT is pass, a defect class, or exit2.
expect() {
	local name=$1 want=$2 rc classes first=
	shift 2
	# A defect class: --first, the run ends at its first defect (the one
	# that must be of the class; the rest of the plan would only count
	# more cases of it), unless ALL=1: a class found after another one.
	case $want in pass | exit2) ;; *) [ "${ALL:-}" = 1 ] || first=--first ;; esac
	# The whole grid, --time=0: a short --time is a real deadline that
	# cuts the grid on a busy machine, and a cut run is INCOMPLETE (exit
	# 3), neither a PASS nor a defect.
	timeout 1200 "$SC" --time=0 $first "$@" > "$out/$name.out" 2> "$out/$name.err"
	rc=$?
	classes=$(classes_of "$out/$name.out")
	case $want in
	exit2) [ $rc = 2 ] && [ "$(grep -c '^strcheck: ' "$out/$name.err")" = 1 ] ;;
	*) verdict_is "$want" $rc "$out/$name.out" ;;
	esac
	check "$name" $? "expected $want, got exit $rc, classes: $classes(see $out/$name.*)"
}

Z=tests/zoo
L=tests/sources/libc
K=tests/kernel-tree
CCF="-O1 -fPIC -fno-tree-vectorize -fno-builtin"

# ---- C sources, objects, archives: a correct and a defective one each ----
expect c_ok pass --impl=$Z/ok_aligned_word.c --no-race
expect c_bad leak --impl=$Z/bad_leak_final_word.c --no-race
cc $CCF -c -o "$out/ok.o" $Z/ok_aligned_word.c && cc $CCF -c -o "$out/bad.o" $Z/bad_leak_final_word.c
expect o_ok pass --impl="$out/ok.o" --no-race
expect o_bad leak --impl="$out/bad.o" --no-race
ar rcs "$out/libok.a" "$out/ok.o" && ar rcs "$out/libbad.a" "$out/bad.o"
expect a_ok pass --impl="$out/libok.a" --no-race
expect a_bad leak --impl="$out/libbad.a" --no-race

# ---- the candidate's own symbols win: strncpy calling its own __stpncpy ----
# (glibc exports a correct __stpncpy: bound to it, the defect would pass.
# The binding shows in the grid: the correct pairs run it whole, --no-race.)
cc $CCF -shared -o "$out/libc_bad.so" $L/strncpy.c $L/stpncpy_no_fill.c
cc $CCF -shared -o "$out/libc_ok.so" $L/strncpy.c $L/stpncpy.c
expect stpncpy_so_no_bsymbolic_bad content --impl="$out/libc_bad.so" --api=strncpy
expect stpncpy_so_no_bsymbolic_ok pass --impl="$out/libc_ok.so" --api=strncpy --no-race
grep -q '^note: the candidate defines .*__stpncpy.*libc.so.6 exports too.*RTLD_DEEPBIND' \
	"$out/stpncpy_so_no_bsymbolic_bad.out"
check report_names_shadowed_stpncpy $? "see $out/stpncpy_so_no_bsymbolic_bad.out"
expect stpncpy_c_bad content --impl=$L/strncpy.c,$L/stpncpy_no_fill.c --api=strncpy
expect stpncpy_c_ok pass --impl=$L/strncpy.c --impl=$L/stpncpy.c --api=strncpy --no-race
cc $CCF -c -o "$out/strncpy.o" $L/strncpy.c && cc $CCF -c -o "$out/stpncpy_no_fill.o" $L/stpncpy_no_fill.c &&
	cc $CCF -c -o "$out/stpncpy.o" $L/stpncpy.c
ar rcs "$out/libc-tree-bad.a" "$out/strncpy.o" "$out/stpncpy_no_fill.o"
ar rcs "$out/libc-tree-ok.a" "$out/strncpy.o" "$out/stpncpy.o"
expect stpncpy_a_bad content --impl="$out/libc-tree-bad.a" --api=strncpy
expect stpncpy_a_ok pass --impl="$out/libc-tree-ok.a" --api=strncpy --no-race
expect stpncpy_o_bad content --impl="$out/strncpy.o,$out/stpncpy_no_fill.o" --api=strncpy

# The report says when the candidate calls another library's string function.
printf '#include <string.h>\n#include <sys/types.h>\nssize_t strscpy(char *d, const char *s, size_t n)\n{\n\tsize_t l = strnlen(s, n);\n\tif (!n) return -7;\n\tif (l == n) { memcpy(d, s, n - 1); d[n - 1] = 0; return -7; }\n\tmemcpy(d, s, l + 1);\n\treturn (ssize_t)l;\n}\n' > "$out/calls_libc.c"
expect calls_libc_race race --impl="$out/calls_libc.c"
grep -qE '^note: the candidate calls string functions it does not define: .*(memcpy|strnlen).*\(from libc.so.6\)' \
	"$out/calls_libc_race.out"
check report_names_called_string_functions $? "see $out/calls_libc_race.out"
# A candidate that is the C library itself gets a warning.
libc=$(ldd "$SC" | awk '/libc.so/ {print $3}')
expect glibc_itself pass --impl="$libc" --api=strncpy --no-race
grep -q "^strcheck: warning: .* is the C library strcheck itself runs on" "$out/glibc_itself.err"
check warns_when_candidate_is_glibc $? "see $out/glibc_itself.err"

# ---- the build command: printed with --verbose and in the header ----
# (the build is the claim: its first 1,000 grid cases, not the whole grid)
expect verbose pass --impl=$Z/ok_byte_loop.c --verbose --cflags="-O1 -g" --no-race --grid-case=0-999
grep -q '^strcheck: building: cc -fPIC -shared -O1 -g .*-Wl,-Bsymbolic .*ok_byte_loop.c$' "$out/verbose.err" &&
	grep -q '^built: cc -fPIC -shared -O1 -g ' "$out/verbose.out"
check build_command_verbose_and_header $? "see $out/verbose.*"
CC=clang CFLAGS=-O2 "$SC" --impl=$Z/ok_byte_loop.c --grid-case=0 > "$out/ccenv.out" 2>&1
grep -q '^built: clang -fPIC -shared -O2 ' "$out/ccenv.out"
check honours_CC_and_CFLAGS $? "see $out/ccenv.out"
# The replay line rebuilds the same way and reproduces the defect.
replay=$(sed -n 's/^  replay    //p' "$out/c_bad.out" | head -1)
case $replay in
strcheck\ --impl=tests/zoo/bad_leak_final_word.c\ *--case=*)
	eval "build/$replay" > "$out/replay.out" 2>&1
	[ $? = 1 ] && grep -q '^DEFECT 1: leak' "$out/replay.out" ;;
*) false ;;
esac
check replay_of_built_candidate $? "replay '$replay' (see $out/replay.out)"
"$SC" --impl=$Z/ok_byte_loop.c --grid-case=0 --format=json > "$out/json.out" 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["build"].startswith("built: cc ")' \
	"$out/json.out" 2> /dev/null
check json_has_build $? "see $out/json.out"

# ---- kernel trees: each word-at-a-time variant ----
for v in "x86:" "x86:CONFIG_DCACHE_WORD_ACCESS=n" "generic:" "generic:CONFIG_DCACHE_WORD_ACCESS=y" \
	 "generic:CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS=n"; do
	wat=${v%%:*}
	kc=${v#*:}
	tag=${wat}_$(echo "${kc:-default}" | tr 'A-Z=' 'a-z_' | sed 's/config_//')
	args=(--kernel-wat=$wat)
	[ -n "$kc" ] && args+=(--kconfig=$kc)
	expect kernel_${tag}_ok pass --impl=$K/lib/string.c "${args[@]}"
	# Plain loads past the page: an over-read; zeropad loads: fixed up.
	case $kc in
	*DCACHE_WORD_ACCESS=y) want=pass ;;
	*DCACHE_WORD_ACCESS=n | *UNALIGNED_ACCESS=n) want=overread ;;
	*) [ $wat = x86 ] && want=pass || want=overread ;;
	esac
	expect kernel_${tag}_nolimit_$want $want --impl=$K/lib/string-nolimit.c "${args[@]}" --no-race
done
grep -q '^kernel: kernel tree .*/tests/kernel-tree, arch/x86/include/asm/word-at-a-time.h from the tree, CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS=y CONFIG_DCACHE_WORD_ACCESS=y' \
	"$out/kernel_x86_default_ok.out"
check kernel_header_says_helpers_and_switches $? "see $out/kernel_x86_default_ok.out"
expect kernel_strscpy_pad_macro pass --impl=$K/lib/string.c --api=strscpy_pad
expect kernel_clang pass --impl=$K/lib/string.c --cc=clang --no-race
for v in "" "--kconfig=CONFIG_DCACHE_WORD_ACCESS=n" "--kernel-wat=generic"; do
	case $v in
	"") tag=x86 ;;
	--kconfig*) tag=x86_no_dcache ;;
	*) tag=generic ;;
	esac
	expect kernel_v4_strscpy_$tag pass --impl=tests/kernel-tree-v4/lib/string.c $v --no-race
	# No INT_MAX check, as in kernels before it: a huge count is padded
	# with zeros where it must write nothing.  Those writes land inside
	# dest[0..count-1] (dest is backed on demand up to its count), so the
	# class is content (huge-count-writes-nothing), not overwrite.
	expect kernel_v4_strscpy_pad_huge_count_$tag content --impl=tests/kernel-tree-v4/lib/string.c \
		--api=strscpy_pad $v --no-race
	grep -q '^DEFECT [0-9]*: content (rule huge-count-writes-nothing)' \
		"$out/kernel_v4_strscpy_pad_huge_count_$tag.out"
	check kernel_v4_strscpy_pad_huge_count_${tag}_rule $? \
		"see $out/kernel_v4_strscpy_pad_huge_count_$tag.out"
done

# A candidate strcheck did not build may not excuse its own faults with an
# exception table of the shims' format (it passed before the loader asked).
KFLAGS="-nostdinc -ffreestanding -Isrc/kshim -include src/kshim/linux/kconfig.h"
cc -O1 -fPIC $KFLAGS -c -o "$out/kshim.o" src/kshim/kshim.c &&
	cc -O1 -fPIC -shared -Isrc/kshim -o "$out/hostile_extable.so" tests/sources/hostile_extable.c "$out/kshim.o"
ALL=1 expect hostile_extable_not_excused overread --impl="$out/hostile_extable.so" --no-race

# ---- the byte-order trap: a warning, and the defect it causes ----
expect endian_trap retval --impl=tests/sources/endian_trap.c --no-race --quiet
grep -q '^strcheck: warning: tests/sources/endian_trap.c:[0-9]*: tests whether __BIG_ENDIAN is defined\|^strcheck: warning: tests/sources/endian_trap.c:[0-9]* tests whether __BIG_ENDIAN is defined' \
	"$out/endian_trap.err"
check warns_byte_order_trap $? "see $out/endian_trap.err"
grep -q 'warning' "$out/kernel_x86_default_ok.out" "$out/kernel_x86_default_ok.err"
check kernel_build_has_no_byte_order_warning "$([ $? = 1 ]; echo $?)" "see $out/kernel_x86_default_ok.*"

# ---- bad inputs: one clear line, exit 2 ----
expect bad_missing_compiler exit2 --impl=$Z/ok_byte_loop.c --cc=/nonexistent/cc
grep -q "cannot run the C compiler '/nonexistent/cc'" "$out/bad_missing_compiler.err"
check bad_missing_compiler_says_so $? "see $out/bad_missing_compiler.err"
CC=no-such-cc expect bad_missing_CC exit2 --impl=$Z/ok_byte_loop.c
"$SC" --impl=tests/sources/broken.c > "$out/bad_compile.out" 2> "$out/bad_compile.err"
rc=$?
[ $rc = 2 ] && grep -q 'error:' "$out/bad_compile.err" &&
	[ "$(grep -c '^strcheck: ' "$out/bad_compile.err")" = 1 ] &&
	grep -q '^strcheck: cannot build tests/sources/broken.c: cc exited with status 1' "$out/bad_compile.err"
check bad_does_not_compile $? "exit $rc, see $out/bad_compile.err"
expect bad_symbol_missing exit2 --impl=$Z/ok_byte_loop.c --symbol=no_such_function
grep -q "^strcheck: tests/zoo/ok_byte_loop.c (as built) has no symbol 'no_such_function'" "$out/bad_symbol_missing.err"
check bad_symbol_missing_names_input $? "see $out/bad_symbol_missing.err"
# A .so that lacks the function while its C library has it: not the candidate's.
printf '#include <string.h>\nvoid *copy(void *d, const void *s, size_t n) { return memcpy(d, s, n); }\n' > "$out/nostrncpy.c"
cc -fPIC -shared -o "$out/nostrncpy.so" "$out/nostrncpy.c"
expect bad_symbol_not_own exit2 --impl="$out/nostrncpy.so" --api=strncpy
if command -v s390x-linux-gnu-gcc > /dev/null; then
	s390x-linux-gnu-gcc -O1 -fPIC -c -o "$out/s390x.o" $Z/ok_byte_loop.c
	ar rcs "$out/libs390x.a" "$out/s390x.o"
	# An object or archive for s390x goes to strcheck's s390x build
	# (docs/architectures.md; suite-60 checks it there): without one, a
	# line saying so.
	STRCHECK_CROSS_DIR=$out/no-cross expect bad_foreign_object exit2 --impl="$out/s390x.o"
	STRCHECK_CROSS_DIR=$out/no-cross expect bad_foreign_archive exit2 --impl="$out/libs390x.a"
	for k in object archive; do
		grep -q 'is for s390x (64-bit big-endian) and there is no s390x build of strcheck' \
			"$out/bad_foreign_$k.err"
		check bad_foreign_${k}_says_architecture $? "see $out/bad_foreign_$k.err"
	done
	# --arch contradicting the object's own: refused.
	expect bad_foreign_object_wrong_arch exit2 --impl="$out/s390x.o" --arch=x86-64
	grep -q 'is built for s390x (64-bit big-endian), not for --arch=x86-64' \
		"$out/bad_foreign_object_wrong_arch.err"
	check bad_foreign_object_wrong_arch_says_so $? "see $out/bad_foreign_object_wrong_arch.err"
else
	skip "bad_foreign_object: s390x-linux-gnu-gcc not installed"
fi
expect bad_missing_source exit2 --impl=no/such/file.c
expect bad_not_a_source exit2 --impl=$Z/ok_byte_loop.c,tests/kernel-tree/README
expect bad_kconfig exit2 --impl=$K/lib/string.c --kconfig=CONFIG_DCACHE_WORD_ACCESS=maybe
expect bad_kernel_wat exit2 --impl=$K/lib/string.c --kernel-wat=sparc
mkdir -p "$out/tree/lib" "$out/tree/include/linux" "$out/tree/arch" "$out/tree/scripts" &&
	touch "$out/tree/Kconfig" "$out/tree/Kbuild" && cp $K/lib/string.c "$out/tree/lib/"
expect bad_tree_without_header exit2 --impl="$out/tree/lib/string.c" --kernel-wat=x86

# ---- the private build directory is gone afterwards ----
n=$(leftovers)
check build_dirs_removed "$([ "$n" = 0 ]; echo $?)" "$n left in $TMPDIR"
ALL=1 expect crash_candidate crash --impl=$Z/iso_leak_then_exit.c --no-race
n=$(leftovers)
check build_dir_removed_after_candidate_exit "$([ "$n" = 0 ]; echo $?)" "$n left in $TMPDIR"
"$SC" --impl=$Z/ok_byte_loop.c --time=30 > "$out/sigint.out" 2>&1 &
pid=$!
for _ in $(seq 50); do [ "$(leftovers)" = 1 ] && break; sleep 0.1; done
sleep 1
kill -INT $pid
wait $pid
rc=$?
n=$(leftovers)
check build_dir_removed_after_interrupt "$([ "$n" = 0 ] && [ $rc = 3 ]; echo $?)" \
	"exit $rc, $n left in $TMPDIR"

# ---- fix-up emulation: a zeropad load whose first byte is unmapped stays a fault ----
if cc -std=c11 -D_GNU_SOURCE -O1 -Isrc/kshim -o "$out/test_fixup" tests/test_fixup.c \
	src/engine/memory/fixup.c > "$out/test_fixup.log" 2>&1; then
	"$out/test_fixup" >> "$out/test_fixup.log" 2>&1
	check fixup_only_what_the_kernel_fixes $? "see $out/test_fixup.log"
else
	fail "fixup_only_what_the_kernel_fixes: does not build (see $out/test_fixup.log)"
fi

# ---- warning-free: the new code under gcc and clang, the shims and trees too ----
for cc in gcc clang; do
	ok=0
	for f in src/candidate/compile/build.c src/candidate/kernel/kbuild.c src/candidate/source/kfuncs.c \
		 src/candidate/kernel/kprepare.c src/candidate/kernel/ktree.c src/candidate/kernel/kdiag.c \
		 src/candidate/candidate.c src/candidate/arch/endian_trap.c \
		 src/engine/memory/fixup.c src/engine/load/inspect.c src/engine/load/load.c; do
		$cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fsyntax-only "$f" >> "$out/warn-$cc.log" 2>&1 || ok=1
	done
	$cc -Wall -Wextra -Werror -fsyntax-only -nostdinc -ffreestanding -Isrc/kshim \
		-include src/kshim/linux/kconfig.h src/kshim/kshim.c >> "$out/warn-$cc.log" 2>&1 || ok=1
	check "warning_free_sources_$cc" $ok "see $out/warn-$cc.log"
done
