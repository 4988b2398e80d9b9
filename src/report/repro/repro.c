/*
 * repro.c - --emit-repro=DIR: a standalone C reproducer per distinct defect.
 *
 * Each file is the defect's case as REPRO_* macros and bytes, followed by
 * the body in repro_template.c (built into strcheck as a string).  The
 * reproducer needs nothing from this project, so it can go into the user's
 * own test suite and keep the defect fixed.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repro.h"
#include "repro_template.h"  /* generated: sc_repro_template[] */
#include "repro_template_judge.h"  /* generated: sc_repro_template_judge[] (its end) */
#include "repro_reference.h" /* generated: sc_repro_reference[] */
#include "repro_template_flip.h"  /* generated: sc_repro_template_flip[] */

int sc_repro_dir_ok(const char *dir, char *err, size_t errlen)
{
	struct stat st;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "--emit-repro=%s: cannot create the directory: %s", dir,
			 strerror(errno));
		return -1;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--emit-repro=%s: not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(err, errlen, "--emit-repro=%s: cannot write there: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* 0 one call, 1 race (a mutator thread), 2 concurrent reader, 3 the
 * traced check's flip (x86-64). */
static int repro_mode(const struct sc_defect *d)
{
	if (d->has_ref)
		return 0;
	if (d->flip_read && d->flip_step)
		return 3;
	return d->phase == SC_PH_RACE ? 1 : d->phase == SC_PH_READER ? 2 : 0;
}

/* A comment may not hold the end of a comment. */
static void put_comment_text(FILE *f, const char *s)
{
	const char *end = s + strlen(s);

	while (end > s && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	for (; s < end; s++) {
		fputc(*s, f);
		if (*s == '*' && s[1] == '/')
			fputc(' ', f);
		if (*s == '\n' && s + 1 < end)
			fputs(" * ", f);
	}
}

static const char *const place_macro[SC_PLACE_COUNT] = { "0", "1", "2" };

static const char *fn_decl(enum sc_api api)
{
	switch (api) {
	case SC_STRLCPY:
	case SC_STRLCAT:
		return "unsigned long %s(char *, const char *, unsigned long);";
	case SC_STRNCPY:
	case SC_STRNCAT:
	case SC_STPNCPY:
		return "char *%s(char *, const char *, unsigned long);";
	case SC_MEMCCPY:
		return "void *%s(void *, const void *, int, unsigned long);";
	default:
		return "long %s(char *, const char *, unsigned long);";
	}
}

/* The bytes a race reproducer toggles: those around where the string ends
 * (the NUL, or the last bytes below count), or the whole of a short one. */
static void hot_range(const struct sc_case *c, size_t *from, size_t *to)
{
	size_t len = sc_case_strlen(c), end = len < c->src_len ? len + 1 : c->src_len;

	if (!sc_count_is_huge(c) && c->count && c->count < end)
		end = (size_t)c->count;
	*to = end ? end : 1;
	*from = end > 64 ? end - 16 : 0;
}

static int write_one(FILE *f, const struct sc_plan *p, const struct sc_report_info *ri,
		     const struct sc_defect *d, const char *impl_abs, const char *text)
{
	static struct sc_case c;
	const char *sym = ri->symbol ? ri->symbol : sc_api_name(p->api);
	int mode = repro_mode(d);
	size_t from, to;

	sc_case_decode(&c, d->case_bytes, d->case_len);
	hot_range(&c, &from, &to);
	fprintf(f, "/*\n * strcheck reproducer: %s (rule %s) in %s, symbol %s\n *\n * ",
		sc_class_name(d->cls), d->rule, ri->impl, sym);
	put_comment_text(f, text);
	fprintf(f, "\n *\n * Build and run it against the shared object (its path is the first argument,\n"
		" * by default the one strcheck checked; the symbol may follow it):\n"
		" *     cc repro.c -ldl -lpthread -o repro && ./repro [impl.so [symbol]]\n"
		" * or link the function in:\n"
		" *     cc -DREPRO_LINKED repro.c impl.o -lpthread -o repro && ./repro\n"
		" * Exit status: 1 while the defect is there, 0 once it is fixed, 2 on a set-up error.\n"
		"%s */\n", mode == 3 ? " * The race is made deterministic: the call runs once, and source byte\n"
		" * REPRO_FLIP_BYTE changes right after its read, as strcheck's traced check did\n"
		" * (x86-64 Linux: the byte's page faults on each access, the trap flag steps).\n" :
		mode ? " * The defect is timing-dependent: the reproducer tries for up to 8 seconds.\n" : "");
	fputs("#define _GNU_SOURCE 1\n", f);
	fprintf(f, "#define REPRO_API %d            /* 0 strscpy, 1 strscpy_pad, 2 strlcpy, 3 strncpy,\n"
		"                                4 strlcat, 5 strncat, 6 stpncpy, 7 memccpy */\n", (int)c.api);
	fprintf(f, "#define REPRO_CH %" PRId32 "              /* memccpy's int c */\n", c.ch);
	fprintf(f, "#define REPRO_SYMBOL \"%s\"\n#define REPRO_SYMBOL_ID %s\n", sym, sym);
	fputs("#define REPRO_DEFAULT_IMPL \"", f);
	for (const char *s = impl_abs; *s; s++)
		fprintf(f, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
	fputs("\"\n", f);
	fprintf(f, "#define REPRO_COUNT UINT64_C(%" PRIu64 ")\n#define REPRO_COUNT_REL %d"
		"     /* 0 the count, 1 dest + count = REPRO_COUNT, 2 src + count = it */\n",
		c.count, c.count_rel == SC_REL_DEST ? 1 : c.count_rel == SC_REL_SRC ? 2 : 0);
	fprintf(f, "#define REPRO_HUGE %d\n#define REPRO_SPAN %zu\n", sc_count_is_huge(&c),
		sc_case_dst_len(&c));
	fprintf(f, "#define REPRO_SRC_PLACE %s     /* 0 away from guards, 1 after a guard, 2 before one */\n"
		"#define REPRO_SRC_OFF %u\n#define REPRO_DST_PLACE %s\n#define REPRO_DST_OFF %u\n",
		place_macro[c.src_place], c.src_off, place_macro[c.dst_place], c.dst_off);
	fprintf(f, "#define REPRO_STRICT %d\n#define REPRO_MODE %d           /* 0 one call, 1 race, 2 reader, 3 traced flip */\n",
		c.policy == SC_STRICT, mode);
	fprintf(f, "#define REPRO_SECONDS %d\n#define REPRO_HOT_FROM %zu\n#define REPRO_HOT_TO %zu\n",
		mode == 1 || mode == 2 ? 8 : 0, from, to);
	if (mode == 3)
		fprintf(f, "#define REPRO_FLIP_BYTE %u\n#define REPRO_FLIP_TO 0x%02x\n"
			"#define REPRO_FLIP_STEP %u  /* accesses to its page up to its read %u */\n",
			d->flip_byte, d->flip_byte < c.src_len && !c.src[d->flip_byte] ? '#' : 0,
			d->flip_step, d->flip_read);
	fputs(mode == 3 ? "static long long traced_call(void);  /* at the end */\n"
	      "#define REPRO_ONE_CALL traced_call\n" : "#define REPRO_ONE_CALL call\n", f);
	fprintf(f, "#define REPRO_DATA_LEN %zu\n", (size_t)SC_ARENA_DATA);
	fprintf(f, "#ifdef REPRO_LINKED\nextern ");
	fprintf(f, fn_decl(c.api), sym);
	fprintf(f, "\n#endif\n#define REPRO_SRC_LEN %zu\nstatic const unsigned char repro_src[REPRO_SRC_LEN + 1] = {",
		c.src_len);
	for (size_t i = 0; i < c.src_len; i++)
		fprintf(f, "%s0x%02x,", i % 12 ? " " : "\n\t", c.src[i]);
	/* dest's string before the call (strlcat, strncat). */
	fprintf(f, "\n};\n#define REPRO_DINIT_LEN %zu\nstatic const unsigned char "
		"repro_dinit[REPRO_DINIT_LEN + 1] = {", c.dst_init_len);
	for (size_t i = 0; i < c.dst_init_len; i++)
		fprintf(f, "%s0x%02x,", i % 12 ? " " : "\n\t", c.dst_init[i]);
	fputs(c.dst_init_len ? "\n};\n\n" : " 0 };\n\n", f);
	fputs(sc_repro_template, f);
	fputs(sc_repro_template_judge, f);
	fputs(sc_repro_reference, f);
	if (mode == 3)
		fputs(sc_repro_template_flip, f);
	return ferror(f) ? -1 : 0;
}

int sc_emit_repro(const char *dir, const struct sc_plan *p, const struct sc_report_info *ri,
		  const struct sc_record *s, const char *const *texts, char *err, size_t errlen)
{
	char impl_abs[PATH_MAX], path[PATH_MAX];

	if (!realpath(ri->impl, impl_abs))
		snprintf(impl_abs, sizeof(impl_abs), "%s", ri->impl);
	for (int i = 0; i < s->ndefects; i++) {
		const struct sc_defect *d = &s->d[i];
		FILE *f;
		int rc;

		if (!d->has_case)
			continue;
		snprintf(path, sizeof(path), "%s/repro-%d-%s.c", dir, i + 1, sc_class_name(d->cls));
		f = fopen(path, "w");
		if (!f) {
			snprintf(err, errlen, "--emit-repro: cannot write %s: %s", path, strerror(errno));
			return -1;
		}
		rc = write_one(f, p, ri, d, impl_abs, texts[i]);
		if (fclose(f) != 0 || rc != 0) {
			snprintf(err, errlen, "--emit-repro: cannot write %s", path);
			return -1;
		}
	}
	return 0;
}
