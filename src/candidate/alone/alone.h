/*
 * alone.h - one C or assembly file of a real project, checked without the
 * project's build.  First the file as it is, with what can be learned of
 * the project (project.h: compile_commands.json, else the tree's include/
 * folders and config.h); when that does not build, the function alone: its
 * own text and what it uses of its file (static helpers, macros, types,
 * constants; the same scan as a kernel tree's file, kfuncs.h), the
 * functions, macros and types it uses that the tree defines in other files
 * (alone_tree.c), under a prelude of standard headers, retried on what the
 * compiler says (a header that is missing is left out, an attribute macro
 * blanked, a missing BSD type given) until it builds or a clear reason
 * remains (alone_fix.c).  The report's "how" line says which.
 */
#ifndef SC_ALONE_H
#define SC_ALONE_H

#include <limits.h>
#include <stddef.h>

#include "../compile/build.h"
#include "../source/kfuncs.h"

#define SC_ALONE_PARTS 12

/* A file the unit takes text from: the checked file, or another of the tree. */
struct sc_alone_part {
	char path[PATH_MAX];     /* as #line names it */
	char rel[256];           /* for the report: relative to the tree's top */
	struct sc_kfile *k;
	char roots[512];         /* the names taken from it, " a b " */
	int main;
};

struct sc_alone {
	const char *file;        /* the checked file, as given */
	const char *unit;        /* the file built (in the build folder) */
	const char *symbol;      /* the function */
	const char *fn;          /* its definition in the file: symbol, or what symbol aliases */
	const char *root;        /* the tree's top */
	const char *config_h;    /* the tree's config.h, or NULL (dropped when it fails) */
	struct sc_alone_part part[SC_ALONE_PARTS];
	int nparts;
	int forced;              /* the function's #if branches forced open */
	int keep_quoted;         /* the file's own #include "..." lines kept (until they fail) */
	const char *const *quote_dirs;  /* "-iquote", DIR, ... for them (NULL-terminated) */
	char cond[300];          /* the conditions it is built under in its file, or "" */
	char hidden[600];        /* names kept from the C library's headers, " a b " */
	char blank[600];         /* macros defined empty, " a b " */
	char types[600];         /* typedef lines given */
	char prelude_drop[200];  /* standard headers left out, " a b " */
	char left[1200];         /* what was left out, for the report */
	char tried[1200];        /* names looked for, " a b " */
};

/*
 * Build file's function symbol into b->so (req: compiler, flags, verbosity),
 * as it is or alone.  how gets the report's line ("built as is with
 * compile_commands.json (PATH)", "built alone: ...", or "" for a file that
 * built as it is with nothing learned).  0, or -1 with one line in err
 * (when show, the compiler's messages of the build as it is on stderr
 * first).
 */
int sc_alone_build(const struct sc_build_req *req, const char *file, const char *symbol, int show,
		   struct sc_build *b, char *how, size_t howlen, char *err, size_t errlen);

/* alone_extract.c: write the unit (every part, blanked to what is needed,
 * under the prelude) to path.  0, or -1 with errno. */
int sc_alone_write(struct sc_alone *a, const char *path);

/* The report's line for a unit that built. */
void sc_alone_describe(const struct sc_alone *a, char *out, size_t len);

/* Add a part (path) with root name, or the name to the part that has the
 * file already.  0, or -1 (unreadable, too many parts). */
int sc_alone_add(struct sc_alone *a, const char *path, const char *name, int main);
void sc_alone_free(struct sc_alone *a);

/* alone_fix.c: build the unit in b's folder, reading the compiler's
 * messages after each failure and fixing what they name, up to a bound.
 * 0 built; -1 with the reason in err. */
int sc_alone_fix(struct sc_alone *a, const struct sc_build_req *req, struct sc_build *b,
		 char *err, size_t errlen);

/* The functions of an implementation's own (names starting with '_') the
 * shared object so calls in another library, into names (at most max):
 * how many. */
int sc_alone_own_calls(const char *so, char names[][128], int max);

/* alone_tree.c: a file of the tree under root (not skip) that defines
 * name: as a function when func, else as a macro, type, constant or
 * variable; the nearest to near (a folder) first.  1 and its path in out,
 * or 0. */
int sc_alone_tree_find(const char *root, const char *near, const char *skip, const char *name,
		       int func, char *out, size_t len);

/* Does the shared object at so define symbol itself (not only call it)? */
int sc_alone_so_defines(const char *so, const char *symbol);

/* Is there a " name " in the list? */
int sc_alone_listed(const char *list, const char *name);
void sc_alone_list_add(char *list, size_t len, const char *name);

#endif
