/* Needs a type and a function no file of the tree defines. */
#include "proj.h"

size_t strlcpy(char *dst, const char *src, size_t size)
{
	struct proj_ctx *ctx = proj_context();

	return proj_copy(ctx, dst, src, size);
}
