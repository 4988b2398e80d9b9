#include <dirent.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define FH_MSAN 1
#endif
#endif

#include "../src/engine/base/bytes.h"
#include "../src/engine/base/clock.h"
#include "../src/engine/case/count.h"
#include "../src/engine/run/engine.h"
#include "../src/engine/load/load.h"
#include "../src/engine/run/relations.h"
#include "../src/lib/strscpy.h"
#include "../src/lib/strscpy_paths.h"
#include "count_shape.h"
#include "harness.h"
#include "report.h"

static const char *const kind_names[] = {
	"strscpy", "strscpy_pad", "strlcpy", "strncpy", "strlcat", "strncat", "stpncpy", "memccpy",
	"relations",
};

/* Signals the engine takes over; restored before we abort so that the
 * fuzzer's own handler sees the abort and saves the input. */
static const int taken[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };

static struct {
	int loaded, running;
	enum sc_api api;            /* of the cases checked */
	enum sc_api cand_api;       /* of the candidate (relations: its role) */
	enum sc_policy policy;
	void *fn;
	struct sc_trio trio;
	const char *impl, *symbol;
	struct sigaction saved[sizeof(taken) / sizeof(taken[0])];
} h;

static struct sc_engine engine;
static struct sc_case kase;
static uint8_t patched[SC_ENCODED_MAX];
static uint8_t file_buf[SC_ENCODED_MAX];
static uint8_t upgraded[SC_ENCODED_MAX];
static int patched_input;  /* this input's byte 0 was overridden */

static void fatal(enum fh_kind kind, const char *what)
{
	fprintf(stderr, "fuzz_%s: %s\n", kind_names[kind], what);
	exit(2);
}

/*
 * STRCHECK_SYMBOL without STRCHECK_IMPL: one path of the project's own
 * strscpy (src/lib/strscpy_paths.h), linked in and so instrumented like
 * the rest of the library (a path in libstrscpy.so would not be).
 */
static void *own_path(enum fh_kind kind, const char *name)
{
	struct strscpy_path p[8];
	size_t n = strscpy_paths(p, 8), i = 0;
	char err[512];

	while (i < n && strcmp(p[i].name, name) != 0)
		i++;
	if (i == n || !p[i].usable || h.cand_api != SC_STRSCPY) {
		snprintf(err, sizeof(err), "STRCHECK_SYMBOL=%s without STRCHECK_IMPL: %s", name,
			 i == n ? "not a path of the project's strscpy (strscpy_word, strscpy_sse2, strscpy_neon, "
				  "strscpy_avx2, strscpy_avx512, strscpy_avx512_avx2: "
				  "src/lib/strscpy_paths.h)"
			 : !p[i].usable ? "this CPU cannot run it"
					: "a strscpy path: run fuzz_strscpy or fuzz_relations");
		fatal(kind, err);
	}
	return (void *)p[i].fn;
}

void fh_setup(enum fh_kind kind)
{
	const char *api, *policy;
	char err[512];

	if (h.loaded)
		return;
	api = getenv("STRCHECK_API");
	policy = getenv("STRCHECK_POLICY");
	h.api = kind == FH_relations ? SC_STRSCPY : (enum sc_api)kind;
	h.cand_api = h.api;
	h.impl = getenv("STRCHECK_IMPL");
	h.symbol = getenv("STRCHECK_SYMBOL");
	if (h.impl && !*h.impl)
		h.impl = NULL;
	if (h.symbol && !*h.symbol)
		h.symbol = NULL;
	if (api && *api) {
		if (sc_api_parse(api, &h.cand_api) != 0) {
			snprintf(err, sizeof(err), "STRCHECK_API=%s: not one of strscpy, "
				 "strscpy_pad, strlcpy, strncpy, strlcat, strncat, stpncpy, memccpy", api);
			fatal(kind, err);
		}
		if (kind == FH_relations && h.cand_api > SC_STRNCPY) {
			snprintf(err, sizeof(err), "STRCHECK_API=%s: the relations are between strscpy, "
				 "strscpy_pad, strlcpy and strncpy: run fuzz_%s", api, api);
			fatal(kind, err);
		}
		if (kind != FH_relations && h.cand_api != h.api) {
			snprintf(err, sizeof(err), "STRCHECK_API=%s but this harness fuzzes %s: "
				 "run fuzz_%s", api, sc_api_name(h.api), api);
			fatal(kind, err);
		}
	}
	if (policy && *policy && strcmp(policy, "no-leak") != 0 && strcmp(policy, "strict") != 0) {
		snprintf(err, sizeof(err), "STRCHECK_POLICY=%s: not no-leak or strict", policy);
		fatal(kind, err);
	}
	h.policy = policy && strcmp(policy, "strict") == 0 ? SC_STRICT : SC_NO_LEAK;
	/* The relations ignore the case's api: give it the candidate's, so
	 * that strcheck --replay of a saved input checks that function. */
	if (kind == FH_relations)
		h.api = h.cand_api;
	if (h.impl) {
		h.fn = sc_load(h.impl, h.symbol, h.cand_api, err, sizeof(err));
		if (!h.fn)
			fatal(kind, err);
	} else if (h.symbol) {
		h.fn = own_path(kind, h.symbol);
	} else if (h.cand_api == SC_STRSCPY) {
		h.fn = (void *)strscpy;
	} else if (h.cand_api == SC_STRSCPY_PAD) {
		h.fn = (void *)strscpy_pad;
	} else {
		/* The project's models of strlcpy, strncpy and the relatives
		 * (strlcat, strncat, stpncpy, memccpy) are its references. */
		h.fn = sc_reference(h.cand_api);
	}
	if (h.cand_api == SC_STRLCPY)
		h.trio.strlcpy = h.fn;
	else if (h.cand_api == SC_STRNCPY)
		h.trio.strncpy = h.fn;
	else
		h.trio.strscpy = h.fn;  /* strscpy_pad can stand in for strscpy */
	h.loaded = 1;
}

/* The engine's handlers go in at the first input, after the fuzzer's. */
static void start(enum fh_kind kind)
{
	fh_setup(kind);
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		sigaction(taken[i], NULL, &h.saved[i]);
	/* No watchdog: libFuzzer and AFL++ time inputs out themselves. */
	if (sc_engine_init(&engine, 0) != 0) {
		perror("fuzz: sc_engine_init");
		exit(2);
	}
	h.running = 1;
}

static uint8_t header0(uint8_t b)
{
	return sc_header_byte0(b, h.api, h.policy);
}

/* Byte 3 with the encoding's version, so that strcheck --replay takes it. */
static uint8_t header3(uint8_t b)
{
	return (uint8_t)((b & 0x0f) | SC_CASE_VERSION << 4);
}

/* A whole header with the harness's api and policy and the version: what
 * strcheck --replay and --case take as they are. */
static int canonical(const uint8_t *data, size_t len)
{
	return len >= SC_HEADER_LEN && data[0] == header0(data[0]) && data[3] == header3(data[3]);
}

void fh_canonicalize(enum fh_kind kind, uint8_t *data, size_t len)
{
	fh_setup(kind);
	if (len)
		data[0] = header0(data[0]);
	if (len > 3)
		data[3] = header3(data[3]);
}

size_t fh_mutate(enum fh_kind kind, uint8_t *data, size_t size, size_t max_size, unsigned seed,
		 size_t (*mutate)(uint8_t *, size_t, size_t))
{
	/* Header bytes 3..11 (count form and value) and 12..15 (aux). */
	uint8_t count[9] = {0}, aux[4] = {0};
	size_t old = size;
	enum sc_api api = kind == FH_relations ? SC_STRNCPY : (enum sc_api)kind;

	if (size >= SC_HEADER_LEN) {
		memcpy(count, data + 3, sizeof(count));
		memcpy(aux, data + 12, sizeof(aux));
	}
	if (mutate)
		size = mutate(data, size, max_size);
#ifdef FH_MSAN
	/* A libFuzzer not built with MSan (clang's own) writes bytes that
	 * MSan would take for uninitialised. */
	__msan_unpoison(data, size);
#endif
	/* At least a header: strcheck --replay takes no shorter file. */
	for (; size < SC_HEADER_LEN && size < max_size; size++)
		data[size] = 0;
	fh_canonicalize(kind, data, size);
	if (size < SC_HEADER_LEN)
		return size;
	/* dest's initial bytes (strlcat, strncat) or c (memccpy) first: the
	 * count's shape depends on where the source starts and stops. */
	fh_shape_aux(api, data, size, old < SC_HEADER_LEN || memcmp(aux, data + 12, 4) != 0,
		     seed);
	/* The relations run strncpy too: its counts (sc_count_fits_api). */
	fh_shape_count(api, data, size, old < SC_HEADER_LEN ||
		       memcmp(count, data + 3, sizeof(count)) != 0, seed);
	return size;
}

void fh_check(enum fh_kind kind, const uint8_t *data, size_t len)
{
	struct sc_finding f[4];
	int nf;

	if (!h.running)
		start(kind);
	/* An input of the old encoding (version 2: a corpus saved before the
	 * header grew) is read as it was and checked as version 3. */
	if (sc_case_version(data, len) == SC_CASE_VERSION_OLD) {
		sc_case_decode(&kase, data, len);
		len = sc_case_encode(&kase, upgraded);
		data = upgraded;
	}
	/* The harness's api and policy, whatever the input says. */
	patched_input = !canonical(data, len);
	if (patched_input) {
		size_t n = len < sizeof(patched) ? len : sizeof(patched);

		memcpy(patched, data, n);
		/* A short input is a header with zeros after its bytes (as
		 * the decoder reads it): pad it, so that the case printed is
		 * one strcheck takes (libFuzzer's first input is empty). */
		for (; n < SC_HEADER_LEN; n++)
			patched[n] = 0;
		len = n;
		fh_canonicalize(kind, patched, len);
		data = patched;
	}
	sc_case_decode(&kase, data, len);
	if (kind == FH_relations)
		nf = sc_check_relations(&engine, &kase, &h.trio, f, 4);
	else
		nf = sc_check(&engine, &kase, h.fn, f, 4);
	if (nf == 0)
		return;
	{
		const struct fh_who who = { kind_names[kind], h.impl, h.symbol, h.cand_api, h.policy,
					    kind == FH_relations };

		fh_report(&who, &engine, &kase, f, nf, data, len, patched_input);
	}
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		sigaction(taken[i], &h.saved[i], NULL);
	abort();
}

/* FH_REPEAT=N in the environment checks each file N times (benchmarks). */
static unsigned long repeat = 1, checks;

static int run_file(enum fh_kind kind, const char *path)
{
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (!fp) {
		perror(path);
		return -1;
	}
	n = fread(file_buf, 1, sizeof(file_buf), fp);
	fclose(fp);
	for (unsigned long i = 0; i < repeat; i++)
		fh_check(kind, file_buf, n);
	checks += repeat;
	return 0;
}

int fh_run_files(enum fh_kind kind, int argc, char **argv)
{
	unsigned long inputs = 0;
	int bad = 0;
	double t0 = sc_now(), secs;

	if (getenv("FH_REPEAT"))
		repeat = strtoul(getenv("FH_REPEAT"), NULL, 10);
	fh_setup(kind);
	for (int i = 1; i < argc; i++) {
		struct stat st;
		DIR *d;
		struct dirent *de;
		char path[4096];

		if (stat(argv[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
			bad |= run_file(kind, argv[i]);
			inputs++;
			continue;
		}
		if (!(d = opendir(argv[i]))) {
			perror(argv[i]);
			bad = -1;
			continue;
		}
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/%s", argv[i], de->d_name);
			bad |= run_file(kind, path);
			inputs++;
		}
		closedir(d);
	}
	secs = sc_now() - t0;
	fprintf(stderr, "fuzz_%s: %lu input(s), %lu check(s) in %.3f s (%.0f/s), no defect\n",
		kind_names[kind], inputs, checks, secs, secs > 0 ? (double)checks / secs : 0.0);
	return bad ? 1 : 0;
}
