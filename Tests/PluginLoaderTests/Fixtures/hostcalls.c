/*
 * A plugin that calls every function of the petal_host table and answers
 * with what each gave back, so that a test can compare a plugin inside
 * petald with the same plugin isolated in petal-plugin-host:
 *
 *   hostcalls.settings     {"settings": <settings_json>}
 *   hostcalls.log          logs "hostcalls says hello"; {"logged": true}
 *   hostcalls.launch       launch() of a program that does not exist: {"rc": -1, "out": "<the reason>"}
 *   hostcalls.launch_true  launch() of true: {"rc": 0, "pid": true} or {"rc": 0, "unit": true}
 *   hostcalls.run          run() of sh printing to both streams and exiting 3: run()'s result as it is
 *   hostcalls.stop_run     start_run() of sleep 30, then stop_run(): its result as it is
 *   hostcalls.run_missing  start_run() of a program that does not exist: the failure, and whether it returned 0
 *   hostcalls.call         call_method() NameHasOwner(org.freedesktop.DBus): {"reply": <reply_json>}
 *   hostcalls.call_error   call_method() of a method the bus lacks: the error name and message
 *   hostcalls.signal       subscribe_signal() and subscribe_signal_from() to NameOwnerChanged, then
 *                          RequestName of a name that exists nowhere else: what each handler saw
 *   hostcalls.bad_subscribe  subscribe_signal() with a sender that is no bus name: {"id": 0}
 */
#include <petal_plugin.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

static const petal_action actions[] = {
    {"hostcalls.settings", "Settings", NULL},     {"hostcalls.log", "Log", NULL},
    {"hostcalls.launch", "Launch", NULL},         {"hostcalls.launch_true", "Launch true", NULL},
    {"hostcalls.run", "Run", NULL},               {"hostcalls.stop_run", "Stop a run", NULL},
    {"hostcalls.run_missing", "Run nothing", NULL}, {"hostcalls.call", "Call", NULL},
    {"hostcalls.call_error", "Call wrongly", NULL}, {"hostcalls.signal", "Signals", NULL},
    {"hostcalls.bad_subscribe", "Subscribe wrongly", NULL},
};

static const petal_host *host;
#define NAME "org.petal.test.Hostcalls"

static char *format(const char *pattern, const char *a, const char *b) {
    size_t size = strlen(pattern) + (a ? strlen(a) : 0) + (b ? strlen(b) : 0) + 1;
    char *text = malloc(size);
    snprintf(text, size, pattern, a ? a : "", b ? b : "");
    return text;
}

/* A completion context: the invocation's, passed through a program or a call. */
struct pending {
    petal_complete_fn complete;
    void *context;
};

static struct pending *hold(petal_complete_fn complete, void *context) {
    struct pending *p = malloc(sizeof *p);
    p->complete = complete, p->context = context;
    return p;
}

static void pass_result(void *raw, const char *result, const char *error, const char *message) {
    struct pending *p = raw;
    p->complete(p->context, result, error, message);
    free(p);
}

static void reply_result(void *raw, const char *reply, const char *error, const char *message) {
    struct pending *p = raw;
    if (error) {
        char *text = format("{\"error\":\"%s\",\"message\":\"%s\"}", error, message);
        /* The bus's message has no quotes or backslashes: good enough for a fixture. */
        p->complete(p->context, text, NULL, NULL);
        free(text);
    } else {
        char *text = format("{\"reply\":%s}", reply, NULL);
        p->complete(p->context, text, NULL, NULL);
        free(text);
    }
    free(p);
}

/* hostcalls.signal: both handlers must hear NameOwnerChanged for NAME before it completes. */
static pthread_mutex_t signal_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending *signal_waiter;
static uint64_t plain_id, from_id;
static int heard_plain;
static char *heard_from;

static void maybe_finish_signal(void) {
    if (!signal_waiter || !heard_plain || !heard_from) return;
    char *text = format("{\"plain\":true,\"from\":%s}", heard_from, NULL);
    host->unsubscribe_signal(host->context, plain_id);
    host->unsubscribe_signal(host->context, from_id);
    signal_waiter->complete(signal_waiter->context, text, NULL, NULL);
    free(text);
    free(signal_waiter);
    free(heard_from);
    signal_waiter = NULL, heard_from = NULL, heard_plain = 0;
}

static void on_plain(void *context, const char *args) {
    (void)context;
    pthread_mutex_lock(&signal_lock);
    if (strstr(args, NAME)) heard_plain = 1;
    maybe_finish_signal();
    pthread_mutex_unlock(&signal_lock);
}

static void on_from(void *context, const char *sender, const char *path, const char *interface,
                    const char *member, const char *args) {
    (void)context;
    pthread_mutex_lock(&signal_lock);
    if (strstr(args, NAME) && !heard_from) {
        char *where = format("{\"sender\":\"%s\",\"path\":\"%s\",", sender, path);
        char *what = format("\"interface\":\"%s\",\"member\":\"%s\"}", interface, member);
        heard_from = format("%s%s", where, what);
        free(where), free(what);
    }
    maybe_finish_signal();
    pthread_mutex_unlock(&signal_lock);
}

static void ignore_reply(void *context, const char *reply, const char *error, const char *message) {
    (void)context, (void)reply, (void)error, (void)message;
}

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)params;
    const char *verb = action + strlen("hostcalls.");
    if (strcmp(verb, "settings") == 0) {
        char *text = format("{\"settings\":%s}", host->settings_json, NULL);
        complete(context, text, NULL, NULL);
        free(text);
    } else if (strcmp(verb, "log") == 0) {
        host->log(host->context, PETAL_LOG_NOTICE, "hostcalls says hello");
        complete(context, "{\"logged\":true}", NULL, NULL);
    } else if (strcmp(verb, "launch") == 0 || strcmp(verb, "launch_true") == 0) {
        const char *missing[] = {"petal-no-such-program", NULL};
        const char *present[] = {"true", NULL};
        char out[512] = "";
        int rc = host->launch(host->context, strcmp(verb, "launch") == 0 ? missing : present, NULL, out, sizeof out);
        char *text = rc == 0 ? format("{\"rc\":0,\"%s\":true}", strstr(out, "\"unit\"") ? "unit" : "pid", NULL)
                             : format("{\"rc\":-1,\"out\":\"%s\"}", out, NULL);
        complete(context, text, NULL, NULL);
        free(text);
    } else if (strcmp(verb, "run") == 0) {
        const char *argv[] = {"sh", "-c", "echo out; echo err >&2; exit 3", NULL};
        host->run(host->context, argv, "{\"timeout\": 10}", pass_result, hold(complete, context));
    } else if (strcmp(verb, "stop_run") == 0) {
        const char *argv[] = {"sleep", "30", NULL};
        uint64_t run = host->start_run(host->context, argv, NULL, pass_result, hold(complete, context));
        host->stop_run(host->context, run);
    } else if (strcmp(verb, "run_missing") == 0) {
        const char *argv[] = {"petal-no-such-program", NULL};
        uint64_t run = host->start_run(host->context, argv, NULL, pass_result, hold(complete, context));
        if (run != 0) host->log(host->context, PETAL_LOG_ERROR, "start_run of a missing program returned an id");
    } else if (strcmp(verb, "call") == 0) {
        host->call_method(host->context, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "NameHasOwner", "s", "[\"org.freedesktop.DBus\"]", 0, reply_result, hold(complete, context));
    } else if (strcmp(verb, "call_error") == 0) {
        host->call_method(host->context, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "NoSuchMethod", "", NULL, 0, reply_result, hold(complete, context));
    } else if (strcmp(verb, "signal") == 0) {
        pthread_mutex_lock(&signal_lock);
        signal_waiter = hold(complete, context);
        plain_id = host->subscribe_signal(host->context, "org.freedesktop.DBus", NULL, "org.freedesktop.DBus",
                                          "NameOwnerChanged", on_plain, NULL);
        from_id = host->subscribe_signal_from(host->context, "org.freedesktop.DBus", NULL, "org.freedesktop.DBus",
                                              "NameOwnerChanged", on_from, NULL);
        pthread_mutex_unlock(&signal_lock);
        /* Once both rules are with the bus (the calls are answered in order), a name changes owner. */
        host->call_method(host->context, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "RequestName", "su", "[\"" NAME "\", 4]", 0, ignore_reply, NULL);
    } else if (strcmp(verb, "bad_subscribe") == 0) {
        uint64_t got = host->subscribe_signal(host->context, "not a bus name!", NULL, NULL, NULL, on_plain, NULL);
        complete(context, got == 0 ? "{\"id\":0}" : "{\"id\":1}", NULL, NULL);
    }
}

static int init(const petal_host *given, void **state, const char **error) {
    (void)state, (void)error;
    host = given;
    return 0;
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "hostcalls",
    .version = "1.0.0",
    .actions = actions,
    .action_count = sizeof actions / sizeof actions[0],
    .init = init,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }

PETAL_PLUGIN_DESCRIBE("hostcalls", "1.0.0");
