# strcheck - see README.md.  `make` builds the library; `make run` checks
# it with strcheck; `make test` runs every test and ends "N passed, N failed".
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra
STD     := -std=c11 -D_GNU_SOURCE
BUILD   ?= build
PREFIX  ?= /usr/local
DESTDIR ?=
# The project's version has one home: the VERSION file (strcheck --version,
# the man page, the pkg-config file).
VERSION := $(shell cat VERSION)

LIB_SRCS    := $(sort $(wildcard src/lib/*.c src/lib/*/*.c))
REF_SRCS    := ref/ref_strscpy.c ref/ref_strscpy_pad.c ref/ref_strlcpy.c ref/ref_strncpy.c \
			ref/ref_strlcat.c ref/ref_strncat.c ref/ref_stpncpy.c ref/ref_memccpy.c
ENGINE_SRCS := $(sort $(wildcard src/engine/*/*.c src/engine/*/*/*.c))
HEADERS     := $(wildcard src/lib/*.h src/lib/*/*.h src/engine/*/*.h src/engine/*/*/*.h ref/*.h)
# The strcheck program's rooms (mk/strcheck.mk, docs/internals.md), each
# with its sub-rooms one folder down.
PROG_ROOMS  := cli scan report supervise candidate
PROG_HEADERS := $(foreach r,$(PROG_ROOMS),$(wildcard src/$(r)/*.h src/$(r)/*/*.h))

ALL_CFLAGS  = $(STD) $(WARN) $(CFLAGS)

# What the build probed on this machine (a library present or not): each
# variable named in CONFIG_VARS gets a stamp, $(BUILD)/config/NAME, holding
# its value and rewritten only when the value changes (at the end of this
# file, once every mk/*.mk has added its variables).  What uses a variable
# depends on its stamp, $(call config_stamp,NAME), so a build made before
# a library was installed is rebuilt by the next make after it is:
#   FOO ?= $(shell <probe> && echo 1 || echo 0)
#   CONFIG_VARS += FOO
#   $(BUILD)/x/uses_foo.o: $(call config_stamp,FOO)
CONFIG_VARS :=
config_stamp = $(BUILD)/config/$(1)

.PHONY: all lib run check test bench bench-lib deps install uninstall clean
all: lib

lib: $(BUILD)/libstrscpy.a $(BUILD)/libstrscpy.so

$(BUILD)/lib/%.o: src/lib/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -c $< -o $@

LIB_OBJS := $(LIB_SRCS:src/lib/%.c=$(BUILD)/lib/%.o)

$(BUILD)/libstrscpy.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libstrscpy.so: $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libstrscpy.so -o $@ $^

# The engine and references, as one archive for the checker, the fuzzers
# and the tests (objects built position-independent so .so's can use them).
$(BUILD)/engine/%.o: %.c $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -c $< -o $@

ENGINE_OBJS := $(addprefix $(BUILD)/engine/,$(ENGINE_SRCS:.c=.o) $(REF_SRCS:.c=.o))

$(BUILD)/libengine.a: $(ENGINE_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

# The Debian packages the tests need: installed when root, else named.
deps:
	@bash scripts/deps.sh --ensure

# make check: the fast tier (suites marked `# tier: check`: deterministic,
# no wall-clock assertion, a few minutes), for every change; make test:
# every suite (CI).
check: lib
	@bash scripts/test.sh check

test: deps lib
	@bash scripts/test.sh test

bench:
	@bash scripts/bench.sh

# The library's table alone (the first part of make bench).
bench-lib:
	@bash scripts/bench.sh strscpy

# make install: the strcheck program and its man page, the library, its
# header and pkg-config file, under $(DESTDIR)$(PREFIX).  An installed
# strcheck finds its default library in ../lib beside its bin/.
INSTALLED := bin/strcheck share/man/man1/strcheck.1 include/strscpy.h \
	     lib/libstrscpy.a lib/libstrscpy.so lib/pkgconfig/strscpy.pc
MAN_PAGE  := $(wildcard docs/strcheck.1)

install: lib $(BUILD)/strcheck
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(BUILD)/strcheck $(DESTDIR)$(PREFIX)/bin/strcheck
	install -m 644 src/lib/strscpy.h $(DESTDIR)$(PREFIX)/include/strscpy.h
	install -m 644 $(BUILD)/libstrscpy.a $(DESTDIR)$(PREFIX)/lib/libstrscpy.a
	install -m 755 $(BUILD)/libstrscpy.so $(DESTDIR)$(PREFIX)/lib/libstrscpy.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' scripts/strscpy.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/strscpy.pc
	@# The kernel shims, which strcheck finds in ../share/strcheck/kshim.
	cd src && find kshim -type d -exec install -d $(DESTDIR)$(PREFIX)/share/strcheck/{} \;
	cd src && find kshim -type f -exec install -m 644 {} $(DESTDIR)$(PREFIX)/share/strcheck/{} \;
ifneq ($(MAN_PAGE),)
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/strcheck.1
endif

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	rm -rf $(DESTDIR)$(PREFIX)/share/strcheck

clean:
	rm -rf $(BUILD)

# Each part of the project adds its targets in mk/ (strcheck, fuzzing, ...).
-include $(wildcard mk/*.mk)

# The configuration stamps (see CONFIG_VARS above), written as the
# makefiles are read, before any rule runs.
$(foreach v,$(CONFIG_VARS),$(shell mkdir -p $(BUILD)/config && \
	{ echo '$($(v))' | cmp -s - $(BUILD)/config/$(v) || echo '$($(v))' > $(BUILD)/config/$(v); }))
