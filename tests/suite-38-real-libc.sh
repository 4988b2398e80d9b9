#!/usr/bin/env bash
# tier: test
# cost: 7
# The relatives as C libraries ship them (docs/your-code.md, "C libraries
# as installed"): strcheck pointed at the installed objects of Debian
# packages, nothing of theirs copied into the project.  glibc's stpncpy,
# strncat and memccpy (libc.so.6, the ifunc variant this CPU gets);
# libbsd's strlcat (libbsd.so.0: glibc 2.36 has none); musl's four, from
# its shared object (/lib/x86_64-linux-musl/libc.so, loaded into this
# glibc process: the function checked is musl's own) and from its static
# archive (libc.a, built into a shared object by strcheck, whole).  Each
# must pass the whole grid (--time=0), and strcheck must say which function
# it checked.  A missing package is a SKIP naming it (scripts/deps.sh
# installs libbsd-dev, musl and musl-dev).  Prints PASS / FAIL / SKIP.
set -u
cd "$(dirname "$0")/.."
out=build/test/real-libc
rm -rf "$out"
mkdir -p "$out"
SC=build/strcheck

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
skip() { echo "SKIP $*"; }

if ! make -s build/strcheck > "$out/build.log" 2>&1; then
	fail "real_libc_build: see $out/build.log"
	exit 1
fi

# The installed objects (Debian's multiarch paths, asked of the compiler
# where it knows them).
glibc=$(cc -print-file-name=libc.so.6 2>/dev/null)
[ -f "$glibc" ] || glibc=/lib/x86_64-linux-gnu/libc.so.6
libbsd=$(ls /usr/lib/*-linux-gnu/libbsd.so.0 /lib/*-linux-gnu/libbsd.so.0 2>/dev/null | head -1)
musl_so=$(ls /lib/*-linux-musl/libc.so /usr/lib/musl/lib/libc.so 2>/dev/null | head -1)
musl_a=$(ls /usr/lib/*-linux-musl/libc.a /usr/lib/musl/lib/libc.a 2>/dev/null | head -1)

# One run per line: NAME PATH API.  Two at a time, then judged in order.
runs=()
add() { runs+=("$1 $2 $3"); }
if [ "$(uname -m)" != x86_64 ]; then
	skip "real_libc: the package paths here are x86-64's"
	exit 0
fi
for api in stpncpy strncat memccpy; do
	add "glibc_$api" "$glibc" $api
done
if [ -n "$libbsd" ]; then
	add libbsd_strlcat "$libbsd" strlcat
else
	skip "libbsd_strlcat: libbsd.so.0 not installed (Debian package libbsd-dev)"
fi
for api in strlcat strncat stpncpy memccpy; do
	if [ -n "$musl_so" ]; then
		add "musl_so_$api" "$musl_so" $api
	else
		skip "musl_so_$api: musl's libc.so not installed (Debian package musl)"
	fi
done
# The archive is built into one shared object per run (about a second):
# stpncpy, whose zero-fill is musl's memset, stands for the four.
if [ -n "$musl_a" ]; then
	add musl_a_stpncpy "$musl_a" stpncpy
else
	skip "musl_a_stpncpy: musl's libc.a not installed (Debian package musl-dev)"
fi

one() {
	local name=$1 impl=$2 api=$3
	timeout 1200 "$SC" --impl="$impl" --api="$api" --time=0 > "$out/$name.out" 2> "$out/$name.err"
	echo $? > "$out/$name.rc"
}
export -f one
export SC out
printf '%s\n' "${runs[@]}" | xargs -P 2 -L 1 bash -c 'one "$@"' _

for r in "${runs[@]}"; do
	read -r name impl api <<< "$r"
	f=$out/$name.out
	rc=$(cat "$out/$name.rc" 2> /dev/null || echo none)
	verdict=$(grep -m1 '^VERDICT:' "$f")
	# The header names the function and the object it came from.
	if ! grep -q "^strcheck: $api in $impl," "$f"; then
		fail "${name}: no 'strcheck: $api in $impl' header (see $f, $out/$name.err)"
	elif [ "$rc" = 0 ] && [[ $verdict == "VERDICT: PASS"* ]]; then
		pass "${name}: ${verdict#VERDICT: }"
	else
		fail "${name}: exit $rc, ${verdict:-no verdict}: $(grep -m3 '^DEFECT' "$f" | tr '\n' ' ')(see $f)"
	fi
done

# glibc checked is glibc (strcheck says so), musl's shared object is not.
grep -q "is the C library strcheck itself runs on: the function checked is the C library's" \
	"$out/glibc_stpncpy.err"
[ $? -eq 0 ] && pass real_libc_glibc_warned || fail "real_libc_glibc_warned: see $out/glibc_stpncpy.err"
if [ -n "$musl_so" ]; then
	if grep -q "the C library strcheck itself runs on" "$out/musl_so_stpncpy.err"; then
		fail "real_libc_musl_is_not_glibc: strcheck took musl's libc.so for its own C library"
	else
		pass real_libc_musl_is_not_glibc
	fi
fi
# The archive was built into a shared object, and the build is reported.
if [ -n "$musl_a" ]; then
	grep -q '^built: .*--whole-archive.*libc\.a' "$out/musl_a_stpncpy.out"
	[ $? -eq 0 ] && pass real_libc_musl_archive_built ||
		fail "real_libc_musl_archive_built: no 'built:' line (see $out/musl_a_stpncpy.out)"
fi
