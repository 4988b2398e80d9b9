/*
 * word_at_a_time.h - find the first zero byte of a machine word.
 *
 * The copy loop in strscpy.c is written once against this interface; the
 * byte order and the word size live only here:
 *
 *   word_t w = load_word(p);             memory order kept: byte p[0] is "first"
 *   word_t z = zero_bits(w);             non-zero iff w holds a zero byte; exact
 *                                        at least for the first zero byte
 *   size_t i = first_zero(z);            index (in memory order) of that byte
 *   word_t k = keep_before(z);           mask: all bits of the bytes before it
 *   store_word(p, w & k);                bytes from the NUL on become zero
 *   store_word(p, w & WAT_ALL_BUT_LAST); the word's last byte becomes zero
 *
 * WAT_BIG_ENDIAN (0/1) and WAT_WORD_BITS (32/64) default to the target's and
 * can be forced with -D.  Forcing the byte order that the machine does not
 * have byte-swaps each load and store, so the other order's arithmetic runs
 * (slowly) on this machine and the test suite can exercise it.
 */
#ifndef WORD_AT_A_TIME_H
#define WORD_AT_A_TIME_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WAT_NATIVE_BIG_ENDIAN 1
#else
#define WAT_NATIVE_BIG_ENDIAN 0
#endif

#ifndef WAT_BIG_ENDIAN
#define WAT_BIG_ENDIAN WAT_NATIVE_BIG_ENDIAN
#endif

#ifndef WAT_WORD_BITS
#if UINTPTR_MAX > 0xffffffffu
#define WAT_WORD_BITS 64
#else
#define WAT_WORD_BITS 32
#endif
#endif

#if WAT_WORD_BITS == 64
typedef uint64_t word_t;
#define WAT_ONES UINT64_C(0x0101010101010101)
#elif WAT_WORD_BITS == 32
typedef uint32_t word_t;
#define WAT_ONES UINT32_C(0x01010101)
#else
#error "WAT_WORD_BITS must be 32 or 64"
#endif

#define WAT_HIGHS (WAT_ONES * 0x80)
#define WAT_LOWS (WAT_ONES * 0x7f)
#define WORD_SIZE (sizeof(word_t))

/*
 * WAT_UNALIGNED (0/1): the machine loads a word from any address at about
 * the cost of an aligned one.  When 0, every load is of an aligned word.
 * Can be forced with -D (the suite forces 0 on x86 to test that path).
 */
#ifndef WAT_UNALIGNED
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || defined(__s390x__)
#define WAT_UNALIGNED 1
#else
#define WAT_UNALIGNED 0
#endif
#endif

/* The smallest page size of every target: a load that stays inside one
 * aligned 4 KiB block stays inside one page, whatever the page size. */
#define WAT_PAGE 4096u

/* Bytes from p to the end of its page (1..WAT_PAGE). */
static inline size_t wat_page_left(const void *p)
{
	return WAT_PAGE - ((uintptr_t)p & (WAT_PAGE - 1));
}

/*
 * Loads may read bytes past the string's NUL inside the same aligned word;
 * that can never fault, but AddressSanitizer would call it an overflow of
 * the caller's object, so the two accessors are not instrumented (the
 * kernel's read_word_at_a_time() does the same for KASAN).
 */
#if defined(__clang__) || defined(__GNUC__)
#define WAT_NO_ASAN __attribute__((no_sanitize_address))
#else
#define WAT_NO_ASAN
#endif

#if WAT_BIG_ENDIAN != WAT_NATIVE_BIG_ENDIAN
#if WAT_WORD_BITS == 64
#define wat_swap(w) __builtin_bswap64(w)
#else
#define wat_swap(w) __builtin_bswap32(w)
#endif
#else
#define wat_swap(w) (w)
#endif

#if defined(__GNUC__) || defined(__clang__)
/* may_alias keeps the access strict-aliasing safe; it compiles to one load. */
typedef word_t __attribute__((may_alias, aligned(1))) word_alias_t;

/*
 * The value loaded from the source is what every decision is made on.
 * The empty asm tells the compiler that the register may no longer equal
 * memory, so it can neither load the same bytes again for a later use
 * nor fold the load into two instructions: with another thread changing
 * the source, a second load could see other bytes than the first
 * (the vector paths do the same).
 */
#define WAT_ONCE(v, reg) __asm__("" : "+" reg(v))

static inline WAT_NO_ASAN word_t load_word(const void *p)
{
	word_t w = *(const word_alias_t *)p;

	WAT_ONCE(w, "r");
	return wat_swap(w);
}

static inline WAT_NO_ASAN void store_word(void *p, word_t w)
{
	*(word_alias_t *)p = wat_swap(w);
}
#else
#define WAT_ONCE(v, reg) ((void)0)

static inline word_t load_word(const void *p)
{
	word_t w;
	memcpy(&w, p, sizeof(w));
	return wat_swap(w);
}

static inline void store_word(void *p, word_t w)
{
	w = wat_swap(w);
	memcpy(p, &w, sizeof(w));
}
#endif

/* Index of the lowest / highest set bit; z != 0. */
static inline unsigned wat_ctz(word_t z)
{
#if WAT_WORD_BITS == 64
	return (unsigned)__builtin_ctzll(z);
#else
	return (unsigned)__builtin_ctz(z);
#endif
}

static inline unsigned wat_clz(word_t z)
{
#if WAT_WORD_BITS == 64
	return (unsigned)__builtin_clzll(z);
#else
	return (unsigned)__builtin_clz(z);
#endif
}

#if !WAT_BIG_ENDIAN
/*
 * Little-endian: the first byte in memory is the least significant.  The
 * classic (w - 0x01..) & ~w & 0x80.. sets the high bit of every zero byte
 * and may also set it in a 0x01 byte above a zero byte (the borrow), never
 * below one, so the lowest set bit is exact; bytes >= 0x80 are excluded by
 * the ~w term.
 */
static inline word_t zero_bits(word_t w)
{
	return (w - WAT_ONES) & ~w & WAT_HIGHS;
}

static inline size_t first_zero(word_t z)
{
	return wat_ctz(z) / 8;
}

static inline word_t keep_before(word_t z)
{
	/* All bits below the lowest set bit, then drop that byte's low 7. */
	return ((z - 1) & ~z) >> 7;
}

/* Every byte but the last one in memory, which is the most significant. */
#define WAT_ALL_BUT_LAST (~(word_t)0 >> 8)

/* w without its first n bytes in memory order (n < WORD_SIZE); the bytes
 * shifted in at the end are zero. */
#define wat_shift_out(w, n) ((word_t)((w) >> (8 * (n))))

/* The first byte of w in memory order, as a value of the given width. */
#define wat_first(type, w) ((type)(w))
#else
/*
 * Big-endian: the first byte in memory is the most significant, so a false
 * positive above a zero byte would land on an earlier byte.  Use the exact
 * test instead: adding 0x7f to each byte's low 7 bits carries into its high
 * bit unless all seven are zero; OR-ing w back in rules out 0x80..0xff.
 */
static inline word_t zero_bits(word_t w)
{
	return ~(((w & WAT_LOWS) + WAT_LOWS) | w | WAT_LOWS);
}

static inline size_t first_zero(word_t z)
{
	return wat_clz(z) / 8;
}

static inline word_t keep_before(word_t z)
{
	/* The bytes before index i are the top 8*i bits. */
	return ~(~(word_t)0 >> (8 * first_zero(z)));
}

/* Every byte but the last one in memory, which is the least significant. */
#define WAT_ALL_BUT_LAST (~(word_t)0 << 8)

#define wat_shift_out(w, n) ((word_t)((w) << (8 * (n))))
#define wat_first(type, w) ((type)((w) >> (WAT_WORD_BITS - 8 * sizeof(type))))
#endif

/* Mask of the first n bytes in memory order, 0 <= n <= WORD_SIZE. */
static inline word_t first_bytes(size_t n)
{
	if (n >= WORD_SIZE)
		return ~(word_t)0;
#if !WAT_BIG_ENDIAN
	return (word_t)~((word_t)~(word_t)0 << (8 * n));
#else
	return (word_t)~((word_t)~(word_t)0 >> (8 * n));
#endif
}

/* Store a 16- or 32-bit value so that memory holds its bytes in the
 * order of the word arithmetic (its first byte first). */
#if WAT_BIG_ENDIAN != WAT_NATIVE_BIG_ENDIAN
#define wat_swap16(v) __builtin_bswap16(v)
#define wat_swap32(v) __builtin_bswap32(v)
#else
#define wat_swap16(v) (v)
#define wat_swap32(v) (v)
#endif

static inline void wat_store16(unsigned char *p, uint16_t v)
{
	v = wat_swap16(v);
	memcpy(p, &v, 2);
}

static inline void wat_store32(unsigned char *p, uint32_t v)
{
	v = wat_swap32(v);
	memcpy(p, &v, 4);
}

/*
 * Store the first n bytes of w (memory order) at p, 0 <= n <= WORD_SIZE,
 * each byte once and nothing past p[n-1]: a whole word, or 4-, 2- and
 * 1-byte pieces.
 */
static inline void store_first(void *p, word_t w, size_t n)
{
	unsigned char *d = p;

	if (n >= WORD_SIZE) {
		store_word(d, w);
		return;
	}
#if WAT_WORD_BITS == 64
	if (n & 4) {
		wat_store32(d, wat_first(uint32_t, w));
		d += 4;
		w = wat_shift_out(w, 4);
	}
#endif
	if (n & 2) {
		wat_store16(d, wat_first(uint16_t, w));
		d += 2;
		w = wat_shift_out(w, 2);
	}
	if (n & 1)
		*d = wat_first(unsigned char, w);
}

#endif
