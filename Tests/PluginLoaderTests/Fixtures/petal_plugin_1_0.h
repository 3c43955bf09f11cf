/*
 * A frozen copy of petal_plugin.h as ABI 1.0 shipped it (the header before
 * 1.1 appended start_run and stop_run), for the test that a plugin built
 * against 1.0 keeps loading into a 1.x petald. Never edit it.
 */
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
#define PETAL_PLUGIN_ABI_MINOR 0

/** The name of the symbol every plugin exports, as a string for dlsym(). */
#define PETAL_PLUGIN_ENTRY_SYMBOL "petal_plugin_entry_v1"

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
     * Returns 0 on failure. Thread-safe.
     */
    uint64_t (*subscribe_signal)(void *context, const char *sender, const char *path,
                                 const char *interface_name, const char *member,
                                 petal_signal_fn handler, void *signal_context);

    /** Ends a subscription made by subscribe_signal(). Thread-safe. */
    void (*unsubscribe_signal)(void *context, uint64_t subscription);
} petal_host;

/** One action a plugin provides. */
typedef struct petal_action {
    /** Unique across all plugins, "<plugin>.<verb>" by convention, e.g. "camera.open". */
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
     * worker thread, possibly for several invocations at once: invoke must be
     * thread-safe. It must not block for long; start the work and return.
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
