/*
 * kfuncs.h - the top-level functions of a kernel C file, so that a build
 * failure in one of them does not stop the check of another: find where
 * each is defined, tell from the compiler's and the linker's messages
 * which of them failed, and write a copy of the file without them (the
 * same lines, the left-out definitions blank, every preprocessor line
 * kept, so that line numbers and #if nesting stay as they were).
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

struct sc_kfile {
	char *text;              /* the whole file, NUL-terminated */
	size_t len;
	struct sc_kfunc f[SC_KFUNCS_MAX];
	int n;
	int ok;                  /* the scan understood the file (braces balanced) */
};

/* Read path and find its function definitions.  0, or -1 (unreadable). */
int sc_kfile_load(struct sc_kfile *k, const char *path);
void sc_kfile_free(struct sc_kfile *k);

/* Mark the functions named in roots (NULL-terminated), and every file
 * function they name, transitively, as needed. */
void sc_kfile_need(struct sc_kfile *k, const char *const *roots);

/* What the messages in log say about the build of path (the file as it
 * was given to the compiler). */
struct sc_kdiag {
	char header[128];        /* a missing header ("linux/foo.h"), or "" */
	char includer[256];      /* where it was included: "lib/string.c:12", or "" */
	int failed[SC_KFUNCS_MAX];  /* indices of the file's functions with an error */
	int nfailed;
	int elsewhere;           /* errors no function of the file accounts for */
	int link_unplaced;       /* ... of them, undefined references the linker placed in
				  * no function of the file (an inline function of a header,
				  * named from the debug information) */
	char first[400];         /* the first error line, for the one-line message */
};

void sc_kfile_diagnose(const struct sc_kfile *k, const char *path, const char *log,
		       struct sc_kdiag *d);

/* Write the file without the functions marked drop (and their
 * EXPORT_SYMBOL lines).  0, or -1 with errno. */
int sc_kfile_write(const struct sc_kfile *k, const char *path);

#endif
