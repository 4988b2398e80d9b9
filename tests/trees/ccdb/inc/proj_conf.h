/* The project's configuration header, found by compile_commands.json's -I. */
#define PROJ_ROOM(size) ((size) - 1)
