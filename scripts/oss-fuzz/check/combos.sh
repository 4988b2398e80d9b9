# shellcheck shell=bash
# check/combos.sh - which ENGINE-SANITIZER combinations to check: the ones
# scripts/oss-fuzz/project.yaml claims.  Sourced by check-build.sh (uses $tree).

# The items of a list in project.yaml ("key:" then "  - item" lines).
yaml_list() {  # yaml_list FILE KEY
	awk -v key="$2" '
		$0 ~ "^" key ":" { inlist = 1; next }
		inlist && /^[[:space:]]*-[[:space:]]*/ { sub(/^[[:space:]]*-[[:space:]]*/, ""); sub(/[[:space:]]*(#.*)?$/, ""); gsub(/"/, ""); print; next }
		inlist && /^[^[:space:]#]/ { inlist = 0 }' "$1"
}

# What project.yaml claims, as combinations (OSS-Fuzz's defaults when a
# list is absent: address+undefined, libfuzzer+afl+honggfuzz).
claimed_combos() {
	local y=$tree/scripts/oss-fuzz/project.yaml sans engines archs s e out=
	sans=$(yaml_list "$y" sanitizers)
	engines=$(yaml_list "$y" fuzzing_engines)
	archs=$(yaml_list "$y" architectures)
	[ -n "$sans" ] || sans="address undefined"
	[ -n "$engines" ] || engines="libfuzzer afl honggfuzz"
	for e in $engines; do
		case $e in
		libfuzzer) for s in $sans; do out="$out libfuzzer-$s"; done ;;
		*) out="$out $e-address" ;;  # other engines: ASan builds only
		esac
	done
	# OSS-Fuzz's i386 builds: libFuzzer with ASan.
	case " $(echo $archs) " in *" i386 "*) out="$out libfuzzer-address-i386" ;; esac
	echo "$out libfuzzer-coverage cflite-libfuzzer-address"
}
