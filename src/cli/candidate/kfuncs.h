/*
 * kfuncs.h - the top-level functions of a kernel C file, so that a build
 * failure in one of them does not stop the check of another: find where
 * each is defined, tell from the compiler's and the linker's messages
 * which of them failed, and write a copy of the file without them (the
 * same lines, the left-out definitions blank, every preprocessor line
 * kept, so that line numbers and #if nesting stay as they were).
 * Which of them a build log blames: kdiag.h.
 */
#ifndef SC_KFUNCS_H
#define SC_KFUNCS_H

#include <stddef.h>

#define SC_KFUNCS_MAX 512

struct sc_kfunc {
	char name[64];
	size_t start, end;       /* byte offsets: first character, one past the '}' */
	int line;                /* 1-based line of the first character */
	int drop;                /* left out of the build */
	int needed;              /* the checked function, or one it calls (transitively) */
};

struct sc_kfile {
	char *text;              /* the whole file, NUL-terminated */
	size_t len;
	struct sc_kfunc f[SC_KFUNCS_MAX];
	int n;
	int ok;                  /* the scan understood the file (braces balanced) */
};

/* Read path and find its function definitions.  0, or -1 (unreadable). */
int sc_kfile_load(struct sc_kfile *k, const char *path);
void sc_kfile_free(struct sc_kfile *k);

/* Mark the functions named in roots (NULL-terminated), and every file
 * function they name, transitively, as needed. */
void sc_kfile_need(struct sc_kfile *k, const char *const *roots);

/* The index of the file's function called name (n bytes), or -1. */
int sc_kfile_find(const struct sc_kfile *k, const char *name, size_t n);

/* Write the file without the functions marked drop (and their
 * EXPORT_SYMBOL lines).  0, or -1 with errno. */
int sc_kfile_write(const struct sc_kfile *k, const char *path);

#endif
