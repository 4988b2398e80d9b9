/*
 * kdiag.h - read a kernel file's build log (the compiler's and the
 * linker's messages): the functions of the file (kfuncs.h) that failed,
 * a missing header and where it was included, errors no function of the
 * file accounts for, and the first error line.
 */
#ifndef SC_KDIAG_H
#define SC_KDIAG_H

#include "../source/kfuncs.h"

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

#endif
