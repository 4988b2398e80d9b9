#include <errno.h>
#include <elf.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../engine/load/elf_id.h"
#include "build.h"

enum sc_input_kind sc_input_kind(const char *path)
{
	unsigned char h[SC_ELF_ID_LEN];
	struct sc_elf_id id;
	ssize_t n = 0;
	size_t len = strlen(path);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		n = read(fd, h, sizeof(h));
		close(fd);
	}
	if (n >= 8 && !memcmp(h, "!<arch>\n", 8))
		return SC_IN_AR;
	if (n > 0 && sc_elf_id(h, (size_t)n, &id))
		return id.type == ET_REL ? SC_IN_OBJ : SC_IN_SO;
	if (len > 2 && !strcmp(path + len - 2, ".c"))
		return SC_IN_C;
	if (len > 2 && (!strcmp(path + len - 2, ".S") || !strcmp(path + len - 2, ".s")))
		return SC_IN_ASM;
	return SC_IN_OTHER;
}

void sc_shell_append(char *out, size_t len, const char *word)
{
	size_t n = strlen(out);
	int plain = *word != 0;

	for (const char *p = word; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "-_./=,:+@%", *p))
			plain = 0;
	if (n && n + 1 < len)
		out[n++] = ' ';
	if (plain) {
		snprintf(out + n, len - n, "%s", word);
		return;
	}
	/* Single quotes, each ' as '\'' : what a shell reads back as word. */
	if (n + 1 < len)
		out[n++] = '\'';
	for (const char *p = word; *p && n + 5 < len; p++) {
		if (*p == '\'') {
			memcpy(out + n, "'\\''", 4);
			n += 4;
		} else {
			out[n++] = *p;
		}
	}
	if (n + 1 < len)
		out[n++] = '\'';
	out[n < len ? n : len - 1] = 0;
}

int sc_build_dir(struct sc_build *b, char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");

	memset(b, 0, sizeof(*b));
	if (!tmp || !*tmp || strlen(tmp) > 200)
		tmp = "/tmp";
	snprintf(b->dir, sizeof(b->dir), "%s/strcheck-build.XXXXXX", tmp);
	if (!mkdtemp(b->dir)) {
		snprintf(err, errlen, "cannot make a build directory in %s: %s", tmp,
			 strerror(errno));
		b->dir[0] = 0;
		return -1;
	}
	b->owner = getpid();
	snprintf(b->so, sizeof(b->so), "%s/candidate.so", b->dir);
	return 0;
}

/* Split s on blanks into argv[*argc..], copying into store. */
static int split_words(const char *s, char *store, size_t storelen, char **argv, int *argc)
{
	size_t used = 0;

	while (*s) {
		size_t n;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		n = strcspn(s, " \t\n");
		if (!n)
			break;
		if (*argc >= SC_BUILD_MAX_ARGS - 16 || used + n + 1 > storelen)
			return -1;
		memcpy(store + used, s, n);
		store[used + n] = 0;
		argv[(*argc)++] = store + used;
		used += n + 1;
		s += n;
	}
	return (int)used;
}

/* Run argv with its stdout into out (NUL-terminated, NULL: to our stderr)
 * and its stderr to ours (quiet: to /dev/null); its exit status, or -1
 * with errno set when it cannot start. */
static int run(char **argv, char *out, size_t outlen, int quiet, const char *log)
{
	int pfd[2], ofd[2] = { -1, -1 }, status, code = 0;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC) != 0)
		return -1;
	if (out && pipe2(ofd, O_CLOEXEC) != 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		/* Whatever the compiler prints goes to stderr, never the report. */
		dup2(out ? ofd[1] : STDERR_FILENO, STDOUT_FILENO);
		if (quiet || log) {
			int fd = log ? open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600)
				     : open("/dev/null", O_WRONLY);

			if (fd >= 0)
				dup2(fd, STDERR_FILENO);
			if (fd >= 0 && log)
				dup2(fd, STDOUT_FILENO);
			/* Messages read back (kfuncs.c) are parsed in English. */
			if (log)
				setenv("LC_ALL", "C", 1);
		}
		execvp(argv[0], argv);
		code = errno;
		if (write(pfd[1], &code, sizeof(code)) < 0)
			_exit(127);
		_exit(127);
	}
	close(pfd[1]);
	if (out) {
		close(ofd[1]);
		while ((n = read(ofd[0], out + got, outlen - 1 - got)) > 0 && got + (size_t)n < outlen - 1)
			got += (size_t)n;
		if (n > 0)
			got += (size_t)n;
		out[got] = 0;
		/* Drain the rest so the compiler never blocks on a full pipe. */
		while (n > 0) {
			char sink[4096];

			n = read(ofd[0], sink, sizeof(sink));
		}
		close(ofd[0]);
	}
	if (read(pfd[0], &code, sizeof(code)) != (ssize_t)sizeof(code))
		code = 0;
	close(pfd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (code) {
		errno = code;
		return -1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* argv = compiler words, then extra (NULL-terminated), then the flags and
 * pre arguments of the request.  The argument count, or -1 (too long). */
static int prefix(const struct sc_build_req *req, const char *const *extra, char **argv,
		  char *store, size_t storelen)
{
	const char *cc = req->cc, *cflags = req->cflags;
	int argc = 0, n, used;

	if (!cc || !*cc)
		cc = getenv("CC");
	if (!cc || !*cc)
		cc = "cc";
	if (!cflags)
		cflags = getenv("CFLAGS");
	if (!cflags)
		cflags = "-O2 -g";
	if ((n = split_words(cc, store, storelen, argv, &argc)) <= 0)
		return n == 0 ? -2 : -1;
	used = n;
	for (int i = 0; extra && extra[i]; i++)
		argv[argc++] = (char *)extra[i];
	if ((n = split_words(cflags, store + used, storelen - (size_t)used, argv, &argc)) < 0)
		return -1;
	for (int i = 0; req->pre && req->pre[i]; i++) {
		if (argc >= SC_BUILD_MAX_ARGS - 16)
			return -1;
		argv[argc++] = (char *)req->pre[i];
	}
	return argc;
}

int sc_build_query(const struct sc_build_req *req, const char *const *args, char *out,
		   size_t outlen)
{
	static char store[16384];
	char *argv[SC_BUILD_MAX_ARGS];
	int argc = prefix(req, NULL, argv, store, sizeof(store));

	if (argc < 0)
		return -1;
	for (int i = 0; args[i]; i++) {
		if (argc >= SC_BUILD_MAX_ARGS - 1)
			return -1;
		argv[argc++] = (char *)args[i];
	}
	argv[argc] = NULL;
	return run(argv, out, outlen, 1, NULL);
}

int sc_build_so(const struct sc_build_req *req, struct sc_build *b, char *err, size_t errlen)
{
	static char store[16384], outarg[320];
	static const char *const own[] = { "-fPIC", "-shared", NULL };
	char *argv[SC_BUILD_MAX_ARGS];
	int argc, rc, archives = 0;

	argc = prefix(req, own, argv, store, sizeof(store));
	if (argc == -2) {
		snprintf(err, errlen, "--cc: no compiler named%s", "");
		return -1;
	}
	if (argc < 0)
		goto too_long;
	/* -Bsymbolic: the candidate's calls to its own functions stay inside it. */
	argv[argc++] = "-Wl,-Bsymbolic";
	argv[argc++] = "-Wl,--no-undefined";
	argv[argc++] = "-o";
	snprintf(outarg, sizeof(outarg), "%s", b->so);
	argv[argc++] = outarg;
	for (size_t i = 0; i < req->ninputs; i++) {
		enum sc_input_kind k = sc_input_kind(req->inputs[i]);

		if (argc >= SC_BUILD_MAX_ARGS - 4)
			goto too_long;
		if (k == SC_IN_OTHER || k == SC_IN_SO) {
			snprintf(err, errlen, "cannot build from %s: %s", req->inputs[i],
				 access(req->inputs[i], R_OK) != 0 ? strerror(errno)
				 : k == SC_IN_SO ? "a shared object cannot be linked into another one; "
						   "give it alone to --impl"
				 : "not a C source (.c), an assembly file (.S), an object file or a "
				   "static archive");
			return -1;
		}
		/* Every member of an archive: nothing references them yet. */
		if (k == SC_IN_AR && !archives++)
			argv[argc++] = "-Wl,--whole-archive";
		if (k != SC_IN_AR && archives) {
			argv[argc++] = "-Wl,--no-whole-archive";
			archives = 0;
		}
		argv[argc++] = (char *)req->inputs[i];
	}
	if (archives)
		argv[argc++] = "-Wl,--no-whole-archive";
	argv[argc] = NULL;

	b->cmd[0] = 0;
	for (int i = 0; i < argc; i++)
		sc_shell_append(b->cmd, sizeof(b->cmd), argv[i]);
	if (req->verbose)
		fprintf(stderr, "strcheck: building: %s\n", b->cmd);
	rc = run(argv, NULL, 0, 0, req->log);
	if (rc < 0) {
		snprintf(err, errlen, "cannot run the C compiler '%s': %s (name one with --cc or CC)",
			 argv[0], strerror(errno));
		return -1;
	}
	if (rc != 0) {
		snprintf(err, errlen, "cannot build %s%s: %s exited with status %d (its messages "
			 "are %s; the command: %s)", req->inputs[0],
			 req->ninputs > 1 ? " and the other inputs" : "", argv[0], rc,
			 req->log ? req->log : "above", b->cmd);
		return -1;
	}
	return 0;

too_long:
	snprintf(err, errlen, "the build command is too long (more than %d words)",
		 SC_BUILD_MAX_ARGS - 16);
	return -1;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

void sc_build_remove(struct sc_build *b)
{
	if (!b->dir[0] || getpid() != b->owner)
		return;
	nftw(b->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	b->dir[0] = 0;
}

int sc_input_elf_id(const char *path, struct sc_elf_id *id)
{
	unsigned char h[SC_ELF_ID_LEN];
	int fd = open(path, O_RDONLY | O_CLOEXEC), found = 0;
	off_t at = 8;

	if (fd < 0)
		return 0;
	if (pread(fd, h, 20, 0) == 20 && sc_elf_id(h, sizeof(h), id)) {
		found = 1;
	} else if (!memcmp(h, "!<arch>\n", 8)) {
		/* Members: a 60-byte header (size in bytes 48..57), then the
		 * data, padded to even; the first ELF member tells. */
		for (int i = 0; i < 64 && !found; i++) {
			unsigned char mh[60];
			char num[11];
			long size;

			if (pread(fd, mh, 60, at) != 60 || pread(fd, h, 20, at + 60) != 20)
				break;
			memcpy(num, mh + 48, 10);
			num[10] = 0;
			size = strtol(num, NULL, 10);
			found = sc_elf_id(h, sizeof(h), id);
			if (size <= 0)
				break;
			at += 60 + size + (size & 1);
		}
	}
	close(fd);
	return found;
}

unsigned sc_input_machine(const char *path)
{
	struct sc_elf_id id;

	return sc_input_elf_id(path, &id) ? id.machine : 0;
}
