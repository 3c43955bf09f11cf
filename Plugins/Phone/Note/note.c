/* libpetal-phone.so describes itself, for petald to read before it loads the library. */
#include <petal_plugin.h>

PETAL_PLUGIN_DESCRIBE("phone", PETAL_BUILT_IN_PLUGIN_VERSION);
