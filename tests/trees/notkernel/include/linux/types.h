/* A C library ships its own include/linux/, as dietlibc does. */
