/*
 * kshim/string.h - prototypes of the C string functions a kernel
 * lib/string.c calls before it defines them (the standard signatures), and
 * of the kernel's own copies strcheck checks.  Nothing here is defined:
 * the definitions are the file's own.  (strcheck kernel shim.)
 */
#ifndef KSHIM_STRING_H
#define KSHIM_STRING_H

#include <kshim/types.h>

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t count);
size_t wcslen(const wchar_t *s);
void *memcpy(void *dest, const void *src, size_t count);
void *memmove(void *dest, const void *src, size_t count);
void *memset(void *s, int c, size_t count);
int memcmp(const void *a, const void *b, size_t count);
void *memchr(const void *s, int c, size_t n);
char *strcpy(char *dest, const char *src);
char *strncpy(char *dest, const char *src, size_t count);
char *strcat(char *dest, const char *src);
char *strncat(char *dest, const char *src, size_t count);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t count);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strpbrk(const char *s, const char *accept);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strstr(const char *s1, const char *s2);
char *strsep(char **s, const char *ct);
size_t strlcpy(char *dest, const char *src, size_t size);
size_t strlcat(char *dest, const char *src, size_t count);
ssize_t strscpy(char *dest, const char *src, size_t count);
ssize_t sized_strscpy(char *dest, const char *src, size_t count);

#endif
