/*
 * HelloPlugin's name and version in an ELF note, for petald to read before
 * it loads the library: the same as HelloPlugin.name and .version (petald
 * refuses a plugin whose table names it otherwise).
 */
#include <petal_plugin.h>

PETAL_PLUGIN_DESCRIBE("hello", "1.0.0");
