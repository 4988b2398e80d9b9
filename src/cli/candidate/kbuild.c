#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "beside.h"
#include "kbuild.h"

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int sc_kernel_file(const char *path, char *root, size_t len)
{
	char real[PATH_MAX], probe[PATH_MAX + 32], *slash;
	size_t n = strlen(path);

	if (n < 3 || strcmp(path + n - 2, ".c") || !realpath(path, real))
		return 0;
	slash = strrchr(real, '/');
	if (!slash)
		return 0;
	*slash = 0;
	slash = strrchr(real, '/');
	if (!slash || strcmp(slash + 1, "lib"))
		return 0;
	*slash = 0;
	snprintf(probe, sizeof(probe), "%s/include/linux", real);
	if (!is_dir(probe)) {
		snprintf(probe, sizeof(probe), "%s/include/asm-generic", real);
		if (!is_dir(probe))
			return 0;
	}
	snprintf(root, len, "%s", *real ? real : "/");
	return 1;
}

const char *sc_kshim_dir(void)
{
	static char dir[PATH_MAX];
	static const char *const rel[] = { "../src/kshim", "../share/strcheck/kshim", "kshim" };
	const char *env = getenv("STRCHECK_KSHIM");
	char probe[PATH_MAX + 64];

	if (env && *env) {
		snprintf(probe, sizeof(probe), "%s/kshim/all.h", env);
		return is_file(probe) && realpath(env, dir) ? dir : NULL;
	}
	return sc_beside_self(rel, sizeof(rel) / sizeof(rel[0]), "kshim/all.h", R_OK, dir,
			      sizeof(dir)) >= 0 ? dir : NULL;
}

/* A copy of s in kb's store (NULL when full). */
static const char *keep(struct sc_kbuild *kb, const char *fmt, const char *a, const char *b)
{
	char *p = kb->store + kb->used;
	int n = snprintf(p, sizeof(kb->store) - kb->used, fmt, a, b);

	if (n < 0 || (size_t)n >= sizeof(kb->store) - kb->used)
		return NULL;
	kb->used += (size_t)n + 1;
	return p;
}

static int write_file(const char *path, const char *text, char *err, size_t errlen)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	return 0;
}

/* The whole file as a string (NULL if unreadable); free it. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, n;

	if (!f)
		return NULL;
	buf = malloc((4u << 20) + 1);
	if (buf) {
		n = fread(buf, 1, 4u << 20, f);
		len = n;
		buf[len] = 0;
	}
	fclose(f);
	return buf;
}

/* The #define of macro name (with its continuation lines) from text, or
 * NULL: the tree's own strscpy_pad macro, taken as it is. */
static char *macro_of(const char *text, const char *name)
{
	char pattern[80];
	const char *p = text, *end;
	char *out;

	snprintf(pattern, sizeof(pattern), "%s(", name);
	for (; (p = strstr(p, "#define")); p++) {
		const char *q = p + 7;

		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, pattern, strlen(pattern)) || (p != text && p[-1] != '\n' &&
							     p[-1] != ' ' && p[-1] != '\t'))
			continue;
		for (end = p; *end; end++)
			if (*end == '\n' && end[-1] != '\\')
				break;
		out = malloc((size_t)(end - p) + 2);
		if (!out)
			return NULL;
		memcpy(out, p, (size_t)(end - p));
		out[end - p] = '\n';
		out[end - p + 1] = 0;
		return out;
	}
	return NULL;
}

/* --kconfig: NAME=y|n, comma-separated; on[] / off[] collect the names. */
static int parse_kconfig(const char *s, struct sc_kbuild *kb, const char **on, int *non,
			 const char **off, int *noff, char *err, size_t errlen)
{
	while (s && *s) {
		size_t n = strcspn(s, ","), eq = strcspn(s, "=");
		char name[80];

		if (eq >= n || eq == 0 || eq >= sizeof(name) || strncmp(s, "CONFIG_", 7) ||
		    n - eq != 2 || (s[eq + 1] != 'y' && s[eq + 1] != 'n')) {
			snprintf(err, errlen, "--kconfig=%.*s: expected CONFIG_NAME=y or "
				 "CONFIG_NAME=n", (int)n, s);
			return -1;
		}
		memcpy(name, s, eq);
		name[eq] = 0;
		for (size_t i = 0; i < eq; i++)
			if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_", name[i])) {
				snprintf(err, errlen, "--kconfig: '%s' is not a CONFIG_ name", name);
				return -1;
			}
		for (int i = 0; i < *non; i++)
			if (!strcmp(on[i], name))
				on[i--] = on[--*non];
		for (int i = 0; i < *noff; i++)
			if (!strcmp(off[i], name))
				off[i--] = off[--*noff];
		if (*non >= 16 || *noff >= 16) {
			snprintf(err, errlen, "--kconfig: at most 16 switches%s", "");
			return -1;
		}
		if (s[eq + 1] == 'y')
			on[(*non)++] = keep(kb, "%s%s", name, "");
		else
			off[(*noff)++] = keep(kb, "%s%s", name, "");
		s += n + (s[n] == ',');
	}
	return 0;
}

/* Pick the function to check from what the file defines. */
static int pick_symbol(const char *file, const char *root, const struct sc_kernel_opts *ko,
		       const struct sc_build *b, struct sc_kbuild *kb, char *err, size_t errlen)
{
	char *text = slurp(file), path[PATH_MAX + 64], *macro = NULL, *src;
	const char *name = "sized_strscpy_pad";
	int rc = 0;

	if (!text) {
		snprintf(err, errlen, "cannot read %s: %s", file, strerror(errno));
		return -1;
	}
	if (ko->symbol) {
		snprintf(kb->symbol, sizeof(kb->symbol), "%s", ko->symbol);
	} else if (ko->api == SC_STRSCPY) {
		snprintf(kb->symbol, sizeof(kb->symbol), "%s",
			 strstr(text, "sized_strscpy(") ? "sized_strscpy" : "strscpy");
	} else if (ko->api != SC_STRSCPY_PAD || strstr(text, "strscpy_pad(char")) {
		snprintf(kb->symbol, sizeof(kb->symbol), "%s", sc_api_name(ko->api));
	} else {
		/* strscpy_pad is a macro in newer trees' include/linux/string.h:
		 * export it from a wrapper, the tree's macro unchanged. */
		free(text);
		snprintf(path, sizeof(path), "%s/include/linux/string.h", root);
		text = slurp(path);
		if (text && !(macro = macro_of(text, name)))
			macro = macro_of(text, name = "strscpy_pad");
		if (!macro) {
			snprintf(err, errlen, "%s defines no strscpy_pad, and %s has no "
				 "sized_strscpy_pad macro (name the function with --symbol)", file,
				 path);
			free(text);
			return -1;
		}
		snprintf(path, sizeof(path), "%s/kinc/kshim-tree-pad.h", b->dir);
		rc = write_file(path, macro, err, errlen);
		src = malloc(1024);
		if (!rc && src) {
			snprintf(src, 1024, "/* strscpy_pad from the tree's own macro, generated "
				 "by strcheck */\n#include <linux/types.h>\n#include <linux/string.h>\n"
				 "#include <kshim-tree-pad.h>\n"
				 "ssize_t strcheck_strscpy_pad(char *d, const char *s, size_t n);\n"
				 "ssize_t strcheck_strscpy_pad(char *d, const char *s, size_t n)\n"
				 "{\n\treturn %s(d, s, n);\n}\n", name);
			snprintf(path, sizeof(path), "%s/strscpy_pad.c", b->dir);
			rc = write_file(path, src, err, errlen);
			kb->inputs[kb->ninputs++] = keep(kb, "%s%s", path, "");
		}
		free(src);
		free(macro);
		snprintf(kb->symbol, sizeof(kb->symbol), "strcheck_strscpy_pad");
	}
	free(text);
	return rc;
}

int sc_kbuild_prepare(const char *file, const char *root, const struct sc_kernel_opts *ko,
		      const struct sc_build *b, struct sc_kbuild *kb, char *err, size_t errlen)
{
	static const char *const fixed[] = {
		"-nostdinc", "-std=gnu11", "-ffreestanding", "-fno-strict-aliasing", "-fno-common",
		"-fno-delete-null-pointer-checks", "-fno-strict-overflow", "-D__KERNEL__", NULL,
	};
	const char *kshim = sc_kshim_dir(), *on[16], *off[16], *hdr;
	char path[PATH_MAX + 64], text[PATH_MAX + 256];
	enum sc_wat wat = ko->wat;
	int non = 0, noff = 0, np = 0;

	memset(kb, 0, sizeof(*kb));
	if (!kshim) {
		snprintf(err, errlen, "cannot find strcheck's kernel shims (src/kshim beside the "
			 "program, or set STRCHECK_KSHIM)%s", "");
		return -1;
	}
	if (strpbrk(root, "\"\\\n")) {
		snprintf(err, errlen, "%s: a kernel tree path with quotes or backslashes", root);
		return -1;
	}
	if (wat == SC_WAT_DEFAULT) {
#if defined(__x86_64__)
		wat = SC_WAT_X86;
#else
		wat = SC_WAT_GENERIC;
#endif
	}
	hdr = wat == SC_WAT_X86 ? "arch/x86/include/asm/word-at-a-time.h"
				: "include/asm-generic/word-at-a-time.h";
	snprintf(path, sizeof(path), "%s/%s", root, hdr);
	if (!is_file(path)) {
		snprintf(err, errlen, "%s has no %s (choose the helpers with --kernel-wat)", root, hdr);
		return -1;
	}
	/* The defaults: the x86-64 kernel's switches, or a generic one's. */
	on[non++] = "CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS";
	if (wat == SC_WAT_X86)
		on[non++] = "CONFIG_DCACHE_WORD_ACCESS";
	if (parse_kconfig(ko->kconfig, kb, on, &non, off, &noff, err, errlen) != 0)
		return -1;

	/* Forwarding headers: <asm/word-at-a-time.h> is the tree's chosen one. */
	snprintf(path, sizeof(path), "%s/kinc", b->dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/kinc/asm", b->dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/kinc/asm-generic", b->dir);
	mkdir(path, 0700);
	snprintf(text, sizeof(text), "/* generated by strcheck: the tree's own helpers */\n"
		 "#include \"%s/%s\"\n", root, hdr);
	for (int i = 0; i < non; i++)
		if (wat == SC_WAT_GENERIC && !strcmp(on[i], "CONFIG_DCACHE_WORD_ACCESS"))
			strcat(text, "#include <kshim/zeropad.h>\n");
	snprintf(path, sizeof(path), "%s/kinc/asm/word-at-a-time.h", b->dir);
	if (write_file(path, text, err, errlen) != 0)
		return -1;
	snprintf(text, sizeof(text), "#include \"%s/include/asm-generic/word-at-a-time.h\"\n", root);
	snprintf(path, sizeof(path), "%s/kinc/asm-generic/word-at-a-time.h", b->dir);
	if (write_file(path, text, err, errlen) != 0)
		return -1;

	kb->inputs[kb->ninputs++] = file;
	kb->inputs[kb->ninputs++] = keep(kb, "%s/kshim.c", kshim, "");
	if (pick_symbol(file, root, ko, b, kb, err, errlen) != 0)
		return -1;

	for (int i = 0; fixed[i]; i++)
		kb->pre[np++] = fixed[i];
	kb->pre[np++] = keep(kb, "-I%s/kinc", b->dir, "");
	kb->pre[np++] = keep(kb, "-I%s", kshim, "");
	kb->pre[np++] = "-include";
	kb->pre[np++] = keep(kb, "%s/linux/kconfig.h", kshim, "");
	snprintf(kb->about, sizeof(kb->about), "kernel tree %s, %s from the tree, ", root, hdr);
	for (int i = 0; i < non; i++) {
		kb->pre[np++] = keep(kb, "-D%s=1", on[i], "");
		snprintf(kb->about + strlen(kb->about), sizeof(kb->about) - strlen(kb->about),
			 "%s=y ", on[i]);
	}
	for (int i = 0; i < noff; i++)
		snprintf(kb->about + strlen(kb->about), sizeof(kb->about) - strlen(kb->about),
			 "%s=n ", off[i]);
	kb->about[strlen(kb->about) - 1] = 0;
	kb->pre[np] = NULL;
	if (kb->used >= sizeof(kb->store) - 1) {
		snprintf(err, errlen, "kernel build: paths too long%s", "");
		return -1;
	}
	return 0;
}
