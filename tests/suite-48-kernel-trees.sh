#!/usr/bin/env bash
# tier: check
# cost: 23
# Kernel trees of every header layout lib/string.c has had since strscpy
# appeared (docs/your-code.md, "Kernel trees"): each checked with no flag
# beyond --impl and --symbol (and --time=0 --no-race, so that the run is
# the whole grid and nothing else: deterministic, about a second each);
# the tree's own headers taken before strcheck's shims; a tree whose other
# functions do not build (left out, and said so), also under clang; a
# defect still found in such a build; the function asked for failing;
# a header nobody has (one line, exit 2); every header lib/string.c has
# included since v4.3 given by the shims.
# Prints "PASS name" / "FAIL name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/kernel-trees
rm -rf "$out"
mkdir -p "$out/tmp"
SC=$PWD/build/strcheck
export TMPDIR=$PWD/$out/tmp
unset CC CFLAGS

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
check() { if [ "$2" -eq 0 ]; then pass "$1"; else fail "$1: $3"; fi; }

if ! make -s build/strcheck > "$out/build.log" 2>&1; then
	fail "build_strcheck: see $out/build.log"
	exit 1
fi

# run NAME ARGS...: strcheck's output in $out/NAME.out/.err, status in $rc.
run() {
	local name=$1
	shift
	timeout 1200 "$SC" "$@" > "$out/$name.out" 2> "$out/$name.err"
	rc=$?
}
# expect_pass NAME ARGS...
expect_pass() {
	local name=$1
	shift
	run "$name" --time=0 --no-race "$@"
	[ $rc = 0 ] && grep -q '^VERDICT: PASS' "$out/$name.out"
	check "$name" $? "expected a pass, got exit $rc (see $out/$name.*)"
}

# ---- every layout passes with only --impl and --symbol ----
for t in 2015:strscpy v5:strscpy v6:strscpy v6.15:sized_strscpy next:sized_strscpy; do
	tree=${t%%:*}
	sym=${t#*:}
	expect_pass "tree_${tree}_$sym" --impl=tests/kernel-tree-$tree/lib/string.c --symbol=$sym
	grep -q "^kernel headers: the tree's own where it has them, strcheck's shims for the rest" \
		"$out/tree_${tree}_$sym.out"
	check "tree_${tree}_headers_tree_first" $? "see $out/tree_${tree}_$sym.out"
	! grep -q '^left out:' "$out/tree_${tree}_$sym.out"
	check "tree_${tree}_nothing_left_out" $? "see $out/tree_${tree}_$sym.out"
done
# The v6.15 tree's own asm/asm.h writes kernel-format entries (__ex_table,
# its own type numbers): the build rewrites them into strcheck's table, so
# its zeropad loads past the page are fixed up (with gcc above, clang here).
expect_pass tree_v6.15_own_extable_clang --impl=tests/kernel-tree-v6.15/lib/string.c --cc=clang
# With the concurrent checks too (--time=0: all of them, no deadline): the
# traced check must excuse the zeropad loads past the page, as the fault
# handler does (src/engine/race/race_trace.c, fixup.h).
run tree_next_concurrent --impl=tests/kernel-tree-next/lib/string.c --symbol=sized_strscpy --time=0
[ $rc = 0 ] && grep -q '^VERDICT: PASS' "$out/tree_next_concurrent.out" &&
	grep -q '^traced check: all [1-9]' "$out/tree_next_concurrent.out"
check tree_next_concurrent_checks_pass $? "exit $rc (see $out/tree_next_concurrent.out)"
# strscpy_pad: a function (v5), the tree's own macro (v6.15).
expect_pass tree_v5_strscpy_pad --impl=tests/kernel-tree-v5/lib/string.c --api=strscpy_pad
expect_pass tree_v6.15_strscpy_pad_macro --impl=tests/kernel-tree-v6.15/lib/string.c --api=strscpy_pad

# ---- the tree's own header is the one taken: spoil it, and see the
# build say so and fall back to the shims first ----
cp -rL tests/kernel-tree-v6.15 "$out/tree-own"
echo '#error the tree-own header was used' >> "$out/tree-own/include/linux/nls_types.h"
expect_pass tree_own_header_first --impl="$out/tree-own/lib/string.c" --symbol=sized_strscpy --verbose
grep -q 'tree-own/include/linux/nls_types.h:.*error: #error the tree-own header was used' \
	"$out/tree_own_header_first.err" &&
	grep -q "^kernel headers: strcheck's shims first, the tree's own for what they lack (with the tree's first: .*#error" \
		"$out/tree_own_header_first.out"
check tree_own_header_taken_before_the_shims $? "see $out/tree_own_header_first.*"

# ---- other functions that do not build are left out, and said so ----
for cc in gcc clang; do
	expect_pass "tree_broken_others_$cc" --impl=tests/kernel-tree-broken/lib/string.c \
		--symbol=sized_strscpy --cc=$cc
	grep -q '^left out: strscpy_page_room, strscpy_dup (they do not build here; sized_strscpy does not need them)$' \
		"$out/tree_broken_others_$cc.out"
	check "tree_broken_report_says_left_out_$cc" $? "see $out/tree_broken_others_$cc.out"
done
# ... and a defect in the function checked is still found there.
cp -rL tests/kernel-tree-broken "$out/tree-broken-nolimit"
sed -i 's/^\t\tif (limit < max)$/\t\tif (0)/' "$out/tree-broken-nolimit/lib/string.c"
run tree_broken_defect_found --impl="$out/tree-broken-nolimit/lib/string.c" --symbol=sized_strscpy \
	--kconfig=CONFIG_DCACHE_WORD_ACCESS=n --time=0 --no-race
[ $rc = 1 ] && grep -q '^DEFECT 1: overread' "$out/tree_broken_defect_found.out" &&
	grep -q '^left out: strscpy_page_room, strscpy_dup' "$out/tree_broken_defect_found.out"
check tree_broken_defect_still_found $? "exit $rc (see $out/tree_broken_defect_found.*)"
# The function asked for is one that does not build: exit 2, its messages.
run tree_broken_asked "--impl=tests/kernel-tree-broken/lib/string.c" --symbol=strscpy_dup --time=0 --no-race
[ $rc = 2 ] && grep -q '^strcheck: cannot build .*: strscpy_dup, which the check needs, does not build' \
	"$out/tree_broken_asked.err" && grep -q "undefined reference to .kmalloc_track_caller" "$out/tree_broken_asked.err"
check tree_broken_asked_function_fails $? "exit $rc (see $out/tree_broken_asked.err)"

# ---- a header nobody has: one line, exit 2 ----
run tree_unknown_header --impl=tests/kernel-tree-unknown-header/lib/string.c --symbol=sized_strscpy
[ $rc = 2 ] && [ "$(wc -l < "$out/tree_unknown_header.err")" = 1 ] &&
	grep -q "^strcheck: .*<linux/string_future.h> (included at .*lib/string.c:[0-9]*) is neither in the kernel tree nor in strcheck's shims" \
		"$out/tree_unknown_header.err"
check tree_unknown_header_one_line $? "exit $rc, $(wc -l < "$out/tree_unknown_header.err") line(s) (see $out/tree_unknown_header.err)"

# ---- the shims give every header lib/string.c has included since v4.3
# (docs/your-code.md lists them and where that was read) ----
mkdir -p "$out/tree-all/lib"
cp -rL tests/kernel-tree-next/include tests/kernel-tree-next/arch tests/kernel-tree-next/scripts \
	tests/kernel-tree-next/Kconfig tests/kernel-tree-next/Kbuild "$out/tree-all/"
{
	echo '#define __NO_FORTIFY'
	for h in linux/types.h linux/string.h linux/ctype.h linux/kernel.h linux/export.h \
		 linux/bug.h linux/errno.h linux/slab.h linux/bits.h linux/limits.h \
		 linux/linkage.h linux/stddef.h linux/nls_types.h linux/unaligned.h \
		 asm/byteorder.h asm/word-at-a-time.h asm/page.h asm/unaligned.h asm/rwonce.h; do
		echo "#include <$h>"
	done
	sed -n '/^#ifndef __HAVE_ARCH_STRLEN/,$p' tests/kernel-tree-next/lib/string.c
} > "$out/tree-all/lib/string.c"
expect_pass tree_every_header_since_2015 --impl="$out/tree-all/lib/string.c" --symbol=sized_strscpy

# ---- a real kernel's headers, never configured, where installed (Debian's
# linux-headers-*-common: include/ and arch/*/include/ of the source tree,
# no generated headers; or $STRCHECK_TEST_KERNEL_HEADERS): the tree's own headers first, its x86 asm/asm.h's
# exception-table entries rewritten (zeropad loads past the page fixed up),
# and what needs more than headers (lib/ctype.c's _ctype) left out ----
real=${STRCHECK_TEST_KERNEL_HEADERS:-$(ls -d /usr/src/linux-headers-*-common 2> /dev/null | tail -1)}
if [ -n "$real" ] && [ -f "$real/arch/x86/include/asm/word-at-a-time.h" ]; then
	mkdir -p "$out/real/lib"
	ln -s "$real/include" "$out/real/include"
	ln -s "$real/arch" "$out/real/arch"
	mkdir -p "$out/real/scripts" && touch "$out/real/Kconfig" "$out/real/Kbuild"
	cp tests/kernel-tree-v6/lib/string.c "$out/real/lib/string.c"
	expect_pass real_headers_tree_first --impl="$out/real/lib/string.c" --symbol=strscpy
	grep -q "^kernel headers: the tree's own where it has them" "$out/real_headers_tree_first.out"
	check real_headers_taken_first $? "see $out/real_headers_tree_first.out"
else
	echo "SKIP real_headers_tree_first: no /usr/src/linux-headers-*-common (Debian's linux-headers-*-common)"
fi

# Nothing left behind in TMPDIR.
[ "$(ls "$TMPDIR" | grep -c '^strcheck-build')" = 0 ]
check no_build_directories_left $? "$(ls "$TMPDIR")"
