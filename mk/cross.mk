# mk/cross.mk - strcheck and the library built for other architectures
# (docs/architectures.md).  Included by the top Makefile.
#
# Targets
#   cross        every architecture of CROSS_ARCHES whose cross compiler is
#                installed: $(BUILD)/cross/ARCH/{strcheck,libstrscpy.so,
#                libstrscpy.a,libengine.a,test_lib}, the strscpy fuzz
#                harness's plain runner (fuzz/run/fuzz_strscpy, which replays
#                a corpus), plus the zoo's cross entries
#                (tests/zoo/MANIFEST.cross) in $(BUILD)/cross/ARCH/zoo/.
#                Architectures whose compiler is missing are named, not built.
#   cross-ARCH   just that one (fails, saying what to install, without it).
#   cross-list   one line per architecture: ARCH, yes|no (compiler there),
#                its qemu-user binary ("-": runs natively), its C library
#                directory, the Debian packages of its compiler.
#   test-cross   tests/suite-60-cross.sh: on each architecture the library's
#                suite, strcheck checking that architecture's library and
#                zoo entries (under qemu-user; i386 natively).
#
# A strcheck on x86-64 given a foreign .so finds these builds next to its
# own binary ($(BUILD)/cross/ARCH/strcheck) and runs the matching one
# under qemu-ARCH -L /usr/TRIPLET (src/candidate/arch/foreign.c).
#
# The cross builds leave out what cannot run under qemu-user: no
# sanitizers, and no seccomp sandbox (SECCOMP=0; qemu-user does
# not support installing seccomp filters for the guest).

CROSS_ARCHES ?= s390x powerpc aarch64 armhf riscv64 i386

# ARCH -> compiler prefix ("" for i386, which uses the host gcc -m32).
cross_prefix_s390x   := s390x-linux-gnu-
cross_prefix_powerpc := powerpc-linux-gnu-
cross_prefix_aarch64 := aarch64-linux-gnu-
cross_prefix_armhf   := arm-linux-gnueabihf-
cross_prefix_riscv64 := riscv64-linux-gnu-
cross_prefix_i386    :=
# ARCH -> the Debian packages that provide its compiler.
cross_pkgs_s390x   := gcc-s390x-linux-gnu libc6-dev-s390x-cross
cross_pkgs_powerpc := gcc-powerpc-linux-gnu libc6-dev-powerpc-cross
cross_pkgs_aarch64 := gcc-aarch64-linux-gnu libc6-dev-arm64-cross
cross_pkgs_armhf   := gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
cross_pkgs_riscv64 := gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
cross_pkgs_i386    := gcc-12-multilib
# ARCH -> how it runs here: its qemu-user binary ("-": natively on x86-64)
# and the directory of its C library (qemu-ARCH -L).
cross_qemu_s390x   := qemu-s390x
cross_qemu_powerpc := qemu-ppc
cross_qemu_aarch64 := qemu-aarch64
cross_qemu_armhf   := qemu-arm
cross_qemu_riscv64 := qemu-riscv64
cross_qemu_i386    := -
cross_libc = /usr/$(patsubst %-,%,$(or $(cross_prefix_$1),i386-linux-gnu-))

# The compiler.  For i386 the flags go inside CC, so the zoo's rule gets
# them too: Debian's i386 multilib lacks <asm/*.h>, and x86-64's kernel
# headers serve both (they #ifdef __i386__), linked in as include/asm.
cross_cc = $(if $(cross_prefix_$1),$(cross_prefix_$1)gcc,gcc -m32 -isystem $(CURDIR)/$(BUILD)/cross/i386/include)
# No -g: nothing reads the cross builds' debug information (their reports
# name no source lines), and it was an eighth of a build's CPU (riscv64:
# 38 s of CPU with -g, 33 s without, `/usr/bin/time make -s cross-riscv64`
# from nothing).  The library and the checker stay at -O2.
cross_cflags = -O2
# powerpc (32-bit) has no 8-byte atomic instructions: gcc calls libatomic
# for the supervisor's 64-bit counters (STRCHECK_LDLIBS, mk/strcheck.mk).
cross_ldlibs = $(if $(filter powerpc,$1),-latomic)
cross_have = $(shell echo 'int main(void){return 0;}' | \
	$(call cross_cc,$1) -x c - -o /dev/null 2>/dev/null && echo yes)

.PHONY: cross cross-list test-cross $(CROSS_ARCHES:%=cross-%)

# One line per architecture, for scripts: ARCH yes|no QEMU LIBC PACKAGES...
cross-list:
	@$(foreach a,$(CROSS_ARCHES),echo "$a $(or $(call cross_have,$a),no) \
		$(cross_qemu_$a) $(call cross_libc,$a) $(cross_pkgs_$a)";)

cross:
	@for a in $(CROSS_ARCHES); do \
		$(MAKE) -s --no-print-directory cross-$$a CROSS_QUIET_MISSING=1 || exit 1; \
	done

# One architecture: the library, the engine and strcheck, built by this
# Makefile's own rules with BUILD pointed at build/cross/ARCH, then the
# zoo's cross entries.
define cross_rules
cross-$1:
	@if [ -z "$$(call cross_have,$1)" ]; then \
		echo "cross-$1: no compiler: install $(cross_pkgs_$1)" >&2; \
		[ -n "$$(CROSS_QUIET_MISSING)" ]; exit; \
	fi; \
	mkdir -p $(BUILD)/cross/$1/include && \
	ln -sfn /usr/include/x86_64-linux-gnu/asm $(BUILD)/cross/$1/include/asm && \
	$(MAKE) -s --no-print-directory BUILD=$(BUILD)/cross/$1 CC="$(call cross_cc,$1)" \
		AR=$(cross_prefix_$1)ar CFLAGS="$(call cross_cflags,$1)" SECCOMP=0 \
		STRCHECK_LDLIBS="$(call cross_ldlibs,$1)" \
		$(BUILD)/cross/$1/strcheck $(BUILD)/cross/$1/libstrscpy.so \
		$(BUILD)/cross/$1/libstrscpy.a $(BUILD)/cross/$1/test_lib cross-zoo-here && \
	$(MAKE) -s --no-print-directory BUILD=$(BUILD)/cross/$1 RUN_CC="$(call cross_cc,$1)" \
		RUN_CFLAGS="$(call cross_cflags,$1) -D_FILE_OFFSET_BITS=64" RUN_OBJS="$(call cross_run_objs,$1)" \
		$(BUILD)/cross/$1/fuzz/run/fuzz_strscpy
endef
# The harness's plain runner links the library and the engine just built
# for strcheck (the same sources, flags and compiler) instead of compiling
# them again in fuzz/run/obj: only the harness's own glue is compiled.
# That second compile was a fifth of a cross build's CPU.  64-bit file
# offsets: on a 32-bit guest (i386, armhf, powerpc) readdir of the host's
# corpus folders fails with EOVERFLOW, and the runner replayed 0 inputs.
cross_run_objs = $(addprefix $(BUILD)/cross/$1/fuzz/run/obj/,fuzz/harness.o fuzz/report.o \
	fuzz/count_shape.o) $(BUILD)/cross/$1/libengine.a $(BUILD)/cross/$1/libstrscpy.a
$(foreach a,$(CROSS_ARCHES),$(eval $(call cross_rules,$a)))

# The zoo entries the cross suite runs (tests/zoo/MANIFEST.cross), built
# into $(BUILD)/zoo/ of the current BUILD (build/cross/ARCH/zoo when
# called from cross-ARCH) with the current compiler.
CROSS_ZOO := $(shell awk '!/^\#/ && NF > 5 && $$1 != "own" {print $$1}' \
	tests/zoo/MANIFEST.cross 2>/dev/null | sort -u)
.PHONY: cross-zoo-here
cross-zoo-here: $(CROSS_ZOO:%=$(BUILD)/zoo/%.so)

# The library's own test program (tests/test_lib.c) for the current BUILD.
CROSS_TEST_LIB := tests/test_lib.c $(wildcard tests/test_lib_*.c)
$(BUILD)/test_lib: $(CROSS_TEST_LIB) $(BUILD)/libengine.a $(BUILD)/libstrscpy.a $(HEADERS)
	$(CC) $(ALL_CFLAGS) $(CROSS_TEST_LIB) -L$(BUILD) -lengine $(BUILD)/libstrscpy.a \
		-lpthread -ldl -o $@

test-cross:
	@bash tests/suite-60-cross.sh
