/*
 * petal_plugin.h — the C ABI between petald and its action plugins.
 *
 * A plugin is a shared library (*.so) that exports one symbol:
 *
 *     const petal_plugin *petal_plugin_entry_v1(void);
 *
 * The daemon calls it once after loading the library and reads the returned
 * table. Everything a plugin needs from the daemon comes through the
 * petal_host table handed to init(): logging, starting programs, D-Bus calls
 * on the daemon's own connection, and the plugin's settings. A plugin never
 * opens its own bus connection or starts programs by itself, so that the
 * daemon can run sandboxed while the programs it starts do not.
 *
 * Data crosses the boundary as NUL-terminated UTF-8 strings; structured data
 * (parameters, results, settings, D-Bus arguments) as JSON text. Strings the
 * daemon passes in are valid only for the duration of the call that receives
 * them: copy what you keep. Strings a plugin passes to the daemon are copied
 * before the call returns.
 *
 * Versioning
 * ----------
 * The ABI version is MAJOR.MINOR. The daemon loads a plugin whose major
 * equals its own and whose minor is not newer than its own.
 *
 *  - A minor release only appends fields at the end of petal_plugin or
 *    petal_host, or adds values to enumerations. Every table starts with its
 *    struct_size, so each side can tell which fields the other has: a field
 *    is present when offsetof(field) + sizeof(field) <= struct_size. A
 *    plugin built against 1.0 keeps loading into every 1.x daemon.
 *  - Anything else needs a new major: removing, reordering or retyping a
 *    field, changing what a function may assume or must guarantee, or
 *    changing the entry symbol (a major 2 would export petal_plugin_entry_v2,
 *    so a daemon can still find and explain an old plugin).
 *
 * Metadata before code (ABI 1.1)
 * ------------------------------
 * Loading a library runs its code: its ELF constructors run inside dlopen(),
 * before the daemon can read the table. So that a plugin can be refused
 * without any of its code running, a plugin also states its ABI version,
 * name and version in an ELF note, with one line in one of its C files (a
 * Swift plugin adds a one-line C target for it; see docs/plugins.md):
 *
 *     PETAL_PLUGIN_DESCRIBE("hello", "1.0.0");
 *
 * The daemon reads the note from the file before dlopen(), and refuses there
 * a plugin that is disabled by name, built for an ABI it does not speak,
 * uses a reserved name, or has the name of a plugin already loaded. After
 * dlopen() the table's name must equal the note's. A plugin without the
 * note (every 1.0 plugin) still loads, but only its file name can then be
 * checked before its code runs.
 *
 * The note is a standard ELF note in an allocated section .note.petal, so
 * the linker puts it in a PT_NOTE segment, where the daemon finds it by its
 * owner and type (readelf -n shows it):
 *
 *     uint32 namesz   6, the size of "Petal" with its NUL
 *     uint32 descsz   the size of the descriptor below, without padding
 *     uint32 type     PETAL_PLUGIN_NOTE_TYPE (1)
 *     char   owner[8] "Petal", NUL-padded to a multiple of 4
 *     descriptor:
 *       uint32 abi_major   PETAL_PLUGIN_ABI_MAJOR as the plugin was compiled
 *       uint32 abi_minor   PETAL_PLUGIN_ABI_MINOR as the plugin was compiled
 *       char   name[]      the plugin's name, NUL-terminated
 *       char   version[]   the plugin's version, NUL-terminated ("" if none)
 *     NUL padding to a multiple of 4
 *
 * Integers are in the file's byte order. The daemon refuses a file whose
 * note is malformed (a descriptor shorter than its fields, a string without
 * its NUL, an invalid name, more than one description) with the reason.
 */
#ifndef PETAL_PLUGIN_H
#define PETAL_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI major version this header describes. */
#define PETAL_PLUGIN_ABI_MAJOR 1
/** The ABI minor version this header describes. */
#define PETAL_PLUGIN_ABI_MINOR 1

/** The name of the symbol every plugin exports, as a string for dlsym(). */
#define PETAL_PLUGIN_ENTRY_SYMBOL "petal_plugin_entry_v1"

/** The owner of Petal's ELF notes; its namesz counts the NUL (6). */
#define PETAL_PLUGIN_NOTE_OWNER "Petal"
/** The type, within owner "Petal", of the note PETAL_PLUGIN_DESCRIBE writes. */
#define PETAL_PLUGIN_NOTE_TYPE 1
/** The section PETAL_PLUGIN_DESCRIBE puts its note in. */
#define PETAL_PLUGIN_NOTE_SECTION ".note.petal"

/**
 * Describes the plugin in an ELF note that the daemon reads before loading
 * the library (ABI 1.1; see "Metadata before code" above). name and version
 * must be string literals, and name must equal the table's name. Use it once
 * per plugin, at file scope, in a C (or C++) file linked into the plugin:
 *
 *     PETAL_PLUGIN_DESCRIBE("hello", "1.0.0");
 *
 * It defines a static object, petal_plugin_note, that nothing refers to; the
 * used attribute keeps the compiler and the linker from dropping it.
 */
#define PETAL_PLUGIN_DESCRIBE(name, version)                                              \
    __attribute__((section(PETAL_PLUGIN_NOTE_SECTION), used, aligned(4)))               \
    static const struct {                                                               \
        uint32_t namesz, descsz, type;                                                  \
        char owner[(sizeof(PETAL_PLUGIN_NOTE_OWNER) + 3) & ~(size_t)3];                 \
        uint32_t abi_major, abi_minor;                                                  \
        char text[(sizeof(name) + sizeof(version) + 3) & ~(size_t)3];                   \
    } petal_plugin_note = {                                                             \
        sizeof(PETAL_PLUGIN_NOTE_OWNER), 8 + sizeof(name) + sizeof(version),            \
        PETAL_PLUGIN_NOTE_TYPE, PETAL_PLUGIN_NOTE_OWNER,                                \
        PETAL_PLUGIN_ABI_MAJOR, PETAL_PLUGIN_ABI_MINOR, name "\0" version               \
    }

/** Log priorities, as syslog numbers them. */
typedef enum petal_log_level {
    PETAL_LOG_ERROR = 3,
    PETAL_LOG_WARNING = 4,
    PETAL_LOG_NOTICE = 5,
    PETAL_LOG_INFO = 6,
    PETAL_LOG_DEBUG = 7
} petal_log_level;

/**
 * Finishes an invocation. The daemon passes this function and its context to
 * invoke(); the plugin calls it exactly once per invocation, from any thread,
 * before or after invoke() returns.
 *
 * On success, error_name is NULL and result_json is a JSON object (NULL means
 * "{}"). On failure, error_name is one of Petal's error names without their
 * prefix — "InvalidParams" (a parameter is missing or wrong; name it in the
 * message) or "ActionFailed" (anything else) — and message says, for a
 * person, what was wrong and what would be right; result_json is ignored.
 *
 * A second call for the same invocation, or a call after the daemon's
 * timeout, is logged and ignored.
 */
typedef void (*petal_complete_fn)(void *completion_context, const char *result_json,
                                  const char *error_name, const char *message);

/**
 * Receives the outcome of petal_host.call_method(), exactly once, on one of
 * the daemon's threads. On success error_name is NULL and reply_json is a
 * JSON array of the reply's arguments; on failure error_name is the D-Bus
 * error name and message its text.
 */
typedef void (*petal_reply_fn)(void *reply_context, const char *reply_json,
                               const char *error_name, const char *message);

/**
 * Receives each signal matched by petal_host.subscribe_signal(), on one of
 * the daemon's threads; args_json is a JSON array of its arguments.
 */
typedef void (*petal_signal_fn)(void *signal_context, const char *args_json);

/**
 * Receives each signal matched by petal_host.subscribe_signal_from() (ABI
 * 1.1), on one of the daemon's threads, with where it came from: sender is
 * the unique bus name of the connection that sent it (e.g. ":1.42"), path
 * its object path, interface_name and member its interface and name, and
 * args_json a JSON array of its arguments. None is NULL; all are valid only
 * during the call.
 */
typedef void (*petal_signal_from_fn)(void *signal_context, const char *sender, const char *path,
                                     const char *interface_name, const char *member,
                                     const char *args_json);

/** What the daemon offers a plugin. Valid from init() until the process exits. */
typedef struct petal_host {
    /** sizeof(petal_host) in the daemon that filled it in. */
    uint32_t struct_size;
    /** The daemon's PETAL_PLUGIN_ABI_MAJOR. */
    uint16_t abi_major;
    /** The daemon's PETAL_PLUGIN_ABI_MINOR. */
    uint16_t abi_minor;
    /** Opaque; pass it as the first argument of every function below. */
    void *context;

    /**
     * The plugin's settings: the value of plugins.settings.<name> in the
     * configuration, as a JSON object ("{}" when there is none).
     */
    const char *settings_json;

    /** Writes one line to the daemon's log, attributed to the plugin. Thread-safe. */
    void (*log)(void *context, petal_log_level level, const char *message);

    /**
     * Starts a program outside the daemon's sandbox and does not wait for it:
     * while the user's systemd (org.freedesktop.systemd1) is on the daemon's
     * bus, as a transient service app-petal-<program>-<random>.service;
     * otherwise as a detached process. Either way with the daemon's
     * environment minus its own service variables, plus "env".
     *
     * argv is a NULL-terminated array; argv[0] is looked up on PATH and never
     * run through a shell. options_json is NULL or an object with optional
     * "env" (object of strings added to the environment) and "cwd" (string;
     * under systemd the default is the user's home).
     * On success returns 0 and writes into out_json (if not NULL, at most
     * out_size bytes, NUL-terminated) {"unit": "name"} under systemd, or
     * {"pid": N} for a process the daemon started itself (also when systemd
     * refused the unit). On failure returns -1 and writes the reason, for a
     * person, into out_json.
     *
     * Under systemd this waits for systemd to start the program (a D-Bus
     * round trip, at most about 16 s). Called from a call_method reply or a
     * signal handler (the daemon's bus thread, which must not wait), it
     * returns {"unit": "name"} at once and a failure is only logged.
     * Thread-safe.
     */
    int (*launch)(void *context, const char *const *argv, const char *options_json,
                  char *out_json, size_t out_size);

    /**
     * Runs a program to completion and reports what it did, as `command.run`
     * needs: argv as for launch(); options_json may hold "env", "cwd",
     * "timeout" (seconds, a number; the program is killed after it) and
     * "output_limit" (bytes kept from the end of stdout and of stderr).
     * Calls complete exactly once with a result object {"status": N,
     * "stdout": "...", "stderr": "..."} where status is the exit status, or
     * 128 + the signal number that ended it, or with error "ActionFailed"
     * when the program could not be started. Unlike launch(), the program is
     * always the daemon's own child, so under a sandboxed unit it runs
     * inside that sandbox. Thread-safe.
     */
    void (*run)(void *context, const char *const *argv, const char *options_json,
                petal_complete_fn complete, void *completion_context);

    /**
     * Calls a D-Bus method on the daemon's bus connection, asynchronously.
     * args_json is a JSON array matching signature; a variant ("v") is
     * written as a two-element array [signature, value], e.g. ["y", 2].
     * Dictionaries are JSON objects; structs are arrays. timeout_ms <= 0
     * means the default (25 s). reply is called exactly once. Thread-safe.
     */
    void (*call_method)(void *context, const char *destination, const char *path,
                        const char *interface_name, const char *method,
                        const char *signature, const char *args_json, int timeout_ms,
                        petal_reply_fn reply, void *reply_context);

    /**
     * Delivers signals matching the given fields (NULL matches anything) to
     * handler until unsubscribe_signal() is called with the returned id.
     * Returns 0 on failure. Thread-safe. The handler gets the arguments only;
     * subscribe_signal_from() (ABI 1.1) also gives the sender and path.
     */
    uint64_t (*subscribe_signal)(void *context, const char *sender, const char *path,
                                 const char *interface_name, const char *member,
                                 petal_signal_fn handler, void *signal_context);

    /** Ends a subscription made by subscribe_signal(). Thread-safe. */
    void (*unsubscribe_signal)(void *context, uint64_t subscription);

    /* ABI 1.1: present when struct_size covers them (start_run to subscribe_signal_from). */

    /**
     * Like run(), and returns an id for stop_run(), or 0 when the program
     * could not be started (complete has then been called with the reason).
     * The program leads a process group of its own: when it exits, times
     * out or is stopped, whatever it left running in that group gets
     * SIGTERM, then SIGKILL a second later. Call stop_run() from cancel() so
     * that no program outlives its invocation. Thread-safe.
     */
    uint64_t (*start_run)(void *context, const char *const *argv, const char *options_json,
                          petal_complete_fn complete, void *completion_context);

    /**
     * Ends the program start_run() returned `run` for, with its process
     * group. complete is still called, once, with "cancelled": true in the
     * result. An unknown or finished id is ignored. Thread-safe.
     */
    void (*stop_run)(void *context, uint64_t run);

    /**
     * Like subscribe_signal(), but handler also receives each signal's
     * sender, object path, interface and member, so that a plugin can tell
     * which object a signal is about and which connection sent it: a client
     * of xdg-desktop-portal, say, takes only the Response of its own request
     * object from the portal's own connection. End it with
     * unsubscribe_signal(). Returns 0 on failure (a field that is not a
     * valid bus name, path, interface or member). Thread-safe.
     *
     * sender may be a unique name (":1.42") or a well-known one. A signal
     * addressed to petald itself reaches petald whatever match rules say,
     * so with a well-known sender such a signal is delivered whoever sent
     * it: to accept one connection only, pass its unique name (ask the bus
     * with org.freedesktop.DBus.GetNameOwner) or compare sender in handler.
     */
    uint64_t (*subscribe_signal_from)(void *context, const char *sender, const char *path,
                                      const char *interface_name, const char *member,
                                      petal_signal_from_fn handler, void *signal_context);
} petal_host;

/** One action a plugin provides. */
typedef struct petal_action {
    /** "<plugin name>.<verb>", e.g. "camera.open": a plugin may declare ids in its own namespace only. */
    const char *id;
    /** A short title for menus, e.g. "Open the camera". */
    const char *title;
    /** A freedesktop icon name, or NULL. */
    const char *icon;
} petal_action;

/**
 * The table a plugin exports. It and everything it points to must stay valid
 * and unchanged for as long as the process runs (plugins are never unloaded):
 * a static const table is the usual way.
 */
typedef struct petal_plugin {
    /** sizeof(petal_plugin) as the plugin was compiled. */
    uint32_t struct_size;
    /** PETAL_PLUGIN_ABI_MAJOR as the plugin was compiled. */
    uint16_t abi_major;
    /** PETAL_PLUGIN_ABI_MINOR as the plugin was compiled. */
    uint16_t abi_minor;
    /** The plugin's name: unique, [a-z0-9_-]+, e.g. "camera". */
    const char *name;
    /** The plugin's own version, for display, e.g. "1.2.0". */
    const char *version;
    /** The actions, action_count of them. */
    const petal_action *actions;
    size_t action_count;

    /**
     * Called once, on the daemon's start-up thread, before any other
     * function. Store host if you need it later (it stays valid). Return a
     * state pointer (passed back to every other call; may be NULL) through
     * state_out, and 0 on success. On failure return non-zero and, if
     * error_out is not NULL, point it at a static message saying why: the
     * plugin is then skipped and reported as failed with that reason. May be NULL.
     */
    int (*init)(const petal_host *host, void **state_out, const char **error_out);

    /**
     * Runs action_id with params_json (a JSON object). Called on a daemon
     * worker thread, never on its event loop, possibly for several
     * invocations at once: invoke must be thread-safe. petald gives each
     * plugin one worker thread, so a slow invoke delays the plugin's other
     * invocations: it must not block for long; start the work and return.
     * complete(completion_context, ...) must be called exactly once for this
     * invocation_id, from any thread, before or after invoke returns.
     */
    void (*invoke)(void *state, uint64_t invocation_id, const char *action_id,
                   const char *params_json, petal_complete_fn complete, void *completion_context);

    /**
     * Asks a running invocation to stop (the caller went away or it timed
     * out). The plugin should stop the work; whether it then calls complete
     * does not matter, since the daemon has already answered. Thread-safe.
     * May be NULL.
     */
    void (*cancel)(void *state, uint64_t invocation_id);

    /**
     * Called once when the daemon stops, after the last invocation has been
     * completed or cancelled. Release what init acquired. May be NULL.
     */
    void (*deinit)(void *state);
} petal_plugin;

/** The entry point every plugin exports. */
const petal_plugin *petal_plugin_entry_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* PETAL_PLUGIN_H */
