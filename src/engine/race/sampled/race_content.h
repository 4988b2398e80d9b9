/*
 * race_content.h - the bytes of the race checks' strings (the traced
 * plan's cases and the sampled case): the content real strings have, not
 * one kind of letter, so a path taken only for some bytes is raced too.
 */
#ifndef SC_RACE_CONTENT_H
#define SC_RACE_CONTENT_H

#include <stddef.h>
#include <stdint.h>

/* How many kinds of content sc_race_fill makes. */
#define SC_CONTENT_KINDS 6

/*
 * Fill p[0..len-1] with non-NUL bytes of the kind key % SC_CONTENT_KINDS
 * (0: letters a..z, as the plan had before; 1: bytes 0x80..0xff only;
 * 2: every class in turn (letters, digits, punctuation, space, control
 * bytes, 0x7f, high bytes); 3: UTF-8 text; 4: the grid's word-breaking
 * bytes (0x01, 0x7f/0x80, 0xfe, 0xff between letters); 5: any non-NUL
 * byte, pseudo-random from key).  The same key gives the same bytes on
 * every machine, so a case and its replay agree.
 */
void sc_race_fill(unsigned char *p, size_t len, uint64_t key);

#endif
