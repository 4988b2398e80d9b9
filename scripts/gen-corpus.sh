#!/usr/bin/env bash
# gen-corpus.sh: regenerate corpus/fuzz_*/ (the seed inputs of every fuzz
# harness) with fuzz/gen_corpus.c, which encodes cases with the engine's
# own sc_case_encode.  Deterministic: same sources, same files.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
CC=${CC:-cc}
mkdir -p "$BUILD/fuzz"
gen=$BUILD/fuzz/gen_corpus
$CC -std=c11 -D_GNU_SOURCE -Wall -Wextra -O2 -o "$gen" fuzz/gen_corpus.c \
	src/case.c src/grid.c
tmp=$(mktemp -d "$BUILD/fuzz/corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$gen" "$tmp"
for d in "$tmp"/fuzz_*; do
	name=$(basename "$d")
	rm -rf "corpus/$name"
	mv "$d" "corpus/$name"
done
echo "corpus/: $(ls corpus/fuzz_* | grep -vc ':$\|^$') files; dictionary corpus/strcheck.dict"
