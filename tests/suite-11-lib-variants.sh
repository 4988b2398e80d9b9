#!/usr/bin/env bash
# tier: test
# cost: 208
# The library in every build variant that runs here (make test only; the
# check tier's quick run of every path is suite-10-lib): tests/test_lib.c
# built with the sanitizers under clang and gcc, plain -O2 (every check in
# full, the concurrent ones too), the big-endian and 32-bit word paths and
# aligned-only loads forced, a real 32-bit x86 build, real big-endian s390x
# and ppc32 under qemu-user, each variant checking every path of strscpy it
# has (test_lib_paths.c); plus warnings under both compilers and install.
# The variants build and run SUITE_JOBS at a time (tests/common.sh: two
# alone, one beside another suite), their lines in a fixed order.
# CPU (user+sys, `/usr/bin/time nice bash tests/suite-11-lib-variants.sh`
# on the shared 2-core machine): 208 s (CI before: 217).  Per variant,
# build and run (bg's $out/bg-NAME.times): asan-ubsan-clang 25,
# asan-ubsan-gcc 25, i386-m32 21, s390x-qemu 18, ppc32-qemu 17,
# word32-forced 12, big-endian-forced 12, o2-gcc's run 11 (23 at 40,000
# random cases), aligned-loads-forced 10, big-endian-word32-forced 10;
# the other 49 s: o2-gcc's and werror-clang's whole engines, warnings,
# install.
set -u
cd "$(dirname "$0")/.."
top=$PWD
out=build/test/lib
mkdir -p "$out"

. tests/common.sh

# bg and fg (tests/common.sh): the variants SUITE_JOBS at a time.  What a variant
# sets in the shell (engine_built) stays in its subshell: the variants an
# ENGINE_FROM names are built before, in the foreground.

# variant NAME CC AR CFLAGS RUNNER TEST_ARGS...  (the race checks are left
# out under qemu-user, which runs the two threads too unevenly to overlap);
# MAKE_EXTRA: flags for the library's and engine's build only (-Werror).
# ENGINE_FROM=NAME: link the engine that NAME's build made in this run
# (same compiler, same flags but the WAT_* ones, which only src/lib reads:
# the same objects, built once); when it did not build, its own.
declare -A engine_built=()
# engine NAME CC AR CFLAGS: build $out/NAME/libengine.a (status as make's)
engine() {
	make -s -j"$SUITE_JOBS" BUILD="$out/$1" CC="$2" AR="$3" CFLAGS="$4" "$out/$1/libengine.a" \
		>> "$out/$1.build.log" 2>&1 && engine_built[$1]=1
}
# The engine's objects test_lib links (o2-gcc's link map, set after it):
# a variant with an engine of its own compiles those, into
# libengine_test.a, the members the linker takes from the whole archive
# (32 of 55); where it needs another one (another architecture), the
# whole libengine.a is built and linked instead.  (The whole engine is
# compiled for i386, s390x and powerpc by suite-60's cross builds.)
engine_members=
engine_part() {  # NAME CC AR CFLAGS
	local objs=() m
	for m in $engine_members; do objs+=("$out/$1/engine/$m"); done
	make -s -j"$SUITE_JOBS" BUILD="$out/$1" CC="$2" AR="$3" CFLAGS="$4" "${objs[@]}" >> "$out/$1.build.log" 2>&1 &&
		rm -f "$out/$1/libengine_test.a" && $3 rcs "$out/$1/libengine_test.a" "${objs[@]}" >> "$out/$1.build.log" 2>&1
}
link_test_lib() {  # CC CFLAGS ENGINE_DIR LIB DIR
	$1 -std=c11 -D_GNU_SOURCE -Wall -Wextra $2 tests/test_lib.c tests/test_lib_paths.c tests/test_lib_choose.c \
		-L"$3" -l"$4" "$5/libstrscpy.a" -lpthread -ldl -Wl,-Map="$5/test_lib.map" -o "$5/test_lib" \
		>> "$5.build.log" 2>&1
}
# Only src/lib reads the WAT_* switches the forced variants set; were the
# engine or the references to read one, each variant builds its own.
grep -rqs 'WAT_' src/engine ref && engine_shared=0 || engine_shared=1
# variant NAME CC AR CFLAGS RUNNER ARGS...: build it, then run it
variant() {
	local name=$1 runner=$5
	variant_build "$@" || return 0
	shift 5
	variant_run "$name" "$runner" "$@"
}
# variant_build NAME CC AR CFLAGS: status 0 when built (PASS build_NAME)
variant_build() {
	local name=$1 cc=$2 ar=$3 cflags=$4
	local dir=$out/$name eng=$out/$name lib=engine ok=1 flags="$cflags${MAKE_EXTRA:+ $MAKE_EXTRA}"
	if ! command -v "$cc" >/dev/null 2>&1; then
		skip "build_$name: $cc not installed (.ci/run installs it)"
		return 1
	fi
	: > "$dir.build.log"
	if [ -n "${ENGINE_FROM:-}" ] && [ $engine_shared = 1 ] && [ -n "${engine_built[$ENGINE_FROM]:-}" ]; then
		eng=$out/$ENGINE_FROM
	elif [ -n "$engine_members" ] && engine_part "$name" "$cc" "$ar" "$flags"; then
		lib=engine_test
	else
		engine "$name" "$cc" "$ar" "$flags" || ok=0
	fi
	[ $ok = 1 ] && make -s -j"$SUITE_JOBS" BUILD="$dir" CC="$cc" AR="$ar" CFLAGS="$flags" "$dir/libstrscpy.a" \
		>> "$dir.build.log" 2>&1 || ok=0
	if [ $ok = 1 ] && ! link_test_lib "$cc" "$cflags" "$eng" $lib "$dir"; then
		ok=0
		[ $lib = engine_test ] && engine "$name" "$cc" "$ar" "$flags" &&
			link_test_lib "$cc" "$cflags" "$eng" engine "$dir" && ok=1
	fi
	if [ $ok = 0 ]; then
		fail "build_$name: see $dir.build.log"; tail -5 "$dir.build.log"
		return 1
	fi
	pass "build_$name"
}
# variant_run NAME RUNNER ARGS...: its test_lib, under RUNNER
variant_run() {
	local name=$1 runner=$2 dir=$out/$1
	shift 2
	# A program that cannot start (or dies) without a FAIL line is one.
	$runner "$dir/test_lib" -t "@$name" "$@" > "$dir.out" 2>&1
	local rc=$?
	cat "$dir.out"
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$dir.out"; then
		fail "run_$name: exit $rc: $(tail -1 "$dir.out")"
	fi
}

export ASAN_OPTIONS=detect_leaks=0:allow_user_segv_handler=1
export UBSAN_OPTIONS=print_stacktrace=1

# (built with -Werror too: the same build is warning_free_gcc's, below)
# Its run takes 10,000 random cases per path (-r), not test_lib's default
# 40,000 (test_lib random: 10.6 s of CPU at 40,000, 2.7 s at 10,000, of
# the run's 22.8 s); the breakages docs/speed.md lists were each caught
# with fewer (test_lib -q: 5,714 per path).
MAKE_EXTRA=-Werror variant_build o2-gcc gcc ar "-O2 -g" && bg o2-gcc variant_run o2-gcc "" -r 10000
engine_members=$(sed -n 's/.*libengine\.a(\([a-z0-9_]*\)\.o)$/\1/p' "$out/o2-gcc/test_lib.map" 2>/dev/null | sort -u |
	while read -r o; do ls src/engine/*/"$o.c" src/engine/*/*/"$o.c" "ref/$o.c" 2>/dev/null | sed 's/\.c$/.o/'; done)
# The engine the clang variant links, then the variants two at a time,
# the ones under qemu (the longest) first.
command -v clang > /dev/null && mkdir -p "$out/werror-clang" && : > "$out/werror-clang.build.log" &&
	engine werror-clang clang ar "-O2 -g -Werror"
# Debian's gcc-12-multilib lacks the i386 <asm/...> headers (gcc-multilib
# links them, but conflicts with the cross compilers); x86's uapi headers
# serve both word sizes (they test __i386__), as that link does.
mkdir -p "$out/m32-include"
rm -rf "$out/m32-include/asm"
ln -s /usr/include/x86_64-linux-gnu/asm "$out/m32-include/asm"
qemu_i386() { qemu-i386 -L / "$@"; }
qemu_s390x() { qemu-s390x -L /usr/s390x-linux-gnu "$@"; }
qemu_ppc() { qemu-ppc -L /usr/powerpc-linux-gnu "$@"; }
if command -v qemu-s390x >/dev/null; then
	bg s390x-qemu variant s390x-qemu s390x-linux-gnu-gcc s390x-linux-gnu-ar \
		"-O2 -g -fsanitize=undefined -fno-sanitize-recover=all" qemu_s390x -q edge grid guard bytes
else
	skip "build_s390x-qemu: qemu-user not installed"
fi
if command -v qemu-ppc >/dev/null; then
	bg ppc32-qemu variant ppc32-qemu powerpc-linux-gnu-gcc powerpc-linux-gnu-ar \
		"-O2 -g -fsanitize=undefined -fsanitize-undefined-trap-on-error" qemu_ppc -q edge grid guard bytes
else
	skip "build_ppc32-qemu: qemu-user not installed"
fi
case $(m32_how) in
native)	bg i386-m32 variant i386-m32 gcc ar "-O2 -g -m32 -isystem $top/$out/m32-include" "" -r 10000 edge grid guard bytes random race ;;
qemu)	# This kernel runs no 32-bit program: qemu-user does (slower: -q).
	bg i386-m32 variant i386-m32 gcc ar "-O2 -g -m32 -isystem $top/$out/m32-include" qemu_i386 -q edge grid guard bytes random ;;
*)	skip "build_i386-m32: gcc -m32 needs gcc-12-multilib (and a kernel with its 32-bit mode, or qemu-user)" ;;
esac
bg asan-ubsan-clang variant asan-ubsan-clang clang ar "$SAN" "" -q
bg asan-ubsan-gcc variant asan-ubsan-gcc gcc ar "$SAN" "" -q
# The forced variants run the grid whole and 5,000 random cases per path
# (-r; o2-gcc runs 10,000): the random cases were 80% of their
# CPU (test_lib random: 12 s of 17), the grid is the systematic part.
# They link the engine of o2-gcc (gcc) and of warning_free_clang (clang,
# built here for both), whose flags are theirs but the WAT_* ones.
ENGINE_FROM=o2-gcc bg big-endian-forced variant big-endian-forced gcc ar "-O2 -g -DWAT_BIG_ENDIAN=1" "" -r 5000 edge grid guard bytes random race
ENGINE_FROM=o2-gcc bg word32-forced variant word32-forced gcc ar "-O2 -g -DWAT_WORD_BITS=32" "" -r 5000 edge grid guard bytes random race
ENGINE_FROM=o2-gcc bg aligned-loads-forced variant aligned-loads-forced gcc ar "-O2 -g -DWAT_UNALIGNED=0" "" -r 5000 edge grid guard bytes random
ENGINE_FROM=werror-clang bg big-endian-word32-forced variant big-endian-word32-forced clang ar "-O2 -g -DWAT_BIG_ENDIAN=1 -DWAT_WORD_BITS=32" "" -r 5000 edge grid guard bytes random
fg

# Warning-free library and engine under both compilers, at -O2 (gcc's
# warnings depend on it).  gcc's is the o2-gcc variant's build above,
# made with -Werror (-g changes no warning), here only linked into the .so;
# clang's engine was built above (big-endian-word32-forced links it).
for cc in gcc clang; do
	dir=$out/werror-$cc flags="-O2 -g -Werror"
	[ $cc = gcc ] && dir=$out/o2-gcc
	if make -s BUILD="$dir" CC=$cc CFLAGS="$flags" \
		"$dir/libengine.a" "$dir/libstrscpy.so" > "$out/werror-$cc.log" 2>&1; then
		pass "warning_free_$cc"
	else
		fail "warning_free_$cc: see $out/werror-$cc.log"
	fi
done

# make install honours PREFIX and DESTDIR; a program builds against it.
dest=$top/$out/destdir
rm -rf "$dest"
if make -s install DESTDIR="$dest" PREFIX=/opt/strscpy > "$out/install.log" 2>&1 &&
   [ -f "$dest/opt/strscpy/include/strscpy.h" ] && [ -f "$dest/opt/strscpy/lib/libstrscpy.a" ] &&
   [ -f "$dest/opt/strscpy/lib/libstrscpy.so" ] && grep -q 'prefix=/opt/strscpy' "$dest/opt/strscpy/lib/pkgconfig/strscpy.pc"; then
	pass "install_destdir_prefix"
else
	fail "install_destdir_prefix: see $out/install.log"
fi
cat > "$out/use.c" <<'C'
#include <errno.h>
#include <strscpy.h>
int main(void) { char d[4]; return strscpy(d, "abcd", sizeof d) == -E2BIG && d[3] == 0 ? 0 : 1; }
C
if gcc -Wall -Wextra -Werror -I"$dest/opt/strscpy/include" "$out/use.c" "$dest/opt/strscpy/lib/libstrscpy.a" -o "$out/use" &&
   "$out/use"; then
	pass "installed_header_and_library_usable"
else
	fail "installed_header_and_library_usable"
fi
# An installed strcheck runs without the build tree that made it (here
# moved away, and run from another directory): it checks the installed
# libstrscpy.so by default, and passes it.
ibuild=$top/$out/install-build
idest=$top/$out/install-destdir
iprefix=/opt/strcheck
rm -rf "$ibuild" "$ibuild.moved" "$idest"
# The build tree is build/'s (made by the make install above, same
# compiler and flags), copied with its times so that make builds nothing
# twice: no path of the tree is compiled into strcheck, so the copy is
# the tree that made it.  The suites' outputs and other builds stay out.
mkdir -p "$ibuild"
tar -C build --exclude=./test --exclude=./cross --exclude=./asan --exclude=./fuzz \
	--exclude=./corpus --exclude=./bench --exclude=./zoo --exclude=./coverage -cf - . |
	tar -C "$ibuild" -xpf -
if make -s install BUILD="$ibuild" DESTDIR="$idest" PREFIX=$iprefix > "$out/install-strcheck.log" 2>&1; then
	mv "$ibuild" "$ibuild.moved"
	(cd / && "$idest$iprefix/bin/strcheck" --grid-case=0-999) > "$out/installed-run.txt" 2>&1
	rc=$?
	lib=$(cd "$idest$iprefix/lib" && pwd -P)/libstrscpy.so
	if [ $rc -eq 0 ] && grep -q "^strcheck: strscpy in $lib," "$out/installed-run.txt" &&
	   grep -q '^VERDICT: PASS' "$out/installed-run.txt"; then
		pass "installed_strcheck_checks_installed_library"
	else
		fail "installed_strcheck_checks_installed_library: exit $rc, see $out/installed-run.txt"
	fi
	missing=
	for f in bin/strcheck include/strscpy.h lib/libstrscpy.a lib/libstrscpy.so lib/pkgconfig/strscpy.pc \
		 $( [ -f docs/strcheck.1 ] && echo share/man/man1/strcheck.1); do
		[ -f "$idest$iprefix/$f" ] || missing="$missing $f"
	done
	[ -z "$missing" ] && pass "install_puts_every_file" || fail "install_puts_every_file: missing$missing"
	mv "$ibuild.moved" "$ibuild"
	make -s uninstall BUILD="$ibuild" DESTDIR="$idest" PREFIX=$iprefix >> "$out/install-strcheck.log" 2>&1
	left=$(find "$idest" ! -type d | head -5)
	[ -z "$left" ] && [ -d "$idest$iprefix" ] && pass "uninstall_leaves_nothing" ||
		fail "uninstall_leaves_nothing: left$(echo " $left")"
else
	fail "installed_strcheck_checks_installed_library: make install failed, see $out/install-strcheck.log"
fi
