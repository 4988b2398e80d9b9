# tests/common.sh - sourced by the suites: the PASS/FAIL/SKIP line helpers
# scripts/test.sh counts.
#   pass NAME            "PASS NAME"
#   fail NAME: WHY       "FAIL NAME: WHY"
#   skip NAME: WHY       "SKIP NAME: WHY"
#   check NAME STATUS WHY   PASS when STATUS is 0, else FAIL with WHY
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
skip() { echo "SKIP $*"; }
check() { if [ "$2" -eq 0 ]; then pass "$1"; else fail "$1: $3"; fi; }
#   m32_how              how an i386 program runs here: "native", "qemu"
#                        (qemu-i386 -L /: a kernel built without its 32-bit
#                        mode, as strcheck does too, src/cli/candidate/foreign.c) or
#                        "none" (no gcc -m32, or neither runs it)
m32_how() {
	local probe=build/test/m32probe
	mkdir -p build/test
	echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$probe" 2> /dev/null || { echo none; return; }
	if "$probe" 2> /dev/null; then
		echo native
	elif command -v qemu-i386 > /dev/null && qemu-i386 -L / "$probe" 2> /dev/null; then
		echo qemu
	else
		echo none
	fi
}
