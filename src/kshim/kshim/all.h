/*
 * kshim/all.h - everything strcheck's kernel shims provide.  Each shim
 * header under linux/ and asm/ includes this one file, because kernels
 * from v4.3 to today moved these helpers between headers many times: a
 * lib/string.c of any of them finds what it uses whichever of the headers
 * it includes.  (strcheck kernel shims: written for strcheck, no kernel
 * code; see docs/your-code.md.)
 */
#ifndef KSHIM_ALL_H
#define KSHIM_ALL_H

#include <linux/kconfig.h>
#include <kshim/types.h>
#include <kshim/compiler.h>
#include <kshim/misc.h>
#include <kshim/extable.h>
#include <kshim/string.h>

#endif
