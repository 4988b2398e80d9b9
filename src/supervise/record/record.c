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

void sc_record_free(struct sc_record *s)
{
	free(s);
}
