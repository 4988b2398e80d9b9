#include <stdlib.h>
#include <string.h>

#include "../../engine/case/grid.h"
#include "../../engine/race/race_trace.h"
#include "plan.h"

/* Cases of each kind the spread takes (round by round, one of each kind
 * per round, so however few cases run, every kind gets its first). */
#define PER_KIND 3
#define MAX_KINDS 256

/* The kind of placement of a case: where each buffer sits against the
 * guards, a huge count or not, truncation or not, and the length's order. */
static unsigned kind_of(const struct sc_case *c)
{
	size_t len = sc_case_strlen(c);
	unsigned lc = len == 0 ? 0 : len <= 8 ? 1 : len <= 64 ? 2 : len <= 300 ? 3 : len <= 4096 ? 4 : 5;
	/* Cut short: the string does not fit (strlcat: with dest's, or dest
	 * has no NUL in its size); memccpy: c not within the count. */
	unsigned trunc = c->api == SC_STRLCAT ? c->count <= sc_case_dlen(c) + len :
			 c->api == SC_MEMCCPY ? !sc_count_is_huge(c) && c->count <= sc_case_chpos(c) :
			 c->count <= len;

	return (((c->src_place * SC_PLACE_COUNT + c->dst_place) * 2 + (unsigned)sc_count_is_huge(c)) * 6
		+ lc) * 2 + trunc;
}

struct survey {
	uint16_t id_of[MAX_KINDS * 2];  /* kind -> 1 + dense id, in first-seen order */
	unsigned nkinds;
	uint64_t n[MAX_KINDS];          /* cases per dense id */
	uint64_t seen[MAX_KINDS];
	uint16_t *id_at;                /* pass 1: grid index -> dense id (NO_KIND: none) */
	uint64_t *slot_of;              /* pass 2: [id * PER_KIND + j] -> grid index */
	uint8_t **enc_of;               /* pass 2: that case, encoded */
	size_t *len_of;
	unsigned slot;                  /* pass 2: the slot of the case wanted */
	int failed;
};
#define NO_KIND 0xffff

static uint64_t pick(uint64_t n, unsigned j, unsigned m)
{
	return n * j / m;
}

/* Pass 1: every case's kind, and how many cases each kind has. */
static int survey_count(const struct sc_case *c, uint64_t index, void *arg)
{
	struct survey *s = arg;
	unsigned k = kind_of(c) % (MAX_KINDS * 2);

	if (!s->id_of[k] && s->nkinds < MAX_KINDS)
		s->id_of[k] = (uint16_t)++s->nkinds;
	s->id_at[index] = s->id_of[k] ? (uint16_t)(s->id_of[k] - 1u) : NO_KIND;
	if (s->id_of[k])
		s->n[s->id_of[k] - 1u]++;
	return 0;
}

/* Pass 2, before a case is made: whether it is one of its kind's picks
 * (PER_KIND of them, evenly through the kind's cases); its slot. */
static int survey_wants(uint64_t index, void *arg)
{
	struct survey *s = arg;
	unsigned id = s->id_at[index];
	uint64_t n, at;
	unsigned m;

	if (id == NO_KIND)
		return 0;
	n = s->n[id];
	at = s->seen[id]++;
	m = n < PER_KIND ? (unsigned)n : PER_KIND;
	for (unsigned j = 0; j < m; j++)
		if (pick(n, j, m) == at) {
			s->slot = id * PER_KIND + j;
			return 1;
		}
	return 0;
}

/* Pass 2, the picked case itself: kept, encoded. */
static int survey_keep(const struct sc_case *c, uint64_t index, void *arg)
{
	struct survey *s = arg;
	unsigned slot = s->slot;

	s->slot_of[slot] = index;
	s->enc_of[slot] = malloc(sc_case_encoded_len(c));
	if (!s->enc_of[slot])
		s->failed = 1;
	else
		s->len_of[slot] = sc_case_encode(c, s->enc_of[slot]);
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The spread: one case of each kind per round, rounds in order.  Two
 * walks: the first makes every case to learn its kind, the second makes
 * only the picks. */
static int make_spread(const struct sc_plan *p, struct sc_layout *l)
{
	static struct sc_case scratch;
	static struct survey s;
	int ret = -1;

	memset(&s, 0, sizeof(s));
	s.id_at = malloc(sizeof(uint16_t) * (l->grid_total + 1));
	s.slot_of = malloc(sizeof(uint64_t) * MAX_KINDS * PER_KIND);
	s.enc_of = calloc(MAX_KINDS * PER_KIND, sizeof(*s.enc_of));
	s.len_of = calloc(MAX_KINDS * PER_KIND, sizeof(*s.len_of));
	l->spread = malloc(sizeof(uint64_t) * MAX_KINDS * PER_KIND);
	l->spread_case = calloc(MAX_KINDS * PER_KIND, sizeof(*l->spread_case));
	l->spread_len = calloc(MAX_KINDS * PER_KIND, sizeof(*l->spread_len));
	l->in_spread = calloc(l->grid_total / 8 + 1, 1);
	if (!s.id_at || !s.slot_of || !s.enc_of || !s.len_of || !l->spread || !l->spread_case ||
	    !l->spread_len || !l->in_spread)
		goto out;
	sc_grid(p->api, p->policy, &scratch, survey_count, &s);
	memset(s.slot_of, 0xff, sizeof(uint64_t) * MAX_KINDS * PER_KIND);
	sc_grid_some(p->api, p->policy, &scratch, survey_wants, survey_keep, &s);
	for (unsigned j = 0; j < PER_KIND; j++)
		for (unsigned id = 0; id < s.nkinds; id++) {
			uint64_t i = s.slot_of[id * PER_KIND + j];

			if (i < l->grid_total && !sc_layout_spread_has(l, i)) {
				l->spread_case[l->spread_n] = s.enc_of[id * PER_KIND + j];
				l->spread_len[l->spread_n] = s.len_of[id * PER_KIND + j];
				l->spread[l->spread_n++] = i;
				l->in_spread[i / 8] |= (unsigned char)(1u << (i % 8));
			}
		}
	l->kinds = s.nkinds;
	ret = s.failed ? -1 : 0;
out:
	free(s.id_at);
	free(s.slot_of);
	free(s.enc_of);  /* the cases themselves now belong to l */
	free(s.len_of);
	return ret;
}

int sc_layout_make(const struct sc_plan *p, struct sc_layout *l)
{
	memset(l, 0, sizeof(*l));
	l->grid_total = sc_grid_size(p->api, p->policy);
	l->grid_n = l->grid_total;
	l->random_n = p->cases >= 0 ? (uint64_t)p->cases : SC_UNBOUNDED;
	if (p->seconds == 0 && p->cases < 0)
		l->random_n = 0;  /* --time=0: the grid only */
	if (p->only_phase == SC_PH_GRID) {
		uint64_t last = p->last_index > p->one_index ? p->last_index : p->one_index;

		if (last >= l->grid_total)
			last = l->grid_total - 1;
		l->grid_from = p->one_index;
		l->grid_n = last - p->one_index + 1;
	} else if (p->only_phase == SC_PH_RANDOM) {
		/* One case, whatever its number (UINT64_MAX included). */
		l->random_from = p->one_index;
		l->random_n = 1;
	}
	if (p->only_phase != SC_PH_DONE)
		return 0;
	if (make_spread(p, l) != 0)
		return -1;
	l->spread_sorted = malloc(sizeof(uint64_t) * (l->spread_n + 1));
	if (!l->spread_sorted)
		return -1;
	memcpy(l->spread_sorted, l->spread, sizeof(uint64_t) * l->spread_n);
	qsort(l->spread_sorted, l->spread_n, sizeof(uint64_t), cmp_u64);
	return 0;
}

int sc_phase_wanted(const struct sc_plan *p, enum sc_phase ph)
{
	if (p->only_phase != SC_PH_DONE)
		return ph == p->only_phase;
	switch (ph) {
	case SC_PH_SPREAD:
	case SC_PH_GRID:
		return 1;
	case SC_PH_TRACE:
		/* The traced check: the race's and the reader's, deterministic. */
		return p->traced && !p->no_trace;
	case SC_PH_RACE:
		return p->race && p->race_seconds > 0;
	case SC_PH_READER:
		return p->reader && p->race_seconds > 0;
	case SC_PH_RANDOM:
		return p->cases != 0 && !(p->seconds == 0 && p->cases < 0);
	default:
		return 0;
	}
}

uint64_t sc_phase_n(const struct sc_layout *l, enum sc_phase ph)
{
	switch (ph) {
	case SC_PH_ONE:
		return 1;
	case SC_PH_SPREAD:
		return l->spread_n;
	case SC_PH_GRID:
		return l->grid_n;
	case SC_PH_RANDOM:
		return l->random_n;
	default:
		return 0;
	}
}

/* Spread indices below grid index i. */
static uint64_t spread_below(const struct sc_layout *l, uint64_t i)
{
	uint64_t lo = 0, hi = l->spread_n;

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (l->spread_sorted[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

uint64_t sc_phase_cases(const struct sc_layout *l, enum sc_phase ph, uint64_t a, uint64_t b)
{
	if (b <= a)
		return 0;
	if (ph == SC_PH_GRID && l->spread_n)
		return (b - a) - (spread_below(l, l->grid_from + b) - spread_below(l, l->grid_from + a));
	return b - a;
}

void sc_report_index(const struct sc_layout *l, enum sc_phase *ph, uint64_t *pos)
{
	if (*ph == SC_PH_SPREAD) {
		*ph = SC_PH_GRID;
		*pos = *pos < l->spread_n ? l->spread[*pos] : 0;
	} else if (*ph == SC_PH_GRID) {
		*pos += l->grid_from;
	} else if (*ph == SC_PH_RANDOM) {
		*pos += l->random_from;
	}
}

struct grid_pick {
	uint64_t want;
	struct sc_case *out;
	int found;
};

/* Only the case wanted is made (the walk counts the ones before it). */
static int grid_pick_wants(uint64_t index, void *arg)
{
	return index >= ((const struct grid_pick *)arg)->want;
}

/* Copy the case as it is emitted: the walk goes on rewriting its scratch
 * case after a stop in some sections, so the scratch case is not it. */
static int grid_pick(const struct sc_case *c, uint64_t index, void *arg)
{
	struct grid_pick *g = arg;

	(void)index;  /* the first case made is the one wanted */
	*g->out = *c;
	g->found = 1;
	return 1;
}

int sc_plan_case(const struct sc_plan *plan, enum sc_phase phase, uint64_t index,
		 struct sc_case *c)
{
	static struct sc_case scratch;
	struct grid_pick g = { index, c, 0 };

	switch (phase) {
	case SC_PH_ONE:
		*c = *plan->one_case;
		return 0;
	case SC_PH_GRID:
		sc_grid_some(plan->api, plan->policy, &scratch, grid_pick_wants, grid_pick, &g);
		return g.found ? 0 : -1;
	case SC_PH_RANDOM:
		sc_random_case(plan->seed, index, plan->api, plan->policy, c);
		return 0;
	case SC_PH_TRACE:
		if (index >= sc_trace_cases_total())
			return -1;
		sc_trace_case(plan->api, index, c);
		return 0;
	default:
		return -1;
	}
}
