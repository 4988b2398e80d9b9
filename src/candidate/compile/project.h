/*
 * project.h - what can be learned of the project a C file belongs to,
 * without its build: the tree's top (the nearest folder with .git,
 * configure, meson.build, debian/ ... above the file), a
 * compile_commands.json in the tree or above it (that file's own flags for
 * the file, ccdb.c), else the tree's include/ folders and its config.h.
 * alone.h builds the file with it, as it is, before building the function
 * alone.
 */
#ifndef SC_PROJECT_H
#define SC_PROJECT_H

#include <limits.h>
#include <stddef.h>

#define SC_PROJECT_ARGS 160

struct sc_project {
	char root[PATH_MAX];     /* the tree's top */
	char dir[PATH_MAX];      /* the file's folder */
	char config_h[PATH_MAX]; /* the tree's config.h, or "" */
	char ccdb[PATH_MAX];     /* the compile_commands.json that has the file, or "" */
	const char *ccdb_args[SC_PROJECT_ARGS];  /* its flags for the file (NULL-terminated) */
	const char *args[32];    /* without one: the tree's folders and config.h */
	int nccdb, nargs;
	char dirs[600];          /* the include folders taken, for the report */
	char store[32768];
	size_t used;
};

/* Learn what there is to learn about file's project.  0, or -1 (the file's
 * path cannot be resolved). */
int sc_project_learn(const char *file, struct sc_project *p);

/* Has dir what only a kernel tree's top has: Kconfig, Kbuild, arch/ and
 * scripts/, together? */
int sc_kernel_root(const char *dir);

/* A copy of s in p's store, NULL when it is full (ccdb.c). */
const char *sc_project_keep(struct sc_project *p, const char *s);

/* The flags of compile_commands.json at json for the file (an absolute
 * path) onto p->ccdb_args: the compiler, -c, -o, the file and dependency
 * and link flags left out, relative paths made absolute.  1 when it has the
 * file (or, failing that, another of the file's folder), 0 when not, -1
 * when it cannot be read (ccdb.c). */
int sc_ccdb_flags(const char *json, const char *file, struct sc_project *p);

#endif
