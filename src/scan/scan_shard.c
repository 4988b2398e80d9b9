/*
 * scan_shard.c - --shard=K/N: the K-th of N parts of a scan's work, so
 * that a CI matrix, GNU parallel or a cluster's job array spreads a big
 * scan.  A definition's part is decided by its identity alone (its
 * file's path under DIR and its name, hashed), not by its place in the
 * list or by the machine: the same tree gives the same split everywhere,
 * every definition is in exactly one part, and a function added to the
 * tree moves no other to another part (each part's cache stays warm).
 * The parts' JSON reports merge into the whole table (scan_merge.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

int sc_scan_shard_parse(const char *v, unsigned *k, unsigned *n, char *err, size_t errlen)
{
	unsigned long a, b;
	char *end;

	if (*v < '0' || *v > '9')
		goto bad;
	a = strtoul(v, &end, 10);
	if (*end != '/' || end[1] < '0' || end[1] > '9')
		goto bad;
	b = strtoul(end + 1, &end, 10);
	if (*end)
		goto bad;
	if (b < 1 || b > SC_SHARD_MAX) {
		snprintf(err, errlen, "--shard=%s: N must be 1 to %u parts", v, SC_SHARD_MAX);
		return -1;
	}
	if (a < 1 || a > b) {
		snprintf(err, errlen, "--shard=%s: K must be 1 to N (%lu), the part to scan", v, b);
		return -1;
	}
	*k = (unsigned)a;
	*n = (unsigned)b;
	return 0;
bad:
	snprintf(err, errlen, "--shard=%s: expected K/N, the K-th of N parts (e.g. 2/8)", v);
	return -1;
}

/* FNV-1a over s and a NUL, into h. */
static uint64_t fnv(uint64_t h, const char *s)
{
	do
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	while (*s++);
	return h;
}

unsigned sc_scan_shard_of(const char *dir, const struct sc_scan_fn *fn, unsigned n)
{
	size_t dl = strlen(dir);
	const char *rel = fn->file;
	uint64_t h;

	/* The path under DIR: the same tree elsewhere (another checkout,
	 * another runner's folder) splits alike. */
	if (!strncmp(rel, dir, dl)) {
		rel += dl;
		while (*rel == '/')
			rel++;
	}
	h = fnv(fnv(0xcbf29ce484222325ull, rel), fn->name);
	/* splitmix64's finalizer: every bit of h counts in h % n */
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebull;
	h ^= h >> 31;
	return (unsigned)(h % n) + 1;
}

void sc_scan_shard(struct sc_scan *sc, unsigned k, unsigned n)
{
	size_t kept = 0;

	sc->shard = k;
	sc->shards = n;
	sc->found = (unsigned)sc->nrows;
	if (n <= 1)
		return;
	for (size_t i = 0; i < sc->nrows; i++)
		if (sc_scan_shard_of(sc->dir, &sc->rows[i].fn, n) == k)
			sc->rows[kept++] = sc->rows[i];
	sc->nrows = kept;
}
