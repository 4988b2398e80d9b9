#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "load.h"

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
	unsigned char h[EI_NIDENT + 4];
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
	if (n < (ssize_t)sizeof(h) || memcmp(h, ELFMAG, SELFMAG) != 0) {
		snprintf(err, errlen, "%s is not a shared object (no ELF header)", path);
		return -1;
	}
	if (h[EI_CLASS] != OUR_CLASS) {
		snprintf(err, errlen, "%s is a %d-bit object; this strcheck is %d-bit", path,
			 h[EI_CLASS] == ELFCLASS64 ? 64 : 32, OUR_CLASS == ELFCLASS64 ? 64 : 32);
		return -1;
	}
#ifdef OUR_MACHINE
	{
		unsigned machine = h[EI_DATA] == ELFDATA2MSB ? (unsigned)h[18] << 8 | h[19]
							     : (unsigned)h[19] << 8 | h[18];
		if (machine != OUR_MACHINE) {
			snprintf(err, errlen, "%s is built for another architecture (ELF machine %u)",
				 path, machine);
			return -1;
		}
	}
#endif
	if ((h[EI_DATA] == ELFDATA2MSB ? (unsigned)h[16] << 8 | h[17]
				       : (unsigned)h[17] << 8 | h[16]) != ET_DYN) {
		snprintf(err, errlen, "%s is an ELF file but not a shared object", path);
		return -1;
	}
	return 0;
}

void *sc_load(const char *path, const char *symbol, enum sc_api api,
	      char *err, size_t errlen)
{
	void *handle, *fn;
	char pathbuf[4096];

	if (check_elf(path, err, errlen) != 0)
		return NULL;
	/* dlopen searches the library path for a bare name: make it a path. */
	if (!strchr(path, '/')) {
		snprintf(pathbuf, sizeof(pathbuf), "./%s", path);
		path = pathbuf;
	}
	handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
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
	return fn;
}
