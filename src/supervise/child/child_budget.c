/*
 * child_budget.c - the checked child's clocks (child_budget.h).
 */
#include "../../engine/race/race.h"
#include "child_budget.h"

void sc_budget_start(struct sc_budget *b, double seconds, double cpu_left, double wall_end)
{
	if (b->started)
		return;
	b->started = 1;
	if (wall_end > 0) {
		b->cpu_end = sc_cpu_now() + cpu_left;
		b->wall_end = wall_end;
	} else if (seconds > 0) {
		/* The run's CPU so far (this thread's clock starts at the
		 * fork: the load and the plan) comes off the budget, down to
		 * half of it: a quick plan leaves a run of about `seconds`,
		 * a slow one still leaves the sampled checks their half. */
		double now = sc_cpu_now(), own = seconds - now;

		if (own < seconds / 2)
			own = seconds / 2;
		b->cpu_end = now + own;
		b->wall_end = sc_now() + SC_BUDGET_WALL_FACTOR * own;
	}
}

double sc_budget_left(const struct sc_budget *b)
{
	double left = 1e9, now = sc_now(), cpu;

	if (b->cpu_end > 0 && (cpu = b->cpu_end - sc_cpu_now()) < left)
		left = cpu;
	if (b->wall_end > 0 && b->wall_end - now < left)
		left = b->wall_end - now;
	if (b->cap > 0 && b->cap - now < left)
		left = b->cap - now;
	return left;
}
