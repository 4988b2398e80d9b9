/*
 * kfuncs.h - the top-level functions of a C file (and its other top-level
 * items: declarations, #define, #include and #if lines; citems.c scans
 * them), so that a build failure in one of them does not stop the check of
 * another (a kernel tree's file), or so that a function can be built
 * without the rest of its file (alone.h): find where each is defined, which
 * the checked function needs, and write a copy of the file without the
 * others (the same lines, the left-out definitions blank, every
 * preprocessor line kept, so that line numbers and #if nesting stay as they
 * were).  Which of them a build log blames: kdiag.h.
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

/* A top-level item other than a function definition. */
enum sc_kitem_kind {
	SC_KI_DECL,              /* a declaration to its ';' (typedef, struct, variable, prototype) */
	SC_KI_DEFINE,            /* #define or #undef */
	SC_KI_INCLUDE,           /* #include */
	SC_KI_COND,              /* #if, #ifdef, #ifndef, #elif, #else, #endif */
	SC_KI_PP,                /* any other directive */
};

#define SC_KITEMS_MAX 4096

struct sc_kitem {
	enum sc_kitem_kind kind;
	size_t start, end;       /* byte offsets (a directive: its lines, without the last newline) */
	int line;
	int type;                /* a declaration of a type (typedef, struct, union, enum) */
	int proto;               /* a declaration of functions only (no definition of data) */
	int needed, drop;
	char names[160];         /* what it defines, each name between spaces: " a b " */
};

struct sc_kfile {
	char *text;              /* the whole file, NUL-terminated */
	size_t len;
	struct sc_kfunc f[SC_KFUNCS_MAX];
	int n;
	struct sc_kitem *it;     /* the other items, in file order */
	int nit;
	int ok;                  /* the scan understood the file (braces balanced) */
};

/* Find the file's functions and other items (citems.c).  -1 when out of
 * memory. */
int sc_kfile_scan(struct sc_kfile *k);

/* Past the comment, literal or preprocessor line at t[i] (a directive
 * only when line_start), or i itself when none starts there; *line counts
 * the newlines passed. */
size_t sc_c_skip_noise(const char *t, size_t i, int line_start, int *line);

/* Is the item's names list holding name (n bytes)? */
int sc_kitem_defines(const struct sc_kitem *it, const char *name, size_t n);

/* Read path and find its function definitions.  0, or -1 (unreadable). */
int sc_kfile_load(struct sc_kfile *k, const char *path);
void sc_kfile_free(struct sc_kfile *k);

/* Mark the functions named in roots (NULL-terminated), and every function
 * and item of the file they name, transitively, as needed (every function
 * of a name, when #if branches define it more than once). */
void sc_kfile_need(struct sc_kfile *k, const char *const *roots);

/* The index of the file's function called name (n bytes), or -1. */
int sc_kfile_find(const struct sc_kfile *k, const char *name, size_t n);

/* Write the file without the functions and items marked drop (and the
 * functions' EXPORT_SYMBOL lines).  0, or -1 with errno. */
int sc_kfile_write(const struct sc_kfile *k, const char *path);

/* The same text, malloc'd (NULL when out of memory). */
char *sc_kfile_blanked(const struct sc_kfile *k);

#endif
