/*
 * options_help.c - the option table (options.c) and the exit-status table
 * (exit_status.c) as text: --help, and the OPTIONS and EXIT STATUS
 * sections of the man page and the Markdown exit-status tables (docs/strcheck.1 holds it between two
 * marker lines; `make man` rewrites it, tests/suite-31-options.sh checks
 * it is current).
 */
#include <ctype.h>
#include <string.h>

#include "exit_status.h"
#include "options.h"
#include "options_values.h"

#define WIDTH 79       /* of --help */
#define HELP_COL 20    /* where an option's help starts */

/* Print the words of s, wrapped at WIDTH, continuing at column *col;
 * a new line starts at column indent. */
static void wrap(FILE *out, const char *s, int indent, int *col)
{
	while (*s) {
		size_t n = strcspn(s, " ");

		if (*col > indent && *col + 1 + (int)n > WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			*col = indent;
		} else if (*col > indent) {
			fputc(' ', out);
			++*col;
		}
		fwrite(s, 1, n, out);
		*col += (int)n;
		s += n;
		s += strspn(s, " ");
	}
}

static int visible(const struct sc_option *t)
{
	return !(t->flags & SC_OPT_HIDDEN);
}

/* "--name=ARG" (or "--name=a|b|c" for choices, with choices set). */
static void name_arg(const struct sc_option *t, int choices, char *buf, size_t size)
{
	char list[200] = "";

	if (t->arg && choices && t->choice)
		sc_opt_choices(t, "|", "|", list, sizeof(list));
	snprintf(buf, size, "--%s%s%s", t->name, t->arg ? "=" : "",
		 !t->arg ? "" : list[0] ? list : t->arg);
}

static void synopsis(FILE *out)
{
	char word[300], one[600] = "";
	size_t olen = 0;
	int col = 16, indent = 16;

	fputs("usage: strcheck ", out);
	for (const struct sc_option *t = sc_options; t->name; t++) {
		if (!visible(t) || (t->flags & SC_OPT_INFO))
			continue;
		name_arg(t, 1, word + 1, sizeof(word) - 2);
		if (t->flags & SC_OPT_ONE_CASE) {
			olen += (size_t)snprintf(one + olen, sizeof(one) - olen, "%s%s",
						 olen ? " | " : "", word + 1);
			continue;
		}
		word[0] = '[';
		strcat(word, "]");
		wrap(out, word, indent, &col);
	}
	if (olen) {
		/* The group is one unit: keep it on a line of its own if it must wrap. */
		if (col + 3 + (int)olen > WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		}
		fprintf(out, "%s[%s]", col > indent ? " " : "", one);
	}
	fputs("\n       strcheck", out);
	for (const struct sc_option *t = sc_options, *first = NULL; t->name; t++)
		if (visible(t) && (t->flags & SC_OPT_INFO)) {
			fprintf(out, "%s--%s", first ? " | " : " ", t->name);
			first = t;
		}
	fputc('\n', out);
}

void sc_opts_help(FILE *out)
{
	synopsis(out);
	fputs("\n"
	      "Checks a bounded string-copy function in a shared object against the byte\n"
	      "reference under guard pages, with a concurrent mutator, and reports every\n"
	      "distinct defect with a command that replays it.\n\n", out);
	for (const struct sc_option *t = sc_options; t->name; t++) {
		char left[300], name[260];
		int col;

		if (!visible(t))
			continue;
		name_arg(t, 0, name, sizeof(name));
		if (t->short_name)
			snprintf(left, sizeof(left), "-%c, %s", t->short_name, name);
		else
			snprintf(left, sizeof(left), "%s", name);
		col = fprintf(out, "  %s", left);
		if (col >= HELP_COL - 1) {
			fputc('\n', out);
			col = 0;
		}
		fprintf(out, "%*s", HELP_COL - col, "");
		col = HELP_COL;
		wrap(out, t->help, HELP_COL, &col);
		fputc('\n', out);
	}
	sc_exit_help(out);
}

void sc_roff_text(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (const char *p = s; *p; p++) {
		if (*p == '\\')
			fputs("\\e", out);
		else if (*p == '-' && (p == s || strchr(" ([|=-/", p[-1])))
			fputs("\\-", out);
		else
			fputc(*p, out);
	}
}

void sc_opts_man(FILE *out)
{
	fputs(".SH OPTIONS\n", out);
	for (const struct sc_option *t = sc_options; t->name; t++) {
		char list[200];

		if (!visible(t))
			continue;
		fputs(".TP\n", out);
		if (t->short_name)
			fprintf(out, "\\fB\\-%c\\fR, ", t->short_name);
		fputs("\\fB", out);
		sc_roff_text(out, "--");
		sc_roff_text(out, t->name);
		fputs("\\fR", out);
		if (t->arg)
			fprintf(out, "=\\fI%s\\fR", t->arg);
		fputc('\n', out);
		fputc(toupper((unsigned char)t->help[0]), out);
		sc_roff_text(out, t->help + 1);
		if (t->choice) {
			sc_opt_choices(t, ", ", " or ", list, sizeof(list));
			fprintf(out, ".\n\\fI%s\\fR is one of: ", t->arg);
			sc_roff_text(out, list);
		}
		fputs(".\n", out);
	}
}

void sc_exit_help(FILE *out)
{
	fputs("\nExit status:\n", out);
	for (const struct sc_exit_row *r = sc_exit_rows; r->word; r++)
		fprintf(out, "  %d  %-11s %s\n", r->status, r->word, r->summary);
}

void sc_exit_man(FILE *out)
{
	fputs(".SH EXIT STATUS\n", out);
	for (const struct sc_exit_row *r = sc_exit_rows; r->word; r++) {
		fprintf(out, ".TP\n.BR %d \" (%s)\"\n", r->status, r->word);
		sc_roff_text(out, r->man);
		fputc('\n', out);
	}
}

void sc_exit_markdown(FILE *out)
{
	fputs("| status | verdict | meaning |\n|---|---|---|\n", out);
	for (const struct sc_exit_row *r = sc_exit_rows; r->word; r++)
		fprintf(out, "| %d | %s | %s |\n", r->status, r->word, r->summary);
}
