#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "../../engine/race/race_trace.h"
#include "findings.h"

static int64_t first_window_diff(const struct sc_outcome *a, const struct sc_outcome *b)
{
	for (size_t i = 0; i < a->win_len && i < b->win_len; i++)
		if (a->win[i] != b->win[i])
			return (int64_t)i - (int64_t)a->before;
	return 0;
}

/* Keep the dest image around offset (-1: the first difference): the
 * candidate's (o) and the reference's (ref); either may be missing. */
static void keep_image(struct sc_defect *d, int64_t offset, const struct sc_outcome *o,
		       const struct sc_outcome *ref)
{
	const struct sc_outcome *any = o ? o : ref;
	int64_t center = offset >= 0 ? offset : o && ref ? first_window_diff(o, ref) : 0;
	int64_t from = center - 16, end;

	d->img_center = center;
	if (from < -(int64_t)any->before)
		from = -(int64_t)any->before;
	end = from + SC_IMG;
	if (end > (int64_t)(any->win_len - any->before))
		end = (int64_t)(any->win_len - any->before);
	d->img_from = from;
	d->img_len = end > from ? (unsigned)(end - from) : 0;
	if (o)
		memcpy(d->got, o->win + o->before + from, d->img_len);
	if (ref)
		memcpy(d->want, ref->win + ref->before + from, d->img_len);
	for (size_t i = 0; o && ref && i < o->win_len; i++)
		d->ndiff += o->win[i] != ref->win[i];
}

static void keep_placement(struct sc_defect *d, const struct sc_engine *e,
			   const struct sc_case *c, const struct sc_outcome *o)
{
	d->src_align = (unsigned)((uintptr_t)o->src % 64);
	d->dst_align = (unsigned)((uintptr_t)o->dst % 64);
	d->src_gap[0] = (uint64_t)(o->src - e->src.data);
	d->src_gap[1] = (uint64_t)(e->src.data + e->src.data_len - (o->src + c->src_len));
	if (sc_dst_is_huge(c)) {
		/* A huge count's dest: its own arena, backed on demand after. */
		d->dst_gap[0] = (uint64_t)(o->dst - e->hdst.data);
		d->dst_gap[1] = (uint64_t)(e->hdst.data + e->hdst.data_len - o->dst);
	} else {
		d->dst_gap[0] = (uint64_t)(o->dst - e->dst.data);
		d->dst_gap[1] = (uint64_t)(e->dst.data + e->dst.data_len - (o->dst + o->dst_len));
	}
	d->has_place = 1;
}

static void start(struct sc_defect *d, enum sc_class cls, const char *rule, const char *what,
		  enum sc_phase phase, uint64_t index)
{
	memset(d, 0, offsetof(struct sc_defect, case_bytes));
	d->cls = cls;
	snprintf(d->rule, sizeof(d->rule), "%s", rule);
	snprintf(d->what, sizeof(d->what), "%s", what);
	d->hits = 1;
	d->phase = phase;
	d->index = index;
}

void sc_defect_fill(struct sc_defect *d, const struct sc_engine *e, const struct sc_case *c,
		    const struct sc_finding *f, enum sc_phase phase, uint64_t index,
		    const struct sc_outcome *o, const struct sc_outcome *ref)
{
	start(d, f->cls, f->rule, f->what, phase, index);
	d->has_case = 1;
	d->case_len = sc_case_encode(c, d->case_bytes);
	d->has_outcome = 1;
	d->has_ref = ref != NULL;
	d->stop = o->stop;
	d->signo = o->signo;
	d->ret = o->ret;
	d->ref_ret = ref ? ref->ret : 0;
	if (o->stop == SC_FAULTED)
		sc_describe_fault(c, o, d->fault, sizeof(d->fault));
	keep_placement(d, e, c, o);
	keep_image(d, f->offset, o, ref);
}

static int terminated(const char *s, size_t size)
{
	return memchr(s, 0, size) != NULL;
}

static int bad(char *why, size_t whylen, const char *what)
{
	snprintf(why, whylen, "a defect record with %s", what);
	return -1;
}

int sc_defect_check(const struct sc_defect *d, size_t len, const struct sc_layout *l,
		    char *why, size_t whylen)
{
	const size_t head = offsetof(struct sc_defect, case_bytes);

	if (len < head)
		return bad(why, whylen, "a short length");
	if ((unsigned)d->cls >= SC_CLASS_COUNT || d->cls == SC_PASS)
		return bad(why, whylen, "a bad class");
	if (!terminated(d->rule, sizeof(d->rule)) || !d->rule[0] ||
	    !terminated(d->what, sizeof(d->what)) || !terminated(d->fault, sizeof(d->fault)))
		return bad(why, whylen, "an unterminated string");
	if (!sc_rule_find(d->cls, d->rule))
		return bad(why, whylen, "a rule the checker does not have");
	if (d->hits != 1 || (unsigned)d->phase >= SC_PH_DONE || d->phase == SC_PH_LOAD ||
	    d->phase == SC_PH_SPREAD)
		return bad(why, whylen, "a bad phase or hit count");
	if ((d->phase == SC_PH_GRID && d->index >= l->grid_total) ||
	    (d->phase == SC_PH_TRACE && d->index >= sc_trace_cases_total()) ||
	    (d->flip_read && (d->phase != SC_PH_TRACE && d->phase != SC_PH_ONE)) ||
	    d->flip_read > (1u << 24) || d->flip_byte > SC_SRC_MAX || d->flip_step > (1u << 20) ||
	    (unsigned)d->stop > SC_CUT || d->img_len > SC_IMG ||
	    (d->has_case && (d->case_len < SC_HEADER_LEN || d->case_len > sizeof(d->case_bytes))))
		return bad(why, whylen, "a field out of range");
	if ((d->has_case ? head + d->case_len : head) != len)
		return bad(why, whylen, "a length that does not match its case");
	/* Huge counts: dest up to SC_DEST_BACKED past its mapped part. */
	if (d->img_from < -SC_MARGIN || d->img_from > (int64_t)(SC_COUNT_MAX + SC_DEST_BACKED) ||
	    d->img_center < -SC_MARGIN - SC_IMG ||
	    d->img_center > (int64_t)(SC_COUNT_MAX + SC_DEST_BACKED) + SC_IMG)
		return bad(why, whylen, "an image out of range");
	return 0;
}

static struct sc_defect *find(struct sc_record *rec, enum sc_class cls, const char *rule)
{
	for (int i = 0; i < rec->ndefects; i++)
		if (rec->d[i].cls == cls && !strcmp(rec->d[i].rule, rule))
			return &rec->d[i];
	return NULL;
}

int sc_record_add(struct sc_record *rec, const struct sc_defect *d)
{
	struct sc_defect *have = find(rec, d->cls, d->rule);

	if (have) {
		have->hits++;
		return (int)(have - rec->d);
	}
	if (rec->ndefects >= SC_MAX_DEFECTS) {
		rec->extra_hits++;
		return -1;
	}
	memcpy(&rec->d[rec->ndefects], d, offsetof(struct sc_defect, case_bytes) +
	       (d->has_case ? d->case_len : 0));
	return rec->ndefects++;
}

void sc_describe_end(int status, int hung, char *buf, size_t size)
{
	if (hung)
		snprintf(buf, size, "made no progress for too long and was killed");
	else if (WIFEXITED(status))
		snprintf(buf, size, "ended the process with exit status %d (exit or _exit)",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)
		snprintf(buf, size, "made a system call the sandbox refuses with SIGSYS blocked, "
			 "which killed the process");
	else if (WIFSIGNALED(status))
		snprintf(buf, size, "killed the process with %s (signal %d), which the fault "
			 "handler could not catch", strsignal(WTERMSIG(status)), WTERMSIG(status));
	else
		snprintf(buf, size, "ended the process (status %#x)", status);
}

/*
 * What the reference does with a case that killed the child: the
 * supervisor runs it (only the reference: it never loads the candidate),
 * in arenas mapped like the child's, so placement and expected image are
 * what the candidate saw.
 */
static void keep_expected(struct sc_defect *d, const struct sc_case *c)
{
	static struct sc_engine e;
	static int ready;

	if (!ready && sc_engine_init(&e, 0) != 0)
		return;
	ready = 1;
	sc_run(&e, c, sc_reference(c->api), &e.ref);
	if (e.ref.stop != SC_RETURNED)
		return;
	d->has_ref = 1;
	d->ref_ret = e.ref.ret;
	keep_placement(d, &e, c, &e.ref);
	keep_image(d, 0, NULL, &e.ref);
}

/* A record of the supervisor's own, with the case when it is known. */
static void add_own(struct sc_record *rec, const struct sc_plan *p, struct sc_defect *d,
		    int known, int expected)
{
	static struct sc_case c;

	if (find(rec, d->cls, d->rule) || rec->ndefects >= SC_MAX_DEFECTS) {
		sc_record_add(rec, d);
		return;
	}
	if (known && sc_plan_case(p, d->phase, d->index, &c) == 0) {
		d->has_case = 1;
		d->case_len = sc_case_encode(&c, d->case_bytes);
		if (expected)
			keep_expected(d, &c);
	}
	sc_record_add(rec, d);
}

void sc_record_death(struct sc_record *rec, const struct sc_plan *p, enum sc_phase phase,
		     uint64_t index, int known, int status, int hung)
{
	static struct sc_defect d;
	enum sc_class cls = hung ? SC_HANG : WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS
					     ? SC_TAMPER : SC_CRASH;
	const char *rule = sc_rules[hung ? SC_RULE_MAKES_PROGRESS : cls == SC_TAMPER ? SC_RULE_SANDBOXED
				    : WIFEXITED(status) ? SC_RULE_NO_EXIT : SC_RULE_PROCESS_SURVIVES].id;
	char what[240], how[200];

	sc_describe_end(status, hung, how, sizeof(how));
	if (phase == SC_PH_RACE || phase == SC_PH_READER || phase == SC_PH_TRACE)
		snprintf(what, sizeof(what), "during the %s check the call %s", sc_phase_name(phase), how);
	else
		snprintf(what, sizeof(what), "the call %s", how);
	start(&d, cls, rule, what, phase, index);
	d.signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	add_own(rec, p, &d, known, 1);
}

void sc_record_ctor(struct sc_record *rec, const struct sc_plan *p, int status, int hung,
		    const char *why)
{
	static struct sc_defect d;
	enum sc_rule_id rule = hung ? SC_RULE_MAKES_PROGRESS : WIFEXITED(status) ? SC_RULE_NO_EXIT
				    : SC_RULE_PROCESS_SURVIVES;
	const char *its = strstr(why, ": its ");
	char what[240];

	/* "cannot load X: its constructor ...": the part after the name. */
	snprintf(what, sizeof(what), "loaded again after a restart, the candidate failed: %s",
		 its ? its + 2 : why);
	start(&d, hung ? SC_HANG : SC_CRASH, sc_rules[rule].id, what, SC_PH_LOAD, 0);
	d.signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	add_own(rec, p, &d, 0, 0);
}

void sc_record_tamper(struct sc_record *rec, const struct sc_plan *p, enum sc_rule_id rule,
		      const char *what, enum sc_phase phase, uint64_t index, int known)
{
	static struct sc_defect d;

	start(&d, SC_TAMPER, sc_rules[rule].id, what, phase, index);
	add_own(rec, p, &d, known, 0);
}
