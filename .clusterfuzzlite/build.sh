#!/bin/bash -eu
# ClusterFuzzLite build: the same build as OSS-Fuzz's, from the checkout.
# All the logic is in scripts/oss-fuzz/build.sh (which runs mk/fuzz.mk's
# `fuzzers` target); keep it there.
opts=-eu
[[ $- == *x* ]] && opts=-eux
exec bash "$opts" "$SRC/strcheck/scripts/oss-fuzz/build.sh" "$@"
