/* alone_tree.c - where in the tree a name is defined (alone.h): the tree's
 * .c and .h files, listed once, searched for the name as a word, then
 * scanned (kfuncs.h) for a definition of it. */
#include <elf.h>
#include <ftw.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alone.h"

#define MAX_FILES 40000

static char **files;
static int nfiles;
static char listed_root[PATH_MAX];

static int collect(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	const char *base = path + ftw->base;
	size_t n = strlen(base);

	(void)st;
	if (flag == FTW_D && ftw->level > 0 && base[0] == '.')
		return FTW_SKIP_SUBTREE;
	if (flag != FTW_F || n < 3 || base[n - 2] != '.' || (base[n - 1] != 'c' && base[n - 1] != 'h'))
		return FTW_CONTINUE;
	if (nfiles >= MAX_FILES)
		return FTW_STOP;
	files[nfiles] = strdup(path);
	nfiles += files[nfiles] != NULL;
	return FTW_CONTINUE;
}

static void list_tree(const char *root)
{
	if (files && !strcmp(listed_root, root))
		return;
	for (int i = 0; i < nfiles; i++)
		free(files[i]);
	free(files);
	nfiles = 0;
	files = calloc(MAX_FILES, sizeof(*files));
	snprintf(listed_root, sizeof(listed_root), "%s", root);
	if (files)
		nftw(root, collect, 32, FTW_PHYS | FTW_ACTIONRETVAL);
}

/* Does text hold name as a whole word? */
static int has_word(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text; (p = strstr(p, name)); p += n) {
		char before = p == text ? ' ' : p[-1], after = p[n];

		if (!(before == '_' || (before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
		      (before >= '0' && before <= '9')) &&
		    !(after == '_' || (after >= 'a' && after <= 'z') || (after >= 'A' && after <= 'Z') ||
		      (after >= '0' && after <= '9')))
			return 1;
	}
	return 0;
}

/* Does the file define name (a function with a body; or, unless func, a
 * macro, type, constant or variable; a function-like macro either way)? */
static int defines(const char *path, const char *name, int func)
{
	struct sc_kfile *k = calloc(1, sizeof(*k));
	size_t n = strlen(name);
	int found = 0;

	if (!k || sc_kfile_load(k, path) != 0) {
		free(k);
		return 0;
	}
	found = sc_kfile_find(k, name, n) >= 0;
	for (int i = 0; i < k->nit && !found; i++) {
		const struct sc_kitem *it = &k->it[i];

		if (!sc_kitem_defines(it, name, n))
			continue;
		if (it->kind == SC_KI_DEFINE)
			found = !strstr(k->text + it->start, "undef") ||
				strstr(k->text + it->start, "undef") > k->text + it->end;
		else if (it->kind == SC_KI_DECL && !func)
			found = !it->proto && strncmp(k->text + it->start, "extern", 6);
	}
	sc_kfile_free(k);
	free(k);
	return found;
}

/* Nearer is better: the same folder, then a header of an include/ folder,
 * then anywhere but tests. */
static int rank(const char *path, const char *near)
{
	size_t n = strlen(near);

	if (!strncmp(path, near, n) && path[n] == '/' && !strchr(path + n + 1, '/'))
		return 0;
	if (strstr(path, "/include/"))
		return 1;
	if (strstr(path, "/test/") || strstr(path, "/tests/") || strstr(path, "/examples/"))
		return 3;
	return 2;
}

int sc_alone_tree_find(const char *root, const char *near, const char *skip, const char *name,
		       int func, char *out, size_t len)
{
	int best = 99;

	list_tree(root);
	for (int i = 0; i < nfiles; i++) {
		char *text;
		int r = rank(files[i], near);

		if (r >= best || !strcmp(files[i], skip))
			continue;
		text = sc_read_file(files[i]);
		if (text && has_word(text, name) && defines(files[i], name, func)) {
			snprintf(out, len, "%s", files[i]);
			best = r;
		}
		free(text);
	}
	return best < 99;
}

int sc_alone_so_defines(const char *so, const char *symbol)
{
	char *img = sc_read_file(so);
	const ElfW(Ehdr) *eh = (const void *)img;
	int found = 0;

	if (!img || memcmp(img, ELFMAG, SELFMAG) || eh->e_shoff == 0 || eh->e_shoff > (4u << 20)) {
		free(img);
		return 0;
	}
	for (int i = 0; i < eh->e_shnum && !found; i++) {
		const ElfW(Shdr) *sh = (const void *)(img + eh->e_shoff + (size_t)i * eh->e_shentsize);
		const ElfW(Shdr) *str;
		const ElfW(Sym) *sym;

		if (sh->sh_type != SHT_DYNSYM || sh->sh_link >= eh->e_shnum || !sh->sh_entsize)
			continue;
		str = (const void *)(img + eh->e_shoff + (size_t)sh->sh_link * eh->e_shentsize);
		sym = (const void *)(img + sh->sh_offset);
		for (size_t j = 0; j < sh->sh_size / sh->sh_entsize && !found; j++)
			found = sym[j].st_shndx != SHN_UNDEF && sym[j].st_name < str->sh_size &&
				!strcmp(img + str->sh_offset + sym[j].st_name, symbol);
	}
	free(img);
	return found;
}
