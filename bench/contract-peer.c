/*
 * contract-peer.c — bench-contract-peer: the floor for a Trigger that keeps
 * Petal's contract. peer.c's Trigger answers at once, which no server bound
 * by docs/dbus-api.md may do; this one does, for each
 * Trigger(s action, a{sv} params) -> a{sv}, what petald must:
 *
 *   1. refuses an action id over 255 bytes (InvalidArgs) or one no loaded
 *      plugin declares (org.petal.Petal1.Error.UnknownAction);
 *   2. turns params into the JSON object the plugin ABI passes (refusing
 *      what has no JSON form, or more than 64 KiB of it, with InvalidParams);
 *   3. emits ActionStarted(u invocation, s action, s item = "");
 *   4. calls the action through the plugin's own table — the same .so petald
 *      loads, opened with dlopen(RTLD_NOW | RTLD_LOCAL), checked and
 *      initialised as petald does (petal_plugin.h) — with a completion
 *      callback, and takes its outcome;
 *   5. emits ActionFinished(u invocation, s action, b success, s error, s message);
 *   6. replies: the result as an a{sv}, or the plugin's error.
 *
 * It is single-threaded and invokes on the bus thread, unless --hop. A plugin that
 * completes inside invoke() (bench.noop) is answered at once; one that
 * completes later, from a thread of its own (bench.sleep), blocks the peer
 * until it does, for at most 20 s (petald's actions.timeout), after which
 * the call fails with Timeout and the plugin's cancel() is called. That is
 * where it falls short of the contract, and why the benchmark measures it
 * with bench.noop only: petald runs invoke() off its loop so that nothing
 * waits for a slow action. The other shortcut: only an empty result (NULL
 * or "{}") is turned back into an a{sv}; any other result is answered with
 * ActionFailed, saying so (the bench plugin returns none).
 *
 * Not done, as in peer.c: introspection, the access check, Busy (one
 * invocation runs at a time here), the crash-quarantine record petald writes
 * around each invoke, and the five built-in plugins (only the --plugin
 * files are loaded; run.py's part builtin passes libpetal-phone.so, a Swift
 * library, for Trigger(phone.call) with no number). The host table handed
 * to init() is an ABI 1.0 one (its struct_size says so, whatever this
 * header's minor); it logs to stderr and refuses launch, run, call_method
 * and subscribe_signal, which neither the bench plugin nor a refused
 * phone.call uses.
 *
 * Toggle() -> s is peer.c's with --spec-states (docs/dbus-api.md#the-state-machine with 0 s
 * animations: → expanding, the reply, → expanded; four signals), so that
 * every method here keeps the contract. Properties.Get(Menu, "State") -> v
 * answers the state, for run.py's part hostile, whose timed calls are
 * Get(State); everything else is UnknownMethod.
 *
 * --hop keeps the contract's other half, which petald keeps and the inline
 * server does not: the dispatch thread never runs plugin code. It checks the
 * call, makes the JSON and emits ActionStarted as above, then queues the
 * call for one worker thread (a mutex, a condition variable and a list),
 * which calls invoke, waits for the completion (the 20 s timeout is the
 * worker's; the dispatch thread never waits) and sends ActionFinished and
 * the reply itself, libdbus being thread-safe (dbus_threads_init_default).
 * So that the worker can write while the dispatch thread sleeps, --hop runs
 * its own poll loop over libdbus's watches and an eventfd that libdbus's
 * wake-up function and watch toggles write (dbus_connection_read_write_dispatch
 * would hold the connection's I/O path while it polls, and a message the
 * worker queued would wait for the next one read). Nothing comes back to the
 * dispatch thread: it wakes only for what it reads.
 *
 * On /org/petal/Petal1, interface org.petal.Petal1.Menu.
 * Usage: bench-contract-peer [--hop] --plugin PATH [--plugin PATH]... [NAME]
 *        (default name org.petal.Bench.CContract); SIGTERM ends it.
 */
#define _GNU_SOURCE
#include <petal_plugin.h>

#include <dbus/dbus.h>
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#define PATH "/org/petal/Petal1"
#define IFACE "org.petal.Petal1.Menu"
#define ERROR_PREFIX "org.petal.Petal1.Error."
#define MAX_ID_BYTES 255
#define MAX_JSON_BYTES (64 * 1024)
#define TIMEOUT_SECONDS 20
#define MAX_PLUGINS 16
#define MAX_ACTIONS 256

static void oom(void) {
    fputs("bench-contract-peer: out of memory\n", stderr);
    exit(1);
}

/* ---- Plugins ---- */

typedef struct plugin {
    const petal_plugin *table;
    void *state;
    uint64_t next_invocation;
    petal_host host;  /* handed to init(), valid as long as the process runs */
} plugin;

typedef struct action {
    const char *id;
    plugin *owner;
} action;

static plugin plugins[MAX_PLUGINS];  /* never unloaded, as petald's */
static size_t plugin_count;
static action actions[MAX_ACTIONS];
static size_t action_count;

static void host_log(void *context, petal_log_level level, const char *message) {
    fprintf(stderr, "bench-contract-peer: plugin %s (priority %d): %s\n", (const char *)context, (int)level, message);
}

static int host_launch(void *context, const char *const *argv, const char *options_json, char *out_json,
                       size_t out_size) {
    (void)context;
    (void)argv;
    (void)options_json;
    if (out_json && out_size) snprintf(out_json, out_size, "bench-contract-peer cannot start programs");
    return -1;
}

static void host_run(void *context, const char *const *argv, const char *options_json, petal_complete_fn complete,
                     void *completion_context) {
    (void)context;
    (void)argv;
    (void)options_json;
    complete(completion_context, NULL, "ActionFailed", "bench-contract-peer cannot run programs");
}

static void host_call_method(void *context, const char *destination, const char *path, const char *interface_name,
                             const char *method, const char *signature, const char *args_json, int timeout_ms,
                             petal_reply_fn reply, void *reply_context) {
    (void)context;
    (void)destination;
    (void)path;
    (void)interface_name;
    (void)method;
    (void)signature;
    (void)args_json;
    (void)timeout_ms;
    reply(reply_context, NULL, DBUS_ERROR_NOT_SUPPORTED, "bench-contract-peer makes no D-Bus calls for plugins");
}

static uint64_t host_subscribe(void *context, const char *sender, const char *path, const char *interface_name,
                               const char *member, petal_signal_fn handler, void *signal_context) {
    (void)context;
    (void)sender;
    (void)path;
    (void)interface_name;
    (void)member;
    (void)handler;
    (void)signal_context;
    return 0;
}

static void host_unsubscribe(void *context, uint64_t subscription) {
    (void)context;
    (void)subscription;
}

static void die_loading(const char *path, const char *why, const char *detail) {
    fprintf(stderr, "bench-contract-peer: cannot load %s: %s%s%s\n", path, why, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

/* Loads one plugin as petald does: dlopen, the entry symbol, the ABI checks, init, its actions. */
static void load_plugin(const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) die_loading(path, "dlopen failed", dlerror());
    const petal_plugin *(*entry)(void);
    *(void **)&entry = dlsym(library, PETAL_PLUGIN_ENTRY_SYMBOL);
    if (!entry) die_loading(path, "it does not export " PETAL_PLUGIN_ENTRY_SYMBOL, NULL);
    const petal_plugin *table = entry();
    if (!table) die_loading(path, PETAL_PLUGIN_ENTRY_SYMBOL " returned NULL", NULL);
    if (table->abi_major != PETAL_PLUGIN_ABI_MAJOR || table->abi_minor > PETAL_PLUGIN_ABI_MINOR)
        die_loading(path, "it was built for another plugin ABI", NULL);
    if (table->struct_size < offsetof(petal_plugin, deinit) + sizeof table->deinit)
        die_loading(path, "its struct_size is too small for ABI 1.0", NULL);
    if (!table->name || !table->invoke) die_loading(path, "its table has no name or no invoke", NULL);

    if (plugin_count == MAX_PLUGINS) die_loading(path, "too many plugins", NULL);
    plugin *loaded = &plugins[plugin_count++];
    /* An ABI 1.0 host table, whatever this header's minor: struct_size tells a
     * newer plugin that the fields after unsubscribe_signal are not there. */
    loaded->host = (petal_host){
        .struct_size = offsetof(petal_host, unsubscribe_signal) + sizeof loaded->host.unsubscribe_signal,
        .abi_major = PETAL_PLUGIN_ABI_MAJOR, .abi_minor = 0,
        .context = (void *)table->name, .settings_json = "{}", .log = host_log, .launch = host_launch,
        .run = host_run, .call_method = host_call_method, .subscribe_signal = host_subscribe,
        .unsubscribe_signal = host_unsubscribe,
    };
    loaded->table = table;
    loaded->next_invocation = 1;
    const char *failure = NULL;
    if (table->init && table->init(&loaded->host, &loaded->state, &failure) != 0)
        die_loading(path, "its init failed", failure ? failure : "no reason given");
    for (size_t i = 0; i < table->action_count; i++) {
        const char *id = table->actions[i].id;
        if (!id || !*id) die_loading(path, "an action has no id", NULL);
        for (size_t j = 0; j < action_count; j++)
            if (strcmp(actions[j].id, id) == 0) die_loading(path, "another plugin declares the same action", id);
        if (action_count == MAX_ACTIONS) die_loading(path, "too many actions", NULL);
        actions[action_count++] = (action){ id, loaded };
    }
}

static const action *find_action(const char *id) {
    for (size_t i = 0; i < action_count; i++)
        if (strcmp(actions[i].id, id) == 0) return &actions[i];
    return NULL;
}

/* ---- Completion ----
 * One invocation runs at a time, so one slot. The plugin's completion_context
 * is the invocation's token, not a pointer: a late or second completion finds
 * another token (or none) in the slot and is ignored, as petald ignores it. */

static struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uintptr_t awaited;  /* the token of the running invocation; 0 when none */
    int done;
    char *result, *error, *message;  /* copies: the plugin's strings live only for the call */
} slot = { .lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER };

static char *copy(const char *text) {
    if (!text) return NULL;
    char *kept = strdup(text);
    if (!kept) oom();
    return kept;
}

static void complete(void *completion_context, const char *result_json, const char *error_name, const char *message) {
    pthread_mutex_lock(&slot.lock);
    if ((uintptr_t)completion_context != slot.awaited || slot.done) {
        pthread_mutex_unlock(&slot.lock);
        fputs("bench-contract-peer: a late or second completion was ignored\n", stderr);
        return;
    }
    slot.result = copy(result_json);
    slot.error = copy(error_name);
    slot.message = copy(message);
    slot.done = 1;
    pthread_cond_signal(&slot.changed);
    pthread_mutex_unlock(&slot.lock);
}

/* ---- Params: a{sv} -> JSON ---- */

static struct { char *data; size_t length, capacity; } json;

static void put(const char *text, size_t length) {
    if (json.length + length + 1 > json.capacity) {
        size_t capacity = json.capacity ? json.capacity : 256;
        while (json.length + length + 1 > capacity) capacity *= 2;
        char *grown = realloc(json.data, capacity);
        if (!grown) oom();
        json.data = grown;
        json.capacity = capacity;
    }
    memcpy(json.data + json.length, text, length);
    json.length += length;
    json.data[json.length] = '\0';
}

static void put_text(const char *text) { put(text, strlen(text)); }

static void put_json_string(const char *text) {
    put("\"", 1);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        char escaped[8];
        if (*c == '"' || *c == '\\') {
            escaped[0] = '\\';
            escaped[1] = (char)*c;
            put(escaped, 2);
        } else if (*c < 0x20) {
            snprintf(escaped, sizeof escaped, "\\u%04x", *c);
            put(escaped, 6);
        } else {
            put((const char *)c, 1);
        }
    }
    put("\"", 1);
}

/* Appends the JSON form of the value at `it`; returns NULL, or why it has none (for InvalidParams). */
static const char *put_value(DBusMessageIter *it) {
    char number[40];
    DBusBasicValue value;
    int type = dbus_message_iter_get_arg_type(it);
    switch (type) {
    case DBUS_TYPE_BOOLEAN:
        dbus_message_iter_get_basic(it, &value);
        put_text(value.bool_val ? "true" : "false");
        return NULL;
    case DBUS_TYPE_BYTE: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%u", value.byt); break;
    case DBUS_TYPE_INT16: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%d", value.i16); break;
    case DBUS_TYPE_UINT16: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%u", value.u16); break;
    case DBUS_TYPE_INT32: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%" PRId32, value.i32); break;
    case DBUS_TYPE_UINT32: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%" PRIu32, value.u32); break;
    case DBUS_TYPE_INT64: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%" PRId64, value.i64); break;
    case DBUS_TYPE_UINT64: dbus_message_iter_get_basic(it, &value); snprintf(number, sizeof number, "%" PRIu64, value.u64); break;
    case DBUS_TYPE_DOUBLE:
        dbus_message_iter_get_basic(it, &value);
        if (!isfinite(value.dbl)) return "is not a finite number";
        snprintf(number, sizeof number, "%.17g", value.dbl);
        break;
    case DBUS_TYPE_STRING:
    case DBUS_TYPE_OBJECT_PATH:
    case DBUS_TYPE_SIGNATURE:
        dbus_message_iter_get_basic(it, &value);
        put_json_string(value.str);
        return NULL;
    case DBUS_TYPE_UNIX_FD:
        return "is a file descriptor; actions take JSON values only";
    case DBUS_TYPE_VARIANT: {
        DBusMessageIter inner;
        dbus_message_iter_recurse(it, &inner);
        return put_value(&inner);
    }
    case DBUS_TYPE_ARRAY:
    case DBUS_TYPE_STRUCT: {
        DBusMessageIter element;
        int is_dict = type == DBUS_TYPE_ARRAY && dbus_message_iter_get_element_type(it) == DBUS_TYPE_DICT_ENTRY;
        dbus_message_iter_recurse(it, &element);
        put(is_dict ? "{" : "[", 1);
        for (int first = 1; dbus_message_iter_get_arg_type(&element) != DBUS_TYPE_INVALID;
             first = 0, dbus_message_iter_next(&element)) {
            if (!first) put(",", 1);
            if (is_dict) {
                DBusMessageIter entry;
                const char *key;
                dbus_message_iter_recurse(&element, &entry);
                if (dbus_message_iter_get_arg_type(&entry) != DBUS_TYPE_STRING)
                    return "is a dictionary keyed by something else than strings; only a{s…} has a JSON form";
                dbus_message_iter_get_basic(&entry, &key);
                put_json_string(key);
                put(":", 1);
                dbus_message_iter_next(&entry);
                const char *problem = put_value(&entry);
                if (problem) return problem;
            } else {
                const char *problem = put_value(&element);
                if (problem) return problem;
            }
        }
        put(is_dict ? "}" : "]", 1);
        return NULL;
    }
    default:
        return "has a type with no JSON form";
    }
    put_text(number);
    return NULL;
}

/* ---- Replies and signals ---- */

static void send_and_unref(DBusConnection *bus, DBusMessage *message) {
    if (!message || !dbus_connection_send(bus, message, NULL)) oom();
    dbus_message_unref(message);
}

__attribute__((format(printf, 4, 5))) static void fail(DBusConnection *bus, DBusMessage *call, const char *name,
                                                 const char *format, ...) {
    char text[600];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    send_and_unref(bus, dbus_message_new_error(call, name, text));
}

static void emit_state(DBusConnection *bus, const char *state, const char *previous) {
    DBusMessage *changed = dbus_message_new_signal(PATH, IFACE, "StateChanged");
    if (!changed || !dbus_message_append_args(changed, DBUS_TYPE_STRING, &state, DBUS_TYPE_STRING, &previous,
                                              DBUS_TYPE_INVALID)) oom();
    send_and_unref(bus, changed);

    /* PropertiesChanged("org.petal.Petal1.Menu", {"State": <state>}, []) */
    DBusMessage *props = dbus_message_new_signal(PATH, DBUS_INTERFACE_PROPERTIES, "PropertiesChanged");
    if (!props) oom();
    DBusMessageIter it, dict, entry, variant, invalidated;
    const char *iface = IFACE, *key = "State";
    dbus_message_iter_init_append(props, &it);
    if (!dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &iface)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)
        || !dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
        || !dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
        || !dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant)
        || !dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &state)
        || !dbus_message_iter_close_container(&entry, &variant)
        || !dbus_message_iter_close_container(&dict, &entry)
        || !dbus_message_iter_close_container(&it, &dict)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "s", &invalidated)
        || !dbus_message_iter_close_container(&it, &invalidated)) oom();
    send_and_unref(bus, props);
}

static int expanded;  /* the menu's state between calls: expanded or collapsed */

static void toggle(DBusConnection *bus, DBusMessage *call) {
    const char *previous = expanded ? "expanded" : "collapsed";
    const char *passing = expanded ? "collapsing" : "expanding";
    expanded = !expanded;
    const char *state = expanded ? "expanded" : "collapsed";
    emit_state(bus, passing, previous);
    DBusMessage *reply = dbus_message_new_method_return(call);
    if (!reply || !dbus_message_append_args(reply, DBUS_TYPE_STRING, &passing, DBUS_TYPE_INVALID)) oom();
    send_and_unref(bus, reply);
    emit_state(bus, state, passing);
}

/* Properties.Get("org.petal.Petal1.Menu", "State") -> v; any other property is UnknownProperty. */
static void get_property(DBusConnection *bus, DBusMessage *call) {
    const char *iface, *name;
    if (!dbus_message_get_args(call, NULL, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID)) oom();
    if (strcmp(iface, IFACE) != 0 || strcmp(name, "State") != 0) {
        fail(bus, call, DBUS_ERROR_UNKNOWN_PROPERTY, "bench-contract-peer serves only %s.State", IFACE);
        return;
    }
    const char *state = expanded ? "expanded" : "collapsed";
    DBusMessage *reply = dbus_message_new_method_return(call);
    DBusMessageIter it, variant;
    if (!reply) oom();
    dbus_message_iter_init_append(reply, &it);
    if (!dbus_message_iter_open_container(&it, DBUS_TYPE_VARIANT, "s", &variant)
        || !dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &state)
        || !dbus_message_iter_close_container(&it, &variant)) oom();
    send_and_unref(bus, reply);
}

/* Whether a result is NULL or an empty JSON object. */
static int is_empty_object(const char *result) {
    if (!result) return 1;
    const char *c = result + strspn(result, " \t\r\n");
    if (*c++ != '{') return 0;
    c += strspn(c, " \t\r\n");
    if (*c++ != '}') return 0;
    return c[strspn(c, " \t\r\n")] == '\0';
}

/* Runs the action: the plugin's invoke and its one completion, then
 * ActionFinished and the reply. On the dispatch thread inline, on the worker
 * with --hop; one at a time either way (one completion slot). */
static void run_action(DBusConnection *bus, DBusMessage *call, plugin *owner, const char *id, const char *params,
                       dbus_uint32_t invocation) {
    static uintptr_t last_token;
    /* The plugin's invoke, and its one completion: at once, or from another thread within the timeout. */
    uint64_t plugin_invocation = owner->next_invocation++;
    if (++last_token == 0) last_token = 1;
    pthread_mutex_lock(&slot.lock);
    slot.awaited = last_token;
    slot.done = 0;
    pthread_mutex_unlock(&slot.lock);
    owner->table->invoke(owner->state, plugin_invocation, id, params, complete, (void *)last_token);
    pthread_mutex_lock(&slot.lock);
    if (!slot.done) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += TIMEOUT_SECONDS;
        while (!slot.done && pthread_cond_timedwait(&slot.changed, &slot.lock, &deadline) != ETIMEDOUT) {}
    }
    int timed_out = !slot.done;
    char *result = slot.result, *error = slot.error, *message = slot.message;
    slot.awaited = 0;
    slot.result = slot.error = slot.message = NULL;
    pthread_mutex_unlock(&slot.lock);
    if (timed_out && owner->table->cancel) owner->table->cancel(owner->state, plugin_invocation);

    /* The outcome, as petald names it: the plugin's InvalidParams, or ActionFailed, or Timeout. */
    char timeout_text[400];
    const char *error_name = "", *error_text = "";
    if (timed_out) {
        snprintf(timeout_text, sizeof timeout_text, "%s did not finish within %d s (actions.timeout); it was cancelled",
                 id, TIMEOUT_SECONDS);
        error_name = ERROR_PREFIX "Timeout";
        error_text = timeout_text;
    } else if (error) {
        error_name = strcmp(error, "InvalidParams") == 0 ? ERROR_PREFIX "InvalidParams" : ERROR_PREFIX "ActionFailed";
        error_text = message ? message : "";
    } else if (!is_empty_object(result)) {
        error_name = ERROR_PREFIX "ActionFailed";
        error_text = "bench-contract-peer turns only empty results into an a{sv}; this action returned another";
    }
    dbus_bool_t success = error_name[0] == '\0';

    /* ActionFinished(invocation, action, success, error, message), then the reply. */
    DBusMessage *finished = dbus_message_new_signal(PATH, IFACE, "ActionFinished");
    if (!finished || !dbus_message_append_args(finished, DBUS_TYPE_UINT32, &invocation, DBUS_TYPE_STRING, &id,
                                               DBUS_TYPE_BOOLEAN, &success, DBUS_TYPE_STRING, &error_name,
                                               DBUS_TYPE_STRING, &error_text, DBUS_TYPE_INVALID)) oom();
    send_and_unref(bus, finished);
    if (success) {
        DBusMessageIter out, dict;
        DBusMessage *reply = dbus_message_new_method_return(call);
        if (!reply) oom();
        dbus_message_iter_init_append(reply, &out);
        if (!dbus_message_iter_open_container(&out, DBUS_TYPE_ARRAY, "{sv}", &dict)
            || !dbus_message_iter_close_container(&out, &dict)) oom();
        send_and_unref(bus, reply);
    } else {
        send_and_unref(bus, dbus_message_new_error(call, error_name, error_text));
    }
    free(result);
    free(error);
    free(message);
}

/* ---- --hop: the worker thread and the loop that lets it write ---- */

static int hop;
static DBusConnection *hop_bus;
static int wake_fd = -1;  /* an eventfd: libdbus's wake-ups and watch toggles, from any thread */

typedef struct job {
    struct job *next;
    DBusMessage *call;  /* a reference of the job's own */
    plugin *owner;
    char *id, *params;
    dbus_uint32_t invocation;
} job;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t queued;
    job *head, *tail;
} jobs = { .lock = PTHREAD_MUTEX_INITIALIZER, .queued = PTHREAD_COND_INITIALIZER };

static void queue_action(DBusMessage *call, plugin *owner, const char *id, const char *params,
                         dbus_uint32_t invocation) {
    job *queued = malloc(sizeof *queued);
    if (!queued) oom();
    *queued = (job){ .call = dbus_message_ref(call), .owner = owner, .id = copy(id), .params = copy(params),
                     .invocation = invocation };
    pthread_mutex_lock(&jobs.lock);
    if (jobs.tail) jobs.tail->next = queued;
    else jobs.head = queued;
    jobs.tail = queued;
    pthread_cond_signal(&jobs.queued);
    pthread_mutex_unlock(&jobs.lock);
}

static void *work(void *unused) {
    (void)unused;
    for (;;) {
        pthread_mutex_lock(&jobs.lock);
        while (!jobs.head) pthread_cond_wait(&jobs.queued, &jobs.lock);
        job *next = jobs.head;
        jobs.head = next->next;
        if (!jobs.head) jobs.tail = NULL;
        pthread_mutex_unlock(&jobs.lock);
        run_action(hop_bus, next->call, next->owner, next->id, next->params, next->invocation);
        dbus_message_unref(next->call);
        free(next->id);
        free(next->params);
        free(next);
    }
    return NULL;
}

static void wake(void *unused) {
    (void)unused;
    uint64_t one = 1;
    if (write(wake_fd, &one, sizeof one) < 0 && errno != EAGAIN) perror("bench-contract-peer: eventfd");
}

#define MAX_WATCHES 8
static struct {
    pthread_mutex_t lock;  /* libdbus may add or toggle a watch from the worker's send */
    DBusWatch *list[MAX_WATCHES];
    int count;
} watches = { .lock = PTHREAD_MUTEX_INITIALIZER };

static dbus_bool_t add_watch(DBusWatch *watch, void *unused) {
    pthread_mutex_lock(&watches.lock);
    int added = watches.count < MAX_WATCHES;
    if (added) watches.list[watches.count++] = watch;
    pthread_mutex_unlock(&watches.lock);
    wake(unused);
    return added;
}

static void remove_watch(DBusWatch *watch, void *unused) {
    pthread_mutex_lock(&watches.lock);
    for (int i = 0; i < watches.count; i++)
        if (watches.list[i] == watch) watches.list[i] = watches.list[--watches.count];
    pthread_mutex_unlock(&watches.lock);
    wake(unused);
}

static void toggle_watch(DBusWatch *watch, void *unused) {
    (void)watch;
    wake(unused);
}

/* The dispatch thread's loop with --hop: poll the enabled watches and the
 * eventfd, hand libdbus what is ready, dispatch what it has read. */
static void serve_with_hop(DBusConnection *bus) {
    hop_bus = bus;
    pthread_t worker;
    if (pthread_create(&worker, NULL, work, NULL) != 0) oom();
    for (;;) {
        struct pollfd fds[MAX_WATCHES + 1];
        DBusWatch *polled[MAX_WATCHES];
        nfds_t n = 0;
        pthread_mutex_lock(&watches.lock);
        for (int i = 0; i < watches.count; i++) {
            if (!dbus_watch_get_enabled(watches.list[i])) continue;
            unsigned int flags = dbus_watch_get_flags(watches.list[i]);
            fds[n] = (struct pollfd){ .fd = dbus_watch_get_unix_fd(watches.list[i]),
                                      .events = (short)((flags & DBUS_WATCH_READABLE ? POLLIN : 0)
                                                        | (flags & DBUS_WATCH_WRITABLE ? POLLOUT : 0)) };
            polled[n++] = watches.list[i];
        }
        pthread_mutex_unlock(&watches.lock);
        fds[n] = (struct pollfd){ .fd = wake_fd, .events = POLLIN };
        if (poll(fds, n + 1, -1) < 0) {
            if (errno == EINTR) continue;
            perror("bench-contract-peer: poll");
            return;
        }
        if (fds[n].revents & POLLIN) {
            uint64_t count;
            if (read(wake_fd, &count, sizeof count) < 0 && errno != EAGAIN) perror("bench-contract-peer: eventfd");
        }
        for (nfds_t i = 0; i < n; i++) {
            short ready = fds[i].revents;
            if (!ready) continue;
            unsigned int flags = (ready & POLLIN ? DBUS_WATCH_READABLE : 0) | (ready & POLLOUT ? DBUS_WATCH_WRITABLE : 0)
                                 | (ready & POLLERR ? DBUS_WATCH_ERROR : 0) | (ready & POLLHUP ? DBUS_WATCH_HANGUP : 0);
            dbus_watch_handle(polled[i], flags);
        }
        while (dbus_connection_get_dispatch_status(bus) == DBUS_DISPATCH_DATA_REMAINS) dbus_connection_dispatch(bus);
        if (!dbus_connection_get_is_connected(bus)) return;
    }
}

static void trigger(DBusConnection *bus, DBusMessage *call) {
    static dbus_uint32_t last_invocation;
    DBusMessageIter it, params;
    const char *id;
    dbus_message_iter_init(call, &it);
    dbus_message_iter_get_basic(&it, &id);
    dbus_message_iter_next(&it);

    size_t id_bytes = strlen(id);
    if (id_bytes > MAX_ID_BYTES) {
        fail(bus, call, DBUS_ERROR_INVALID_ARGS, "the action id is %zu bytes long; the limit is %d bytes", id_bytes, MAX_ID_BYTES);
        return;
    }
    const action *found = find_action(id);
    if (!found) {
        fail(bus, call, ERROR_PREFIX "UnknownAction",
             "no loaded plugin provides action \"%s\"; the Actions property lists those that are available", id);
        return;
    }

    /* The params as one JSON object, each key's value converted or refused. */
    json.length = 0;
    put("{", 1);
    dbus_message_iter_recurse(&it, &params);
    for (int first = 1; dbus_message_iter_get_arg_type(&params) != DBUS_TYPE_INVALID;
         first = 0, dbus_message_iter_next(&params)) {
        DBusMessageIter entry;
        const char *key;
        dbus_message_iter_recurse(&params, &entry);
        dbus_message_iter_get_basic(&entry, &key);
        if (!first) put(",", 1);
        put_json_string(key);
        put(":", 1);
        dbus_message_iter_next(&entry);
        const char *problem = put_value(&entry);
        if (problem) {
            fail(bus, call, ERROR_PREFIX "InvalidParams", "parameter \"%s\" %s", key, problem);
            return;
        }
    }
    put("}", 1);
    if (json.length > MAX_JSON_BYTES) {
        fail(bus, call, ERROR_PREFIX "InvalidParams", "parameters are %zu bytes as JSON; the limit is %d bytes",
             json.length, MAX_JSON_BYTES);
        return;
    }

    /* ActionStarted(invocation, action, "") */
    if (++last_invocation == 0) last_invocation = 1;
    dbus_uint32_t invocation = last_invocation;
    const char *no_item = "";
    DBusMessage *started = dbus_message_new_signal(PATH, IFACE, "ActionStarted");
    if (!started || !dbus_message_append_args(started, DBUS_TYPE_UINT32, &invocation, DBUS_TYPE_STRING, &id,
                                              DBUS_TYPE_STRING, &no_item, DBUS_TYPE_INVALID)) oom();
    send_and_unref(bus, started);

    if (hop) {
        queue_action(call, found->owner, id, json.data, invocation);
        return;
    }
    run_action(bus, call, found->owner, id, json.data, invocation);
}

static DBusHandlerResult handle(DBusConnection *bus, DBusMessage *call, void *data) {
    (void)data;
    if (dbus_message_is_method_call(call, IFACE, "Trigger") && dbus_message_has_signature(call, "sa{sv}")) {
        trigger(bus, call);
    } else if (dbus_message_is_method_call(call, IFACE, "Toggle") && dbus_message_has_signature(call, "")) {
        toggle(bus, call);
    } else if (dbus_message_is_method_call(call, DBUS_INTERFACE_PROPERTIES, "Get")
               && dbus_message_has_signature(call, "ss")) {
        get_property(bus, call);
    } else if (dbus_message_get_type(call) == DBUS_MESSAGE_TYPE_METHOD_CALL) {
        fail(bus, call, DBUS_ERROR_UNKNOWN_METHOD,
             "bench-contract-peer serves only Toggle(), Trigger(sa{sv}) and Properties.Get(ss) of State");
    } else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    const char *name = "org.petal.Bench.CContract";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--plugin") == 0 && i + 1 < argc) load_plugin(argv[++i]);
        else if (strcmp(argv[i], "--hop") == 0) hop = 1;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: bench-contract-peer [--hop] --plugin PATH [--plugin PATH]... [NAME]\n");
            return 2;
        } else name = argv[i];
    }
    if (action_count == 0) {
        fputs("bench-contract-peer: no action loaded; give a plugin with --plugin PATH\n", stderr);
        return 2;
    }
    if (!dbus_threads_init_default()) oom();
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) {
        fprintf(stderr, "bench-contract-peer: cannot connect to the session bus: %s\n", error.message);
        return 1;
    }
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    static const DBusObjectPathVTable vtable = { .message_function = handle };
    if (!dbus_connection_register_object_path(bus, PATH, &vtable, NULL)) oom();
    int owned = dbus_bus_request_name(bus, name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error);
    if (owned != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "bench-contract-peer: cannot own %s: %s\n", name, dbus_error_is_set(&error) ? error.message : "taken");
        return 3;
    }
    if (hop) {
        wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (wake_fd < 0
            || !dbus_connection_set_watch_functions(bus, add_watch, remove_watch, toggle_watch, NULL, NULL)) oom();
        dbus_connection_set_wakeup_main_function(bus, wake, NULL, NULL);
        serve_with_hop(bus);
    } else {
        while (dbus_connection_read_write_dispatch(bus, -1)) {}
    }
    fputs("bench-contract-peer: lost the bus connection\n", stderr);
    return 1;
}
