# shellcheck shell=bash
# check/combo.sh - build one combination: copy the tree into a fresh
# $SRC/strcheck, put build.sh where OSS-Fuzz (or ClusterFuzzLite) puts it,
# run it with the combination's environment, check that it wrote nothing
# into the source tree (or, with check-build.sh -R, take the $OUT a build
# left instead), then check every fuzzer's artefacts, then their runs and
# that a planted defect is found.  Sourced by check-build.sh.

check_combo() {  # combo root
	local combo=$1 root=$2
	SRC=$root/src WORK=$root/work OUT=$root/out
	export SRC WORK OUT
	mkdir -p "$SRC/strcheck" "$WORK" "$OUT"
	if [ -n "${reuse_out:-}" ] && [ -d "$reuse_out/$combo" ]; then
		# -R: the $OUT a build of this tree left (-K), checked again.
		cp -a "$reuse_out/$combo/." "$OUT/" || fail "cannot copy $reuse_out/$combo" || return 1
		echo "== reusing the build in $reuse_out/$combo" > "$root/build.log"
	else
		build_combo "$combo" "$root" || return 1
	fi
	check_out "$combo" "$root"
}

build_combo() {  # combo root: build.sh into $OUT, with nothing written into $SRC
	local combo=$1 root=$2
	# The source tree as a clone would have it (plus uncommitted work),
	# without build products; build.sh where OSS-Fuzz puts it.
	if git -C "$tree" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$tree" && git ls-files -z -co --exclude-standard |
			xargs -0 -r sh -c 'for p; do [ -e "$p" ] && printf "%s\0" "$p"; done' sh |
			tar -cf - --null -T -) | tar -xf - -C "$SRC/strcheck"
	else
		(cd "$tree" && tar -cf - --exclude=./build .) | tar -xf - -C "$SRC/strcheck"
	fi
	# build.sh where the Dockerfile puts it: OSS-Fuzz's projects/strcheck/
	# build.sh (this tree's scripts/oss-fuzz/build.sh), or ClusterFuzzLite's
	# .clusterfuzzlite/build.sh.
	case $combo in
	cflite-*) cp "$SRC/strcheck/.clusterfuzzlite/build.sh" "$SRC/build.sh" ;;
	*) cp "$SRC/strcheck/scripts/oss-fuzz/build.sh" "$SRC/build.sh" ;;
	esac

	# -W: $WORK as another build of this tree left it (same sources, same
	# times): make compiles only what differs.
	if [ -n "${seed_work:-}" ]; then
		cp -a "$seed_work/." "$WORK/" || fail "cannot copy $seed_work" || return 1
	fi

	touch "$root/before-build"
	sleep 1  # so that anything the build writes is strictly newer
	(
		build_env "$combo"
		cd "$SRC/strcheck" && bash -eux "$SRC/build.sh"
	) > "$root/build.log" 2>&1 || {
		tail -30 "$root/build.log"
		fail "build.sh failed (see log)"
		return 1
	}
	# OSS-Fuzz keeps $SRC for the coverage report: the build leaves it be.
	local written
	written=$(find "$SRC/strcheck" -newer "$root/before-build" ! -type d | head -3)
	[ -z "$written" ] || fail "build.sh wrote into the source tree: $(echo $written)" || return 1
}

check_out() {  # combo root: every artefact of $OUT, then every fuzzer's runs
	local combo=$1 root=$2 n names=() expected built
	build_env "$combo"
	unset ASAN_OPTIONS AFL_QUIET
	# Test hook (tests/suite-50-oss-fuzz.sh): lose an artefact on purpose,
	# to see this check fail.
	if [ -n "${CHECK_BUILD_REMOVE:-}" ]; then
		rm -f "$OUT/$CHECK_BUILD_REMOVE"
	fi

	expected=$(expected_fuzzers)
	built=$(cd "$OUT" && find . -maxdepth 1 -type f -perm -u+x -printf '%f\n' | sort)
	if [ -n "$expected" ]; then
		for n in $expected; do
			echo "$built" | grep -qx "$n" || fail "fuzzer $n missing from \$OUT" || return 1
			names+=("$n")
		done
	else
		# No list from the make files: take what was built.
		mapfile -t names < <(echo "$built" | grep -v '^$')
	fi
	[ ${#names[@]} -gt 0 ] || fail "no fuzzer in \$OUT" || return 1

	# Every fuzzer's artefacts before any run: a missing one fails the
	# combination before its fuzzers' runs are spent.
	for n in "${names[@]}"; do
		echo "== $n"
		check_artefacts "$n" || return 1
	done
	cov_summary=
	for n in "${names[@]}"; do
		echo "== $n: runs"
		case ${combo#cflite-} in
		afl-*) check_afl_run "$n" "$root/run/$n" || return 1 ;;
		*) check_libfuzzer_run "$n" "$root/run/$n" || return 1 ;;
		esac
	done
	check_detects_defect "$combo" "$root/defect" "${names[@]}" || return 1
	nfuzzers=${#names[@]}
}
