/*
 * linux/kconfig.h (strcheck kernel shim) - included first into every
 * kernel file strcheck builds (-include), as the kernel's build does with
 * its own.  The CONFIG_ switches come from strcheck's command line
 * (--kconfig, -DCONFIG_NAME=1); this adds what follows from the target.
 */
#ifndef KSHIM_KCONFIG_H
#define KSHIM_KCONFIG_H

#if __SIZEOF_LONG__ == 8 && !defined(CONFIG_64BIT)
#define CONFIG_64BIT 1
#endif

/* IS_ENABLED(CONFIG_X): 1 when the switch is defined to 1, else 0,
 * usable in #if and in C (the usual placeholder-argument trick). */
#define __KSHIM_ARG_PLACEHOLDER_1 0,
#define __kshim_take_second(ignored, val, ...) val
#define __kshim_is_defined3(arg1_or_junk) __kshim_take_second(arg1_or_junk 1, 0, 0)
#define __kshim_is_defined2(val) __kshim_is_defined3(__KSHIM_ARG_PLACEHOLDER_##val)
#define __kshim_is_defined(x) __kshim_is_defined2(x)
#define IS_BUILTIN(option) __kshim_is_defined(option)
#define IS_MODULE(option) 0
#define IS_REACHABLE(option) IS_BUILTIN(option)
#define IS_ENABLED(option) IS_BUILTIN(option)

#endif
