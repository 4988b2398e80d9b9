/* project.c - a C file's project, learned from its tree (project.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "project.h"

static int exists(const char *dir, const char *name, int want_dir)
{
	char path[PATH_MAX + 64];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/* A makefile beside a licence or a README: a project's top (dietlibc's,
 * unpacked from its tarball, has no other sign). */
static int make_and_licence(const char *dir)
{
	static const char *const make[] = { "Makefile", "GNUmakefile", "Makefile.am",
					    "CMakeLists.txt", NULL };
	static const char *const doc[] = { "COPYING", "LICENSE", "LICENSE.txt", "LICENSE.md",
					   "README", "README.md", "AUTHORS", NULL };
	int m = 0, d = 0;

	for (int i = 0; make[i]; i++)
		m |= exists(dir, make[i], 0);
	for (int i = 0; doc[i]; i++)
		d |= exists(dir, doc[i], 0);
	return m && d;
}

/* What only a kernel tree has at its top, all together: a lib/ folder
 * beside include/linux/ is not enough (dietlibc ships include/linux/). */
int sc_kernel_root(const char *dir)
{
	return exists(dir, "Kconfig", 0) && exists(dir, "arch", 1) && exists(dir, "Kbuild", 0) &&
	       exists(dir, "scripts", 1);
}

/* The tree's top: the nearest folder above the file that only a tree's top
 * has (version control, a configure script, a package's debian/, a
 * makefile with a licence, a kernel tree's Kconfig, Kbuild, arch/ and
 * scripts/); else the highest of the next four up with a
 * makefile; else the file's folder. */
static void find_root(struct sc_project *p)
{
	static const char *const top[] = { ".git", ".hg", "configure", "configure.ac", "configure.in",
					   "meson.build", "compile_commands.json", NULL };
	static const char *const make[] = { "Makefile", "GNUmakefile", "Makefile.am",
					    "CMakeLists.txt", NULL };
	char dir[PATH_MAX];

	snprintf(p->root, sizeof(p->root), "%s", p->dir);
	snprintf(dir, sizeof(dir), "%s", p->dir);
	for (int up = 0; dir[0] && up < 16; up++) {
		char *slash;

		for (int i = 0; top[i]; i++)
			if (exists(dir, top[i], 0) || exists(dir, top[i], 1)) {
				snprintf(p->root, sizeof(p->root), "%s", dir);
				return;
			}
		if ((exists(dir, "debian", 1) && up) || make_and_licence(dir) || sc_kernel_root(dir)) {
			snprintf(p->root, sizeof(p->root), "%s", dir);
			return;
		}
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = 0;
	}
	snprintf(dir, sizeof(dir), "%s", p->dir);
	for (int up = 0; up < 5; up++) {
		char *slash;

		for (int i = 0; make[i]; i++)
			if (exists(dir, make[i], 0))
				snprintf(p->root, sizeof(p->root), "%s", dir);
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = 0;
	}
}

/* Is dir's last part include, build or src (where a config.h is the tree's)? */
static int top_folder(const char *dir)
{
	const char *last = strrchr(dir, '/');

	return last && (!strcmp(last, "/include") || !strcmp(last, "/build") || !strcmp(last, "/src"));
}

/* Folders named include/ within three levels of the tree's top (not
 * hidden ones), and the tree's config.h (at the top, in include/ or
 * build/, else the shallowest). */
static void walk(struct sc_project *p, const char *dir, int depth, int *ndirs, int *cfg_depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[PATH_MAX + 300];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		/* config.h at the top, or in its include/, build/ or src/ */
		if (S_ISREG(st.st_mode) && !strcmp(e->d_name, "config.h") && depth < *cfg_depth &&
		    strlen(path) < sizeof(p->config_h) &&
		    (depth == 0 || (depth == 1 && top_folder(dir)))) {
			snprintf(p->config_h, sizeof(p->config_h), "%s", path);
			*cfg_depth = depth;
		}
		if (!S_ISDIR(st.st_mode))
			continue;
		if (!strcmp(e->d_name, "include") && *ndirs < 8) {
			const char *kept = sc_project_keep(p, path);

			if (kept) {
				p->args[p->nargs++] = "-idirafter";
				p->args[p->nargs++] = kept;
				snprintf(p->dirs + strlen(p->dirs), sizeof(p->dirs) - strlen(p->dirs), " %s",
					 path + strlen(p->root) + (strlen(path) > strlen(p->root)));
				++*ndirs;
			}
		}
		if (depth < 2 && strcmp(e->d_name, "test") && strcmp(e->d_name, "tests") &&
		    strcmp(e->d_name, "debian"))
			walk(p, path, depth + 1, ndirs, cfg_depth);
	}
	closedir(d);
}

/* compile_commands.json in the file's folder or above (or in a build/
 * folder there): the nearest one that has the file. */
static void find_ccdb(struct sc_project *p, const char *file)
{
	char dir[PATH_MAX], json[PATH_MAX + 64];

	snprintf(dir, sizeof(dir), "%s", p->dir);
	for (int up = 0; dir[0] && up < 16; up++) {
		char *slash;

		for (int b = 0; b < 2; b++) {
			snprintf(json, sizeof(json), "%s/%scompile_commands.json", dir, b ? "build/" : "");
			if (exists(dir, b ? "build/compile_commands.json" : "compile_commands.json", 0) &&
			    sc_ccdb_flags(json, file, p) == 1) {
				snprintf(p->ccdb, sizeof(p->ccdb), "%.4000s", json);
				return;
			}
		}
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = 0;
	}
}

int sc_project_learn(const char *file, struct sc_project *p)
{
	char real[PATH_MAX];
	int ndirs = 0, cfg_depth = 99;

	memset(p, 0, sizeof(*p));
	if (!realpath(file, real) || !strrchr(real, '/'))
		return -1;
	snprintf(p->dir, sizeof(p->dir), "%s", real);
	*strrchr(p->dir, '/') = 0;
	find_root(p);
	find_ccdb(p, real);
	/* The tree's folders after the system's: a project's own headers for
	 * what the system lacks, never in place of the C library's. */
	p->args[p->nargs++] = "-idirafter";
	p->args[p->nargs++] = p->root;
	walk(p, p->root, 0, &ndirs, &cfg_depth);
	if (p->config_h[0]) {
		p->args[p->nargs++] = "-DHAVE_CONFIG_H";
		p->args[p->nargs++] = "-include";
		p->args[p->nargs++] = p->config_h;
	}
	p->args[p->nargs] = NULL;
	return 0;
}
