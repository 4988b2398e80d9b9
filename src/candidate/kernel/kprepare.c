/* kprepare.c - the arguments and generated headers of a kernel tree's
 * build (kprepare.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kprepare.h"
#include "ktree.h"

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
	char *text = sc_read_file(file), path[PATH_MAX + 64], *macro = NULL, *src;
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
		text = sc_read_file(path);
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
		rc = sc_write_file(path, macro, err, errlen);
		src = malloc(1024);
		if (!rc && src) {
			snprintf(src, 1024, "/* strscpy_pad from the tree's own macro, generated "
				 "by strcheck */\n#include <linux/types.h>\n#include <linux/string.h>\n"
				 "#include <kshim-tree-pad.h>\n"
				 "ssize_t strcheck_strscpy_pad(char *d, const char *s, size_t n);\n"
				 "ssize_t strcheck_strscpy_pad(char *d, const char *s, size_t n)\n"
				 "{\n\treturn %s(d, s, n);\n}\n", name);
			snprintf(path, sizeof(path), "%s/strscpy_pad.c", b->dir);
			rc = sc_write_file(path, src, err, errlen);
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

/* The tree's include directories (sc_ktree_dirs) onto pre at np: -I DIR,
 * or -idirafter DIR when after.  The new np, or -1 with err. */
static int tree_dirs(struct sc_kbuild *kb, const char **pre, int np, const char *root,
		     const struct sc_build *b, int after, char *err, size_t errlen)
{
	char dirs[6][SC_KTREE_PATH];
	int n = sc_ktree_dirs(root, b->dir, after, dirs, err, errlen);

	for (int i = 0; i < n; i++) {
		if (after)
			pre[np++] = "-idirafter";
		pre[np++] = keep(kb, after ? "%s%s" : "-I%s", dirs[i], "");
	}
	return n < 0 ? -1 : np;
}

#if defined(__x86_64__)
static const char asm_h[] =
	"/* generated by strcheck: the tree's (or the shims') asm/asm.h, its\n"
	" * exception-table entries in strcheck's format (src/engine/memory/fixup.h) */\n"
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
	if (!sc_ktree_has(root, hdr)) {
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
	if (sc_write_file(path, text, err, errlen) != 0)
		return -1;
	snprintf(text, sizeof(text), "#include \"%s/include/asm-generic/word-at-a-time.h\"\n", root);
	snprintf(path, sizeof(path), "%s/kinc/asm-generic/word-at-a-time.h", b->dir);
	if (sc_write_file(path, text, err, errlen) != 0)
		return -1;

#if defined(__x86_64__)
	/* The exception table is strcheck's: whatever asm/asm.h the build
	 * takes (a complete tree's, in the kernel's __ex_table format, or the
	 * shims'), its entries are rewritten into strcheck's section, with
	 * type 1 for the tree's EX_TYPE_ZEROPAD and 0 (continue at the fix-up)
	 * for any other (computed by the assembler: fixup.h). */
	snprintf(path, sizeof(path), "%s/kinc/asm/asm.h", b->dir);
	if (sc_write_file(path, asm_h, err, errlen) != 0)
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
	kb->pre[np++] = sc_ktree_has(root, "include/linux/kconfig.h") ? keep(kb, "%s%s", path, "")
				      : keep(kb, "%s/linux/kconfig.h", kshim, "");
	kb->pre_shims[ns++] = keep(kb, "%s/linux/kconfig.h", kshim, "");
	snprintf(path, sizeof(path), "%s/include/linux/compiler_types.h", root);
	if (sc_ktree_has(root, "include/linux/compiler_types.h")) {
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
