/*
 * A plugin that dies in the ways an isolated plugin's host can: die.segv
 * writes through a null pointer, die.abort calls abort(), die.exit calls
 * exit(3), all inside invoke. die.check answers InvalidParams unless its
 * params hold "ok", and {"ok":true} if they do.
 */
#include <petal_plugin.h>

#include <stdlib.h>
#include <string.h>

static const petal_action actions[] = {
    {"die.segv", "Crash with SIGSEGV", NULL},
    {"die.abort", "Abort", NULL},
    {"die.exit", "Exit with status 3", NULL},
    {"die.check", "Check the params", NULL},
};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id;
    if (strcmp(action, "die.segv") == 0) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    } else if (strcmp(action, "die.abort") == 0) {
        abort();
    } else if (strcmp(action, "die.exit") == 0) {
        exit(3);
    } else if (strstr(params, "\"ok\"") != NULL) {
        complete(context, "{\"ok\":true}", NULL, NULL);
    } else {
        complete(context, NULL, "InvalidParams", "die.check needs the parameter ok");
    }
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "die",
    .version = "1.0.0",
    .actions = actions,
    .action_count = sizeof actions / sizeof actions[0],
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }

PETAL_PLUGIN_DESCRIBE("die", "1.0.0");
