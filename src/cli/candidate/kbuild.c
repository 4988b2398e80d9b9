#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "beside.h"
#include "kbuild.h"
#include "kfuncs.h"

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
	/* build/strcheck, build/cross/ARCH/strcheck (run by qemu-user, whose
	 * /proc/self/exe is the guest program), an installed bin/strcheck. */
	static const char *const rel[] = { "../src/kshim", "../../../src/kshim",
					   "../share/strcheck/kshim", "kshim" };
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
		/* The wrapper needs what the macro names. */
		for (const char *p = macro; *p && kb->roots[30] == NULL;) {
			size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
					  "0123456789_");
			int nr = 0;

			while (kb->roots[nr])
				nr++;
			if (n && !(*p >= '0' && *p <= '9') && n < 64) {
				char w[64];

				snprintf(w, sizeof(w), "%.*s", (int)n, p);
				kb->roots[nr] = keep(kb, "%s%s", w, "");
			}
			p += n ? n : 1;
		}
		free(macro);
		snprintf(kb->symbol, sizeof(kb->symbol), "strcheck_strscpy_pad");
	}
	free(text);
	if (!kb->roots[0])
		kb->roots[0] = kb->symbol;
	return rc;
}

/* The tree's arch/ directory for the target strcheck runs on (kernel
 * trees are built by the strcheck of the candidate's architecture). */
static const char *karch(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return "x86";
#elif defined(__s390x__)
	return "s390";
#elif defined(__powerpc__)
	return "powerpc";
#elif defined(__aarch64__)
	return "arm64";
#elif defined(__arm__)
	return "arm";
#elif defined(__riscv)
	return "riscv";
#else
	return "generic";
#endif
}

/*
 * What "make" generates for an architecture's asm/ headers that it takes
 * from asm-generic (Kbuild generic-y and mandatory-y): a one-line header
 * asm/NAME.h including <asm-generic/NAME.h>, for every header of the
 * tree's asm-generic directory (from, under root) that the architecture
 * has neither in asm/ nor in uapi/asm/.  Into dir/asm/.
 */
static int generic_y(const char *root, const char *from, const char *dir, char *err,
		     size_t errlen)
{
	char path[2 * PATH_MAX], text[PATH_MAX + 64];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", root, from);
	d = opendir(path);
	if (!d)
		return 0;
	snprintf(path, sizeof(path), "%s", dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/asm", dir);
	mkdir(path, 0700);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n < 3 || strcmp(e->d_name + n - 2, ".h") || strlen(e->d_name) > 100)
			continue;
		snprintf(path, sizeof(path), "%s/arch/%s/include/asm/%s", root, karch(), e->d_name);
		if (is_file(path))
			continue;
		snprintf(path, sizeof(path), "%s/arch/%s/include/uapi/asm/%s", root, karch(),
			 e->d_name);
		if (is_file(path))
			continue;
		snprintf(path, sizeof(path), "%s/asm/%s", dir, e->d_name);
		snprintf(text, sizeof(text), "/* generated by strcheck, as kbuild's generic-y */\n"
			 "#include <asm-generic/%s>\n", e->d_name);
		if (write_file(path, text, err, errlen) != 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return 1;
}

/* The tree's include directories, in the kernel's order (its Makefile's
 * LINUXINCLUDE), each that exists, with the generated ones between:
 * -I DIR, or -idirafter DIR when after. */
static int tree_dirs(struct sc_kbuild *kb, const char **pre, int np, const char *root,
		     const struct sc_build *b, int after, char *err, size_t errlen)
{
	const char *a = karch(), *opt = after ? "-idirafter" : "-I";
	char dir[PATH_MAX + 64];
	const char *order[6][2] = {
		{ "%s/arch/%s/include", NULL }, { "generated", "include/asm-generic" },
		{ "%s/include", NULL }, { "%s/arch/%s/include/uapi", NULL },
		{ "generated-uapi", "include/uapi/asm-generic" }, { "%s/include/uapi", NULL },
	};

	for (int i = 0; i < 6; i++) {
		if (order[i][1]) {
			int rc;

			/* The shims first: they have their own asm/ headers. */
			if (after)
				continue;
			snprintf(dir, sizeof(dir), "%s/kgen-%s", b->dir, order[i][0]);
			rc = generic_y(root, order[i][1], dir, err, errlen);
			if (rc < 0)
				return -1;
			if (rc == 0)
				continue;
		} else if (strstr(order[i][0], "arch")) {
			snprintf(dir, sizeof(dir), order[i][0], root, a);
		} else {
			snprintf(dir, sizeof(dir), order[i][0], root);
		}
		if (!is_dir(dir))
			continue;
		if (after)
			pre[np++] = opt;
		pre[np++] = keep(kb, after ? "%s%s" : "-I%s", dir, "");
	}
	return np;
}

#if defined(__x86_64__)
static const char asm_h[] =
	"/* generated by strcheck: the tree's (or the shims') asm/asm.h, its\n"
	" * exception-table entries in strcheck's format (src/engine/fixup.h) */\n"
	"#include_next <asm/asm.h>\n"
	"#undef _ASM_EXTABLE_TYPE\n"
	"#undef _ASM_EXTABLE_TYPE_REG\n"
	"#undef _ASM_EXTABLE\n"
	"#define __SC_STR1(x...) #x\n"
	"#define __SC_STR(x...) __SC_STR1(x)\n"
	"#ifdef EX_TYPE_ZEROPAD\n"
	"/* 1 when the type's low byte is EX_TYPE_ZEROPAD, else 0: no comparison\n"
	" * operators (their true is -1 in gas), only the sign of a difference. */\n"
	"#define __SC_EX_KIND(type) (1 - ((((((type) & 0xff) - (EX_TYPE_ZEROPAD)) | \\\n"
	"	((EX_TYPE_ZEROPAD) - ((type) & 0xff))) >> 31) & 1))\n"
	"#else\n"
	"#define __SC_EX_KIND(type) 0\n"
	"#endif\n"
	"#define _ASM_EXTABLE_TYPE(from, to, type) \\\n"
	"	\" .pushsection \\\"sc_kextable\\\",\\\"a\\\"\\n .balign 4\\n\" \\\n"
	"	\" .long (\" #from \") - .\\n .long (\" #to \") - .\\n\" \\\n"
	"	\" .long \" __SC_STR(__SC_EX_KIND(type)) \"\\n .popsection\\n\"\n"
	"#define _ASM_EXTABLE_TYPE_REG(from, to, type, reg) _ASM_EXTABLE_TYPE(from, to, type)\n"
	"#define _ASM_EXTABLE(from, to) _ASM_EXTABLE_TYPE(from, to, 0)\n";
#endif

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
	int non = 0, noff = 0, np = 0, ns = 0;

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

#if defined(__x86_64__)
	/* The exception table is strcheck's: whatever asm/asm.h the build
	 * takes (a complete tree's, in the kernel's __ex_table format, or the
	 * shims'), its entries are rewritten into strcheck's section, with
	 * type 1 for the tree's EX_TYPE_ZEROPAD and 0 (continue at the fix-up)
	 * for any other (computed by the assembler: fixup.h). */
	snprintf(path, sizeof(path), "%s/kinc/asm/asm.h", b->dir);
	if (write_file(path, asm_h, err, errlen) != 0)
		return -1;
#endif
	kb->inputs[kb->ninputs++] = file;
	kb->inputs[kb->ninputs++] = keep(kb, "%s/kshim.c", kshim, "");
	if (pick_symbol(file, root, ko, b, kb, err, errlen) != 0)
		return -1;

	/* The tree's headers first (as the kernel builds it), the shims for
	 * what it lacks; and the other way round, for sc_kbuild_build to try
	 * when a tree's own headers want more than strcheck can give. */
	for (int i = 0; fixed[i]; i++)
		kb->pre[np++] = kb->pre_shims[ns++] = fixed[i];
	kb->pre[np++] = kb->pre_shims[ns++] = keep(kb, "-I%s/kinc", b->dir, "");
	if ((np = tree_dirs(kb, kb->pre, np, root, b, 0, err, errlen)) < 0)
		return -1;
	kb->pre[np++] = kb->pre_shims[ns++] = keep(kb, "-I%s", kshim, "");
	if ((ns = tree_dirs(kb, kb->pre_shims, ns, root, b, 1, err, errlen)) < 0)
		return -1;
	/* Quoted includes of the file's own directory, wherever it is built. */
	snprintf(path, sizeof(path), "%s", file);
	if (strrchr(path, '/'))
		*strrchr(path, '/') = 0;
	else
		snprintf(path, sizeof(path), ".");
	kb->pre[np++] = kb->pre_shims[ns++] = "-iquote";
	kb->pre[np++] = kb->pre_shims[ns++] = keep(kb, "%s%s", path, "");
	/* The kernel's build includes kconfig.h (and, since v4.16,
	 * compiler_types.h) into every file: the tree's, when it has them. */
	kb->pre[np++] = kb->pre_shims[ns++] = "-include";
	snprintf(path, sizeof(path), "%s/include/linux/kconfig.h", root);
	kb->pre[np++] = is_file(path) ? keep(kb, "%s%s", path, "")
				      : keep(kb, "%s/linux/kconfig.h", kshim, "");
	kb->pre_shims[ns++] = keep(kb, "%s/linux/kconfig.h", kshim, "");
	snprintf(path, sizeof(path), "%s/include/linux/compiler_types.h", root);
	if (is_file(path)) {
		kb->pre[np++] = "-include";
		kb->pre[np++] = keep(kb, "%s%s", path, "");
	}
	snprintf(kb->about, sizeof(kb->about), "kernel tree %s, %s from the tree, ", root, hdr);
	for (int i = 0; i < non; i++) {
		kb->pre[np++] = kb->pre_shims[ns++] = keep(kb, "-D%s=1", on[i], "");
		snprintf(kb->about + strlen(kb->about), sizeof(kb->about) - strlen(kb->about),
			 "%s=y ", on[i]);
	}
	for (int i = 0; i < noff; i++)
		snprintf(kb->about + strlen(kb->about), sizeof(kb->about) - strlen(kb->about),
			 "%s=n ", off[i]);
	kb->about[strlen(kb->about) - 1] = 0;
	kb->pre[np] = kb->pre_shims[ns] = NULL;
	if (kb->used >= sizeof(kb->store) - 1) {
		snprintf(err, errlen, "kernel build: paths too long%s", "");
		return -1;
	}
	return 0;
}

/* One header order: build, and while only other functions of the file
 * fail, leave them out and build again.  0 built; 1 failed (d says how). */
static int build_order(const struct sc_build_req *tmpl, const char *const *pre, const char *tag,
		       struct sc_build *b, struct sc_kbuild *kb, struct sc_kfile *k,
		       struct sc_kdiag *d, char *log, size_t loglen, char *err, size_t errlen)
{
	struct sc_build_req req = *tmpl;
	const char *inputs[4];
	char copy[PATH_MAX + 64], cdir[PATH_MAX];
	const char *base = strrchr(kb->inputs[0], '/');

	snprintf(cdir, sizeof(cdir), "%s/kcopy", b->dir);
	snprintf(copy, sizeof(copy), "%s/%s", cdir, base ? base + 1 : kb->inputs[0]);
	snprintf(log, loglen, "%s/build-%s.log", b->dir, tag);
	for (int i = 0; i < k->n; i++)
		k->f[i].drop = 0;
	req.pre = pre;
	req.log = log;
	req.inputs = inputs;
	req.ninputs = kb->ninputs;
	for (size_t i = 0; i < kb->ninputs && i < 4; i++)
		inputs[i] = kb->inputs[i];
	for (int round = 0; round < 8; round++) {
		char *text;
		int more = 0;

		if (sc_build_so(&req, b, err, errlen) == 0)
			return 0;
		text = slurp(log);
		if (!text)
			return -1;      /* the compiler did not run: err says why */
		sc_kfile_diagnose(k, inputs[0], text, d);
		free(text);
		if (d->link_unplaced && d->link_unplaced == d->elsewhere && !d->header[0]) {
			/* With debug information the linker names the header's
			 * inline function the reference was inlined from; without
			 * it, the file's function that holds it: build once more
			 * with -g0 only to learn which. */
			struct sc_build_req again = req;
			const char *pre2[80];
			int n = 0;

			while (pre[n] && n < 78)
				pre2[n] = pre[n], n++;
			pre2[n++] = "-g0";
			pre2[n] = NULL;
			again.pre = pre2;
			if (sc_build_so(&again, b, err, errlen) == 0 || !(text = slurp(log)))
				return 1;
			sc_kfile_diagnose(k, inputs[0], text, d);
			free(text);
		}
		if (d->header[0] || d->elsewhere || !d->nfailed || !k->ok)
			return 1;
		for (int i = 0; i < d->nfailed; i++) {
			struct sc_kfunc *f = &k->f[d->failed[i]];

			if (f->needed) {
				snprintf(d->first, sizeof(d->first), "%s, which the check needs, does "
					 "not build", f->name);
				return 1;
			}
			more += !f->drop;
			f->drop = 1;
		}
		if (!more)
			return 1;
		mkdir(cdir, 0700);
		if (sc_kfile_write(k, copy) != 0) {
			snprintf(err, errlen, "cannot write %s: %s", copy, strerror(errno));
			return -1;
		}
		inputs[0] = copy;
	}
	return 1;
}

/* Print the build log to stderr (the compiler's own messages). */
static void show(const char *log)
{
	char *text = slurp(log);

	if (text)
		fputs(text, stderr);
	free(text);
}

int sc_kbuild_build(const struct sc_build_req *req, struct sc_build *b, struct sc_kbuild *kb,
		    int verbose, char *err, size_t errlen)
{
	struct sc_kfile *k = calloc(1, sizeof(*k));
	struct sc_kdiag *d1 = calloc(1, sizeof(*d1)), *d2 = calloc(1, sizeof(*d2));
	char log1[PATH_MAX], log2[PATH_MAX];
	const char *file = kb->inputs[0];
	int rc = -1, r1, r2 = 1;

	if (!k || !d1 || !d2 || sc_kfile_load(k, file) != 0) {
		snprintf(err, errlen, "cannot read %s: %s", file, strerror(errno ? errno : ENOMEM));
		goto out;
	}
	sc_kfile_need(k, kb->roots);
	r1 = build_order(req, kb->pre, "tree-first", b, kb, k, d1, log1, sizeof(log1), err, errlen);
	if (r1 < 0)
		goto out;
	if (r1 == 0) {
		snprintf(kb->headers, sizeof(kb->headers), "the tree's own where it has them, "
			 "strcheck's shims for the rest");
	} else {
		if (verbose) {
			fprintf(stderr, "strcheck: with the tree's headers first the build failed "
				"(%s); trying strcheck's shims first:\n", d1->first);
			show(log1);
		}
		r2 = build_order(req, kb->pre_shims, "shims-first", b, kb, k, d2, log2, sizeof(log2),
				 err, errlen);
		if (r2 < 0)
			goto out;
		if (r2 == 0)
			snprintf(kb->headers, sizeof(kb->headers), "strcheck's shims first, the tree's "
				 "own for what they lack (with the tree's first: %.200s)", d1->first);
	}
	if (r1 && r2) {
		/* The shims-first failure is the one to report: a missing
		 * header there is one neither the tree nor the shims have. */
		const struct sc_kdiag *d = d2;

		if (d->header[0]) {
			snprintf(err, errlen, "%s: <%s> (included at %s) is neither in the kernel tree "
				 "nor in strcheck's shims (%s): give the tree its own copy (a complete "
				 "tree has it under include/ or arch/%s/include/), or add a shim for it "
				 "to a copy of the shims and point STRCHECK_KSHIM there", file, d->header,
				 d->includer[0] ? d->includer : file, sc_kshim_dir(), karch());
		} else {
			show(log2);
			snprintf(err, errlen, "cannot build %s: %s (the compiler's messages are above; "
				 "the command: %s)", file, d->first[0] ? d->first : "the compiler failed",
				 b->cmd);
		}
		goto out;
	}
	kb->left[0] = 0;
	for (int i = 0; i < k->n; i++)
		if (k->f[i].drop)
			snprintf(kb->left + strlen(kb->left), sizeof(kb->left) - strlen(kb->left),
				 "%s%s", kb->left[0] ? ", " : "", k->f[i].name);
	if (kb->left[0]) {
		char tail[200];
		int one = !strchr(kb->left, ',');

		snprintf(tail, sizeof(tail), " (%s not build here; %s does not need %s)",
			 one ? "it does" : "they do", kb->symbol, one ? "it" : "them");
		if (strlen(kb->left) + strlen(tail) < sizeof(kb->left))
			strcat(kb->left, tail);
	}
	rc = 0;
out:
	if (k)
		sc_kfile_free(k);
	free(k);
	free(d1);
	free(d2);
	return rc;
}
