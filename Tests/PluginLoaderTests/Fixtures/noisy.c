/*
 * A plugin whose log messages try to forge lines and move the cursor: a
 * newline followed by a line that looks like petald's own, an ESC sequence,
 * and a 1 MiB message.
 */
#include <petal_plugin.h>

#include <stdlib.h>
#include <string.h>

static int init(const petal_host *host, void **state, const char **error) {
    (void)state, (void)error;
    host->log(host->context, PETAL_LOG_WARNING, "first\npetald: forged line");
    host->log(host->context, PETAL_LOG_WARNING, "\x1b[2J\x1b[31mred");
    size_t size = 1u << 20;
    char *huge = malloc(size + 1);
    if (huge) {
        memset(huge, 'z', size);
        huge[size] = 0;
        host->log(host->context, PETAL_LOG_WARNING, huge);
        free(huge);
    }
    return 0;
}

static const petal_action actions[] = {{"noisy.nothing", "Nothing", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, NULL, NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "noisy",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .init = init,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
