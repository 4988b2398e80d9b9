/*
 * child_phases.c - one CPU for the whole run (child_phases.h).
 */
#include <sched.h>

#include "../../engine/race/race.h"
#include "child_phases.h"

void sc_child_pin_for_the_run(void)
{
	cpu_set_t all, one;
	int here = sched_getcpu();

	if (sched_getaffinity(0, sizeof(all), &all) != 0 || CPU_COUNT(&all) < 2)
		return;
	if (here < 0 || !CPU_ISSET(here, &all))
		for (here = 0; !CPU_ISSET(here, &all); here++)
			;
	sc_race_cpus(&all);
	CPU_ZERO(&one);
	CPU_SET(here, &one);
	sched_setaffinity(0, sizeof(one), &one);
}
