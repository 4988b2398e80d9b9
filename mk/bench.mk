# mk/bench.mk - the strscpy benchmark (bench/, docs/speed.md), run by
# `make bench` (scripts/bench.sh) with the other benchmarks.  Built like
# the library (CC, CFLAGS) against its static archive, so the paths' table
# (strscpy_paths, not exported from the .so) is there.
BENCH_SRCS := $(wildcard bench/*.c)

$(BUILD)/bench/bench: $(BENCH_SRCS) $(wildcard bench/*.h) $(REF_SRCS) $(HEADERS) $(BUILD)/libstrscpy.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(BENCH_SRCS) $(REF_SRCS) $(BUILD)/libstrscpy.a -lm -o $@
