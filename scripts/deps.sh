#!/usr/bin/env bash
# The Debian packages the build, the tests and the fuzzers use: the one
# list, shared by `make deps`, `make test` and .ci/run.
#   deps.sh --check    say what is missing and the exact command to install it
#   deps.sh --install  install what is missing (root; runs apt-get update first)
#   deps.sh --ensure   install what is missing when root, else --check
#   deps.sh --run      only what strcheck itself needs at run time (its
#                      sandbox and tracer: RUN_PACKAGES), for `make run`:
#                      installed when root, else the one apt-get line; never
#                      fails (strcheck then says what it runs without)
set -u
PACKAGES="make gcc clang llvm libclang-rt-14-dev binutils afl++ zip unzip python3
qemu-user gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-powerpc-linux-gnu
libc6-dev-powerpc-cross gcc-aarch64-linux-gnu libc6-dev-arm64-cross
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-riscv64-linux-gnu
libc6-dev-riscv64-cross gcc-12-multilib gcc-i686-linux-gnu libc6-dev-i386-cross
libseccomp-dev libxml2-utils
python3-jsonschema python3-yaml librsvg2-bin man-db groff-base
libzydis-dev libbsd-dev musl musl-dev dpkg-dev"
# A real kernel's headers, as Debian ships them (tests/suite-48: a kernel
# tree's lib/string.c built against the tree's own headers first).
[ "$(dpkg --print-architecture 2> /dev/null)" = amd64 ] && PACKAGES="$PACKAGES linux-headers-amd64"
# What strcheck itself needs at run time: libseccomp (the sandbox) and
# Zydis (the tracer's decoder); the rest of PACKAGES is for the tests.
# (STRCHECK_RUN_PACKAGES replaces the list: suite-37 names a missing one.)
RUN_PACKAGES=${STRCHECK_RUN_PACKAGES:-"libseccomp-dev libzydis-dev"}
# Not gcc-multilib: it conflicts with the cross compilers and removes them.
# libbsd-dev, musl, musl-dev: C libraries whose strlcat, strncat, stpncpy and
# memccpy tests/suite-38-real-libc.sh checks as installed.
# dpkg-dev: dpkg-source, which apt-get source unpacks a source package with
# (tests/suite-63-scan-real.sh scans Debian's trees as Debian patches them).

[ "${1:-}" = --run ] && PACKAGES=$RUN_PACKAGES
missing=()
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

case "${1:---check}" in
--check)
	if [ ${#missing[@]} -gt 0 ]; then
		echo "missing Debian packages: ${missing[*]}" >&2
		echo "install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
		echo "(or run 'make deps' as root)" >&2
		exit 1
	fi
	;;
--ensure)
	[ ${#missing[@]} -eq 0 ] && exit 0
	[ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null && exec bash "$0" --install
	exec bash "$0" --check
	;;
--run)
	[ ${#missing[@]} -eq 0 ] && exit 0
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null; then
		echo "strcheck runs sandboxed and traced with ${missing[*]}: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
		exit 0
	fi
	echo "make run: installing ${missing[*]} (strcheck's sandbox and tracer)" >&2
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; } > /tmp/strcheck-run-deps.log 2>&1 ||
		echo "make run: the install failed (see /tmp/strcheck-run-deps.log); strcheck says what it runs without" >&2
	exit 0
	;;
--install)
	[ ${#missing[@]} -eq 0 ] && exit 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "need root to install: ${missing[*]}" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"
	;;
*)
	echo "usage: $0 --check|--install|--ensure|--run" >&2
	exit 2
	;;
esac
