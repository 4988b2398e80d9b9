/*
 * record.c - the record's own functions (see record.h).
 */
#include <stdlib.h>

#include "record.h"

static const char *const phase_names[SC_PH_COUNT] = {
	"load", "replay", "spread", "grid", "traced", "reader", "race", "random", "done",
};

const char *sc_phase_name(enum sc_phase p)
{
	return (unsigned)p < SC_PH_COUNT ? phase_names[p] : "?";
}

void sc_record_by_severity(struct sc_record *s)
{
	static struct sc_defect t;

	/* Insertion sort: stable (defects of one severity stay in the order
	 * found), and at most SC_MAX_DEFECTS of them. */
	for (int i = 1; i < s->ndefects; i++) {
		int j = i;

		t = s->d[i];
		for (; j > 0 && sc_class_severity(s->d[j - 1].cls) > sc_class_severity(t.cls); j--)
			s->d[j] = s->d[j - 1];
		s->d[j] = t;
	}
}

void sc_record_free(struct sc_record *s)
{
	free(s);
}
