#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "elf_id.h"
#include "inspect.h"

/* This process's ELF class (as <link.h>'s ElfW, which a -m32 build cannot
 * include without 32-bit kernel headers). */
#if UINTPTR_MAX > 0xffffffffu
#define ElfW(type) Elf64_##type
#else
#define ElfW(type) Elf32_##type
#endif

/* The file, mapped read-only, and its dynamic symbol table. */
struct elf_view {
	const unsigned char *base;
	size_t size;
	const ElfW(Sym) *sym;
	size_t nsym;
	const char *str;
	size_t strsize;
	const ElfW(Dyn) *dyn;
	size_t ndyn;
};

static int in_file(const struct elf_view *v, uint64_t off, uint64_t len)
{
	return off <= v->size && len <= v->size - off;
}

/* Find .dynsym, its string table and .dynamic; -1 if not a usable ELF of
 * this class. */
static int view(struct elf_view *v)
{
	const ElfW(Ehdr) *eh = (const void *)v->base;
	const ElfW(Shdr) *sh;
	struct sc_elf_id id;

	if (v->size < sizeof(*eh) || !sc_elf_id(v->base, v->size, &id) || !sc_elf_id_native(&id) ||
	    eh->e_shentsize != sizeof(*sh) ||
	    !in_file(v, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(*sh)))
		return -1;
	sh = (const void *)(v->base + eh->e_shoff);
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type == SHT_DYNSYM && sh[i].sh_link < eh->e_shnum &&
		    in_file(v, sh[i].sh_offset, sh[i].sh_size) &&
		    in_file(v, sh[sh[i].sh_link].sh_offset, sh[sh[i].sh_link].sh_size)) {
			v->sym = (const void *)(v->base + sh[i].sh_offset);
			v->nsym = sh[i].sh_size / sizeof(ElfW(Sym));
			v->str = (const char *)v->base + sh[sh[i].sh_link].sh_offset;
			v->strsize = sh[sh[i].sh_link].sh_size;
		}
		if (sh[i].sh_type == SHT_DYNAMIC && in_file(v, sh[i].sh_offset, sh[i].sh_size)) {
			v->dyn = (const void *)(v->base + sh[i].sh_offset);
			v->ndyn = sh[i].sh_size / sizeof(ElfW(Dyn));
		}
	}
	return v->sym && v->strsize && !v->str[v->strsize - 1] ? 0 : -1;
}

static const char *name_of(const struct elf_view *v, size_t off)
{
	return off < v->strsize ? v->str + off : "";
}

/* The C library's string functions and their internal relatives. */
static int string_function(const char *n)
{
	static const char *const prefixes[] = { "str", "mem", "stp", "wcs", "wmem", "bcopy",
						"bzero", "bcmp", "index", "rindex",
						"explicit_bzero" };

	while (*n == '_')
		n++;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(n, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

static void add(char *notes, size_t len, const char *fmt, const char *a, const char *b)
{
	size_t n = strlen(notes);

	if (n + 1 < len)
		snprintf(notes + n, len - n, fmt, a, b);
}

/* The file name of the object that defines addr, shortened to its base name. */
static const char *lib_of(const void *addr)
{
	Dl_info info;
	const char *slash;

	if (!addr || !dladdr(addr, &info) || !info.dli_fname)
		return NULL;
	slash = strrchr(info.dli_fname, '/');
	return slash ? slash + 1 : info.dli_fname;
}

static int symbolic(const struct elf_view *v)
{
	for (size_t i = 0; i < v->ndyn && v->dyn[i].d_tag != DT_NULL; i++)
		if (v->dyn[i].d_tag == DT_SYMBOLIC ||
		    (v->dyn[i].d_tag == DT_FLAGS && (v->dyn[i].d_un.d_val & DF_SYMBOLIC)))
			return 1;
	return 0;
}

/* Is path the C library this process runs on?  (Compared by real path: no
 * <sys/stat.h>, which a -m32 build of the engine cannot include.) */
static int is_our_libc(const char *path)
{
	static char a[PATH_MAX], b[PATH_MAX];
	Dl_info info;

	if (!dladdr((void *)fopen, &info) || !info.dli_fname)
		return 0;
	return realpath(path, a) && realpath(info.dli_fname, b) && !strcmp(a, b);
}

int sc_inspect(const char *path, int loaded_deepbind, char *notes, size_t len)
{
	struct elf_view v = { 0 };
	off_t size;
	char calls[600] = "", shadowed[600] = "";
	const char *lib = NULL, *shadow_lib = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC), warnings = 0;
	void *map;

	if (fd < 0)
		return 0;
	size = lseek(fd, 0, SEEK_END);
	if (size <= 0 || size > (1 << 30)) {
		close(fd);
		return 0;
	}
	map = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return 0;
	v.base = map;
	v.size = (size_t)size;
	if (view(&v) == 0) {
		if (is_our_libc(path)) {
			add(notes, len, "warning: %s is the C library strcheck itself runs on: the "
			    "function checked is the C library's%s\n", path, "");
			warnings++;
		}
		for (size_t i = 1; i < v.nsym; i++) {
			const ElfW(Sym) *s = &v.sym[i];
			const char *n = name_of(&v, s->st_name);
			int bind = ELF64_ST_BIND(s->st_info), type = ELF64_ST_TYPE(s->st_info);

			if (!*n || (bind != STB_GLOBAL && bind != STB_WEAK) ||
			    (type != STT_FUNC && type != STT_NOTYPE && type != STT_GNU_IFUNC) ||
			    !string_function(n))
				continue;
			if (s->st_shndx == SHN_UNDEF) {
				/* Resolved as the candidate's will be: strcheck's own
				 * global scope holds the same C library. */
				const char *where = lib_of(dlsym(RTLD_DEFAULT, n));

				add(calls, sizeof(calls), "%s%s", *calls ? ", " : "", n);
				lib = where ? where : lib;
			} else if (!symbolic(&v) && ELF64_ST_VISIBILITY(s->st_other) == STV_DEFAULT &&
				   dlsym(RTLD_DEFAULT, n)) {
				add(shadowed, sizeof(shadowed), "%s%s", *shadowed ? ", " : "", n);
				shadow_lib = lib_of(dlsym(RTLD_DEFAULT, n));
			}
		}
		if (*calls)
			add(notes, len, "note: the candidate calls string functions it does not "
			    "define: %s (from %s)\n", calls, lib ? lib : "another library");
		if (*shadowed && !is_our_libc(path)) {
			add(notes, len, loaded_deepbind ? "note: the candidate defines %s, which %s "
			    "exports too, and was not linked -Bsymbolic: "
			    : "warning: the candidate defines %s, which %s exports too, and was "
			    "not linked -Bsymbolic: ", shadowed, shadow_lib ? shadow_lib : "the C library");
			add(notes, len, "%s%s\n", loaded_deepbind
			    ? "strcheck loads it with RTLD_DEEPBIND so its calls reach its own"
			    : "its calls to them may reach the other library's (link with "
			      "-Wl,-Bsymbolic)", "");
			warnings += !loaded_deepbind;
		}
	}
	munmap(map, v.size);
	return warnings;
}
