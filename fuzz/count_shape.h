/*
 * count_shape.h - the fuzz mutator's count policy: keep counts where they
 * matter, and keep producing counts of the shapes that break bounded-copy
 * code (2^32 + k, 2^16 + k, 2^63 + k, SIZE_MAX - k, dest + count wrapping,
 * far above the length), with k near the string's length.
 */
#ifndef FH_COUNT_SHAPE_H
#define FH_COUNT_SHAPE_H

#include <stddef.h>
#include <stdint.h>

#include "../src/engine/case/case.h"

/*
 * Rewrite the count of an encoded case (data, len >= SC_HEADER_LEN) for a
 * harness that checks api: changed tells whether the mutation touched the
 * count; seed is the mutator's.  A harness whose cases go through strncpy
 * too (relations) passes SC_STRNCPY.
 */
void fh_shape_count(enum sc_api api, uint8_t *data, size_t len, int changed, unsigned seed);

/*
 * The header's aux field (bytes 12..15) for a harness that checks api:
 * strlcat, strncat: how many input bytes are dest's initial ones, kept
 * within the input (most often short, so that the source gets the rest);
 * memccpy: c, most often snapped to a value the contract names (0,
 * 0x80, 0xff, -1, 0x141, ...) or to a byte of the source, in 0..255 or
 * outside it.  Other APIs: left alone.  changed: the mutation touched aux.
 */
void fh_shape_aux(enum sc_api api, uint8_t *data, size_t len, int changed, unsigned seed);

#endif
