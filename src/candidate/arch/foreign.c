#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "beside.h"
#include "foreign.h"

/* Set by the strcheck that started this one: how it runs.  Its presence
 * also means "already the foreign build": no second hop. */
#define RUN_AS_ENV "STRCHECK_RUN_AS"
/* Where the cross builds are (default: cross/ beside this binary). */
#define CROSS_DIR_ENV "STRCHECK_CROSS_DIR"

int sc_foreign_target(const char *impl, const struct sc_arch *want,
		      const struct sc_arch **out, char *err, size_t errlen)
{
	const struct sc_arch *self = sc_arch_self(), *of = NULL;
	char a[64], b[64], first[PATH_MAX];
	int rc = 0;

	/* Several inputs (comma-separated): the first one tells. */
	if (impl) {
		snprintf(first, sizeof(first), "%.*s", (int)strcspn(impl, ","), impl);
		rc = sc_arch_of_file(first, &of, err, errlen);
	}

	if (rc < 0)
		return 2;
	if (rc == 0)
		of = want ? want : self;
	if (want && of != want) {
		sc_arch_describe(of, a, sizeof(a));
		sc_arch_describe(want, b, sizeof(b));
		snprintf(err, errlen, "%s is built for %s, not for --arch=%s (leave --arch out to "
			 "check it on its own architecture)", impl, a, want->name);
		return 2;
	}
	*out = of;
	return 0;
}

/* Is there an executable called name on $PATH?  Its path in buf. */
static int on_path(const char *name, char *buf, size_t n)
{
	const char *path = getenv("PATH");

	for (const char *p = path ? path : ""; *p; p += *p == ':') {
		size_t len = strcspn(p, ":");

		snprintf(buf, n, "%.*s/%s", (int)len, p, name);
		p += len;
		if (len && access(buf, X_OK) == 0)
			return 1;
	}
	return 0;
}

/* Where strcheck's build for a is: $STRCHECK_CROSS_DIR/NAME/strcheck, or
 * cross/NAME/strcheck beside this program. */
static void cross_binary(const struct sc_arch *a, char *buf, size_t n)
{
	const char *dir = getenv(CROSS_DIR_ENV);
	char rel[128];
	const char *r = rel;

	if (dir && *dir) {
		snprintf(buf, n, "%s/%s/strcheck", dir, a->name);
		return;
	}
	snprintf(rel, sizeof(rel), "cross/%s/strcheck", a->name);
	if (sc_beside_self(&r, 1, "", X_OK, buf, n) < 0 && !*buf)
		snprintf(buf, n, "./%s", rel);
}

/* What to do to get a cross build: install the compiler, or just build. */
static void how_to_build(const struct sc_arch *a, char *buf, size_t n)
{
	char cc[PATH_MAX], first[64];

	snprintf(first, sizeof(first), "%.*s", (int)strcspn(a->cc, " "), a->cc);
	if (on_path(first, cc, sizeof(cc)) && strcmp(a->name, "i386"))
		snprintf(buf, n, "run 'make cross-%s'", a->name);
	else
		snprintf(buf, n, "install %s, then run 'make cross-%s'", a->packages, a->name);
}

/* head, argv, then "--cc=CC" when cc is given. */
static char **new_args(char **argv, const char *cc, char **head, int nhead)
{
	int n = 0;
	char **v;

	while (argv[n])
		n++;
	v = calloc((size_t)(n + nhead + 2), sizeof(*v));
	if (!v)
		return NULL;
	memcpy(v, head, (size_t)nhead * sizeof(*v));
	memcpy(v + nhead, argv, (size_t)n * sizeof(*v));
	if (cc) {
		size_t len = strlen(cc) + 6;

		v[nhead + n] = malloc(len);
		if (!v[nhead + n])
			return NULL;
		snprintf(v[nhead + n], len, "--cc=%s", cc);
	}
	return v;
}

/* Exec head + argv (+ --cc) with run_as in the environment; returns only
 * on failure, with errno. */
static void exec_with(char **head, int nhead, char **argv, const char *cc, const char *run_as)
{
	char **args = new_args(argv, cc, head, nhead);

	if (!args || setenv(RUN_AS_ENV, run_as, 1) != 0) {
		errno = ENOMEM;
		return;
	}
	execv(args[0], args);
	free(args);
}

int sc_foreign_exec(const struct sc_arch *a, const char *name, char **argv, const char *cc,
		    char *err, size_t errlen)
{
	const struct sc_arch *self = sc_arch_self();
	char bin[PATH_MAX], qemu[PATH_MAX], libc[PATH_MAX], how[256], desc[64], run_as[160];
	char *head[4];
	int nhead = 0, native = self && a->runs_on == self->machine;
	struct stat st;

	sc_arch_describe(a, desc, sizeof(desc));
	if (getenv(RUN_AS_ENV)) {
		snprintf(err, errlen, "%s is for %s, but this is strcheck's %s build, "
			 "started by another strcheck: run that one", name, desc,
			 self ? self->name : "unknown");
		return 2;
	}
	cross_binary(a, bin, sizeof(bin));
	if (access(bin, X_OK) != 0) {
		how_to_build(a, how, sizeof(how));
		snprintf(err, errlen, "%s is for %s and there is no %s build of strcheck "
			 "(%s): %s", name, desc, a->name, bin, how);
		return 2;
	}
	if (native) {
		snprintf(run_as, sizeof(run_as), "native (%d-bit process on the %s kernel)",
			 a->bits, self->name);
		head[0] = bin;
		exec_with(head, 1, argv, cc, run_as);
		if (errno != ENOEXEC) {
			snprintf(err, errlen, "cannot run %s: %s", bin, strerror(errno));
			return 2;
		}
		/* A kernel built without its 32-bit mode: qemu-user runs the
		 * program, with the C library the host has for it (multilib). */
		unsetenv(RUN_AS_ENV);
	}
	if (!on_path(a->qemu, qemu, sizeof(qemu))) {
		snprintf(err, errlen, "%s is for %s: running strcheck's %s build "
			 "needs %s: install qemu-user%s", name, desc, a->name, a->qemu,
			 native ? " (this kernel runs no such program natively)" : "");
		return 2;
	}
	snprintf(libc, sizeof(libc), "%s%s", native ? "/" : "/usr/", native ? "" : a->triplet);
	if (stat(libc, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s is for %s: qemu needs its C library in "
			 "%s: install %s", name, desc, libc, a->packages);
		return 2;
	}
	head[nhead++] = qemu;
	head[nhead++] = "-L";
	head[nhead++] = libc;
	head[nhead++] = bin;
	snprintf(run_as, sizeof(run_as), "emulated by %s (qemu-user)%s", a->qemu,
		 native ? ": this kernel runs no such program natively" : "");
	exec_with(head, nhead, argv, cc, run_as);
	snprintf(err, errlen, "cannot run %s: %s", qemu, strerror(errno));
	return 2;
}

const char *sc_foreign_how(void)
{
	static char buf[256];
	const struct sc_arch *self = sc_arch_self();
	const char *run_as = getenv(RUN_AS_ENV);
	char desc[64];

	if (!self)
		return "an architecture strcheck has no name for";
	sc_arch_describe(self, desc, sizeof(desc));
	snprintf(buf, sizeof(buf), "%s, %s", desc, run_as && *run_as ? run_as : "native");
	return buf;
}

const char *sc_foreign_replay_arch(void)
{
	static char buf[80];
	const struct sc_arch *self = sc_arch_self();

	if (!getenv(RUN_AS_ENV) || !self)
		return NULL;
	snprintf(buf, sizeof(buf), "--arch=%s", self->name);
	return buf;
}
