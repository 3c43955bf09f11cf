/*
 * A plugin whose action returns a result of 10 MB: {"text": "xxx…"}.
 */
#include <petal_plugin.h>

#include <stdlib.h>
#include <string.h>

static const petal_action actions[] = {{"big.result", "Return 10 MB", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    size_t size = 10u << 20;
    char *text = malloc(size + 16);
    if (!text) { complete(context, NULL, "ActionFailed", "out of memory"); return; }
    strcpy(text, "{\"text\": \"");
    size_t at = strlen(text);
    memset(text + at, 'x', size);
    strcpy(text + at + size, "\"}");
    complete(context, text, NULL, NULL);
    free(text);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "big",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
