/*
 * child_fds.c - the checked child's descriptors around the load (see
 * child_fds.h).  A constructor runs inside the early sandbox, where the
 * loader still opens files: one that keeps /proc/self/mem open could later
 * write the checker's code with a plain pwrite, which no rule refuses.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../engine/memory/demand.h"
#include "child_fds.h"

void sc_child_std_fds(struct sc_std_fds *s)
{
	struct stat st;

	for (int fd = 0; fd < 3; fd++) {
		s->dev[fd] = 0, s->ino[fd] = 0;
		if (fstat(fd, &st) == 0)
			s->dev[fd] = st.st_dev, s->ino[fd] = st.st_ino;
	}
}

int sc_child_std_fds_changed(const struct sc_std_fds *s, const char *impl, char *err,
			     size_t size)
{
	struct sc_std_fds now;

	sc_child_std_fds(&now);
	for (int fd = 0; fd < 3; fd++)
		if (now.dev[fd] != s->dev[fd] || now.ino[fd] != s->ino[fd]) {
			snprintf(err, size, "cannot load %s: its constructor replaced standard "
				 "descriptor %d (strcheck's %s) with a file of its own", impl, fd,
				 fd ? "output" : "input");
			return 1;
		}
	return 0;
}

/* Close [lo, hi]: close_range where the kernel has it (5.9), else one by one. */
static int close_span(unsigned lo, unsigned hi)
{
	struct rlimit rl;
	unsigned top = 1u << 20;
	int n = 0;

#ifdef SYS_close_range
	if (syscall(SYS_close_range, lo, hi, 0) == 0)
		return 0;
#endif
	/* No descriptor lies at or above the limit as it is now. */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < top)
		top = (unsigned)rl.rlim_cur;
	for (unsigned fd = lo; fd <= hi && fd < top; fd++)
		n += close((int)fd) == 0;
	return n;
}

int sc_child_close_strays(int chan)
{
	int keep[9], nk, n = 0;
	unsigned lo = 3;

	keep[0] = chan;
	nk = 1 + sc_demand_fds(keep + 1, 8);
	/* In order, so the spans between them are closed whole. */
	for (int i = 1; i < nk; i++)
		for (int j = i; j > 0 && keep[j - 1] > keep[j]; j--) {
			int t = keep[j];

			keep[j] = keep[j - 1], keep[j - 1] = t;
		}
	for (int i = 0; i < nk; i++) {
		if (keep[i] < (int)lo)
			continue;
		if ((unsigned)keep[i] > lo)
			n += close_span(lo, (unsigned)keep[i] - 1);
		lo = (unsigned)keep[i] + 1;
	}
	return n + close_span(lo, ~0u);
}
