/*
 * A shared library that is not a Petal 1.x plugin: it exports
 * petal_plugin_entry_v2 (as a future major would) but not
 * petal_plugin_entry_v1.
 */
#include <stddef.h>

const void *petal_plugin_entry_v2(void);
const void *petal_plugin_entry_v2(void) { return NULL; }
