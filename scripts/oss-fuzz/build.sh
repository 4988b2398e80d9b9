#!/bin/bash -eu
# strcheck's OSS-Fuzz / ClusterFuzzLite build script.
#
# The builder image runs this as `bash -eux $SRC/build.sh` with the
# environment of one build: CC, CXX, CFLAGS, CXXFLAGS (sanitizer and
# coverage flags already in them), LIB_FUZZING_ENGINE (a link flag such as
# -fsanitize=fuzzer, or an engine archive for AFL++ and honggfuzz), and the
# directories SRC, WORK and OUT.  It leaves in $OUT, for each libFuzzer-style
# harness fuzz/NAME.c (one that defines LLVMFuzzerTestOneInput):
#
#   NAME                  the fuzzer, linked by $CXX as OSS-Fuzz wants
#   NAME_seed_corpus.zip  corpus/NAME/ if there is one, else corpus/'s
#                         shared seeds (every regular file but *.dict)
#   NAME.dict             fuzz/NAME.dict if there is one, else corpus/*.dict
#   NAME.options          fuzz/NAME.options if there is one, else a
#                         [libfuzzer] section naming NAME.dict
#
# Nothing is written into the source tree: objects go to $WORK.  The
# libraries are built by the top Makefile (its BUILD dir pointed at $WORK),
# so the list of sources lives in one place.  scripts/oss-fuzz/check-build.sh
# runs this script here with the environment OSS-Fuzz would set.

: "${SRC:?}" "${WORK:?}" "${OUT:?}"
: "${CC:=clang}" "${CXX:=clang++}" "${CFLAGS:=}" "${CXXFLAGS:=}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"

# The source tree: $STRCHECK_SRC if given; else the tree this script sits in
# (scripts/oss-fuzz/build.sh); else $SRC/strcheck, where the Dockerfiles put
# it (OSS-Fuzz copies this script alone to $SRC/build.sh); else the current
# directory (the Dockerfiles' WORKDIR).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -n "${STRCHECK_SRC:-}" ]; then
	top=$STRCHECK_SRC
elif [ -f "$here/../../Makefile" ] && [ -d "$here/../../fuzz" ]; then
	top=$here/../..
elif [ -f "$SRC/strcheck/Makefile" ]; then
	top=$SRC/strcheck
else
	top=$PWD
fi
top=$(cd "$top" && pwd)
[ -f "$top/Makefile" ] && [ -d "$top/src" ] || {
	echo "build.sh: no strcheck source tree at $top" >&2
	exit 1
}

build=$WORK/strcheck-build
jobs=$(nproc 2>/dev/null || echo 1)
mkdir -p "$build/fuzz" "$OUT"

# Ask the top Makefile for one of its variables (so the compile flags and
# sources are not repeated here).
mkvar() {
	make -s --no-print-directory -C "$top" BUILD="$build" \
		--eval="strcheck-print-var-%: ; @echo \$(\$*)" \
		"strcheck-print-var-$1"
}

# 1. The libraries, built by the top Makefile with this build's CC/CFLAGS.
make -C "$top" -j"$jobs" BUILD="$build" CC="$CC" CFLAGS="$CFLAGS" \
	"$build/libengine.a" "$build/libstrscpy.a"

std=$(mkvar STD)
[ -n "$std" ] || std="-std=c11 -D_GNU_SOURCE"

# 2. The harnesses: every fuzz/*.c that defines LLVMFuzzerTestOneInput (an
# AFL++ persistent-mode harness has its own main and is not for OSS-Fuzz).
harnesses=()
for f in "$top"/fuzz/*.c; do
	[ -f "$f" ] || continue
	grep -q 'LLVMFuzzerTestOneInput' "$f" || continue
	harnesses+=("$f")
done
if [ ${#harnesses[@]} -eq 0 ]; then
	echo "build.sh: no libFuzzer harness (LLVMFuzzerTestOneInput) in $top/fuzz" >&2
	exit 1
fi

# Seeds shared by every fuzzer: corpus/'s regular files, dictionaries aside.
shared_seeds=()
for f in "$top"/corpus/*; do
	[ -f "$f" ] || continue
	case $f in *.dict|*.md|*.txt|*.options) continue ;; esac
	shared_seeds+=("$f")
done
shared_dict=
for f in "$top"/corpus/*.dict; do
	[ -f "$f" ] && { shared_dict=$f; break; }
done

# zip -r without the directory names; python3 when zip is missing.
make_zip() {  # make_zip OUT.zip FILE-or-DIR...
	local zipfile=$1
	shift
	rm -f "$zipfile"
	if command -v zip >/dev/null 2>&1; then
		local tmp
		tmp=$(mktemp -d "$WORK/seeds.XXXXXX")
		local p
		for p in "$@"; do
			if [ -d "$p" ]; then
				(cd "$p" && find . -type f) | while read -r g; do
					cp "$p/$g" "$tmp/$(echo "${g#./}" | tr / _)"
				done
			else
				cp "$p" "$tmp/"
			fi
		done
		(cd "$tmp" && zip -q -X -r "$zipfile" .)
		rm -rf "$tmp"
	else
		python3 - "$zipfile" "$@" <<-'PY'
		import os, sys, zipfile
		with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
		    for p in sys.argv[2:]:
		        if os.path.isdir(p):
		            for d, _, files in os.walk(p):
		                for f in files:
		                    full = os.path.join(d, f)
		                    z.write(full, os.path.relpath(full, p).replace(os.sep, "_"))
		        else:
		            z.write(p, os.path.basename(p))
		PY
	fi
}

for f in "${harnesses[@]}"; do
	name=$(basename "$f" .c)
	obj=$build/fuzz/$name.o
	# Compile with $CC (C), link with $CXX: engine archives need C++.
	# shellcheck disable=SC2086
	$CC $std $CFLAGS -I"$top/src" -I"$top/ref" -I"$top/fuzz" -c "$f" -o "$obj"
	# shellcheck disable=SC2086
	$CXX $CXXFLAGS -o "$OUT/$name" "$obj" \
		"$build/libengine.a" "$build/libstrscpy.a" \
		$LIB_FUZZING_ENGINE -lpthread -ldl

	if [ -d "$top/corpus/$name" ]; then
		make_zip "$OUT/${name}_seed_corpus.zip" "$top/corpus/$name"
	elif [ ${#shared_seeds[@]} -gt 0 ]; then
		make_zip "$OUT/${name}_seed_corpus.zip" "${shared_seeds[@]}"
	fi

	if [ -f "$top/fuzz/$name.dict" ]; then
		cp "$top/fuzz/$name.dict" "$OUT/$name.dict"
	elif [ -n "$shared_dict" ]; then
		cp "$shared_dict" "$OUT/$name.dict"
	fi

	if [ -f "$top/fuzz/$name.options" ]; then
		cp "$top/fuzz/$name.options" "$OUT/$name.options"
	else
		{
			echo "[libfuzzer]"
			[ -f "$OUT/$name.dict" ] && echo "dict = $name.dict"
			true
		} > "$OUT/$name.options"
	fi
done

echo "build.sh: built ${#harnesses[@]} fuzzer(s) into $OUT"
