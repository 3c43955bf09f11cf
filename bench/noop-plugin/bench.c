/*
 * bench.c — the benchmark's plugin: actions that cost as little as an action
 * can, so that Trigger measures petald and not the action.
 *
 *   bench.noop   {} -> {}              completes inside invoke(), at once
 *   bench.sleep  {"seconds": N} -> {}  completes after N seconds (0 to 600),
 *                                      from a detached thread of its own, as
 *                                      the ABI lets invoke() start the work
 *                                      and return; cancel() is not needed:
 *                                      a late completion is ignored by petald
 *   bench.big    -> 10 MiB of JSON       refused by petald as over 64 KiB
 *   bench.crash  writes through NULL     for the isolated part: its host dies
 *
 * None of Petal's built-in plugins has a true no-op: each starts a program
 * or talks to another service.
 */
#include <petal_plugin.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One sleeping invocation, handed to its thread. */
typedef struct sleeper {
    double seconds;
    petal_complete_fn complete;
    void *completion_context;
} sleeper;

static void *sleep_then_complete(void *argument) {
    sleeper *job = argument;
    struct timespec left = { (time_t)job->seconds, (long)((job->seconds - (double)(time_t)job->seconds) * 1e9) };
    while (nanosleep(&left, &left) != 0) {}
    job->complete(job->completion_context, NULL, NULL, NULL);
    free(job);
    return NULL;
}

/* Reads the number after "seconds": in a flat JSON object; -1 when absent or not a number. */
static double seconds_in(const char *params_json) {
    const char *key = strstr(params_json, "\"seconds\"");
    if (!key) return -1;
    const char *colon = strchr(key + sizeof "\"seconds\"" - 1, ':');
    if (!colon) return -1;
    char *end;
    double value = strtod(colon + 1, &end);
    return end == colon + 1 ? -1 : value;
}

/* bench.big: a result of 10 MiB, {"text": "xxx…"}, 160 times petald's limit, which it must refuse
 * without holding up anyone else. */
static void complete_big(petal_complete_fn complete, void *completion_context) {
    size_t size = (size_t)10 << 20;
    char *text = malloc(size + 16);
    if (!text) {
        complete(completion_context, NULL, "ActionFailed", "bench.big ran out of memory");
        return;
    }
    strcpy(text, "{\"text\": \"");
    size_t at = strlen(text);
    memset(text + at, 'x', size);
    strcpy(text + at + size, "\"}");
    complete(completion_context, text, NULL, NULL);
    free(text);
}

static void invoke(void *state, uint64_t invocation_id, const char *action_id, const char *params_json,
                   petal_complete_fn complete, void *completion_context) {
    (void)state;
    (void)invocation_id;
    if (strcmp(action_id, "bench.noop") == 0) {
        complete(completion_context, NULL, NULL, NULL);
        return;
    }
    if (strcmp(action_id, "bench.crash") == 0) {
        /* For the isolated part: the host dies of SIGSEGV, petald must not. */
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    if (strcmp(action_id, "bench.big") == 0) {
        complete_big(complete, completion_context);
        return;
    }
    double seconds = seconds_in(params_json);
    if (!(seconds >= 0 && seconds <= 600)) {
        complete(completion_context, NULL, "InvalidParams",
                 "bench.sleep needs \"seconds\", a number from 0 to 600, e.g. {\"seconds\": 5}");
        return;
    }
    sleeper *job = malloc(sizeof *job);
    if (!job) {
        complete(completion_context, NULL, "ActionFailed", "bench.sleep ran out of memory");
        return;
    }
    *job = (sleeper){ seconds, complete, completion_context };
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int failed = pthread_create(&thread, &attributes, sleep_then_complete, job);
    pthread_attr_destroy(&attributes);
    if (failed) {
        free(job);
        complete(completion_context, NULL, "ActionFailed", "bench.sleep cannot start a thread");
    }
}

static int init(const petal_host *host, void **state_out, const char **error_out) {
    (void)host;
    (void)error_out;
    *state_out = NULL;
    return 0;
}

static const petal_action actions[] = {
    { "bench.noop", "Do nothing (benchmark)", NULL },
    { "bench.sleep", "Sleep for some seconds (benchmark)", NULL },
    { "bench.big", "Return 10 MiB (benchmark)", NULL },
    { "bench.crash", "Crash with SIGSEGV (benchmark; only where isolated)", NULL },
};

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "bench",
    .version = "1.0.0",
    .actions = actions,
    .action_count = sizeof actions / sizeof actions[0],
    .init = init,
    .invoke = invoke,
    .cancel = NULL,
    .deinit = NULL,
};

const petal_plugin *petal_plugin_entry_v1(void) {
    return &plugin;
}
