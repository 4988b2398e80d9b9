#!/usr/bin/env bash
# tier: test
# group: cross
# cost: 46
# A C source that includes the C library's headers (<errno.h> for E2BIG,
# <string.h>, <stdint.h>, <sys/types.h>), checked with --arch=NAME on
# every architecture strcheck has (docs/architectures.md): built by that
# architecture's compiler (i386: i686-linux-gnu-gcc, whose headers gcc -m32
# lacks), a correct one passing and a defective one failing there.  Under
# qemu-user a whole grid takes ~10 s, so each run is the first 30,000 grid
# cases (--grid-case) without the concurrent checks: the build and the
# hand-over are what is tested here; suite-60 checks whole grids.  No
# deadline (--time=0): a loaded machine must not cut the 30,000 cases.
# Also a kernel tree checked with --arch=s390x (the generic helpers,
# big-endian; a defect found in a contained build there).
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/arch-sources
rm -rf "$out"
mkdir -p "$out"
SC=build/strcheck
S=tests/sources/errno

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
skip() { echo "SKIP $*"; }
check() { if [ "$2" -eq 0 ]; then pass "$1"; else fail "$1: $3"; fi; }

if ! make -s build/strcheck > "$out/build.log" 2>&1; then
	fail "build_strcheck: see $out/build.log"
	exit 1
fi

declare -A HAVE PKGS
while read -r arch have _ _ pkgs; do
	HAVE[$arch]=$have
	PKGS[$arch]=$pkgs
done < <(make -s --no-print-directory cross-list)

# The compiler each architecture's sources are built with (src/candidate/arch/arch.c).
declare -A CC=([x86-64]=cc [i386]=i686-linux-gnu-gcc [s390x]=s390x-linux-gnu-gcc
	[powerpc]=powerpc-linux-gnu-gcc [aarch64]=aarch64-linux-gnu-gcc
	[armhf]=arm-linux-gnueabihf-gcc [riscv64]=riscv64-linux-gnu-gcc)

for arch in x86-64 i386 s390x powerpc aarch64 armhf riscv64; do
	if [ "$arch" != x86-64 ]; then
		if [ "${HAVE[$arch]:-no}" != yes ] || ! command -v "${CC[$arch]}" > /dev/null; then
			skip "arch_source_$arch: no compiler: install ${PKGS[$arch]:-its cross compiler} (scripts/deps.sh)"
			continue
		fi
		if [ ! -x "build/cross/$arch/strcheck" ] &&
			! nice make -s "cross-$arch" > "$out/cross-$arch.log" 2>&1; then
			fail "arch_source_$arch: make cross-$arch failed (see $out/cross-$arch.log)"
			continue
		fi
	fi
	# The correct and the defective source side by side (two cores).
	timeout 1800 $SC --impl=$S/strscpy_errno.c --arch=$arch --grid-case=0-29999 --no-race --time=0 \
		> "$out/$arch-ok.out" 2> "$out/$arch-ok.err" &
	timeout 1800 $SC --impl=$S/strscpy_errno_unterminated.c --arch=$arch --grid-case=0-29999 --time=0 \
		--no-race --first > "$out/$arch-bad.out" 2> "$out/$arch-bad.err"
	rc_bad=$?
	wait $!
	rc=$?
	f=$out/$arch-ok
	[ $rc = 0 ] && grep -q '^VERDICT: PASS, no defect in 30000 case(s)' "$f.out" &&
		grep -q "^architecture: $arch " "$f.out" && grep -q "^built: ${CC[$arch]} " "$f.out"
	check "arch_source_errno_$arch" $? "exit $rc (see $f.out, $f.err)"
	f=$out/$arch-bad
	[ $rc_bad = 1 ] && grep -q '^DEFECT 1: termination' "$f.out"
	check "arch_source_errno_defect_$arch" $? "exit $rc_bad (see $f.out, $f.err)"
done

# ---- a kernel tree for a big-endian architecture: the generic helpers,
# the shims found by the s390x strcheck beside it, the other functions'
# failures contained by the cross compiler's messages too ----
if [ -x build/cross/s390x/strcheck ]; then
	f=$out/kernel-s390x
	timeout 1800 $SC --impl=tests/kernel-tree-next/lib/string.c --arch=s390x --grid-case=0-29999 --time=0 \
		--no-race > "$f.out" 2> "$f.err"
	rc=$?
	[ $rc = 0 ] && grep -q '^VERDICT: PASS, no defect in 30000 case(s)' "$f.out" &&
		grep -q '^kernel: .*include/asm-generic/word-at-a-time.h from the tree' "$f.out"
	check kernel_tree_s390x $? "exit $rc (see $f.out, $f.err)"
	cp -rL tests/kernel-tree-broken "$out/tree-nolimit"
	sed -i 's/^\t\tif (limit < max)$/\t\tif (0)/' "$out/tree-nolimit/lib/string.c"
	f=$out/kernel-s390x-nolimit
	timeout 1800 $SC --impl="$out/tree-nolimit/lib/string.c" --arch=s390x --time=0 --no-race --first \
		> "$f.out" 2> "$f.err"
	rc=$?
	[ $rc = 1 ] && grep -q '^DEFECT 1: overread' "$f.out" && grep -q '^left out: strscpy_page_room, strscpy_dup' "$f.out"
	check kernel_tree_s390x_contained_defect_found $? "exit $rc (see $f.out, $f.err)"
else
	skip "kernel_tree_s390x: no s390x build of strcheck"
fi
