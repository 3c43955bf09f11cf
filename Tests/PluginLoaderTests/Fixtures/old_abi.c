/*
 * A plugin built as plugins were before ABI 1.1: against the frozen 1.0
 * header beside this file, so with a 1.0 table and no note. Its action
 * reports the ABI it was built for and the host table petald handed it,
 * whose 1.0 fields it uses (log at init, and nothing newer).
 */
#include "petal_plugin_1_0.h"

#include <stdio.h>

_Static_assert(PETAL_PLUGIN_ABI_MAJOR == 1 && PETAL_PLUGIN_ABI_MINOR == 0, "built against ABI 1.0");

static const petal_host *host;

static int init(const petal_host *given, void **state, const char **error) {
    (void)state, (void)error;
    host = given;
    host->log(host->context, PETAL_LOG_INFO, "a 1.0 plugin, ready");
    return 0;
}

static const petal_action actions[] = {{"old.ping", "Ping", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    char result[200];
    snprintf(result, sizeof result,
             "{\"built\":\"%d.%d\",\"table_size\":%zu,\"host\":\"%u.%u\",\"host_has_1_0_fields\":%s}",
             PETAL_PLUGIN_ABI_MAJOR, PETAL_PLUGIN_ABI_MINOR, sizeof(petal_plugin),
             (unsigned)host->abi_major, (unsigned)host->abi_minor,
             host->struct_size >= sizeof(petal_host) ? "true" : "false");
    complete(context, result, NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "old",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .init = init,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
