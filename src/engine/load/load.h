/*
 * load.h - find a candidate function in a shared object.
 */
#ifndef SC_LOAD_H
#define SC_LOAD_H

#include <stddef.h>

#include "../case/case.h"

/* Let sc_load register the candidate's kernel exception table (only for a
 * candidate strcheck built with its kernel shims: any other object could
 * name its own faults "fixed up"). Off by default. */
void sc_load_allow_fixups(int on);

/* 1 if sc_load uses RTLD_DEEPBIND in this process (no sanitizer runtime). */
int sc_load_deepbinds(void);

/* The ELF machine (EM_*) this program runs as, 0 if unknown. */
unsigned sc_native_machine(void);

/*
 * dlopen path and look up symbol (NULL: the API's name).  On success
 * returns the function; on failure NULL with one line in err saying why
 * (missing file, not a shared object, wrong architecture, symbol missing,
 * or a symbol that is not the object's own but a dependency's).  Loaded
 * with RTLD_DEEPBIND (not under a sanitizer runtime, which forbids it), so the
 * candidate's calls to functions it defines reach its own definitions.
 * A kernel candidate's exception table (src/kshim) is registered with
 * the fault handler (fixup.h) when sc_load_allow_fixups(1) said so.
 * A constructor that crashes takes the process with it: callers that must
 * survive that load in a child first (the strcheck program does).
 */
void *sc_load(const char *path, const char *symbol, enum sc_api api,
	      char *err, size_t errlen);

#endif
