/*
 * Nothing to run: compile-time checks that the ABI's layout has not moved.
 * A minor release only appends, so every field keeps its offset.
 *
 * This file also makes PetalPluginABI a C target, so that C targets which
 * depend on it, such as a plugin's note, find petal_plugin.h. It holds no
 * PETAL_PLUGIN_DESCRIBE: that would describe every binary linking the ABI,
 * petald included.
 */
#include "petal_plugin.h"

#define POINTER_FIELD(table, field, index) \
    _Static_assert(offsetof(table, field) == 8 + (index) * sizeof(void *), #table "." #field " moved")

POINTER_FIELD(petal_host, context, 0);
POINTER_FIELD(petal_host, settings_json, 1);
POINTER_FIELD(petal_host, log, 2);
POINTER_FIELD(petal_host, launch, 3);
POINTER_FIELD(petal_host, run, 4);
POINTER_FIELD(petal_host, call_method, 5);
POINTER_FIELD(petal_host, subscribe_signal, 6);
POINTER_FIELD(petal_host, unsubscribe_signal, 7);
/* ABI 1.1 */
POINTER_FIELD(petal_host, start_run, 8);
POINTER_FIELD(petal_host, stop_run, 9);
POINTER_FIELD(petal_host, subscribe_signal_from, 10);
_Static_assert(sizeof(petal_host) == 8 + 11 * sizeof(void *), "petal_host ends with subscribe_signal_from");

POINTER_FIELD(petal_plugin, name, 0);
POINTER_FIELD(petal_plugin, version, 1);
POINTER_FIELD(petal_plugin, actions, 2);
POINTER_FIELD(petal_plugin, action_count, 3);
POINTER_FIELD(petal_plugin, init, 4);
POINTER_FIELD(petal_plugin, invoke, 5);
POINTER_FIELD(petal_plugin, cancel, 6);
POINTER_FIELD(petal_plugin, deinit, 7);
