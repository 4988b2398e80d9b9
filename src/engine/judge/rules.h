/*
 * rules.h - the contract as one table: each rule the checker can report,
 * the defect class(es) it names, and the clause of the contract it checks.
 *
 * The judges (judge.c, the race judge, relations.c), the supervisor (a
 * process that died or stalled), the reports (the "check" line) and the
 * docs (strcheck --list-rules; tests/suite-31-options.sh checks that
 * docs/contract.md names every rule) all take the rules from here, so a
 * rule's name, class and clause are written once.
 */
#ifndef SC_RULES_H
#define SC_RULES_H

#include <stdint.h>
#include <stdio.h>

/* Defect classes (docs/contract.md, "The defect classes"). */
enum sc_class {
	SC_PASS,
	SC_OVERREAD,
	SC_OVERWRITE,
	SC_UNDERREAD,
	SC_UNDERWRITE,
	SC_SRC_WRITE,
	SC_RETVAL,
	SC_TERMINATION,
	SC_CONTENT,
	SC_LEAK,
	SC_RACE,
	SC_HANG,
	SC_CRASH,
	SC_TAMPER,      /* reached for what no string copy needs (sandbox, reports) */
	SC_CLASS_COUNT
};

/* The class's name as reports print it ("overread", ...; "?" if unknown). */
const char *sc_class_name(enum sc_class cls);

/* How bad a class is, 1 first: a write outside dest or into src, then a
 * read outside what the call may read, a crash, hang or tampering, a race,
 * a missing terminator, content and leaks, return values.  The order
 * defects are listed in (a scan row's first defect is the worst). */
int sc_class_severity(enum sc_class cls);

/* Every rule, in the order of the table (and of --list-rules). */
enum sc_rule_id {
	SC_RULE_NO_FAULT,
	SC_RULE_RETURNS,
	SC_RULE_NO_WRITE_BEFORE_DEST,
	SC_RULE_NO_WRITE_PAST_COUNT,
	SC_RULE_RETURN_VALUE,
	SC_RULE_NUL_TERMINATED,
	SC_RULE_COPIED_BYTES,
	SC_RULE_ZERO_FILL,
	SC_RULE_ZERO_PADDED,
	SC_RULE_HUGE_COUNT_WRITES_NOTHING,
	SC_RULE_NO_LEAK_AFTER_NUL,
	SC_RULE_UNCHANGED_AFTER_NUL,
	SC_RULE_DEST_STRING_KEPT,
	SC_RULE_UNTERMINATED_UNTOUCHED,
	SC_RULE_STOPS_AFTER_C,
	SC_RULE_READ_PAGES,
	SC_RULE_RACE_RETURN_IN_RANGE,
	SC_RULE_RACE_NUL_TERMINATED,
	SC_RULE_RACE_LENGTH_AGREES,
	SC_RULE_READER_SEES_NUL,
	SC_RULE_DEST_WRITTEN_ONCE,
	SC_RULE_STRLCPY_RETURN,
	SC_RULE_STRLCPY_IMAGE,
	SC_RULE_STRNCPY_IMAGE,
	SC_RULE_NO_EXIT,
	SC_RULE_PROCESS_SURVIVES,
	SC_RULE_MAKES_PROGRESS,
	SC_RULE_NO_SIGNALS,
	SC_RULE_NO_PROCESSES,
	SC_RULE_NO_OTHER_PROCESS,
	SC_RULE_NO_FILES,
	SC_RULE_NO_MEMORY_CHANGES,
	SC_RULE_NO_SIGNAL_HANDLERS,
	SC_RULE_SANDBOXED,
	SC_RULE_NO_SHARED_WRITE,
	SC_RULE_HONEST_REPORTS,
	SC_RULE_COUNT
};

struct sc_rule {
	const char *id;       /* as reports name it, e.g. "return-value" */
	unsigned classes;     /* SC_CLASS_BIT of each class it can report */
	const char *clause;   /* the contract clause it checks, one line */
};

#define SC_CLASS_BIT(cls) (1u << (cls))

/* The table, indexed by enum sc_rule_id.  Two rules may share an id when
 * their classes differ (nul-terminated: termination, or race). */
extern const struct sc_rule sc_rules[SC_RULE_COUNT];

/* The rule a report names by (class, id), or NULL if there is none. */
const struct sc_rule *sc_rule_find(enum sc_class cls, const char *id);

/* The rule's class when it names only one (SC_PASS otherwise). */
enum sc_class sc_rule_class(enum sc_rule_id rule);

/* The table as text, a rule a line: "ID  CLASS[,CLASS...]  CLAUSE". */
void sc_rules_list(FILE *out);

/* What a judge found wrong with one call. */
struct sc_finding {
	enum sc_class cls;
	const char *rule;        /* sc_rules[...].id of the rule broken */
	int64_t offset;          /* dest offset the finding is about, or -1 */
	char what[320];          /* one line: what was expected, what happened */
};

/*
 * Append a finding of rule to f[0..max-1], which holds n so far, and
 * return the new count (n again when f is full).  cls SC_PASS means the
 * rule's own class (rules with several classes must name one).
 */
int sc_add_finding(struct sc_finding *f, int n, int max, enum sc_rule_id rule,
		   enum sc_class cls, int64_t offset, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

#endif
