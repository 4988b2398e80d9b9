/*
 * The references every reproducer judges against: printed by
 * `strcheck --emit-repro` after repro_template.c (which declares
 * reference()), one byte-at-a-time model of each API's contract, picked by
 * REPRO_API.  Built into strcheck as a string, as the template is.
 */
/* The contract's byte-at-a-time reference, into a plain image of dest
 * (holding dest's string before the call, for strlcat and strncat). */
static long long reference(unsigned char *d)
{
	const unsigned char *s = repro_src;
	size_t n = case_count(), len = 0, i, dlen = 0;

	while (len < src_len && s[len])
		len++;
	if (REPRO_API == 4) {                       /* strlcat */
		while (dlen < n && dlen < span && d[dlen])
			dlen++;
		if (dlen == n)
			return (long long)(n + len);
		for (i = 0; i < len && dlen + i < n - 1; i++)
			d[dlen + i] = s[i];
		d[dlen + i] = 0;
		return (long long)(dlen + len);
	}
	if (REPRO_API == 5) {                       /* strncat */
		while (d[dlen])
			dlen++;
		for (i = 0; i < len && i < n; i++)
			d[dlen + i] = s[i];
		d[dlen + i] = 0;
		return 0;
	}
	if (REPRO_API == 6) {                       /* stpncpy */
		for (i = 0; i < n; i++)
			d[i] = i < len ? s[i] : 0;
		return (long long)(len < n ? len : n);
	}
	if (REPRO_API == 7) {                       /* memccpy */
		for (i = 0; i < n; i++) {
			d[i] = s[i];
			if (s[i] == (unsigned char)REPRO_CH)
				return (long long)i + 1;
		}
		return RET_NULL;
	}
	if (REPRO_API == 2) {                       /* strlcpy */
		for (i = 0; n && i < len && i < n - 1; i++)
			d[i] = s[i];
		if (n)
			d[i] = 0;
		return (long long)len;
	}
	if (REPRO_API == 3) {                       /* strncpy */
		for (i = 0; i < n; i++)
			d[i] = i < len ? s[i] : 0;
		return 0;
	}
	if (n == 0 || (REPRO_API == 1 && n > 0x7fffffffu))
		return -E2BIG;
	for (i = 0; i + 1 < n && i < len; i++)
		d[i] = s[i];
	d[i] = 0;
	while (REPRO_API == 1 && ++i < n)
		d[i] = 0;
	return len < n ? (long long)len : -E2BIG;
}
