/*
 * load.h - find a candidate function in a shared object.
 */
#ifndef SC_LOAD_H
#define SC_LOAD_H

#include <stddef.h>

#include "case.h"

/*
 * dlopen path and look up symbol (NULL: the API's name).  On success
 * returns the function; on failure NULL with one line in err saying why
 * (missing file, not a shared object, wrong architecture, symbol missing).
 * A constructor that crashes takes the process with it: callers that must
 * survive that load in a child first (the strcheck program does).
 */
void *sc_load(const char *path, const char *symbol, enum sc_api api,
	      char *err, size_t errlen);

#endif
