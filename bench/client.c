/*
 * client.c — bench-client, the load generator: a neutral libdbus client that
 * calls Petal's Menu interface (or a peer serving the same) and prints one
 * line of key=value figures. It checks every reply — message type, signature
 * and value — and exits non-zero with a message on the first thing wrong.
 *
 * Usage: bench-client MODE [OPTIONS]
 *
 * Modes:
 *   seq       N sequential calls, one at a time: latency p50/p90/p99/max and calls/s
 *   pipe      N calls with K in flight: calls/s
 *   procs     C processes, each making N sequential calls at once: aggregate calls/s
 *   startup   -- COMMAND...: exec COMMAND (N times) and time until it owns --dest;
 *             with --method trigger, then time the first and the second call of it
 *   wait-name until --dest is owned (at most 10 s)
 *   signals   S subscriber connections; N Toggles, each timed until every
 *             subscriber has its StateChanged
 *   reload    N Reload calls (or one that must fail with --expect-error),
 *             then the size of the Items property
 *   toggles   one Toggle per line read on stdin, each answered on stdout with
 *             `sent=US state=STATE`: the CLOCK_MONOTONIC µs just before the
 *             call was sent, and the state of the reply (for overlay.py)
 *   watch     prints `ready` once subscribed, then `signal=US path=PATH
 *             state=STATE` for every StateChanged of any menu: the
 *             CLOCK_MONOTONIC µs at which it was read off the bus, a
 *             bystander's view of when petald said it (for overlay.py)
 *   contract  checks that Trigger keeps Petal's contract (docs/dbus-api.md):
 *             N Trigger(ACTION, {}) calls, each answered by ActionStarted(id,
 *             ACTION, ""), ActionFinished(id, ACTION, true, "", "") and then
 *             an empty a{sv}, in that order, with a new id each time; then a
 *             Trigger of an action nobody provides, answered UnknownAction
 *             with no signal before it. Not timed
 *
 * Options:
 *   --dest NAME       the server's well-known name (default org.petal.Petal1)
 *   --method M        toggle or trigger (default toggle)
 *   --action ID       the action Trigger runs (default bench.noop)
 *   --any-result      accept a Trigger result with entries (default: it must be empty)
 *   -n N              calls (or runs, rounds) to measure (default 1000)
 *   --warmup W        calls made before measuring (default 1000)
 *   -k K              calls in flight, for pipe (default 16)
 *   -c C              processes, for procs (default 4)
 *   -s S              subscribers, for signals (default 50)
 *   --pid PID         the server's process: report its CPU time per call (the
 *                     sum of /proc/PID/task/ * /schedstat), VmRSS, RssAnon and Pss;
 *                     seq also its context switches per call, voluntary and not
 *                     (summed over /proc/PID/task/ * /status)
 *   --during ACTION:SECONDS
 *                     seq only: Trigger ACTION with {"seconds": SECONDS} on a
 *                     connection of its own first, make at most N calls within
 *                     80% of SECONDS, and check it is still running when they end
 *   --expect-error NAME  reload: the Reload must fail with this error; seq, pipe
 *                     and procs with --method trigger: every Trigger must (a
 *                     built-in action refusing its parameters, see run.py)
 *
 * The bus is the session bus, i.e. $DBUS_SESSION_BUS_ADDRESS: the runner
 * points it at a private bus.
 */
#define _GNU_SOURCE
#include <dbus/dbus.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "samples.h"

#define PATH "/org/petal/Petal1"
#define IFACE "org.petal.Petal1.Menu"

static struct {
    const char *mode, *dest, *method, *action, *during, *expect_error;
    long n, warmup, k, c, s;
    int pid, any_result;
    char **command;
} opt = { .dest = "org.petal.Petal1", .method = "toggle", .action = "bench.noop",
          .n = 1000, .warmup = 1000, .k = 16, .c = 4, .s = 50 };

/* ---- Failing loudly ---- */

__attribute__((noreturn, format(printf, 1, 2))) static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "bench-client %s (%s): ", opt.mode ? opt.mode : "", opt.dest);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static void *need(void *pointer) {
    if (!pointer) die("out of memory");
    return pointer;
}

/* ---- The server's /proc ---- */

/* CPU time the server's threads have run, in ns: the sum of the first field
 * of /proc/PID/task/ * /schedstat (threads that have ended are not counted). */
static long long server_cpu_ns(void) {
    if (!opt.pid) return 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", opt.pid);
    DIR *tasks = opendir(path);
    if (!tasks) die("cannot read %s: %s", path, strerror(errno));
    long long total = 0;
    struct dirent *task;
    while ((task = readdir(tasks))) {
        if (task->d_name[0] == '.') continue;
        char file[300];
        snprintf(file, sizeof file, "/proc/%d/task/%s/schedstat", opt.pid, task->d_name);
        FILE *f = fopen(file, "r");
        long long ns;
        if (f && fscanf(f, "%lld", &ns) == 1) total += ns;
        if (f) fclose(f);
    }
    closedir(tasks);
    return total;
}

/* The context switches of the server's threads so far, voluntary (it slept)
 * and not (it was preempted): the sums of /proc/PID/task/ * /status's
 * voluntary_ctxt_switches and nonvoluntary_ctxt_switches (a process's own
 * status counts its first thread only). */
typedef struct { long long voluntary, involuntary; } switches;

static switches server_switches(void) {
    switches total = { 0, 0 };
    if (!opt.pid) return total;
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/task", opt.pid);
    DIR *tasks = opendir(path);
    if (!tasks) die("cannot read %s: %s", path, strerror(errno));
    struct dirent *task;
    while ((task = readdir(tasks))) {
        if (task->d_name[0] == '.') continue;
        char file[300];
        snprintf(file, sizeof file, "/proc/%d/task/%s/status", opt.pid, task->d_name);
        FILE *f = fopen(file, "r");
        if (!f) continue;  /* a thread that ended meanwhile */
        long long count;
        while (fgets(line, sizeof line, f)) {
            if (sscanf(line, "voluntary_ctxt_switches: %lld", &count) == 1) total.voluntary += count;
            else if (sscanf(line, "nonvoluntary_ctxt_switches: %lld", &count) == 1) total.involuntary += count;
        }
        fclose(f);
    }
    closedir(tasks);
    return total;
}

/* The field `key` (e.g. "VmRSS:") of /proc/PID/<file>, in KiB. */
static long server_kib(const char *file, const char *key) {
    if (!opt.pid) return 0;
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/%s", opt.pid, file);
    FILE *f = fopen(path, "r");
    if (!f) die("cannot read %s: %s", path, strerror(errno));
    long kib = -1;
    size_t length = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, length) == 0 && sscanf(line + length, "%ld", &kib) == 1) break;
    fclose(f);
    if (kib < 0) die("no %s in %s", key, path);
    return kib;
}

/* VmRSS of the server in KiB: every resident page, shared library code included. */
static long server_rss_kib(void) { return server_kib("status", "VmRSS:"); }

/* ---- Calls and their checks ---- */

static DBusConnection *connect_bus(void) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) die("cannot connect to the bus: %s", error.message);
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    return bus;
}

static int is_trigger(void) { return strcmp(opt.method, "trigger") == 0; }

/* A new Toggle() or Trigger(action, {}) call, or Trigger(action, {"seconds": <d>}) when seconds >= 0. */
static DBusMessage *new_call(const char *method, const char *action, double seconds) {
    DBusMessage *call = need(dbus_message_new_method_call(opt.dest, PATH, IFACE, method));
    if (strcmp(method, "Trigger") == 0) {
        DBusMessageIter it, dict, entry, variant;
        const char *key = "seconds";
        dbus_message_iter_init_append(call, &it);
        if (!dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &action)
            || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)) die("out of memory");
        if (seconds >= 0
            && (!dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
                || !dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
                || !dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "d", &variant)
                || !dbus_message_iter_append_basic(&variant, DBUS_TYPE_DOUBLE, &seconds)
                || !dbus_message_iter_close_container(&entry, &variant)
                || !dbus_message_iter_close_container(&dict, &entry))) die("out of memory");
        if (!dbus_message_iter_close_container(&it, &dict)) die("out of memory");
    }
    return call;
}

static DBusMessage *new_bench_call(void) {
    return is_trigger() ? new_call("Trigger", opt.action, -1) : new_call("Toggle", NULL, -1);
}

static int is_state(const char *s) {
    return !strcmp(s, "collapsed") || !strcmp(s, "expanding") || !strcmp(s, "expanded") || !strcmp(s, "collapsing");
}

/* Fails unless reply is a method return of `signature`; an error reply is named. */
static void check_type(DBusMessage *reply, const char *what, const char *signature) {
    if (!reply) die("%s: no reply", what);
    int type = dbus_message_get_type(reply);
    if (type == DBUS_MESSAGE_TYPE_ERROR) {
        const char *text = NULL;
        dbus_message_get_args(reply, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
        die("%s failed: %s: %s", what, dbus_message_get_error_name(reply), text ? text : "");
    }
    if (type != DBUS_MESSAGE_TYPE_METHOD_RETURN)
        die("%s: expected a method return, got message type %d", what, type);
    if (!dbus_message_has_signature(reply, signature))
        die("%s: expected a reply of signature \"%s\", got \"%s\"", what, signature, dbus_message_get_signature(reply));
}

/* Fails unless reply is the error --expect-error names. */
static void check_expected_error(DBusMessage *reply) {
    if (!reply) die("Trigger(%s): no reply", opt.action);
    if (dbus_message_get_type(reply) != DBUS_MESSAGE_TYPE_ERROR || !dbus_message_is_error(reply, opt.expect_error))
        die("Trigger(%s): expected the error %s, got %s", opt.action, opt.expect_error,
            dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR ? dbus_message_get_error_name(reply) : "a return");
}

/* Checks a Toggle reply (s: a state), a no-op Trigger reply (a{sv}: empty),
 * or with --expect-error the error a Trigger must get. */
static void check_reply(DBusMessage *reply) {
    DBusMessageIter it, dict;
    if (is_trigger() && opt.expect_error) {
        check_expected_error(reply);
    } else if (is_trigger()) {
        check_type(reply, "Trigger", "a{sv}");
        dbus_message_iter_init(reply, &it);
        dbus_message_iter_recurse(&it, &dict);
        if (!opt.any_result && dbus_message_iter_get_arg_type(&dict) != DBUS_TYPE_INVALID)
            die("Trigger(%s): expected an empty result, got entries (--any-result accepts them)", opt.action);
    } else {
        const char *state;
        check_type(reply, "Toggle", "s");
        dbus_message_iter_init(reply, &it);
        dbus_message_iter_get_basic(&it, &state);
        if (!is_state(state)) die("Toggle: \"%s\" is not a menu state", state);
    }
}

static DBusMessage *call_blocking(DBusConnection *bus, DBusMessage *call) {
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, DBUS_TIMEOUT_USE_DEFAULT, &error);
    if (!reply) die("%s failed: %s: %s", dbus_message_get_member(call), error.name, error.message);
    dbus_message_unref(call);
    return reply;
}

static void one_call(DBusConnection *bus) {
    if (is_trigger() && opt.expect_error) {
        /* The same blocking call, whose error reply libdbus turns into a DBusError. */
        DBusError error;
        dbus_error_init(&error);
        DBusMessage *call = new_bench_call();
        DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, DBUS_TIMEOUT_USE_DEFAULT, &error);
        dbus_message_unref(call);
        if (reply) die("Trigger(%s): expected the error %s, got a return", opt.action, opt.expect_error);
        if (!dbus_error_has_name(&error, opt.expect_error))
            die("Trigger(%s): expected the error %s, got %s: %s", opt.action, opt.expect_error, error.name, error.message);
        dbus_error_free(&error);
        return;
    }
    DBusMessage *reply = call_blocking(bus, new_bench_call());
    check_reply(reply);
    dbus_message_unref(reply);
}

/* ---- seq ---- */

/* Sends the --during action on a connection of its own; returns that connection. */
static DBusConnection *start_during(dbus_uint32_t *serial, double *seconds_out) {
    char action[256];
    double seconds;
    const char *colon = strrchr(opt.during, ':');
    if (!colon || colon == opt.during || (size_t)(colon - opt.during) >= sizeof action || sscanf(colon + 1, "%lf", &seconds) != 1)
        die("--during takes ACTION:SECONDS, e.g. bench.sleep:5, not \"%s\"", opt.during);
    snprintf(action, sizeof action, "%.*s", (int)(colon - opt.during), opt.during);
    DBusConnection *side = connect_bus();
    DBusMessage *call = new_call("Trigger", action, seconds);
    if (!dbus_connection_send(side, call, serial)) die("out of memory");
    dbus_message_unref(call);
    dbus_connection_flush(side);
    *seconds_out = seconds;
    return side;
}

/* Pops the reply to `serial` from `bus`, reading for up to timeout_ms (-1: forever); NULL if none came. */
static DBusMessage *reply_to(DBusConnection *bus, dbus_uint32_t serial, int timeout_ms) {
    double deadline = now_us() + timeout_ms * 1e3;
    int read_once = 0;
    for (;;) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            if (dbus_message_get_reply_serial(message) == serial) return message;
            dbus_message_unref(message);  /* NameAcquired and the like */
        }
        double left = deadline - now_us();
        if (timeout_ms >= 0 && read_once && left <= 0) return NULL;
        int wait = timeout_ms < 0 ? -1 : left > 0 ? (int)(left / 1e3) : 0;
        if (!dbus_connection_read_write(bus, wait)) die("the bus connection was lost");
        read_once = 1;
    }
}

static void run_seq(void) {
    DBusConnection *bus = connect_bus();
    for (long i = 0; i < opt.warmup; i++) one_call(bus);
    long rss_warm = server_rss_kib();
    dbus_uint32_t during_serial = 0;
    double during_seconds = 0;
    DBusConnection *side = opt.during ? start_during(&during_serial, &during_seconds) : NULL;
    if (side) usleep(100 * 1000);  /* let the action start */
    double *samples = need(malloc(sizeof(double) * (size_t)opt.n));
    switches switches0 = server_switches();
    long long cpu0 = server_cpu_ns();
    double start = now_us();
    /* With --during, stop early rather than outlive the action: at most 80% of its time. */
    double stop = side ? start + 0.8 * during_seconds * 1e6 : 0;
    long done = 0;
    while (done < opt.n && !(side && now_us() > stop)) {
        double t0 = now_us();
        one_call(bus);
        samples[done++] = now_us() - t0;
    }
    opt.n = done;
    double elapsed = now_us() - start;
    long long cpu1 = server_cpu_ns();
    switches switches1 = server_switches();
    long rss = server_rss_kib();
    if (side) {
        DBusMessage *early = reply_to(side, during_serial, 0);
        if (early) die("the --during action %s finished before the measured calls did", opt.during);
        DBusMessage *reply = reply_to(side, during_serial, -1);
        check_type(reply, "the --during Trigger", "a{sv}");
        dbus_message_unref(reply);
        dbus_connection_close(side);
        dbus_connection_unref(side);
    }
    qsort(samples, (size_t)opt.n, sizeof *samples, by_value);
    printf("calls=%ld p50_us=%.1f p90_us=%.1f p99_us=%.1f max_us=%.1f calls_per_s=%.0f",
           opt.n, percentile(samples, opt.n, .50), percentile(samples, opt.n, .90),
           percentile(samples, opt.n, .99), samples[opt.n - 1], opt.n / (elapsed / 1e6));
    /* RssAnon: the process's own heap and stacks; Pss: its fair share of everything, shared pages divided. */
    if (opt.pid) printf(" cpu_us_per_call=%.2f rss_warm_kib=%ld rss_kib=%ld rss_anon_kib=%ld pss_kib=%ld",
                        (double)(cpu1 - cpu0) / 1e3 / (double)opt.n, rss_warm, rss,
                        server_kib("status", "RssAnon:"), server_kib("smaps_rollup", "Pss:"));
    if (opt.pid) printf(" voluntary_switches_per_call=%.2f involuntary_switches_per_call=%.2f",
                        (double)(switches1.voluntary - switches0.voluntary) / (double)opt.n,
                        (double)(switches1.involuntary - switches0.involuntary) / (double)opt.n);
    putchar('\n');
}

/* ---- pipe ---- */

/* Makes n calls keeping k in flight; returns the seconds it took. */
static double pipelined(DBusConnection *bus, long n, long k) {
    long sent = 0, answered = 0;
    double start = now_us();
    while (answered < n) {
        while (sent < n && sent - answered < k) {
            DBusMessage *call = new_bench_call();
            if (!dbus_connection_send(bus, call, NULL)) die("out of memory");
            dbus_message_unref(call);
            sent++;
        }
        if (!dbus_connection_read_write(bus, -1)) die("the bus connection was lost");
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_SIGNAL) {
                check_reply(message);
                answered++;
            }
            dbus_message_unref(message);
        }
    }
    return (now_us() - start) / 1e6;
}

static void run_pipe(void) {
    DBusConnection *bus = connect_bus();
    pipelined(bus, opt.warmup, opt.k);
    long long cpu0 = server_cpu_ns();
    double seconds = pipelined(bus, opt.n, opt.k);
    long long cpu1 = server_cpu_ns();
    printf("calls=%ld in_flight=%ld calls_per_s=%.0f", opt.n, opt.k, opt.n / seconds);
    if (opt.pid) printf(" cpu_us_per_call=%.2f rss_kib=%ld", (double)(cpu1 - cpu0) / 1e3 / (double)opt.n, server_rss_kib());
    putchar('\n');
}

/* ---- procs ---- */

static void run_procs(void) {
    int go[2], done[2];
    if (pipe(go) != 0 || pipe(done) != 0) die("pipe: %s", strerror(errno));
    pid_t *children = need(calloc((size_t)opt.c, sizeof(pid_t)));
    for (long i = 0; i < opt.c; i++) {
        children[i] = fork();
        if (children[i] < 0) die("fork: %s", strerror(errno));
        if (children[i] == 0) {
            close(go[1]);
            close(done[0]);
            DBusConnection *bus = connect_bus();
            for (long w = 0; w < opt.warmup; w++) one_call(bus);
            char ready = 'r', start;
            if (write(done[1], &ready, 1) != 1 || read(go[0], &start, 1) != 0) _exit(1);  /* EOF: go */
            for (long j = 0; j < opt.n; j++) one_call(bus);
            _exit(0);
        }
    }
    close(go[0]);
    close(done[1]);
    for (long i = 0; i < opt.c; i++) {
        char ready;
        if (read(done[0], &ready, 1) != 1) die("a client process failed during its warm-up");
    }
    long long cpu0 = server_cpu_ns();
    double start = now_us();
    close(go[1]);  /* every child's read() returns: go */
    int failed = 0;
    for (long i = 0; i < opt.c; i++) {
        int status;
        if (waitpid(children[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) failed++;
    }
    double seconds = (now_us() - start) / 1e6;
    long long cpu1 = server_cpu_ns();
    if (failed) die("%d of %ld client processes failed", failed, opt.c);
    long total = opt.n * opt.c;
    printf("processes=%ld calls=%ld calls_per_s=%.0f", opt.c, total, total / seconds);
    if (opt.pid) printf(" cpu_us_per_call=%.2f", (double)(cpu1 - cpu0) / 1e3 / (double)total);
    putchar('\n');
}

/* ---- startup and wait-name ---- */

static int has_owner(DBusConnection *bus) {
    DBusError error;
    dbus_error_init(&error);
    int owned = dbus_bus_name_has_owner(bus, opt.dest, &error);
    if (dbus_error_is_set(&error)) die("NameHasOwner: %s", error.message);
    return owned;
}

/* Waits for NameOwnerChanged(dest, _, new) with new empty or not, as `owned` says; timeout in ms. */
static int wait_owner_change(DBusConnection *bus, int owned, int timeout_ms) {
    double deadline = now_us() + timeout_ms * 1e3;
    for (;;) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            const char *name, *old, *new;
            int match = dbus_message_is_signal(message, DBUS_INTERFACE_DBUS, "NameOwnerChanged")
                && dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old,
                                         DBUS_TYPE_STRING, &new, DBUS_TYPE_INVALID)
                && !strcmp(name, opt.dest) && (new[0] != '\0') == owned;
            dbus_message_unref(message);
            if (match) return 1;
        }
        int wait = (int)((deadline - now_us()) / 1e3);
        if (wait <= 0) return 0;
        if (!dbus_connection_read_write(bus, wait)) die("the bus connection was lost");
    }
}

static void run_startup(void) {
    if (!opt.command || !opt.command[0]) die("startup needs -- COMMAND [ARGS...]");
    DBusConnection *bus = connect_bus();
    DBusError error;
    dbus_error_init(&error);
    char rule[512];
    snprintf(rule, sizeof rule, "type='signal',sender='" DBUS_SERVICE_DBUS "',member='NameOwnerChanged',arg0='%s'", opt.dest);
    dbus_bus_add_match(bus, rule, &error);
    if (dbus_error_is_set(&error)) die("AddMatch: %s", error.message);
    double *samples = need(malloc(sizeof(double) * (size_t)opt.n));
    double *firsts = need(malloc(sizeof(double) * (size_t)opt.n));
    double *seconds = need(malloc(sizeof(double) * (size_t)opt.n));
    for (long i = 0; i < opt.n; i++) {
        if (has_owner(bus)) die("%s is already owned before the start", opt.dest);
        double t0 = now_us();
        pid_t child = fork();
        if (child < 0) die("fork: %s", strerror(errno));
        if (child == 0) {
            /* Our stdout carries the figures; the server's output must not mix into them. */
            int null = open("/dev/null", O_WRONLY);
            if (null >= 0) dup2(null, STDOUT_FILENO);
            execvp(opt.command[0], opt.command);
            fprintf(stderr, "bench-client: cannot run %s: %s\n", opt.command[0], strerror(errno));
            _exit(127);
        }
        int owned = wait_owner_change(bus, 1, 10000);
        samples[i] = now_us() - t0;
        if (!owned) {
            kill(child, SIGKILL);
            die("%s did not own the name within 10 s", opt.command[0]);
        }
        if (is_trigger()) {
            double t1 = now_us();
            one_call(bus);
            double t2 = now_us();
            one_call(bus);
            firsts[i] = t2 - t1;
            seconds[i] = now_us() - t2;
        }
        kill(child, SIGTERM);
        int status;
        waitpid(child, &status, 0);
        if (has_owner(bus) && !wait_owner_change(bus, 0, 5000)) die("%s still owned after its server ended", opt.dest);
    }
    qsort(samples, (size_t)opt.n, sizeof *samples, by_value);
    printf("runs=%ld median_ms=%.2f min_ms=%.2f max_ms=%.2f", opt.n, percentile(samples, opt.n, .5) / 1e3,
           samples[0] / 1e3, samples[opt.n - 1] / 1e3);
    if (is_trigger()) {
        qsort(firsts, (size_t)opt.n, sizeof *firsts, by_value);
        qsort(seconds, (size_t)opt.n, sizeof *seconds, by_value);
        printf(" first_call_ms=%.3f second_call_ms=%.3f", percentile(firsts, opt.n, .5) / 1e3,
               percentile(seconds, opt.n, .5) / 1e3);
    }
    printf("\n");
    free(samples);
    free(firsts);
    free(seconds);
}

static void run_wait_name(void) {
    DBusConnection *bus = connect_bus();
    for (int tries = 0; tries < 1000; tries++) {
        if (has_owner(bus)) return;
        usleep(10 * 1000);
    }
    die("nobody owned the name within 10 s");
}

/* ---- signals ---- */

static int is_stable(const char *state) { return !strcmp(state, "collapsed") || !strcmp(state, "expanded"); }

/* Reads the next StateChanged on sub (blocking); returns its state. */
static const char *next_state_changed(DBusConnection *sub, DBusMessage **holder) {
    for (;;) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(sub))) {
            const char *state, *previous;
            if (dbus_message_is_signal(message, IFACE, "StateChanged")) {
                if (!dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &state, DBUS_TYPE_STRING, &previous,
                                           DBUS_TYPE_INVALID) || !is_state(state) || !is_state(previous))
                    die("StateChanged: expected two states (ss), got signature \"%s\"", dbus_message_get_signature(message));
                *holder = message;
                return state;
            }
            dbus_message_unref(message);
        }
        if (!dbus_connection_read_write(sub, 25000)) die("a subscriber lost its bus connection");
        if (!dbus_connection_get_dispatch_status(sub) && !dbus_connection_get_is_connected(sub))
            die("a subscriber lost its bus connection");
    }
}

static void run_signals(void) {
    DBusConnection *bus = connect_bus();
    DBusConnection **subs = need(calloc((size_t)opt.s, sizeof *subs));
    char rule[512];
    snprintf(rule, sizeof rule, "type='signal',sender='%s',path='" PATH "',interface='" IFACE "',member='StateChanged'", opt.dest);
    for (long i = 0; i < opt.s; i++) {
        DBusError error;
        dbus_error_init(&error);
        subs[i] = connect_bus();
        dbus_bus_add_match(subs[i], rule, &error);  /* blocks until the bus has the rule */
        if (dbus_error_is_set(&error)) die("AddMatch: %s", error.message);
    }
    opt.method = "toggle";
    double *samples = need(malloc(sizeof(double) * (size_t)opt.n));
    DBusMessage **held = need(calloc((size_t)opt.s, sizeof *held));
    int *settled = need(calloc((size_t)opt.s, sizeof *settled));
    for (long round = -1; round < opt.n; round++) {  /* round -1 warms up */
        dbus_uint32_t serial;
        DBusMessage *call = new_bench_call();
        double t0 = now_us(), last = 0;
        if (!dbus_connection_send(bus, call, &serial)) die("out of memory");
        dbus_message_unref(call);
        dbus_connection_flush(bus);
        for (long i = 0; i < opt.s; i++) {  /* every subscriber's first StateChanged */
            settled[i] = is_stable(next_state_changed(subs[i], &held[i]));
            last = now_us();
        }
        for (long i = 0; i < opt.s; i++) {  /* petald passes through expanding/collapsing: wait till it settles */
            while (!settled[i]) {
                dbus_message_unref(held[i]);
                settled[i] = is_stable(next_state_changed(subs[i], &held[i]));
            }
            dbus_message_unref(held[i]);
        }
        DBusMessage *reply = reply_to(bus, serial, 25000);
        check_reply(reply);
        dbus_message_unref(reply);
        if (round >= 0) samples[round] = last - t0;
    }
    qsort(samples, (size_t)opt.n, sizeof *samples, by_value);
    printf("subscribers=%ld rounds=%ld p50_us=%.1f max_us=%.1f\n", opt.s, opt.n,
           percentile(samples, opt.n, .5), samples[opt.n - 1]);
}

/* ---- reload ---- */

static void run_reload(void) {
    DBusConnection *bus = connect_bus();
    long rounds = opt.expect_error ? 1 : opt.n;
    double *samples = need(malloc(sizeof(double) * (size_t)rounds));
    for (long i = 0; i < rounds; i++) {
        DBusMessage *call = need(dbus_message_new_method_call(opt.dest, PATH, IFACE, "Reload"));
        dbus_uint32_t serial;
        double t0 = now_us();
        if (!dbus_connection_send(bus, call, &serial)) die("out of memory");
        dbus_message_unref(call);
        DBusMessage *reply = reply_to(bus, serial, 25000);
        samples[i] = now_us() - t0;
        if (!reply) die("Reload: no reply within 25 s");
        if (opt.expect_error) {
            if (dbus_message_get_type(reply) != DBUS_MESSAGE_TYPE_ERROR || !dbus_message_is_error(reply, opt.expect_error))
                die("Reload: expected the error %s", opt.expect_error);
        } else {
            check_type(reply, "Reload", "");
        }
        dbus_message_unref(reply);
    }
    qsort(samples, (size_t)rounds, sizeof *samples, by_value);

    /* Items, through Properties.Get: its size as marshalled on the wire. */
    DBusMessage *get = need(dbus_message_new_method_call(opt.dest, PATH, DBUS_INTERFACE_PROPERTIES, "Get"));
    const char *iface = IFACE, *property = "Items";
    if (!dbus_message_append_args(get, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &property, DBUS_TYPE_INVALID))
        die("out of memory");
    DBusMessage *reply = call_blocking(bus, get);
    check_type(reply, "Get(Items)", "v");
    DBusMessageIter it, variant, items;
    dbus_message_iter_init(reply, &it);
    dbus_message_iter_recurse(&it, &variant);
    char *inner = dbus_message_iter_get_signature(&variant);
    if (strcmp(inner, "a(ssssbb)") != 0) die("Items: expected a(ssssbb), got %s", inner);
    dbus_free(inner);
    long count = 0;
    dbus_message_iter_recurse(&variant, &items);
    while (dbus_message_iter_get_arg_type(&items) != DBUS_TYPE_INVALID) {
        count++;
        dbus_message_iter_next(&items);
    }
    char *wire;
    int bytes;
    if (!dbus_message_marshal(reply, &wire, &bytes)) die("out of memory");
    dbus_free(wire);
    dbus_message_unref(reply);
    printf("reloads=%ld p50_us=%.1f max_us=%.1f items=%ld items_reply_bytes=%d\n", rounds,
           percentile(samples, rounds, .5), samples[rounds - 1], count, bytes);
}

/* ---- contract ---- */

/* The next message on bus other than the bus's own signals (NameAcquired and the like), within 25 s. */
static DBusMessage *next_message(DBusConnection *bus, const char *waiting_for) {
    double deadline = now_us() + 25e6;
    for (;;) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            if (dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL && dbus_message_has_interface(message, DBUS_INTERFACE_DBUS)) {
                dbus_message_unref(message);
                continue;
            }
            return message;
        }
        double left = deadline - now_us();
        if (left <= 0) die("%s: nothing came within 25 s", waiting_for);
        if (!dbus_connection_read_write(bus, (int)(left / 1e3) + 1)) die("the bus connection was lost");
    }
}

/* "the signal X", "the error X" or "a method return", for messages. */
static const char *describe(DBusMessage *message) {
    static char text[300];
    switch (dbus_message_get_type(message)) {
    case DBUS_MESSAGE_TYPE_SIGNAL: snprintf(text, sizeof text, "the signal %s", dbus_message_get_member(message)); break;
    case DBUS_MESSAGE_TYPE_ERROR: snprintf(text, sizeof text, "the error %s", dbus_message_get_error_name(message)); break;
    case DBUS_MESSAGE_TYPE_METHOD_RETURN: snprintf(text, sizeof text, "a method return"); break;
    default: snprintf(text, sizeof text, "a message of type %d", dbus_message_get_type(message));
    }
    return text;
}

/* Fails unless message is the signal `member` of the Menu interface with `signature`. */
static void check_signal(DBusMessage *message, const char *member, const char *signature) {
    if (!dbus_message_is_signal(message, IFACE, member))
        die("Trigger(%s): expected the signal %s next, got %s", opt.action, member, describe(message));
    if (!dbus_message_has_signature(message, signature) || strcmp(dbus_message_get_path(message), PATH) != 0)
        die("%s: expected signature \"%s\" from " PATH ", got \"%s\" from %s", member, signature,
            dbus_message_get_signature(message), dbus_message_get_path(message));
}

static void run_contract(void) {
    DBusConnection *bus = connect_bus();
    DBusError error;
    dbus_error_init(&error);
    char rule[512];
    snprintf(rule, sizeof rule, "type='signal',sender='%s',path='" PATH "',interface='" IFACE "'", opt.dest);
    dbus_bus_add_match(bus, rule, &error);
    if (dbus_error_is_set(&error)) die("AddMatch: %s", error.message);
    opt.method = "trigger";
    dbus_uint32_t previous_id = 0;
    for (long i = 0; i < opt.n; i++) {
        dbus_uint32_t serial, id, finished_id;
        const char *action, *item, *error_name, *message_text;
        dbus_bool_t success;
        DBusMessage *call = new_bench_call();
        if (!dbus_connection_send(bus, call, &serial)) die("out of memory");
        dbus_message_unref(call);

        DBusMessage *started = next_message(bus, "ActionStarted");
        check_signal(started, "ActionStarted", "uss");
        dbus_message_get_args(started, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_STRING, &action, DBUS_TYPE_STRING, &item,
                              DBUS_TYPE_INVALID);
        if (strcmp(action, opt.action) != 0 || item[0] != '\0')
            die("ActionStarted: expected (id, \"%s\", \"\"), got (%u, \"%s\", \"%s\")", opt.action, id, action, item);
        if (id == 0 || id == previous_id) die("ActionStarted: invocation id %u is not a new one", id);
        previous_id = id;

        DBusMessage *finished = next_message(bus, "ActionFinished");
        check_signal(finished, "ActionFinished", "usbss");
        dbus_message_get_args(finished, NULL, DBUS_TYPE_UINT32, &finished_id, DBUS_TYPE_STRING, &action,
                              DBUS_TYPE_BOOLEAN, &success, DBUS_TYPE_STRING, &error_name, DBUS_TYPE_STRING, &message_text,
                              DBUS_TYPE_INVALID);
        if (finished_id != id || strcmp(action, opt.action) != 0 || !success || error_name[0] || message_text[0])
            die("ActionFinished: expected (%u, \"%s\", true, \"\", \"\"), got (%u, \"%s\", %s, \"%s\", \"%s\")", id,
                opt.action, finished_id, action, success ? "true" : "false", error_name, message_text);

        DBusMessage *reply = next_message(bus, "the Trigger reply");
        if (dbus_message_get_reply_serial(reply) != serial)
            die("Trigger(%s): expected the reply after ActionFinished, got %s", opt.action, describe(reply));
        check_reply(reply);
        dbus_message_unref(started);
        dbus_message_unref(finished);
        dbus_message_unref(reply);
    }

    const char *unknown = "bench.no-such-action";
    dbus_uint32_t serial;
    DBusMessage *call = new_call("Trigger", unknown, -1);
    if (!dbus_connection_send(bus, call, &serial)) die("out of memory");
    dbus_message_unref(call);
    DBusMessage *reply = next_message(bus, "the reply to an unknown action");
    if (dbus_message_get_reply_serial(reply) != serial || !dbus_message_is_error(reply, "org.petal.Petal1.Error.UnknownAction"))
        die("Trigger(%s): expected the error org.petal.Petal1.Error.UnknownAction and no signal before it, got %s",
            unknown, describe(reply));
    dbus_message_unref(reply);
    printf("calls=%ld\n", opt.n + 1);
}

/* ---- toggles ---- */

static void run_toggles(void) {
    DBusConnection *bus = connect_bus();
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        DBusMessage *call = new_call("Toggle", NULL, -1);
        double sent = now_us();
        DBusMessage *reply = call_blocking(bus, call);
        check_reply(reply);
        DBusMessageIter it;
        const char *state;
        dbus_message_iter_init(reply, &it);
        dbus_message_iter_get_basic(&it, &state);
        printf("sent=%.0f state=%s\n", sent, state);
        fflush(stdout);
        dbus_message_unref(reply);
    }
}

static void run_watch(void) {
    DBusConnection *bus = connect_bus();
    DBusError error;
    dbus_error_init(&error);
    dbus_bus_add_match(bus, "type='signal',interface='" IFACE "',member='StateChanged'", &error);
    if (dbus_error_is_set(&error)) die("cannot follow StateChanged: %s", error.message);
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        DBusMessage *holder;
        const char *state = next_state_changed(bus, &holder);
        printf("signal=%.0f path=%s state=%s\n", now_us(), dbus_message_get_path(holder), state);
        fflush(stdout);
        dbus_message_unref(holder);
    }
}

/* ---- main ---- */

static long number(const char *text, const char *option) {
    char *end;
    long value = strtol(text ? text : "", &end, 10);
    if (!text || *end || value < 1) die("%s takes a positive number, not \"%s\"", option, text ? text : "");
    return value;
}

int main(int argc, char **argv) {
    if (argc < 2) die("usage: bench-client seq|pipe|procs|startup|wait-name|signals|reload|toggles|contract|watch [OPTIONS] (see client.c)");
    opt.mode = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--")) { opt.command = argv + i + 1; break; }
        else if (!strcmp(a, "--dest") && v) opt.dest = argv[++i];
        else if (!strcmp(a, "--method") && v) opt.method = argv[++i];
        else if (!strcmp(a, "--action") && v) opt.action = argv[++i];
        else if (!strcmp(a, "--any-result")) opt.any_result = 1;
        else if (!strcmp(a, "--during") && v) opt.during = argv[++i];
        else if (!strcmp(a, "--expect-error") && v) opt.expect_error = argv[++i];
        else if (!strcmp(a, "-n")) opt.n = number(argv[++i], a);
        else if (!strcmp(a, "--warmup")) { opt.warmup = v && !strcmp(v, "0") ? 0 : number(v, a); i++; }
        else if (!strcmp(a, "-k")) opt.k = number(argv[++i], a);
        else if (!strcmp(a, "-c")) opt.c = number(argv[++i], a);
        else if (!strcmp(a, "-s")) opt.s = number(argv[++i], a);
        else if (!strcmp(a, "--pid")) opt.pid = (int)number(argv[++i], a);
        else die("unknown argument \"%s\"", a);
    }
    if (strcmp(opt.method, "toggle") && strcmp(opt.method, "trigger")) die("--method is toggle or trigger");
    if (!strcmp(opt.mode, "seq")) run_seq();
    else if (!strcmp(opt.mode, "pipe")) run_pipe();
    else if (!strcmp(opt.mode, "procs")) run_procs();
    else if (!strcmp(opt.mode, "startup")) run_startup();
    else if (!strcmp(opt.mode, "wait-name")) run_wait_name();
    else if (!strcmp(opt.mode, "signals")) run_signals();
    else if (!strcmp(opt.mode, "reload")) run_reload();
    else if (!strcmp(opt.mode, "toggles")) run_toggles();
    else if (!strcmp(opt.mode, "contract")) run_contract();
    else if (!strcmp(opt.mode, "watch")) run_watch();
    else die("unknown mode \"%s\"", opt.mode);
    return 0;
}
