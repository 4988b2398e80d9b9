#!/bin/bash -eu
# strcheck's OSS-Fuzz / ClusterFuzzLite build script.
#
# The builder image runs this as `bash -eux $SRC/build.sh` with the
# environment of one build: CC, CXX, CFLAGS, CXXFLAGS (sanitizer and
# coverage flags already in them), LIB_FUZZING_ENGINE (a link flag such as
# -fsanitize=fuzzer, or an engine archive for AFL++), and the directories
# SRC, WORK and OUT.  It leaves in $OUT, for each harness NAME of the fuzz
# make target (mk/fuzz.mk: fuzz_strscpy, fuzz_strscpy_pad, fuzz_strlcpy,
# fuzz_strncpy, fuzz_relations):
#
#   NAME                  the fuzzer, compiled by $CC, linked by $CXX
#   NAME_seed_corpus.zip  the seeds fuzz/gen_corpus.c generates (in
#                         $WORK/strcheck/build/corpus/NAME/), zipped
#   NAME.dict             corpus/strcheck.dict
#   NAME.options          fuzz/fuzz.options ([libfuzzer] section; when it
#                         names a dict, that file is copied to $OUT too)
#
# The build itself is mk/fuzz.mk's `fuzzers` target (so the list of sources
# and harnesses lives in one place); this script only points it at $OUT and
# $WORK and hands it the OSS-Fuzz flags.  Nothing is written into the source
# tree.  scripts/oss-fuzz/check-build.sh runs this script on a machine
# without Docker, with the environment OSS-Fuzz would set, and checks $OUT.

: "${SRC:?}" "${WORK:?}" "${OUT:?}"
: "${CC:=clang}" "${CXX:=clang++}" "${CFLAGS:=}" "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"

# The source tree: $STRCHECK_SRC if given; else the tree this script sits in
# (scripts/oss-fuzz/build.sh); else $SRC/strcheck, where the Dockerfiles put
# it (OSS-Fuzz copies this script alone to $SRC/build.sh); else the current
# directory (the Dockerfiles' WORKDIR).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -n "${STRCHECK_SRC:-}" ]; then
	top=$STRCHECK_SRC
elif [ -f "$here/../../Makefile" ] && [ -f "$here/../../mk/fuzz.mk" ]; then
	top=$here/../..
elif [ -f "$SRC/strcheck/Makefile" ]; then
	top=$SRC/strcheck
else
	top=$PWD
fi
top=$(cd "$top" && pwd)
[ -f "$top/Makefile" ] && [ -f "$top/mk/fuzz.mk" ] || {
	echo "build.sh: no strcheck source tree (Makefile, mk/fuzz.mk) at $top" >&2
	exit 1
}

jobs=$(nproc 2>/dev/null || echo 1)
mkdir -p "$WORK/strcheck" "$OUT"

# The fuzz target links with $CXX and its compile flags (CFLAGS); the flags
# OSS-Fuzz gives only to C++ (-stdlib=libc++, for the sanitizer-built C++
# runtime of MSan builds) would be lost, so they go to the link line, the
# one place LIB_FUZZING_ENGINE appears.
cxx_link_extra=
for w in $CXXFLAGS; do
	case " $CFLAGS " in
	*" $w "*) ;;
	*) cxx_link_extra="$cxx_link_extra $w" ;;
	esac
done

# FUZZ_CHECKER=checked: the checker's own code keeps the sanitizers too
# (mk/fuzz.mk's default when CFLAGS are given; MSan needs every object
# instrumented).
make -C "$top" -j"$jobs" \
	BUILD="$WORK/strcheck/build" \
	FUZZ_OBJ="$WORK/strcheck/obj" \
	FUZZ_OUT="$OUT" \
	FUZZ_SEED_ZIP=1 \
	FUZZ_CHECKER=checked \
	CC="$CC" CXX="$CXX" CFLAGS="$CFLAGS" \
	LIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE${cxx_link_extra}" \
	fuzzers

# A dictionary that NAME.options names (rather than the NAME.dict that
# ClusterFuzz finds by itself) is looked up in $OUT: make sure it is there
# (`fuzzers` copies corpus/strcheck.dict as NAME.dict only).
for opt in "$OUT"/*.options; do
	[ -f "$opt" ] || continue
	dict=$(sed -n 's/^[[:space:]]*dict[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p' "$opt" | head -1)
	[ -n "$dict" ] && [ ! -e "$OUT/$dict" ] || continue
	if [ -f "$top/corpus/$dict" ]; then
		cp "$top/corpus/$dict" "$OUT/$dict"
	elif [ -f "$top/fuzz/$dict" ]; then
		cp "$top/fuzz/$dict" "$OUT/$dict"
	fi
done

echo "build.sh: fuzzers in $OUT:" $(cd "$OUT" && find . -maxdepth 1 -type f -perm -u+x -printf '%f\n' | sort)
