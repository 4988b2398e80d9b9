/*
 * findings.h - recording and de-duplicating findings.
 *
 * The child turns each finding of the engine into a defect record
 * (sc_defect_fill) and sends it.  The supervisor accepts a record only
 * after checking every field (sc_defect_check: nothing out of range, every
 * string terminated, the case within bounds), then keeps its own copy in
 * the run's record, one per distinct (class, rule), counting hits.  Deaths,
 * hangs and refused system calls are recorded by the supervisor itself,
 * with the case regenerated from the plan.
 */
#ifndef SC_FINDINGS_H
#define SC_FINDINGS_H

#include <stddef.h>

#include "../../engine/judge/rules.h"
#include "plan.h"
#include "../record/record.h"

/* Fill d (whole, case bytes included) from a finding f of case c. */
void sc_defect_fill(struct sc_defect *d, const struct sc_engine *e, const struct sc_case *c,
		    const struct sc_finding *f, enum sc_phase phase, uint64_t index,
		    const struct sc_outcome *o, const struct sc_outcome *ref);

/* Whether a received record of len bytes is well-formed; 0, or -1 with why. */
int sc_defect_check(const struct sc_defect *d, size_t len, const struct sc_layout *l,
		    char *why, size_t whylen);

/*
 * Add a checked record to the run's record: a new distinct defect, or a
 * hit of a known one.  Returns its slot, or -1 (past SC_MAX_DEFECTS: only
 * counted).  A record once added is never removed.
 */
int sc_record_add(struct sc_record *rec, const struct sc_defect *d);

/* The child died (status) or hung in case (phase, index) as reported
 * (sc_report_index): record that case with what the reference does with it. */
void sc_record_death(struct sc_record *rec, const struct sc_plan *p, enum sc_phase phase,
		     uint64_t index, int known, int status, int hung);

/*
 * Record tampering: class tamper, under rule; what says what was done;
 * with the case (phase, index) when known.
 */
/* A child started again after a death or hang whose candidate then failed
 * to load (why: the load error's line): a finding of its own, the run ends
 * with what was found so far (a defect survives the restart). */
void sc_record_ctor(struct sc_record *rec, const struct sc_plan *p, int status, int hung,
		    const char *why);
void sc_record_tamper(struct sc_record *rec, const struct sc_plan *p, enum sc_rule_id rule,
		      const char *what, enum sc_phase phase, uint64_t index, int known);


/* How a child ended, for messages ("killed the process with ..."). */
void sc_describe_end(int status, int hung, char *buf, size_t size);

#endif
