#!/usr/bin/env bash
# gen-corpus.sh [DIR]: generate DIR/fuzz_*/ (default DIR: $BUILD/corpus),
# the seed inputs of every fuzz harness, with fuzz/gen_corpus.c, which
# encodes cases with the engine's own sc_case_encode.  `make corpus` (and
# every make target that needs seeds) runs it; the seeds are not kept in
# git.  Deterministic: same sources, same files (the tests check it).
# CC: the compiler of the generator (a host program; default cc).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
dest=${1:-$BUILD/corpus}
CC=${CC:-cc}
mkdir -p "$BUILD/fuzz"
gen=$BUILD/fuzz/gen_corpus
$CC -std=c11 -D_GNU_SOURCE -Wall -Wextra -O2 -o "$gen" fuzz/gen_corpus.c \
	src/engine/case/case.c src/engine/case/grid.c src/engine/case/grid_rel.c src/engine/case/grid_walk.c
mkdir -p "$dest"
tmp=$(mktemp -d "$BUILD/fuzz/corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$gen" "$tmp" > /dev/null
for d in "$tmp"/fuzz_*; do
	name=$(basename "$d")
	rm -rf "${dest:?}/$name"
	mv "$d" "$dest/$name"
done
echo "$dest/: $(find "$dest"/fuzz_* -type f | wc -l) seed files"
