/*
 * A plugin whose invoke blocks, as a plugin must not: block.wait stays inside
 * invoke until the file RELEASE_PATH (a -D define) exists, or 30 s have
 * passed, and then completes. While it blocks, other plugins must be served.
 */
#include <petal_plugin.h>

#include <unistd.h>

#ifndef RELEASE_PATH
#error "compile with -DRELEASE_PATH=\"/path/of/the/release/file\""
#endif

static const petal_action actions[] = {{"block.wait", "Block inside invoke", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    for (int waited = 0; waited < 30000 && access(RELEASE_PATH, F_OK) != 0; waited++) usleep(1000);
    complete(context, "{}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "block",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
