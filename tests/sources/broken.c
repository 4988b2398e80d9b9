/* Does not compile: for the test that a compile error is one clear line
 * plus the compiler's own messages, exit 2. */
#include <stddef.h>

long strscpy(char *dst, const char *src, size_t count)
{
	return count +;
}
