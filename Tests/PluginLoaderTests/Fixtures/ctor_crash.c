/*
 * A library that crashes while it is being loaded: its ELF constructor
 * writes through a null pointer, before petald ever calls its entry point.
 * A petald that survives it has run none of its code.
 *
 * With -DNOTE_NAME='"x"' it describes itself with PETAL_PLUGIN_DESCRIBE(x,
 * "1.0.0"), and -DNOTE_ABI_MAJOR / -DNOTE_ABI_MINOR change the ABI version
 * the note gives. With -DUNTERMINATED_NOTE it carries a hand-written
 * description whose version has no NUL. NAME (default "ctor") is the table's name.
 */
#include <petal_plugin.h>

#ifndef NAME
#define NAME "ctor"
#endif

static int *volatile nowhere = NULL;

__attribute__((constructor)) static void crash_on_load(void) { *nowhere = 42; }

static const petal_action actions[] = {{NAME ".ping", "Ping", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, "{}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = NAME,
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }

/* The note's ABI version is the header's at the point of use. */
#ifdef NOTE_ABI_MAJOR
#undef PETAL_PLUGIN_ABI_MAJOR
#define PETAL_PLUGIN_ABI_MAJOR NOTE_ABI_MAJOR
#endif
#ifdef NOTE_ABI_MINOR
#undef PETAL_PLUGIN_ABI_MINOR
#define PETAL_PLUGIN_ABI_MINOR NOTE_ABI_MINOR
#endif

#ifdef NOTE_NAME
PETAL_PLUGIN_DESCRIBE(NOTE_NAME, "1.0.0");
#endif

#ifdef UNTERMINATED_NOTE
/* namesz, descsz, type, owner, abi_major, abi_minor, then "ctor\0" and "1.0" without its NUL. */
__attribute__((section(".note.petal"), used, aligned(4))) static const struct {
    uint32_t namesz, descsz, type;
    char owner[8];
    uint32_t abi_major, abi_minor;
    char text[8];
} unterminated = {6, 16, PETAL_PLUGIN_NOTE_TYPE, "Petal", 1, 1, {'c', 't', 'o', 'r', 0, '1', '.', '0'}};
#endif
