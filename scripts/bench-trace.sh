#!/usr/bin/env bash
# The traced check's cost (docs/race.md, "The traced check"): the floor (a
# bare page fault whose handler performs the load), the CPU and
# wall time of one traced access (the tracer's probe: a byte loop, 4,000
# accesses), then traced cases per second (--reader: loads and stores
# traced, double reads flipped) over the first cases of the tracer's list
# on the bundled strscpy's paths, with how many instructions the tracer
# performed itself and how many it single-stepped (the stepped forms and
# why), the tracer's faults per traced access, and the default run's
# traced phase.
#   TRACE_CASES=N  cases per path (default 300)
set -u
cd "$(dirname "$0")/.."
n=${TRACE_CASES:-300}
make -s build/test_trace build/strcheck build/libstrscpy.so > /dev/null || exit 1
echo "($(nproc) cores; load now: $(cut -d' ' -f1-3 /proc/loadavg))"
out=$(build/test_trace probe)
case $out in SKIP*) echo "$out"; exit 0 ;; esac
build/test_trace fault 20000
first=1
for sym in strscpy strscpy_word strscpy_sse2 strscpy_avx2 strscpy_avx512 strscpy_avx512_avx2; do
	line=$(build/test_trace bench build/libstrscpy.so "$sym" "$n" 2>&1) || continue
	if [ $first = 1 ]; then
		echo "$line" | head -1
		first=0
	fi
	echo "$line" | tail -3
done
echo "default run (make run): $(build/strcheck --impl=build/libstrscpy.so --reader | grep '^traced check:')"
