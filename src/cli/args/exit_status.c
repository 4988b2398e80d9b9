/*
 * exit_status.c - the exit-status table as --help, roff and Markdown (see
 * exit_status.h).
 */
#include "exit_status.h"

const struct sc_exit_row sc_exit_rows[] = {
#define SC_EXIT_ROW(c, n, w, s, m) { n, w, s, m },
	SC_EXIT_TABLE(SC_EXIT_ROW)
#undef SC_EXIT_ROW
	{ 0, NULL, NULL, NULL },
};

void sc_exit_help(FILE *out)
{
	fputs("\nExit status:\n", out);
	for (const struct sc_exit_row *r = sc_exit_rows; r->word; r++)
		fprintf(out, "  %d  %-11s %s\n", r->status, r->word, r->summary);
}

/* Text for roff: a dash that starts a word (an option) made a minus. */
static void roff(FILE *out, const char *s)
{
	for (const char *p = s; *p; p++) {
		if (*p == '-' && (p == s || p[-1] == ' ' || p[-1] == '(' || p[-1] == '-'))
			fputs("\\-", out);
		else
			fputc(*p, out);
	}
}

void sc_exit_man(FILE *out)
{
	fputs(".SH EXIT STATUS\n", out);
	for (const struct sc_exit_row *r = sc_exit_rows; r->word; r++) {
		fprintf(out, ".TP\n.BR %d \" (%s)\"\n", r->status, r->word);
		roff(out, r->man);
		fputc('\n', out);
	}
}

void sc_exit_markdown(FILE *out)
{
	fputs("| status | verdict | meaning |\n|---|---|---|\n", out);
	for (const struct sc_exit_row *r = sc_exit_rows; r->word; r++)
		fprintf(out, "| %d | %s | %s |\n", r->status, r->word, r->summary);
}
