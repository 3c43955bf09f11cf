/* A plugin whose init refuses to start, saying why. */
#include <petal_plugin.h>

static const petal_action actions[] = {{"initfail.ping", "Ping", NULL}};

static int init(const petal_host *host, void **state, const char **error) {
    (void)host, (void)state;
    *error = "no frobnicator is configured; set plugins.settings.initfail.frobnicator";
    return 7;
}

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, "{}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "initfail",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .init = init,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
