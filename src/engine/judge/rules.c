/* rules.c - the rule table and the defect class names (rules.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"

static const char *const class_names[SC_CLASS_COUNT] = {
	"pass", "overread", "overwrite", "underread", "underwrite", "src-write",
	"retval", "termination", "content", "leak", "race", "hang", "crash", "tamper",
};

const char *sc_class_name(enum sc_class cls)
{
	return (unsigned)cls < SC_CLASS_COUNT ? class_names[cls] : "?";
}

int sc_class_severity(enum sc_class cls)
{
	static const unsigned char rank[SC_CLASS_COUNT] = {
		[SC_OVERWRITE] = 1, [SC_UNDERWRITE] = 1, [SC_SRC_WRITE] = 1,
		[SC_OVERREAD] = 2, [SC_UNDERREAD] = 2,
		[SC_CRASH] = 3, [SC_HANG] = 3, [SC_TAMPER] = 3,
		[SC_RACE] = 4, [SC_TERMINATION] = 5, [SC_LEAK] = 6, [SC_CONTENT] = 6,
		[SC_RETVAL] = 7, [SC_PASS] = 8,
	};

	return (unsigned)cls < SC_CLASS_COUNT ? rank[cls] : 9;
}

#define B(cls) SC_CLASS_BIT(SC_##cls)

const struct sc_rule sc_rules[SC_RULE_COUNT] = {
	[SC_RULE_NO_FAULT] = { "no-fault",
		B(OVERREAD) | B(UNDERREAD) | B(OVERWRITE) | B(UNDERWRITE) | B(SRC_WRITE) | B(CRASH),
		"the call must not fault (guard pages around both buffers, source read-only)" },
	[SC_RULE_RETURNS] = { "returns", B(HANG) | B(CRASH),
		"the call must return in time and raise no signal" },
	[SC_RULE_NO_WRITE_BEFORE_DEST] = { "no-write-before-dest", B(UNDERWRITE),
		"nothing may be written before dest (canaries)" },
	[SC_RULE_NO_WRITE_PAST_COUNT] = { "no-write-past-count", B(OVERWRITE),
		"nothing may be written at dest[count] or beyond (canaries; strncat: past "
		"dest[dlen+k], the NUL it appends)" },
	[SC_RULE_RETURN_VALUE] = { "return-value", B(RETVAL),
		"the return value must equal the byte reference's" },
	[SC_RULE_NUL_TERMINATED] = { "nul-terminated", B(TERMINATION),
		"dest must be NUL-terminated where the contract puts the NUL" },
	[SC_RULE_COPIED_BYTES] = { "copied-bytes", B(CONTENT),
		"the bytes before the NUL must be the source's" },
	[SC_RULE_ZERO_FILL] = { "zero-fill", B(CONTENT),
		"the bytes after the source's end must be zero-filled up to count" },
	[SC_RULE_ZERO_PADDED] = { "zero-padded", B(CONTENT) | B(RACE),
		"every byte after the NUL up to dest[count-1] must be zero" },
	[SC_RULE_HUGE_COUNT_WRITES_NOTHING] = { "huge-count-writes-nothing", B(CONTENT),
		"a count above INT_MAX that the contract refuses (strscpy_pad) must leave dest "
		"untouched" },
	[SC_RULE_NO_LEAK_AFTER_NUL] = { "no-leak-after-nul", B(LEAK) | B(RACE),
		"bytes after the NUL: left unchanged or zeroed, never source bytes" },
	[SC_RULE_UNCHANGED_AFTER_NUL] = { "unchanged-after-nul", B(LEAK) | B(RACE),
		"bytes after the NUL must be left unchanged (--strict)" },
	[SC_RULE_DEST_STRING_KEPT] = { "dest-string-kept", B(CONTENT),
		"strlcat, strncat: dest's string before the call (dest[0..dlen-1]) must be left as "
		"it was" },
	[SC_RULE_UNTERMINATED_UNTOUCHED] = { "unterminated-dest-untouched", B(CONTENT),
		"strlcat: a dest with no NUL in its size bytes must be left untouched" },
	[SC_RULE_STOPS_AFTER_C] = { "stops-after-c", B(CONTENT),
		"memccpy: nothing may be written after the copy of (unsigned char)c" },
	[SC_RULE_READ_PAGES] = { "reads-allowed-pages", B(OVERREAD) | B(UNDERREAD),
		"reads no page that holds none of the bytes it may read, mapped or not (traced)" },
	[SC_RULE_RACE_RETURN_IN_RANGE] = { "return-in-range", B(RACE),
		"with the source changing mid-call, the return must be a length below count or "
		"-E2BIG" },
	[SC_RULE_RACE_NUL_TERMINATED] = { "nul-terminated", B(RACE),
		"with the source changing mid-call, dest must still be NUL-terminated" },
	[SC_RULE_RACE_LENGTH_AGREES] = { "length-agrees", B(RACE),
		"with the source changing mid-call, the return must agree with the NUL written" },
	[SC_RULE_READER_SEES_NUL] = { "reader-sees-nul", B(RACE),
		"a concurrent reader must always see a NUL in dest[0..count-1] (each byte written "
		"once)" },
	[SC_RULE_DEST_WRITTEN_ONCE] = { "dest-written-once", B(RACE),
		"each dest byte must be written once: dest[count-1], a NUL before and after the "
		"call, never holds another byte during it" },
	[SC_RULE_STRLCPY_RETURN] = { "strlcpy-return", B(CONTENT),
		"strlcpy must return strscpy's length, or at least count when strscpy returns "
		"-E2BIG (relations)" },
	[SC_RULE_STRLCPY_IMAGE] = { "strlcpy-image", B(CONTENT),
		"strlcpy must write the image strscpy writes, up to its NUL (relations)" },
	[SC_RULE_STRNCPY_IMAGE] = { "strncpy-image", B(CONTENT),
		"strncpy's image must equal strscpy's on dest[0..min(L, count-1)-1] (relations)" },
	[SC_RULE_NO_EXIT] = { "no-exit", B(CRASH),
		"the call must not end the process (exit, _exit)" },
	[SC_RULE_PROCESS_SURVIVES] = { "process-survives", B(CRASH),
		"the call must not kill the process" },
	[SC_RULE_MAKES_PROGRESS] = { "makes-progress", B(HANG),
		"the call must return (the supervisor's own watchdog)" },
	/* Tampering: what the sandbox refuses (docs/tamper.md), and reports
	 * from the checked process that do not hold. */
	[SC_RULE_NO_SIGNALS] = { "no-signals", B(TAMPER),
		"the call must not signal other processes, strcheck included (kill, tgkill, sigqueue)" },
	[SC_RULE_NO_PROCESSES] = { "no-processes", B(TAMPER),
		"the call must not start processes or programs (fork, clone, execve, setsid)" },
	[SC_RULE_NO_OTHER_PROCESS] = { "no-other-process", B(TAMPER),
		"the call must not reach into another process (ptrace, process_vm_writev, pidfd, "
		"prlimit)" },
	[SC_RULE_NO_FILES] = { "no-files", B(TAMPER),
		"the call must not open files (open, openat, io_uring)" },
	[SC_RULE_NO_MEMORY_CHANGES] = { "no-memory-changes", B(TAMPER),
		"the call must not change the protection or mapping of the checker's memory "
		"(mprotect, munmap, mmap, mremap, madvise)" },
	[SC_RULE_NO_SIGNAL_HANDLERS] = { "no-signal-handlers", B(TAMPER),
		"the call must not install handlers for the signals the checker owns, nor replace "
		"its channel" },
	[SC_RULE_SANDBOXED] = { "sandboxed", B(TAMPER),
		"the call must make no system call the sandbox refuses" },
	[SC_RULE_NO_SHARED_WRITE] = { "no-shared-write", B(TAMPER),
		"the call must not write the memory the checked process shares with strcheck" },
	[SC_RULE_HONEST_REPORTS] = { "honest-reports", B(TAMPER),
		"what the checked process reports to strcheck must hold (framing, sequence, counts, "
		"progress; signals it sends are its own)" },
};

const struct sc_rule *sc_rule_find(enum sc_class cls, const char *id)
{
	for (unsigned i = 0; i < SC_RULE_COUNT; i++)
		if ((sc_rules[i].classes & SC_CLASS_BIT(cls)) && !strcmp(sc_rules[i].id, id))
			return &sc_rules[i];
	return NULL;
}

enum sc_class sc_rule_class(enum sc_rule_id rule)
{
	unsigned m = (unsigned)rule < SC_RULE_COUNT ? sc_rules[rule].classes : 0;

	/* A rule that also holds under a race (the bytes after the NUL) is
	 * its own class outside one. */
	if (m & ~SC_CLASS_BIT(SC_RACE))
		m &= ~SC_CLASS_BIT(SC_RACE);

	/* Exactly one bit set: its index. */
	if (!m || (m & (m - 1)))
		return SC_PASS;
	return (enum sc_class)__builtin_ctz(m);
}

void sc_rules_list(FILE *out)
{
	for (unsigned i = 0; i < SC_RULE_COUNT; i++) {
		char classes[160] = "";
		size_t len = 0;

		for (unsigned k = 0; k < SC_CLASS_COUNT; k++)
			if (sc_rules[i].classes & SC_CLASS_BIT(k))
				len += (size_t)snprintf(classes + len, sizeof(classes) - len, "%s%s",
							len ? "," : "", class_names[k]);
		fprintf(out, "%-21s %-12s %s\n", sc_rules[i].id, classes, sc_rules[i].clause);
	}
}

int sc_add_finding(struct sc_finding *f, int n, int max, enum sc_rule_id rule,
		   enum sc_class cls, int64_t offset, const char *fmt, ...)
{
	va_list ap;

	if (n >= max)
		return n;
	f[n].cls = cls == SC_PASS ? sc_rule_class(rule) : cls;
	f[n].rule = sc_rules[rule].id;
	f[n].offset = offset;
	va_start(ap, fmt);
	vsnprintf(f[n].what, sizeof(f[n].what), fmt, ap);
	va_end(ap);
	return n + 1;
}
