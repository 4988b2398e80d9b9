#!/usr/bin/env bash
# tier: test
# cost: 13
# Real projects' files checked without their build (docs/your-code.md, "A
# file from a real project"; issue 31): Debian's tmux, musl and dietlibc
# source packages, fetched here with apt-get source (never kept in the project),
# each file given to --impl with no other flag than --api for its build
# (tmux's strlcpy and dietlibc's memccpy run every phase of the default
# run, the sampled checks and random cases on --time=1 instead of 9 s; the
# others the grid, --time=0 --no-race), and each verdict pinned as read in
# the code:
#   tmux-3.3a/compat/strlcpy.c   PASS, built alone (its compat.h includes
#                                libevent's event.h for the whole program)
#   dietlibc lib/memccpy.c       FAIL: compares a plain char with c, so a c
#                                of 0x80..0xff never stops the copy
#                                (return value, bytes written after c)
#   dietlibc lib/strlcat.c       FAIL overread: 'while (*d != '\0' && n-- != 0)'
#                                reads dst[siz] before testing n
#   dietlibc lib/strncpy.c       FAIL zero-fill: dietfeatures.h leaves
#                                WANT_FULL_POSIX_COMPAT off (the tree's header
#                                taken: built as is with the project's headers)
#   dietlibc lib/strncat.c       PASS, built alone, __unlikely from the tree's
#                                include/sys/cdefs.h
#   musl-1.2.3 src/string/strncpy.c  PASS, built alone with the tree's
#                                __stpncpy (glibc exports one too)
#   musl-1.2.3 src/string/stpncpy.c  PASS, built alone: stpncpy is a
#                                weak_alias of __stpncpy
# Needs the network and root (to add a deb-src line for the same Debian
# archive when there is none); SKIP with the reason otherwise.
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/real-files
src=build/test/real-sources     # kept between runs: fetched once
rm -rf "$out"
mkdir -p "$out/tmp" "$src"
SC=$PWD/build/strcheck
export TMPDIR=$PWD/$out/tmp
unset CC CFLAGS

. tests/common.sh

if ! make -s build/strcheck > "$out/build.log" 2>&1; then
	fail "build_strcheck: see $out/build.log"
	exit 1
fi

# A deb-src line for the archive the deb lines name (deb822 or one-line).
have_deb_src() {
	grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/
}
add_deb_src() {
	local f=/etc/apt/sources.list.d/debian.sources
	if [ -f "$f" ] && grep -q '^Types: deb$' "$f"; then
		sed -i 's/^Types: deb$/Types: deb deb-src/' "$f"
	elif [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list; then
		sed -n 's/^deb /deb-src /p' /etc/apt/sources.list > /etc/apt/sources.list.d/strcheck-deb-src.list
	else
		return 1
	fi
	apt-get update > "$out/apt-update.log" 2>&1
}

# fetch PKG DIRGLOB: the source tree under $src, or a SKIP reason in $why.
fetch() {
	local pkg=$1 glob=$2
	why=
	ls -d $src/$glob > /dev/null 2>&1 && return 0
	if ! command -v apt-get > /dev/null; then
		why="no apt-get (not a Debian system)"
		return 1
	fi
	if ! have_deb_src; then
		if [ "$(id -u)" != 0 ]; then
			why="no deb-src line in /etc/apt/sources.list*, and adding one needs root"
			return 1
		fi
		add_deb_src || { why="cannot add a deb-src line (see $out/apt-update.log)"; return 1; }
	fi
	(cd $src && apt-get source "$pkg") > "$out/apt-source-$pkg.log" 2>&1
	# dpkg-source unpacks only when every file of the .dsc came; the
	# upstream tarball alone is the code checked here.
	if ! ls -d $src/$glob > /dev/null 2>&1; then
		local orig
		orig=$(ls $src/${pkg}_*.orig.tar.* 2> /dev/null | head -1)
		[ -n "$orig" ] && tar -C $src -xf "$orig" 2>> "$out/apt-source-$pkg.log"
	fi
	ls -d $src/$glob > /dev/null 2>&1 && return 0
	why="apt-get source $pkg failed: $(grep -E '^E:' "$out/apt-source-$pkg.log" | head -1)"
	return 1
}

# run NAME ARGS...: the report in $out/NAME.out, stderr in .err, status in $rc.
run() {
	local name=$1
	shift
	timeout 1800 "$SC" "$@" > "$out/$name.out" 2> "$out/$name.err"
	rc=$?
}
# second line of a report: how it was built
how_is() { sed -n 2p "$out/$1.out" | grep -q -- "$2"; }

# ---- tmux: the issue's command (every phase, --time=1): PASS ----
if fetch tmux 'tmux-3.3a'; then
	run tmux_strlcpy --impl=$src/tmux-3.3a/compat/strlcpy.c --api=strlcpy --time=1
	verdict_is pass $rc "$out/tmux_strlcpy.out"
	check tmux_compat_strlcpy_passes $? "exit $rc (see $out/tmux_strlcpy.*)"
	how_is tmux_strlcpy '^built alone: strlcpy + 0 static helpers + 0 macros + 0 types + 0 constants; left out: #include "compat.h"$'
	check tmux_compat_strlcpy_built_alone $? "line 2: $(sed -n 2p "$out/tmux_strlcpy.out")"
else
	skip "tmux_compat_strlcpy: $why"
fi

# ---- musl: the function another file defines, an alias ----
if fetch musl 'musl-1.2.3'; then
	m=$src/musl-1.2.3/src/string
	run musl_strncpy --impl=$m/strncpy.c --api=strncpy --time=0 --no-race
	verdict_is pass $rc "$out/musl_strncpy.out" &&
		how_is musl_strncpy '^built alone: strncpy .*; from the tree: __stpncpy (src/string/stpncpy.c)$'
	check musl_strncpy_with_the_trees_stpncpy $? "exit $rc (see $out/musl_strncpy.*)"
	run musl_stpncpy --impl=$m/stpncpy.c --api=stpncpy --time=0 --no-race
	verdict_is pass $rc "$out/musl_stpncpy.out" &&
		how_is musl_stpncpy '^built alone: stpncpy (an alias of __stpncpy) + 0 static helpers + 4 macros'
	check musl_stpncpy_alias_built_alone $? "exit $rc (see $out/musl_stpncpy.*)"
else
	skip "musl_strncpy: $why"
fi

# ---- dietlibc ----
if fetch dietlibc 'dietlibc-0.34*/lib'; then
	d=$(ls -d $src/dietlibc-0.34* | head -1)
	# The issue's command (every phase, --time=1): FAIL on its own defect,
	# never the kernel-tree refusal (dietlibc ships include/linux/ beside lib/).
	run diet_memccpy --impl=$d/lib/memccpy.c --api=memccpy --time=1
	verdict_is retval $rc "$out/diet_memccpy.out" && verdict_is content $rc "$out/diet_memccpy.out" &&
		! grep -q word-at-a-time "$out/diet_memccpy.out" "$out/diet_memccpy.err"
	check dietlibc_memccpy_fails_on_its_defect $? "exit $rc (see $out/diet_memccpy.*)"
	# ... and the case shown is a c the char comparison misses.
	sed -n '/^DEFECT 1:/,/^$/p' "$out/diet_memccpy.out" | grep -qE '^ +c += .*as unsigned char 0x[89a-f][0-9a-f]$'
	check dietlibc_memccpy_defect_is_a_high_c $? "see $out/diet_memccpy.out"
	run diet_strlcat --impl=$d/lib/strlcat.c --api=strlcat --time=0 --no-race
	verdict_is overread $rc "$out/diet_strlcat.out"
	check dietlibc_strlcat_overreads_dest $? "exit $rc (see $out/diet_strlcat.*)"
	run diet_strncpy --impl=$d/lib/strncpy.c --api=strncpy --time=0 --no-race
	verdict_is content $rc "$out/diet_strncpy.out" && grep -q '(rule zero-fill)' "$out/diet_strncpy.out" &&
		how_is diet_strncpy '^built as is with the project.s headers'
	check dietlibc_strncpy_no_zero_fill_with_its_features $? "exit $rc (see $out/diet_strncpy.*)"
	run diet_strncat --impl=$d/lib/strncat.c --api=strncat --time=0 --no-race
	verdict_is pass $rc "$out/diet_strncat.out" &&
		how_is diet_strncat '^built alone: strncat .*; from the tree: __unlikely (include/sys/cdefs.h)'
	check dietlibc_strncat_built_alone_passes $? "exit $rc (see $out/diet_strncat.*)"
else
	skip "dietlibc_memccpy: $why"
fi
