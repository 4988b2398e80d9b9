# fuzz-common.sh - sourced by fuzz.sh and fuzz-afl.sh: which harnesses to
# run, how to split FUZZ_TIME over them, and running them JOBS at a time.

# fuzz_select HARNESS...: sets harnesses (default: all).  Fuzzing a .so of
# one API (STRCHECK_IMPL) keeps that API's harness, and the relations for
# strscpy, strscpy_pad, strlcpy and strncpy (the relatives have none).
fuzz_select() {
	harnesses=("$@")
	[ ${#harnesses[@]} -gt 0 ] || harnesses=(fuzz_strscpy fuzz_strscpy_pad fuzz_strlcpy fuzz_strncpy
		fuzz_strlcat fuzz_strncat fuzz_stpncpy fuzz_memccpy fuzz_relations)
	[ -n "${STRCHECK_IMPL:-}" ] || return 0
	local api=${STRCHECK_API:-strscpy} keep=() h rel=0
	case $api in strscpy | strscpy_pad | strlcpy | strncpy) rel=1 ;; esac
	for h in "${harnesses[@]}"; do
		[ "$h" = "fuzz_$api" ] || { [ "$h" = fuzz_relations ] && [ $rel = 1 ]; } && keep+=("$h")
	done
	harnesses=("${keep[@]}")
	[ ${#harnesses[@]} -gt 0 ] || { echo "no harness for STRCHECK_API=$api" >&2; exit 2; }
}

# fuzz_split: JOBS clamped to 1..n; per = seconds for each harness, so that
# ceil(n/JOBS) rounds of JOBS harnesses take FUZZ_TIME in all.
fuzz_split() {
	local n=${#harnesses[@]}
	[ "$JOBS" -ge 1 ] 2>/dev/null || JOBS=1
	[ "$JOBS" -le "$n" ] || JOBS=$n
	per=$(( FUZZ_TIME / ((n + JOBS - 1) / JOBS) ))
	[ "$per" -ge 1 ] || per=1
}

# fuzz_run_all DIR HINT: the caller's run_one for each harness in DIR,
# JOBS at a time; a harness missing from DIR ends the run ("run HINT").
fuzz_run_all() {
	local dir=$1 hint=$2 h
	for h in "${harnesses[@]}"; do
		if [ ! -x "$dir/$h" ]; then
			echo "missing $dir/$h: run $hint" >&2
			exit 2
		fi
		while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
			wait -n
		done
		run_one "$h" &
	done
	wait
}
