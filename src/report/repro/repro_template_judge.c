/* Compare the child's dest image with the reference's; 1 on a defect. */
static int judge(void)
{
	static unsigned char want[REPRO_SPAN + 2 * MARGIN];
	const unsigned char *got = out->win + before, *w = want + before;
	long long k, nul = -1, ref;
	size_t i;

	for (i = 0; i < win_len; i++)
		want[i] = canary((long long)i - (long long)before);
	for (i = 0; i < dinit_len; i++)
		want[before + i] = repro_dinit[i];
	ref = reference(want + before);
	for (k = -(long long)before; k < (long long)(win_len - before); k++) {
		if (k >= 0 && k < (long long)span)
			continue;
		if (got[k] != canary(k)) {
			printf("DEFECT: wrote dest[%lld] (%s dest[0..count-1])\n", k,
			       k < 0 ? "before" : "past");
			return 1;
		}
	}
	if (REPRO_HUGE && REPRO_API == 0 && case_count() > 0x7fffffffu && out->ret == -E2BIG) {
		for (i = 0; i < span && got[i] == canary((long long)i); i++)
			;
		if (i == span)
			return 0;           /* a count above INT_MAX may be refused */
	}
	if (out->ret != ref && (out->ret == RET_NULL || ref == RET_NULL)) {
		printf(out->ret == RET_NULL ? "DEFECT: returned NULL, the contract says dest+%lld\n" :
		       "DEFECT: returned dest+%lld, the contract says NULL\n",
		       out->ret == RET_NULL ? ref : out->ret);
		return 1;
	}
	if (out->ret != ref) {
		printf("DEFECT: returned %lld, the contract says %lld\n", out->ret, ref);
		return 1;
	}
	for (i = 0; i < span; i++) {
		/* strscpy, strscpy_pad, strlcpy, strlcat: a NUL, then bytes
		 * left alone or zeroed; the others' whole dest is fixed. */
		if ((REPRO_API <= 2 || REPRO_API == 4) && nul < 0 && w[i] == 0)
			nul = (long long)i;
		if (nul < 0 || (long long)i == nul || REPRO_API == 1) {
			if (got[i] != w[i]) {
				printf("DEFECT: dest[%zu] = 0x%02x, the contract says 0x%02x\n", i,
				       got[i], w[i]);
				return 1;
			}
		} else if (got[i] != w[i] && (REPRO_STRICT || got[i] != 0)) {
			printf("DEFECT: dest[%zu] = 0x%02x after the NUL: neither left alone nor zeroed\n",
			       i, got[i]);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *impl = argc > 1 ? argv[1] : REPRO_DEFAULT_IMPL;
	const char *symbol = argc > 2 ? argv[2] : REPRO_SYMBOL;
	int status = 0;
	pid_t pid;

#ifdef REPRO_LINKED
	(void)impl, (void)symbol;
	fn = (void *)&REPRO_SYMBOL_ID;
#else
	void *h = dlopen(impl, RTLD_NOW | RTLD_LOCAL);

	if (!h || !(fn = dlsym(h, symbol))) {
		fprintf(stderr, "repro: %s\n", dlerror());
		return 2;
	}
#endif
	out = mmap(NULL, sizeof(*out), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (out == MAP_FAILED)
		return perror("repro: mmap"), 2;
	map_arenas();
	set_up();                                   /* the parent judges from the same layout */
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return perror("repro: fork"), 2;
	if (pid == 0)
		child();
	for (int ms = 0; waitpid(pid, &status, WNOHANG) == 0; ms += 10) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		if (ms > (REPRO_SECONDS + 5) * 1000) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			printf("DEFECT: the call did not return (hang)\n");
			return 1;
		}
		nanosleep(&ts, NULL);
	}
	if (out->signo) {
		printf("DEFECT: %s at %#lx, in %s\n", out->signo == SIGSEGV ? "SIGSEGV" : "SIGBUS",
		       (unsigned long)out->fault, where(out->fault));
		return 1;
	}
	if (!out->done) {
		if (WIFSIGNALED(status))
			printf("DEFECT: the call killed the process (signal %d)\n", WTERMSIG(status));
		else
			printf("DEFECT: the call ended the process (exit status %d)\n",
			       WEXITSTATUS(status));
		return 1;
	}
	if (out->bad) {
		printf("DEFECT: %s (after %lu calls)\n", out->why, out->calls);
		return 1;
	}
	if (REPRO_MODE == 0 && judge())
		return 1;
	printf("ok: the defect is not there (%s)\n", REPRO_MODE ? "no violation seen" : "call kept "
	       "the contract");
	return 0;
}
