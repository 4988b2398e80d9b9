#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "elf_id.h"
#include "../memory/fixup.h"
#include "load.h"

/* The sanitizers' dlopen refuses RTLD_DEEPBIND (their interceptors would be
 * bypassed): a sanitized process loads without it and relies on -Bsymbolic
 * builds.  Asked at run time: the runtime may be linked into a program
 * whose own objects were built without the sanitizer. */
static int deepbind(void)
{
	static const char *const runtimes[] = { "__asan_init", "__msan_init", "__tsan_init",
						"__hwasan_init", "__lsan_init" };

	for (size_t i = 0; i < sizeof(runtimes) / sizeof(runtimes[0]); i++)
		if (dlsym(RTLD_DEFAULT, runtimes[i]))
			return 0;
	return RTLD_DEEPBIND;
}

#if UINTPTR_MAX > 0xffffffffu
#define OUR_CLASS ELFCLASS64
#else
#define OUR_CLASS ELFCLASS32
#endif

#if defined(__x86_64__)
#define OUR_MACHINE EM_X86_64
#elif defined(__i386__)
#define OUR_MACHINE EM_386
#elif defined(__aarch64__)
#define OUR_MACHINE EM_AARCH64
#elif defined(__s390x__)
#define OUR_MACHINE EM_S390
#elif defined(__powerpc__)
#define OUR_MACHINE EM_PPC
#endif

/* Look at the ELF header first: dlopen's own errors for these are vague. */
static int check_elf(const char *path, char *err, size_t errlen)
{
	unsigned char h[SC_ELF_ID_LEN];
	struct sc_elf_id id;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	n = read(fd, h, sizeof(h));
	if (n < 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	if (!sc_elf_id(h, n < 0 ? 0 : (size_t)n, &id)) {
		snprintf(err, errlen, "%s is not a shared object (no ELF header)", path);
		return -1;
	}
	if (id.bits != (OUR_CLASS == ELFCLASS64 ? 64 : 32)) {
		snprintf(err, errlen, "%s is a %d-bit object; this strcheck is %d-bit", path,
			 id.bits == 64 ? 64 : 32, OUR_CLASS == ELFCLASS64 ? 64 : 32);
		return -1;
	}
#ifdef OUR_MACHINE
	if (id.machine != OUR_MACHINE) {
		snprintf(err, errlen, "%s is built for another architecture (ELF machine %u)",
			 path, id.machine);
		return -1;
	}
#endif
	if (id.type != ET_DYN) {
		snprintf(err, errlen, "%s is an ELF file but not a shared object", path);
		return -1;
	}
	return 0;
}

static int allow_fixups;

void sc_load_allow_fixups(int on)
{
	allow_fixups = on;
}

/* The object that defines addr, as the dynamic linker sees it. */
static const void *owner_of(const void *addr, const char **name)
{
	Dl_info info;
	void *lm = NULL;

	if (!dladdr1(addr, &info, &lm, RTLD_DL_LINKMAP))
		return NULL;
	*name = info.dli_fname;
	return lm;
}

void *sc_load(const char *path, const char *symbol, enum sc_api api,
	      char *err, size_t errlen)
{
	void *handle, *fn, *tab;
	char pathbuf[4096];
	void *self = NULL;          /* link maps, compared only (no <link.h>:   */
	const void *found;          /* it needs kernel headers a -m32 build lacks) */
	const char *where = "another library";

	if (check_elf(path, err, errlen) != 0)
		return NULL;
	/* dlopen searches the library path for a bare name: make it a path. */
	if (!strchr(path, '/')) {
		snprintf(pathbuf, sizeof(pathbuf), "./%s", path);
		path = pathbuf;
	}
	/* DEEPBIND: the candidate's calls to functions it defines itself go to
	 * its own definitions even when the C library exports the same name
	 * (musl's strncpy calls __stpncpy, which glibc has too). */
	if (!deepbind()) {
		/* Sanitized (the fuzz harnesses): a namespace of its own, with
		 * its own C library, so that its memset and strncpy are not the
		 * sanitizer's interceptors.  Those check [dest, dest + count)
		 * against shadow memory before the call: for a huge count that
		 * is a scan of count / 8 bytes of shadow (24 GB for a count of
		 * 192 GB), which runs the fuzzer out of memory before the call
		 * ever faults into the dest backed on demand (memory/demand.h),
		 * where the engine cuts and judges it.  The arenas are mmap'd
		 * guard-page memory ASan does not track: its checks of them
		 * found nothing the guards and canaries miss.  A candidate
		 * built with the sanitizer itself (OSS-Fuzz builds it with the
		 * harness's flags) needs the runtime, which only the first
		 * namespace has: it loads there, interceptors and all. */
		handle = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
		if (!handle)
			handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	} else
		handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | deepbind());
	if (!handle) {
		snprintf(err, errlen, "cannot load %s: %s", path, dlerror());
		return NULL;
	}
	if (!symbol)
		symbol = sc_api_name(api);
	dlerror();
	fn = dlsym(handle, symbol);
	if (!fn) {
		snprintf(err, errlen, "%s has no symbol '%s'", path, symbol);
		dlclose(handle);
		return NULL;
	}
	/* dlsym also searches the object's dependencies: a candidate that lacks
	 * the function would otherwise be checked as the C library's. */
	found = owner_of(fn, &where);
	if (dlinfo(handle, RTLD_DI_LINKMAP, &self) == 0 && found && found != self) {
		snprintf(err, errlen, "%s has no symbol '%s' of its own (the one the dynamic "
			 "linker finds is %s's)", path, symbol, where);
		dlclose(handle);
		return NULL;
	}
	/* Kernel shims record the loads the kernel would fix up after a fault;
	 * only a build strcheck made with them may have its faults excused. */
	tab = allow_fixups ? dlsym(handle, "sc_kshim_extable") : NULL;
	if (tab && found == self && owner_of(tab, &where) == self)
		sc_fixup_register(tab);
	return fn;
}

unsigned sc_native_machine(void)
{
#ifdef OUR_MACHINE
	return OUR_MACHINE;
#else
	return 0;
#endif
}

int sc_load_deepbinds(void)
{
	return deepbind() != 0;
}
