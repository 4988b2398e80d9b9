#!/usr/bin/env bash
# tier: check
# cost: 10
# The build notices its configuration (issue 22): the fresh-machine order
# (in a tree seeded from build/, so only what the configuration changes
# is rebuilt), a strcheck built without libseccomp (SECCOMP=0, as the probe finds on a
# machine without it) and then a plain make once the library is there,
# gets a sandboxed strcheck without `make clean` (the configuration stamp
# build/config/SECCOMP, Makefile CONFIG_VARS), and the hostile zoo then
# runs against it, not skipped; `make run` first installs what strcheck
# needs at run time when root (scripts/deps.sh --run), else says in one
# line how, and without libseccomp says in one line how to get the sandbox.  It builds in a directory of its own, so
# the suites that run beside it keep their strcheck.
set -u
cd "$(dirname "$0")/.."
. tests/common.sh
out=build/test/config
rm -rf "$out"
mkdir -p "$out"
B=$out/build
SC=$B/strcheck

if ! printf '#include <seccomp.h>\n' | cc -E - > /dev/null 2>&1; then
	skip "config_rebuild_with_seccomp: no libseccomp here (make deps installs it)"
	exit 0
fi
# The tree starts as a copy of build/ (times kept; the suites' outputs
# and other builds left out), so that what the configuration does not
# touch is not compiled again: the stamp rebuilds the sandbox's objects
# and relinks strcheck, as below; no other file uses SC_HAVE_SECCOMP.
if make -s build/strcheck build/libstrscpy.so > "$out/build-seed.log" 2>&1; then
	mkdir -p "$B"
	tar -C build --exclude=./test --exclude=./cross --exclude=./asan --exclude=./fuzz \
		--exclude=./corpus --exclude=./bench --exclude=./zoo --exclude=./coverage -cf - . |
		tar -C "$B" -xpf -
fi
# Built as on a machine without the library.
make -s BUILD=$B SECCOMP=0 $SC $B/libstrscpy.so > "$out/build0.log" 2>&1
$SC --grid-case=0 > "$out/before.out" 2>&1
grep -q '^sandbox: not sandboxed: this strcheck was built without libseccomp' "$out/before.out" &&
	[ "$(cat $B/config/SECCOMP)" = 0 ]
check config_built_without_seccomp $? "see $out/before.out"
make -n -s BUILD=$B SECCOMP=0 run > "$out/run0.log" 2>&1
[ "$(grep -c "make deps" "$out/run0.log")" = 1 ]
check make_run_without_seccomp_says_make_deps $? "see $out/run0.log"
# make run first gets what strcheck needs at run time (deps.sh --run:
# libseccomp, Zydis), then builds in a make of its own that probes anew.
[ "$(sed -n 1p "$out/run0.log")" = "bash scripts/deps.sh --run" ] && grep -q "run-checked" "$out/run0.log"
check make_run_installs_run_deps_before_building $? "see $out/run0.log"
# Not root, with a package missing: the one apt-get line, and make run goes on.
STRCHECK_RUN_PACKAGES="libseccomp-dev strcheck-no-such-package" \
	setpriv --reuid=65534 --regid=65534 --clear-groups bash scripts/deps.sh --run > "$out/rundeps.out" 2> "$out/rundeps.err"
rc=$?
[ $rc = 0 ] && [ "$(wc -l < "$out/rundeps.err")" = 1 ] && [ ! -s "$out/rundeps.out" ] &&
	grep -q "apt-get install -y --no-install-recommends strcheck-no-such-package\$" "$out/rundeps.err"
check run_deps_not_root_one_line_and_goes_on $? "exit $rc, see $out/rundeps.err"
# Nothing missing: not a word.
STRCHECK_RUN_PACKAGES="make" bash scripts/deps.sh --run > "$out/rundeps0.out" 2>&1
check run_deps_silent_when_present "$([ $? = 0 ] && [ ! -s "$out/rundeps0.out" ]; echo $?)" "see $out/rundeps0.out"
# The library is there: the next make rebuilds what uses it.
make -s BUILD=$B $SC $B/libstrscpy.so > "$out/build1.log" 2>&1
$SC --grid-case=0 > "$out/after.out" 2>&1
grep -q '^sandbox: seccomp' "$out/after.out" && [ "$(cat $B/config/SECCOMP)" = 1 ]
check config_rebuilt_with_seccomp_after_install $? "see $out/after.out and $out/build1.log"
make -q BUILD=$B $SC
check config_stable_when_nothing_changed $? "make -q says $SC is out of date"
# The hostile zoo runs against it (one entry, as suite-35 runs them all).
make -s BUILD=$B $B/zoo/hostile_kill_parent.so > /dev/null 2>&1
$SC --impl=$B/zoo/hostile_kill_parent.so --time=0 --no-race > "$out/hostile.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q '^DEFECT 1: tamper' "$out/hostile.out" && grep -q '^sandbox: seccomp' "$out/hostile.out"
check hostile_zoo_runs_sandboxed_after_rebuild $? "exit $rc, see $out/hostile.out"
exit 0
