# shellcheck shell=bash
# check/run.sh - run one built fuzzer as OSS-Fuzz would: libFuzzer (start-up,
# edge count, dictionary, seed corpus, then $runs inputs; the coverage build
# writes and reports a profile) or AFL++ (the seeds through the driver, then
# afl-fuzz).  No finding allowed.  Sourced by check-build.sh.

# libFuzzer: startup and edge count, the seed corpus, then $runs inputs.
check_libfuzzer_run() {  # name tmpdir
	local n=$1 t=$2 f=$OUT/$1 args edges rc nseeds total done_runs
	mapfile -t args < <(options_args "$OUT/$n.options")
	# ClusterFuzz uses NAME.dict when the options name no dictionary.
	if ! printf '%s\n' "${args[@]}" | grep -q '^-dict='; then
		args+=("-dict=$OUT/$n.dict")
	fi
	mkdir -p "$t/seeds" "$t/corpus" "$t/artifacts"
	unzip -q -o -d "$t/seeds" "$OUT/${n}_seed_corpus.zip" || fail "$n: cannot unzip seeds" || return 1
	cd "$t" || return 1

	if [ "$SANITIZER" = coverage ]; then
		# What OSS-Fuzz's coverage job does: run the corpus, profile on
		# (no coverage feedback here, so no fuzzing).
		mkdir -p "$t/prof"
		LLVM_PROFILE_FILE="$t/prof/$n.%p.profraw" run_env "$f" "${args[@]}" \
			$FUZZER_ARGS -runs=0 "$t/seeds" > "$t/seeds.log" 2>&1
		rc=$?
		[ $rc -eq 0 ] || { tail -30 "$t/seeds.log"; fail "$n: exit $rc on its seed corpus"; return 1; }
		ls "$t"/prof/*.profraw >/dev/null 2>&1 || fail "$n: wrote no .profraw" || return 1
		llvm-profdata merge -sparse "$t"/prof/*.profraw -o "$t/$n.profdata" 2> "$t/merge.log" ||
			fail "$n: llvm-profdata cannot merge its .profraw: $(head -1 "$t/merge.log")" || return 1
		llvm-cov report "$f" -instr-profile="$t/$n.profdata" > "$t/cov.txt" 2>&1 ||
			fail "$n: llvm-cov report failed: $(head -1 "$t/cov.txt")" || return 1
		grep -q '^TOTAL' "$t/cov.txt" || fail "$n: llvm-cov report has no TOTAL line" || return 1
		echo "$n: coverage: $(grep '^TOTAL' "$t/cov.txt")"
		cov_summary="$cov_summary $n=$(awk '/^TOTAL/ {print $10}' "$t/cov.txt")"
		return 0
	fi

	# bad_build_check's engine check: starts, runs 4 inputs, is instrumented.
	run_env "$f" -seed=1337 -runs=4 > "$t/start.log" 2>&1
	grep -q 'Done 4 runs' "$t/start.log" || {
		tail -20 "$t/start.log"
		fail "$n: does not start (no 'Done 4 runs'; see log)"
		return 1
	}
	edges=$(grep -oE 'INFO: Loaded [0-9]+ modules? +\([0-9]+ (inline 8-bit counters|guards)\)' "$t/start.log" |
		grep -oE '\([0-9]+' | tr -d '(' | head -1)
	echo "$n: starts; ${edges:-0} instrumented edges"
	[ "${edges:-0}" -ge 100 ] || fail "$n: only ${edges:-0} instrumented edges (OSS-Fuzz wants 100+)" || return 1

	# bad_build_check's seed corpus check (the whole corpus, no crash),
	# then a few thousand inputs, in one run: libFuzzer runs every seed
	# before it fuzzes ("INITED"; -runs counts the seeds too).  A failure
	# before INITED is the seed corpus's; only then are the options and
	# dict run alone (no input): libFuzzer refuses a bad one at startup.
	cp -r "$t/seeds/." "$t/corpus/"
	nseeds=$(ls "$t/seeds" | wc -l)
	total=$(( nseeds + runs ))
	run_env "$f" "${args[@]}" $FUZZER_ARGS -seed=1 -runs="$total" \
		-artifact_prefix="$t/artifacts/" "$t/corpus" > "$t/fuzz.log" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && ! grep -q '^#[0-9]*[[:space:]]*INITED' "$t/fuzz.log"; then
		if ! run_env "$f" "${args[@]}" -runs=0 > "$t/dict.log" 2>&1; then
			tail -5 "$t/dict.log"
			fail "$n: libFuzzer rejects its options or dict"
			return 1
		fi
		tail -30 "$t/fuzz.log"
		fail "$n: exit $rc on its seed corpus (see log)"
		return 1
	fi
	echo "$n: ran its $nseeds seeds"
	# libFuzzer may pass -runs by a few (a mutation round ends whole).
	done_runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$t/fuzz.log" | tail -1)
	[ $rc -eq 0 ] && [ "${done_runs:-0}" -ge "$total" ] || {
		tail -30 "$t/fuzz.log"
		fail "$n: finding or failure in $runs runs (exit $rc; crash inputs: $(ls "$t/artifacts" | head -3 | tr '\n' ' '))"
		return 1
	}
	echo "$n: $(grep -E '^#[0-9]+[[:space:]]+DONE' "$t/fuzz.log" | tail -1)"
}

# AFL++: the seeds through the driver, then afl-fuzz for $runs executions.
check_afl_run() {  # name tmpdir
	local n=$1 t=$2 f=$OUT/$1 rc s crashes hangs execs
	mkdir -p "$t/seeds"
	unzip -q -o -d "$t/seeds" "$OUT/${n}_seed_corpus.zip" || fail "$n: cannot unzip seeds" || return 1
	cd "$t" || return 1
	# The AFL++ driver runs every file named on its command line.
	run_env "$f" "$t"/seeds/* > "$t/seeds.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { tail -30 "$t/seeds.log"; fail "$n: exit $rc on its seed corpus (see log)"; return 1; }
	echo "$n: ran its $(ls "$t/seeds" | wc -l) seeds"
	ASAN_OPTIONS="$RUN_ASAN_OPTIONS:abort_on_error=1:symbolize=0" \
	UBSAN_OPTIONS="$RUN_UBSAN_OPTIONS:abort_on_error=1:symbolize=0" \
	AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
	AFL_NO_AFFINITY=1 AFL_FORKSRV_INIT_TMOUT=30000 AFL_BENCH_UNTIL_CRASH=1 \
	AFL_FAST_CAL=1 \
		timeout -s INT 90 afl-fuzz -i "$t/seeds" -o "$t/afl" -m none -t 10000 \
		-x "$OUT/$n.dict" -E "$runs" -V 60 -- "$f" > "$t/afl.log" 2>&1
	rc=$?
	s=$t/afl/default/fuzzer_stats
	grep -q 'All set and ready to roll' "$t/afl.log" && [ -f "$s" ] || {
		tail -30 "$t/afl.log"
		fail "$n: afl-fuzz did not get going (exit $rc; see log)"
		return 1
	}
	crashes=$(awk -F: '/^saved_crashes/ {gsub(/ /, "", $2); print $2}' "$s")
	hangs=$(awk -F: '/^saved_hangs/ {gsub(/ /, "", $2); print $2}' "$s")
	execs=$(awk -F: '/^execs_done/ {gsub(/ /, "", $2); print $2}' "$s")
	[ "${crashes:-1}" -eq 0 ] || fail "$n: afl-fuzz saved $crashes crash(es) in $t/afl/default/crashes" || return 1
	[ "${hangs:-1}" -eq 0 ] || fail "$n: afl-fuzz saved $hangs hang(s)" || return 1
	[ "${execs:-0}" -ge "$runs" ] || fail "$n: afl-fuzz ran only ${execs:-0} of $runs inputs" || return 1
	echo "$n: afl-fuzz: $execs execs, no crash, no hang"
}
