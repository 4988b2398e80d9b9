# shellcheck shell=bash
# check/artefacts.sh - what the build left in $OUT for one fuzzer: the
# fuzzer (name, ELF machine, sanitizer instrumentation counted as OSS-Fuzz's
# bad_build_check does), NAME_seed_corpus.zip, NAME.dict, NAME.options.
# Sourced by check-build.sh; a failed check calls fail (sets $why).

# The fuzzers the project says it has.
expected_fuzzers() {
	local list
	list=$(make -s --no-print-directory -C "$tree" BUILD="$WORK/probe" \
		--eval='strcheck-print-var-%: ; @echo $($*)' \
		strcheck-print-var-FUZZ_HARNESSES 2>/dev/null)
	echo "$list"
}

# libFuzzer arguments from NAME.options' [libfuzzer] section.
options_args() {
	awk '
		/^[ \t]*\[/ { sec = $0; gsub(/[][ \t]/, "", sec); next }
		sec == "libfuzzer" && /=/ {
			k = $0; sub(/[ \t]*=.*/, "", k); gsub(/^[ \t]+/, "", k)
			v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
			if (k == "dict") v = ENVIRON["OUT"] "/" v
			printf "-%s=%s\n", k, v
		}' "$1"
}

# Count calls into each sanitizer runtime, as bad_build_check does (its
# objdump -d | grep -c per runtime), from one disassembly: prints the
# counts of calls to __asan, __ubsan and __msan.  (Without the raw bytes,
# and only the lines naming a __ symbol reach awk: the same lines counted,
# at 0.3 s of CPU per fuzzer instead of 0.8.)
calls_to() {  # calls_to BINARY
	objdump -d --no-show-raw-insn "$1" 2>/dev/null | grep -F '<__' | awk '
		/callq?[ \t]+[0-9a-f]+[ \t]+<__asan/ { a++ }
		/callq?[ \t]+[0-9a-f]+[ \t]+<__ubsan/ { u++ }
		/callq?[ \t]+[0-9a-f]+[ \t]+<__msan/ { m++ }
		END { print a + 0, u + 0, m + 0 }'
}

check_instrumentation() {  # fuzzer
	local f=$1 asan ubsan msan
	read -r asan ubsan msan < <(calls_to "$f")
	echo "$(basename "$f"): calls to __asan $asan, __ubsan $ubsan, __msan $msan"
	case $SANITIZER in
	address)
		[ "$asan" -ge 1000 ] || fail "$(basename "$f"): not built with ASan ($asan calls to __asan)" || return 1
		[ "$msan" -le 3 ] || fail "$(basename "$f"): ASan build has MSan calls" || return 1
		[ "$ubsan" -le 200 ] || fail "$(basename "$f"): ASan build has $ubsan UBSan calls" || return 1 ;;
	undefined)
		[ "$ubsan" -ge 168 ] || fail "$(basename "$f"): not built with UBSan ($ubsan calls to __ubsan)" || return 1
		[ "$asan" -eq 0 ] || fail "$(basename "$f"): UBSan build has ASan calls" || return 1
		[ "$msan" -le 3 ] || fail "$(basename "$f"): UBSan build has MSan calls" || return 1 ;;
	memory)
		[ "$msan" -ge 1000 ] || fail "$(basename "$f"): not built with MSan ($msan calls to __msan)" || return 1
		[ "$asan" -eq 0 ] || fail "$(basename "$f"): MSan build has ASan calls" || return 1 ;;
	coverage)
		nm "$f" 2>/dev/null | grep -q __llvm_profile_runtime ||
			fail "$(basename "$f"): no profile runtime (not a coverage build)" || return 1 ;;
	esac
}

check_artefacts() {  # name
	local n=$1 f=$OUT/$1 opt
	[[ $n =~ ^[A-Za-z0-9_-]+$ ]] || fail "fuzzer name '$n' has characters OSS-Fuzz rejects" || return 1
	[ -f "$f" ] || fail "$n: fuzzer missing from \$OUT" || return 1
	[ -x "$f" ] || fail "$n: not executable" || return 1
	readelf -h "$f" 2>/dev/null | grep -Eq "Machine:[[:space:]]+$ELF_MACHINE" ||
		fail "$n: not an ELF executable for $ARCHITECTURE" || return 1
	[ -f "$OUT/${n}_seed_corpus.zip" ] || fail "$n: ${n}_seed_corpus.zip missing" || return 1
	unzip -tq "$OUT/${n}_seed_corpus.zip" >/dev/null 2>&1 || fail "$n: ${n}_seed_corpus.zip is corrupt" || return 1
	[ "$(unzip -Z1 "$OUT/${n}_seed_corpus.zip" 2>/dev/null | grep -vc '/$')" -gt 0 ] ||
		fail "$n: ${n}_seed_corpus.zip is empty" || return 1
	[ -s "$OUT/$n.dict" ] || fail "$n: $n.dict missing or empty" || return 1
	opt=$OUT/$n.options
	[ -s "$opt" ] || fail "$n: $n.options missing" || return 1
	grep -q '^\[libfuzzer\]' "$opt" || fail "$n: $n.options has no [libfuzzer] section" || return 1
	if grep -Evq '^[[:space:]]*($|[#;]|\[[a-z_]+\][[:space:]]*$|[A-Za-z_]+[[:space:]]*=)' "$opt"; then
		fail "$n: $n.options is not INI (key = value under [section])" || return 1
	fi
	local d
	d=$(options_args "$opt" | sed -n 's/^-dict=//p')
	[ -z "$d" ] || [ -f "$d" ] || fail "$n: $n.options names a dict that is not in \$OUT" || return 1
	check_instrumentation "$f"
}

