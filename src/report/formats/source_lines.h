/*
 * source_lines.h - file:line of the instructions a traced finding names
 * ("by strscpy+0x20"), where the candidate has debug information
 * (addr2line, binutils; nothing where it is missing).
 */
#ifndef SC_SOURCE_LINES_H
#define SC_SOURCE_LINES_H

#include <stddef.h>

/* For each "by SYMBOL+0xOFF" in what that is the object's own: its
 * "file:line" (the file's last path part), comma-separated, into buf.
 * Returns how many were found (0: none, buf empty). */
int sc_source_lines(const char *object, const char *what, char *buf, size_t size);

#endif
