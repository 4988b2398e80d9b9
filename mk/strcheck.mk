# strcheck: the checker program, its zoo of known-good and known-bad
# implementations, and `make run` (check the project's own strscpy).

.PHONY: strcheck zoo man docs run-checked

strcheck: $(BUILD)/strcheck

# The program's rooms (docs/internals.md, PROG_ROOMS in the Makefile):
# the command line, the scan, the reports, the supervised run, getting the
# candidate; each room's files and its sub-rooms' one folder down.
# repro_template.c, repro_template_judge.c, repro_reference.c and
# repro_template_flip.c are not part of strcheck's code: they are the body
# of every reproducer --emit-repro writes, built into strcheck as strings.
REPRO_BODY     := src/report/repro/repro_template.c src/report/repro/repro_template_judge.c \
		  src/report/repro/repro_reference.c src/report/repro/repro_template_flip.c
STRCHECK_SRCS  := $(filter-out $(REPRO_BODY),\
		    $(foreach r,$(PROG_ROOMS),$(sort $(wildcard src/$(r)/*.c src/$(r)/*/*.c))))
STRCHECK_OBJS  := $(STRCHECK_SRCS:src/%.c=$(BUILD)/%.o)

$(BUILD)/gen/repro_template.h: src/report/repro/repro_template.c scripts/c-string.sh
	@mkdir -p $(@D)
	bash scripts/c-string.sh sc_repro_template < $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/repro_template_judge.h: src/report/repro/repro_template_judge.c scripts/c-string.sh
	@mkdir -p $(@D)
	bash scripts/c-string.sh sc_repro_template_judge < $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/repro_reference.h: src/report/repro/repro_reference.c scripts/c-string.sh
	@mkdir -p $(@D)
	bash scripts/c-string.sh sc_repro_reference < $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/repro_template_flip.h: src/report/repro/repro_template_flip.c scripts/c-string.sh
	@mkdir -p $(@D)
	bash scripts/c-string.sh sc_repro_template_flip < $< > $@.tmp && mv $@.tmp $@

$(BUILD)/report/repro/repro.o: $(BUILD)/gen/repro_template.h $(BUILD)/gen/repro_template_judge.h \
	$(BUILD)/gen/repro_reference.h $(BUILD)/gen/repro_template_flip.h

# The child's seccomp sandbox needs libseccomp (scripts/deps.sh); without
# it (SECCOMP=0, or no <seccomp.h>, as in some cross builds) strcheck
# builds and says in every report that the run was not sandboxed.  Probed
# at every make: the sandbox's object and strcheck depend on its stamp
# (CONFIG_VARS, Makefile), so installing libseccomp (make deps) after a
# first build gets a sandboxed strcheck at the next make.
SECCOMP ?= $(shell printf '\043include <seccomp.h>\n' | $(CC) -E - > /dev/null 2>&1 && echo 1 || echo 0)
CONFIG_VARS += SECCOMP
ifeq ($(SECCOMP),1)
SECCOMP_CFLAGS := -DSC_HAVE_SECCOMP
SECCOMP_LIBS   := -lseccomp
endif
$(BUILD)/supervise/sandbox/sandbox.o $(BUILD)/supervise/sandbox/sandbox_trace.o $(BUILD)/strcheck: \
	$(call config_stamp,SECCOMP)

$(STRCHECK_OBJS): $(BUILD)/%.o: src/%.c $(HEADERS) $(PROG_HEADERS) mk/strcheck.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SECCOMP_CFLAGS) -I$(BUILD)/gen -c $< -o $@

# options.c prints the version (the top Makefile reads it from VERSION).
$(BUILD)/cli/options.o: VERSION
$(BUILD)/cli/options.o: ALL_CFLAGS += -DSC_VERSION='"$(VERSION)"'

$(BUILD)/strcheck: $(STRCHECK_OBJS) $(BUILD)/libengine.a
	$(CC) $(ALL_CFLAGS) -o $@ $(STRCHECK_OBJS) -L$(BUILD) -lengine -ldl -lpthread -lm $(SECCOMP_LIBS) \
		$(STRCHECK_LDLIBS)

# Each tests/zoo/NAME.c becomes build/zoo/NAME.so.  Built at -O1 with no
# vectorizing or builtin string calls, so the bug in the source is the bug
# in the object (an optimizer may otherwise remove or add one).
ZOO_SRCS := $(wildcard tests/zoo/*.c)
ZOO_SOS  := $(ZOO_SRCS:tests/zoo/%.c=$(BUILD)/zoo/%.so)
ZOO_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -O1 -g -fPIC -shared \
	      -fno-tree-vectorize -fno-builtin

zoo: $(ZOO_SOS)

$(BUILD)/zoo/%.so: tests/zoo/%.c
	@mkdir -p $(@D)
	$(CC) $(ZOO_CFLAGS) -o $@ $<

# The project's own strscpy, checked as a user would check theirs; built
# without libseccomp, one line says how to get the sandbox.
NO_SECCOMP_LINE := strcheck: built without libseccomp, so the checked code runs unsandboxed: \
	'make deps' (as root) installs it, and the next make rebuilds strcheck with the sandbox
# First what strcheck needs at run time (libseccomp, Zydis: installed when
# root, else one line saying how), then a make of its own, whose probes
# see what was just installed, so the first run is sandboxed and traced.
run:
	@bash scripts/deps.sh --run
	@$(MAKE) --no-print-directory run-checked

run-checked: $(BUILD)/strcheck $(BUILD)/libstrscpy.so
	@$(if $(filter 0,$(SECCOMP)),echo "$(NO_SECCOMP_LINE)" >&2)
	$(BUILD)/strcheck --impl=$(BUILD)/libstrscpy.so --reader

# docs/strcheck.1: its OPTIONS section is the option table's (strcheck
# --man-options), its EXIT STATUS section the exit-status table's, each
# between two marker lines; the rest is written by hand.  The README's and
# docs/checking.md's exit-status tables, and docs/tamper.md's table of the
# system calls the sandbox refuses, likewise.
man: $(BUILD)/strcheck
	@bash scripts/gen-man.sh $(BUILD)/strcheck docs/strcheck.1 "$(VERSION)" README.md docs/checking.md docs/tamper.md

# The tracer (src/engine/trace/) decodes instructions with Zydis
# (libzydis-dev, scripts/deps.sh); without it (ZYDIS=0, no header, another
# architecture) strcheck builds and its reports say the race check is
# sampled, not traced.  Probed at every make, with a stamp (CONFIG_VARS,
# Makefile): installing libzydis-dev after a first build gets the tracer
# at the next make.
TRACE_ZYDIS_OBJS := $(addprefix $(BUILD)/engine/src/engine/trace/,insn/trace_decode.o insn/trace_emulate.o trace_onward.o insn/trace_rep.o insn/trace_vreg.o)
ZYDIS ?= $(shell printf '\043include <Zydis/Zydis.h>\n' | $(CC) -E - > /dev/null 2>&1 && echo 1 || echo 0)
CONFIG_VARS += ZYDIS
ifeq ($(ZYDIS),1)
$(TRACE_ZYDIS_OBJS): ALL_CFLAGS += -DSC_HAVE_ZYDIS
ZYDIS_LIBS := -lZydis
STRCHECK_LDLIBS += $(ZYDIS_LIBS)
endif
$(TRACE_ZYDIS_OBJS) $(BUILD)/strcheck $(BUILD)/test_trace: \
	$(call config_stamp,ZYDIS)

# The tracer alone (tests/suite-44-trace.sh, scripts/bench-trace.sh).
$(BUILD)/test_trace: tests/test_trace.c $(BUILD)/libengine.a $(HEADERS)
	$(CC) $(ALL_CFLAGS) -o $@ tests/test_trace.c -L$(BUILD) -lengine -ldl -lpthread -lm $(ZYDIS_LIBS)

# make docs: make man, and the sample reports in the README and docs/
# (between "<!-- sample: strcheck ARGS -->" and "<!-- end sample -->")
# rerun and written in; tests/suite-05-docs.sh fails when one is stale.
docs: man zoo $(BUILD)/libstrscpy.so
	@bash scripts/gen-samples.sh $(BUILD)/strcheck $$(grep -l '^<!-- sample: strcheck' README.md docs/*.md)

# Each form the tracer performs, against the CPU (tests/suite-44-trace.sh).
$(BUILD)/test_trace_emu: tests/test_trace_emu.c tests/test_trace_emu_forms.h $(BUILD)/libengine.a $(HEADERS)
	$(CC) $(ALL_CFLAGS) -o $@ tests/test_trace_emu.c -L$(BUILD) -lengine -ldl -lpthread -lm $(ZYDIS_LIBS)
