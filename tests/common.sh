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
