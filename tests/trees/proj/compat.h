/* The project's one header, as many projects have: it includes a
 * library's header for the whole program (not installed here). */
#include <proj_event_loop.h>
size_t strlcpy(char *, const char *, size_t);
