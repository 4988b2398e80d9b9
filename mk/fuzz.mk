# mk/fuzz.mk - fuzzing (docs/fuzzing.md): libFuzzer and AFL++ harnesses,
# seed corpus, coverage.  Included by the top Makefile.
#
# Targets
#   fuzzers      build every libFuzzer harness into $(FUZZ_OUT), each with
#                NAME.dict and NAME.options beside it (OSS-Fuzz layout).
#                The seed corpus of harness NAME is the directory
#                $(FUZZ_SEEDS)/NAME/, generated (FUZZ_SEED_ZIP=1 also
#                writes $(FUZZ_OUT)/NAME_seed_corpus.zip).  Harness names:
#                $(FUZZ_HARNESSES).
#   fuzz         build, then run every harness for FUZZ_TIME seconds in all
#                (split across harnesses; JOBS=N runs N at once, in rounds)
#                with the corpus and dictionary; ends with a summary per
#                harness.
#   fuzz-afl     the same under AFL++ (afl-clang-fast, persistent mode, ASan).
#   fuzz-afl-build  only build the AFL++ harnesses into $(BUILD)/fuzz/afl/.
#   fuzz-trivial the yardstick harness (fuzz/fuzz_trivial.c) for both engines,
#                built as the real ones (scripts/bench-fuzz.sh compares).
#   fuzz-standalone plain programs that check the files or directories named
#                (no fuzzer): $(BUILD)/fuzz/run/fuzz_NAME.
#   corpus       generate the seed corpus into $(FUZZ_SEEDS)/NAME/
#                (scripts/gen-corpus.sh runs fuzz/gen_corpus.c); done again
#                when its sources change.  Not kept in git: the tree keeps
#                only corpus/strcheck.dict and corpus/regressions/.
#   coverage     source-based coverage of the library from the corpus:
#                $(BUILD)/coverage/summary.txt and html/index.html.
#
# Variables of `fuzzers` (the OSS-Fuzz build.sh sets them):
#   CC, CXX      compiler and linker.  Taken when set in the environment or
#                on the command line; otherwise clang and clang++.  (FUZZ_CC,
#                FUZZ_CXX, FUZZ_CFLAGS override all three, e.g. when the
#                shell exports CC=gcc.)
#   CFLAGS       compile flags, taken likewise (OSS-Fuzz: sanitizer and
#                -fsanitize=fuzzer-no-link flags); otherwise FUZZ_CFLAGS'
#                default: -O1 -g, ASan, UBSan (no recover), fuzzer-no-link.
#   LIB_FUZZING_ENGINE  link flag or archive of the fuzzing engine
#                (default -fsanitize=fuzzer).
#   FUZZ_OUT     where the harnesses go (default $(BUILD)/fuzz/bin).
#   FUZZ_OBJ     object directory (default $(BUILD)/fuzz/obj); objects are
#                rebuilt when the flags change.
#   FUZZ_SEEDS   where the generated seed corpus goes (default
#                $(BUILD)/corpus).
#   FUZZ_CHECKER lean or checked: sanitizers on the checker's own code or
#                not (see below); checked when CFLAGS are given.
# Variables of `fuzz` and `fuzz-afl`:
#   FUZZ_TIME (60), JOBS (1), FUZZ_HARNESSES (all), FUZZ_ARGS (extra
#   libFuzzer flags), and STRCHECK_IMPL / STRCHECK_API / STRCHECK_SYMBOL /
#   STRCHECK_POLICY from the environment to fuzz your own .so.  FUZZ_WORK
#   (default $(BUILD)/fuzz) holds what runs make: corpus/NAME/ (what the
#   fuzzer learned), logs/, and findings/NAME/ (never overwritten).

FUZZ_HARNESSES ?= fuzz_strscpy fuzz_strscpy_pad fuzz_strlcpy fuzz_strncpy fuzz_strlcat \
		  fuzz_strncat fuzz_stpncpy fuzz_memccpy fuzz_relations
FUZZ_OUT       ?= $(BUILD)/fuzz/bin
FUZZ_OBJ       ?= $(BUILD)/fuzz/obj
FUZZ_TIME      ?= 60
JOBS           ?= 1
FUZZ_SEED_ZIP  ?= 0
FUZZ_WORK      ?= $(BUILD)/fuzz
FUZZ_SEEDS     ?= $(BUILD)/corpus

ifeq ($(filter environment command line,$(origin CC)),)
FUZZ_CC ?= clang
else
FUZZ_CC ?= $(CC)
endif
ifeq ($(filter environment command line,$(origin CXX)),)
FUZZ_CXX ?= clang++
else
FUZZ_CXX ?= $(CXX)
endif
ifeq ($(filter environment command line,$(origin CFLAGS)),)
FUZZ_CFLAGS ?= -O1 -g -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_CHECKER ?= lean
else
FUZZ_CFLAGS ?= $(CFLAGS)
FUZZ_CHECKER ?= checked
endif
LIB_FUZZING_ENGINE ?= -fsanitize=fuzzer
# The candidate (src/lib/strscpy*.c, or the STRCHECK_IMPL object) always gets
# FUZZ_CFLAGS in full.  The checker's own objects (engine, references,
# glue) never get comparison tracing (it would teach the fuzzer about the
# checker, not the candidate), and with FUZZ_CHECKER=
#   lean     (local default) are built -O2 without sanitizers: most of a
#            case's time is the checker's (canary windows, the byte
#            reference), and this makes fuzzing about 1.5x faster; their
#            bulk copies and compares skip the sanitizer's interceptors
#            too (SC_MEM_DIRECT, src/engine/base/mem.h), and their calls
#            through pointers (to those, to the candidate, always the same
#            callee) are not traced; the references get no coverage at all
#            (a counter bumped in memory at every byte of their loops made
#            them twice as slow: 15% of an execution, 8% without; their
#            few branches follow the input's shape, which the judge's
#            branches see too);
#   checked  (default when CFLAGS come from outside, as under OSS-Fuzz)
#            keep the sanitizers, so fuzzing checks the checker too; only
#            the references drop ASan (they touch only the guard-page
#            arenas, which ASan does not track).
ifeq ($(FUZZ_CHECKER),checked)
FUZZ_CHECKER_FLAGS ?= -fno-sanitize-coverage=trace-cmp
FUZZ_REF_FLAGS     ?= -fno-sanitize=address
else
FUZZ_CHECKER_FLAGS ?= -O2 -fno-sanitize-coverage=trace-cmp,indirect-calls \
	-fno-sanitize=address,undefined -DSC_MEM_DIRECT
FUZZ_REF_FLAGS     ?= -fno-sanitize=fuzzer-no-link
endif

# Everything a harness links: the candidate library, and the checker
# (references, engine, glue).
FUZZ_CAND_SRCS  := $(sort $(wildcard src/lib/*.c src/lib/*/*.c))
FUZZ_REF_SRCS   := ref/ref_strscpy.c ref/ref_strscpy_pad.c ref/ref_strlcpy.c ref/ref_strncpy.c \
			ref/ref_strlcat.c ref/ref_strncat.c ref/ref_stpncpy.c ref/ref_memccpy.c
FUZZ_CHECK_SRCS := $(FUZZ_REF_SRCS) $(sort $(wildcard $(addprefix src/engine/,$(addsuffix /*.c,base case memory judge run load)))) fuzz/harness.c fuzz/report.c fuzz/count_shape.c
FUZZ_LIB_SRCS   := $(FUZZ_CAND_SRCS) $(FUZZ_CHECK_SRCS)
FUZZ_DEPS := $(wildcard src/*/*.h src/lib/*/*.h src/engine/*/*.h src/engine/*/*/*.h ref/*.h fuzz/*.h) mk/fuzz.mk
FUZZ_STD  := -std=c11 -D_GNU_SOURCE -Wall -Wextra
fuzz_api   = $(patsubst fuzz_%,%,$(1))

# A stamp holding the flags, rewritten only when they change.
define fuzz_flags_stamp
$(1)/.flags: FORCE_FUZZ_FLAGS
	@mkdir -p $(1)
	@echo '$(2)' | cmp -s - $$@ || echo '$(2)' > $$@
endef
.PHONY: FORCE_FUZZ_FLAGS
FORCE_FUZZ_FLAGS:

# --- libFuzzer (and OSS-Fuzz) ---------------------------------------------
FUZZ_OBJS := $(FUZZ_LIB_SRCS:%.c=$(FUZZ_OBJ)/%.o)
$(eval $(call fuzz_flags_stamp,$(FUZZ_OBJ),$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_CHECKER_FLAGS) $(FUZZ_REF_FLAGS)))

$(FUZZ_CAND_SRCS:%.c=$(FUZZ_OBJ)/%.o): $(FUZZ_OBJ)/%.o: %.c $(FUZZ_DEPS) $(FUZZ_OBJ)/.flags
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_STD) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_CHECK_SRCS:%.c=$(FUZZ_OBJ)/%.o): $(FUZZ_OBJ)/%.o: %.c $(FUZZ_DEPS) $(FUZZ_OBJ)/.flags
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_STD) $(FUZZ_CFLAGS) $(FUZZ_CHECKER_FLAGS) \
		$(if $(filter $(FUZZ_REF_SRCS),$<),$(FUZZ_REF_FLAGS)) -c $< -o $@

$(FUZZ_OBJ)/target_%.o: fuzz/fuzz_target.c $(FUZZ_DEPS) $(FUZZ_OBJ)/.flags
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_STD) $(FUZZ_CFLAGS) $(FUZZ_CHECKER_FLAGS) -DFUZZ_API=$* -c $< -o $@

$(FUZZ_HARNESSES:%=$(FUZZ_OUT)/%): $(FUZZ_OUT)/fuzz_%: $(FUZZ_OBJ)/target_%.o $(FUZZ_OBJS)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_CFLAGS) $^ $(LIB_FUZZING_ENGINE) -ldl -o $@

$(FUZZ_HARNESSES:%=$(FUZZ_OUT)/%.dict): %.dict: corpus/strcheck.dict
	@mkdir -p $(@D)
	cp $< $@

$(FUZZ_HARNESSES:%=$(FUZZ_OUT)/%.options): %.options: fuzz/fuzz.options
	@mkdir -p $(@D)
	cp $< $@

$(FUZZ_HARNESSES:%=$(FUZZ_OUT)/%_seed_corpus.zip): $(FUZZ_OUT)/%_seed_corpus.zip: $(FUZZ_SEEDS)/.stamp
	@mkdir -p $(@D)
	rm -f $@
	cd $(FUZZ_SEEDS)/$* && zip -q -r $(abspath $@) .

.PHONY: fuzzers fuzz fuzz-afl fuzz-afl-build fuzz-trivial fuzz-standalone corpus coverage
fuzzers: $(addprefix $(FUZZ_OUT)/,$(FUZZ_HARNESSES) $(FUZZ_HARNESSES:=.dict) \
	$(FUZZ_HARNESSES:=.options)) \
	$(if $(filter 1,$(FUZZ_SEED_ZIP)),$(FUZZ_HARNESSES:%=$(FUZZ_OUT)/%_seed_corpus.zip))

fuzz: fuzzers $(FUZZ_SEEDS)/.stamp
	@FUZZ_OUT=$(FUZZ_OUT) BUILD=$(BUILD) FUZZ_WORK=$(FUZZ_WORK) FUZZ_SEEDS=$(FUZZ_SEEDS) FUZZ_TIME=$(FUZZ_TIME) JOBS=$(JOBS) \
	FUZZ_ARGS='$(FUZZ_ARGS)' bash scripts/fuzz.sh $(FUZZ_HARNESSES)

# --- AFL++ ------------------------------------------------------------------
# AFL_CHECKER, as FUZZ_CHECKER above: lean (default) builds the checker's
# own objects (engine, references, glue) without ASan, which makes a case
# about 2.5x cheaper (AFL++ then runs within 2x of fuzz_trivial, see
# scripts/bench-fuzz.sh), and their bulk copies and compares skip ASan's
# interceptors (SC_MEM_DIRECT); checked gives them ASan too.  The candidate
# (src/lib) always has ASan.
AFL_CC      ?= afl-clang-fast
AFL_CFLAGS  ?= -O2 -g
AFL_CHECKER ?= lean
AFL_DIR     := $(BUILD)/fuzz/afl
AFL_OBJS    := $(FUZZ_LIB_SRCS:%.c=$(AFL_DIR)/obj/%.o)
afl_asan     = $(if $(or $(filter checked,$(AFL_CHECKER)),$(filter $(FUZZ_CAND_SRCS),$(1))),AFL_USE_ASAN=1)
afl_direct   = $(if $(filter $(FUZZ_CAND_SRCS),$(1)),,$(if $(filter lean,$(AFL_CHECKER)),-DSC_MEM_DIRECT))
# lean: the references without AFL++'s edge counters (as FUZZ_REF_FLAGS).
afl_cc       = $(if $(and $(filter lean,$(AFL_CHECKER)),$(filter $(FUZZ_REF_SRCS),$(1))),$(AFL_REF_CC),$(AFL_CC))
AFL_REF_CC  ?= clang
$(eval $(call fuzz_flags_stamp,$(AFL_DIR)/obj,$(AFL_CC) $(AFL_CFLAGS) $(AFL_CHECKER)))

$(AFL_DIR)/obj/%.o: %.c $(FUZZ_DEPS) $(AFL_DIR)/obj/.flags
	@mkdir -p $(@D)
	$(call afl_asan,$<) AFL_QUIET=1 $(call afl_cc,$<) $(FUZZ_STD) $(AFL_CFLAGS) $(call afl_direct,$<) -c $< -o $@

$(AFL_DIR)/obj/target_%.o: fuzz/fuzz_target.c $(FUZZ_DEPS) $(AFL_DIR)/obj/.flags
	@mkdir -p $(@D)
	$(call afl_asan,$<) AFL_QUIET=1 $(AFL_CC) $(FUZZ_STD) $(AFL_CFLAGS) -DFUZZ_AFL -DFUZZ_API=$* -c $< -o $@

$(FUZZ_HARNESSES:%=$(AFL_DIR)/%): $(AFL_DIR)/fuzz_%: $(AFL_DIR)/obj/target_%.o $(AFL_OBJS)
	AFL_USE_ASAN=1 AFL_QUIET=1 $(AFL_CC) $(AFL_CFLAGS) $^ -ldl -o $@

fuzz-afl-build: $(addprefix $(AFL_DIR)/,$(FUZZ_HARNESSES))

# The yardstick of harness speed (fuzz/fuzz_trivial.c), built as the real
# ones: for libFuzzer with FUZZ_CC/FUZZ_CFLAGS, for AFL++ with AFL_CC/AFL_CFLAGS.
$(FUZZ_OUT)/fuzz_trivial: fuzz/fuzz_trivial.c $(FUZZ_OBJ)/.flags
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_STD) $(FUZZ_CFLAGS) -c $< -o $(FUZZ_OBJ)/trivial.o
	$(FUZZ_CXX) $(FUZZ_CFLAGS) $(FUZZ_OBJ)/trivial.o $(LIB_FUZZING_ENGINE) -o $@

$(AFL_DIR)/fuzz_trivial: fuzz/fuzz_trivial.c $(AFL_DIR)/obj/.flags
	@mkdir -p $(@D)
	AFL_USE_ASAN=1 AFL_QUIET=1 $(AFL_CC) $(FUZZ_STD) $(AFL_CFLAGS) -DFUZZ_AFL $< -o $@

fuzz-trivial: $(FUZZ_OUT)/fuzz_trivial $(AFL_DIR)/fuzz_trivial

fuzz-afl: fuzz-afl-build fuzz-standalone $(FUZZ_SEEDS)/.stamp
	@AFL_DIR=$(AFL_DIR) RUN_DIR=$(RUN_DIR) BUILD=$(BUILD) FUZZ_WORK=$(FUZZ_WORK) FUZZ_SEEDS=$(FUZZ_SEEDS) FUZZ_TIME=$(FUZZ_TIME) JOBS=$(JOBS) \
	bash scripts/fuzz-afl.sh $(FUZZ_HARNESSES)

# --- plain runners: replay inputs without a fuzzer (any compiler) -----------
RUN_CC     ?= $(FUZZ_CC)
RUN_CFLAGS ?= -O1 -g
RUN_DIR    := $(BUILD)/fuzz/run
RUN_OBJS   := $(FUZZ_LIB_SRCS:%.c=$(RUN_DIR)/obj/%.o)
$(eval $(call fuzz_flags_stamp,$(RUN_DIR)/obj,$(RUN_CC) $(RUN_CFLAGS)))

$(RUN_DIR)/obj/%.o: %.c $(FUZZ_DEPS) $(RUN_DIR)/obj/.flags
	@mkdir -p $(@D)
	$(RUN_CC) $(FUZZ_STD) $(RUN_CFLAGS) -c $< -o $@

$(RUN_DIR)/obj/target_%.o: fuzz/fuzz_target.c $(FUZZ_DEPS) $(RUN_DIR)/obj/.flags
	@mkdir -p $(@D)
	$(RUN_CC) $(FUZZ_STD) $(RUN_CFLAGS) -DFUZZ_STANDALONE -DFUZZ_API=$* -c $< -o $@

$(FUZZ_HARNESSES:%=$(RUN_DIR)/%): $(RUN_DIR)/fuzz_%: $(RUN_DIR)/obj/target_%.o $(RUN_OBJS)
	$(RUN_CC) $(RUN_CFLAGS) $^ -ldl -o $@

fuzz-standalone: $(addprefix $(RUN_DIR)/,$(FUZZ_HARNESSES))

# --- corpus and coverage ----------------------------------------------------
# The seed corpus is generated, never committed: the generator encodes its
# cases with the engine's own sc_case_encode, so it follows the encoding.
CORPUS_DEPS := fuzz/gen_corpus.c src/engine/case/case.c src/engine/case/grid.c src/engine/case/grid_rel.c src/engine/case/grid_walk.c \
	$(wildcard src/engine/*/*.h src/engine/*/*/*.h) scripts/gen-corpus.sh
$(FUZZ_SEEDS)/.stamp: $(CORPUS_DEPS)
	@BUILD=$(BUILD) CC="$(FUZZ_CC)" bash scripts/gen-corpus.sh $(FUZZ_SEEDS)
	@touch $@

corpus: $(FUZZ_SEEDS)/.stamp

coverage: $(FUZZ_SEEDS)/.stamp
	@BUILD=$(BUILD) CORPUS=$(FUZZ_SEEDS) bash scripts/coverage.sh
