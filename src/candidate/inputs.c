#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../engine/load/elf_id.h"
#include "inputs.h"

static const char *kind_of(mode_t m)
{
	return S_ISFIFO(m) ? "a fifo" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ?
	       "a block device" : S_ISSOCK(m) ? "a socket" : S_ISDIR(m) ? "a directory" : "not a file";
}

int sc_open_case_file(const char *name, char *err, size_t errlen)
{
	int fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		snprintf(err, errlen, "--replay=%s: cannot open: %s", name, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		if (S_ISDIR(st.st_mode))
			snprintf(err, errlen, "--replay=%s: is a directory, not a case file", name);
		else
			snprintf(err, errlen, "--replay=%s: is %s, not a case file (a case file is "
				 "read whole)", name, kind_of(st.st_mode));
		return -1;
	}
	fcntl(fd, F_SETFL, 0);
	return fd;
}

#if UINTPTR_MAX > 0xffffffffu
typedef Elf64_Ehdr ehdr_t;
typedef Elf64_Phdr phdr_t;
#else
typedef Elf32_Ehdr ehdr_t;
typedef Elf32_Phdr phdr_t;
#endif

/* Every program header and every loaded segment inside the file. */
static int truncated(int fd, off_t size, char *what, size_t whatlen)
{
	ehdr_t h;
	phdr_t ph;
	struct sc_elf_id id;
	ssize_t n = pread(fd, &h, sizeof(h), 0);

	if (n < SELFMAG || memcmp(h.e_ident, ELFMAG, SELFMAG))
		return 0;  /* not ELF at all: the loader says so */
	if (n != (ssize_t)sizeof(h)) {
		snprintf(what, whatlen, "its ELF header is cut short");
		return 1;
	}
	if (!sc_elf_id((const unsigned char *)&h, sizeof(h), &id) || !sc_elf_id_native(&id) ||
	    h.e_phentsize != sizeof(ph))
		return 0;  /* not ours: the loader says why */
	if ((uint64_t)h.e_phoff + (uint64_t)h.e_phnum * sizeof(ph) > (uint64_t)size) {
		snprintf(what, whatlen, "its program headers end past its %lld bytes", (long long)size);
		return 1;
	}
	for (unsigned i = 0; i < h.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph), (off_t)(h.e_phoff + i * sizeof(ph))) != (ssize_t)sizeof(ph))
			return 0;
		if ((ph.p_type == PT_LOAD || ph.p_type == PT_DYNAMIC) &&
		    (uint64_t)ph.p_offset + ph.p_filesz > (uint64_t)size) {
			snprintf(what, whatlen, "a segment ends at byte %llu, past its %lld bytes",
				 (unsigned long long)(ph.p_offset + ph.p_filesz), (long long)size);
			return 1;
		}
	}
	/* The loader never reads the section headers, so a file cut there loads;
	 * it is still damaged (its tail is gone), and its symbols' names too. */
	if (h.e_shoff && (uint64_t)h.e_shoff + (uint64_t)h.e_shnum * h.e_shentsize > (uint64_t)size) {
		snprintf(what, whatlen, "its section headers end at byte %llu, past its %lld bytes",
			 (unsigned long long)(h.e_shoff + (uint64_t)h.e_shnum * h.e_shentsize),
			 (long long)size);
		return 1;
	}
	return 0;
}

int sc_check_impl_file(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char what[120];
	int fd, bad;

	if (stat(path, &st) != 0 || S_ISDIR(st.st_mode))
		return 0;  /* the loader's messages say these */
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "cannot load %s: it is %s, not a shared object file", path,
			 kind_of(st.st_mode));
		return -1;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0;
	bad = truncated(fd, st.st_size, what, sizeof(what));
	close(fd);
	if (bad) {
		snprintf(err, errlen, "cannot load %s: a corrupt or truncated ELF file (%s)", path, what);
		return -1;
	}
	return 0;
}

int sc_check_impl_list(const char *list, char *err, size_t errlen)
{
	char path[4096];

	while (list && *list) {
		size_t n = strcspn(list, ",");

		if (n && n < sizeof(path)) {
			memcpy(path, list, n);
			path[n] = 0;
			if (sc_check_impl_file(path, err, errlen) != 0)
				return -1;
		}
		list += n + (list[n] == ',');
	}
	return 0;
}

void sc_escape_line(const char *s, char *out, size_t size)
{
	size_t n = 0;

	for (; *s && n + 5 < size; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '\n')
			n += (size_t)snprintf(out + n, size - n, "\\n");
		else if (ch == '\t')
			n += (size_t)snprintf(out + n, size - n, "\\t");
		else if (ch < 0x20 || ch == 0x7f)
			n += (size_t)snprintf(out + n, size - n, "\\x%02x", ch);
		else
			out[n++] = (char)ch;
	}
	out[n] = 0;
}
