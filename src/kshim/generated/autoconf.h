/*
 * generated/autoconf.h (strcheck kernel shim) - what "make *config" writes
 * into a configured tree, and a tree that was never configured lacks: its
 * include/linux/kconfig.h includes it.  The switches strcheck sets come
 * from its command line (-DCONFIG_NAME=1, --kconfig); this adds only what
 * follows from the compiler's target.  (Written for strcheck, no kernel code.)
 */
#ifndef KSHIM_GENERATED_AUTOCONF_H
#define KSHIM_GENERATED_AUTOCONF_H
#if __SIZEOF_LONG__ == 8 && !defined(CONFIG_64BIT)
#define CONFIG_64BIT 1
#endif
#if defined(__x86_64__) && !defined(CONFIG_X86_64)
#define CONFIG_X86_64 1
#endif
#if defined(__i386__) && !defined(CONFIG_X86_32)
#define CONFIG_X86_32 1
#endif
#if (defined(__x86_64__) || defined(__i386__)) && !defined(CONFIG_X86)
#define CONFIG_X86 1
#endif
#ifndef CONFIG_PAGE_SHIFT
#define CONFIG_PAGE_SHIFT 12
#endif
#endif
