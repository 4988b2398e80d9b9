/*
 * build.h - turn a candidate's C sources, objects and archives into a
 * shared object strcheck can load.
 *
 * The build happens in a private directory (mkdtemp) with the C compiler
 * the caller names, one command, linked -Bsymbolic so that every call the
 * candidate makes to a function it defines itself goes to its own
 * definition, never to a C library symbol of the same name.  The parent
 * process owns the directory and removes it at the end, whatever happened
 * to the children that loaded it.
 *
 * Interface for other builders (the cross-architecture runner uses it with
 * --cc=s390x-linux-gnu-gcc and so on): fill a struct sc_build_req, call
 * sc_build_dir() then sc_build_so(); the compiler and flags are plain
 * parameters, nothing here assumes the host's compiler.
 */
#ifndef SC_BUILD_H
#define SC_BUILD_H

#include <stddef.h>
#include <sys/types.h>

/* What a path given as --impl holds. */
enum sc_input_kind { SC_IN_SO, SC_IN_C, SC_IN_OBJ, SC_IN_AR, SC_IN_OTHER, SC_IN_ASM };

/* By its first bytes (ELF type, archive magic), else by its name (.c;
 * .S or .s: assembly); SC_IN_OTHER for anything else, or a file that
 * cannot be read. */
enum sc_input_kind sc_input_kind(const char *path);

#define SC_BUILD_MAX_ARGS 256

struct sc_build_req {
	const char *cc;          /* compiler, split on blanks ("ccache gcc"); NULL: $CC, else "cc" */
	const char *cflags;      /* split on blanks; NULL: $CFLAGS, else "-O2 -g" */
	const char *const *pre;  /* arguments before the inputs (NULL-terminated; may be NULL) */
	const char *const *inputs;  /* .c, .o, .a files, in order */
	size_t ninputs;
	int verbose;             /* print the command on stderr before running it */
	const char *log;         /* NULL: the compiler's messages to stderr; else into this file */
};

struct sc_build {
	char dir[256];           /* the private directory; "" when none */
	char so[300];            /* the shared object built in it */
	char cmd[8192];          /* the exact command, shell-quoted, for the report */
	pid_t owner;             /* only this process removes dir */
};

/* Make the private directory (under $TMPDIR or /tmp).  0, or -1 with one
 * line in err. */
int sc_build_dir(struct sc_build *b, char *err, size_t errlen);

/*
 * Build b->so from the request in b->dir.  The compiler's own messages go
 * to stderr as it prints them.  0 on success; -1 with one line in err
 * saying what failed (compiler not found, compile or link failed with its
 * exit status, an input that is neither C, object nor archive).
 */
int sc_build_so(const struct sc_build_req *req, struct sc_build *b, char *err, size_t errlen);

/* Run the request's compiler with its flags and pre arguments, then args
 * (NULL-terminated), for what it prints (e.g. -E -dM): stdout into out,
 * stderr discarded.  Its exit status, or -1 when it cannot run. */
int sc_build_query(const struct sc_build_req *req, const char *const *args, char *out,
		   size_t outlen);

struct sc_elf_id;

/* The ELF identity (class, byte order, type, machine) of path, or of the
 * first ELF member of the archive path, into id: 1, or 0 when there is
 * none. */
int sc_input_elf_id(const char *path, struct sc_elf_id *id);

/* The ELF machine a .o (or an archive's first object) is for, 0 if it
 * cannot tell. */
unsigned sc_input_machine(const char *path);

/* Remove b->dir and everything in it, when called by the process that
 * made it (a forked child that exits must not remove its parent's files). */
void sc_build_remove(struct sc_build *b);

/* Append the shell-quoted word to out (of size len), with a space before
 * it unless out is empty. */
void sc_shell_append(char *out, size_t len, const char *word);

/* Write text to path.  0, or -1 with one line in err (files.c). */
int sc_write_file(const char *path, const char *text, char *err, size_t errlen);

/* The whole file (up to 4 MiB) as a string, NULL if unreadable; free it
 * (files.c). */
char *sc_read_file(const char *path);

#endif
