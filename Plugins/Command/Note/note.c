/* libpetal-command.so describes itself, for petald to read before it loads the library. */
#include <petal_plugin.h>

PETAL_PLUGIN_DESCRIBE("command", PETAL_BUILT_IN_PLUGIN_VERSION);
