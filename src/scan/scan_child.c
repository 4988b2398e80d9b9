/*
 * scan_child.c - running one child strcheck for --scan and reading what
 * it said (scan_child.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "scan_child.h"

#define OUT_MAX (64u << 20)  /* a report larger than this is cut (the row says so) */

static volatile pid_t running;   /* the child now running, for sc_scan_child_signal */

void sc_scan_child_signal(int sig)
{
	pid_t pid = running;

	if (pid > 0)
		kill(pid, sig);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int take(int fd, char **buf, size_t *len, size_t *cap)
{
	char chunk[65536];
	ssize_t n = read(fd, chunk, sizeof(chunk));

	if (n <= 0)
		return n < 0 && (errno == EINTR || errno == EAGAIN) ? 1 : 0;
	if (*len + (size_t)n + 1 > *cap && *len + (size_t)n + 1 <= OUT_MAX) {
		size_t c = *cap ? *cap : 65536;
		char *b;

		while (c < *len + (size_t)n + 1)
			c *= 2;
		if ((b = realloc(*buf, c))) {
			*buf = b;
			*cap = c;
		}
	}
	if (*len + (size_t)n + 1 <= *cap) {
		memcpy(*buf + *len, chunk, (size_t)n);
		*len += (size_t)n;
		(*buf)[*len] = 0;
	}
	return 1;
}

int sc_scan_spawn(char *const argv[], double limit, struct sc_child_out *co, char *err,
		  size_t errlen)
{
	int po[2], pe[2], st = 0;
	size_t cap[2] = { 0, 0 };
	double t0 = now(), killed_at = 0;
	pid_t pid;

	memset(co, 0, sizeof(*co));
	if (pipe2(po, O_CLOEXEC) != 0 || pipe2(pe, O_CLOEXEC) != 0) {
		snprintf(err, errlen, "--scan: cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "--scan: cannot start a check: %s", strerror(errno));
		close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(po[1], 1);
		dup2(pe[1], 2);
		execv("/proc/self/exe", argv);
		dprintf(2, "strcheck: --scan: cannot run /proc/self/exe: %s\n", strerror(errno));
		_exit(2);
	}
	running = pid;
	close(po[1]);
	close(pe[1]);
	struct pollfd fds[2] = { { po[0], POLLIN, 0 }, { pe[0], POLLIN, 0 } };
	int open_fds = 2;
	while (open_fds > 0) {
		double left = t0 + limit - now();

		if (left <= 0 && !killed_at) {
			/* Its own children go when it does (procs.c). */
			co->timed_out = 1;
			kill(pid, SIGTERM);
			killed_at = now();
		} else if (killed_at && now() - killed_at > 5) {
			kill(pid, SIGKILL);
		}
		if (poll(fds, 2, left > 0 ? (int)(left * 1000) + 1 : 1000) < 0 && errno != EINTR)
			break;
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			if (!take(fds[i].fd, i ? &co->err : &co->out, i ? &co->errlen : &co->outlen,
				  &cap[i])) {
				close(fds[i].fd);
				fds[i].fd = -1;
				open_fds--;
			}
		}
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	running = 0;
	co->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	co->seconds = now() - t0;
	if (!co->out)
		co->out = calloc(1, 1);
	if (!co->err)
		co->err = calloc(1, 1);
	return co->out && co->err ? 0 : -1;
}

void sc_scan_child_free(struct sc_child_out *co)
{
	free(co->out);
	free(co->err);
	co->out = co->err = NULL;
}

const char *sc_json_string(const char *doc, const char *from, const char *key, char *out,
			   size_t size)
{
	char pat[80];
	const char *p;
	size_t n = 0;

	snprintf(pat, sizeof(pat), "\"%s\": \"", key);
	/* Inside a JSON string a quote is escaped: the pattern cannot match there. */
	if (!(p = strstr(from ? from : doc, pat)))
		return NULL;
	for (p += strlen(pat); *p && *p != '"'; p++) {
		char c = *p;

		if (c == '\\' && p[1]) {
			c = *++p;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c == 'u' && strlen(p) >= 5) {
				unsigned v = 0;

				sscanf(p + 1, "%4x", &v);
				c = v < 0x80 ? (char)v : '?';
				p += 4;
			}
		}
		if (n + 1 < size)
			out[n++] = c;
	}
	out[n] = 0;
	return *p ? p + 1 : p;
}

void sc_last_error(const char *text, char *out, size_t size)
{
	const char *best = NULL, *last = NULL;

	for (const char *l = text; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
		if (*l == '\n')
			continue;
		last = l;
		if (!strncmp(l, "strcheck: ", 10) && strncmp(l, "strcheck: warning", 17))
			best = l + 10;
	}
	if (!best)
		best = last ? last : "no message";
	snprintf(out, size, "%.*s", (int)strcspn(best, "\n"), best);
}

/* src into dst of size, cut where it must be (a reason is one line). */
static void put(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src) < size - 1 ? strlen(src) : size - 1;

	memcpy(dst, src, n);
	dst[n] = 0;
}

void sc_child_reason(const struct sc_child_out *co, const char *what, char *why, size_t size)
{
	char last[4096], full[4600];

	if (co->timed_out)
		snprintf(why, size, "%s: no answer within its deadline", what);
	else if (co->status > 128)
		snprintf(why, size, "%s: strcheck died of signal %d", what, co->status - 128);
	else {
		const char *e = strstr(co->err, "undefined reference to ");
		char *cut, *rest;

		if (!e && (e = strstr(co->err, "error: ")))
			e += 7;
		sc_last_error(co->err, last, sizeof(last));
		/* A build's long command out, its first error in its place;
		 * what follows ("; built alone: ...") stays. */
		if (!(cut = strstr(last, " (its messages are above"))) {
			put(why, size, last);
			return;
		}
		rest = strstr(cut, "); ");
		*cut = 0;
		snprintf(full, sizeof(full), "%s (%.*s)%.500s", last,
			 e ? (int)(strcspn(e, "\n") % 400) : 0, e ? e : "", rest ? rest + 1 : "");
		put(why, size, full);
	}
}

