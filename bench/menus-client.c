/*
 * menus-client.c — bench-menus-client: the timed calls of the part `menus`
 * (bench/menus.py), made with libdbus against petald on a private bus. Four
 * scenarios, interleaved iteration by iteration so that load from elsewhere
 * lands on each alike, every reply checked:
 *
 *   toggle          Toggle on /org/petal/Petal1, once to open and once to
 *                   close the main menu: each call is a sample
 *   show            ShowMenu(MENU, {}) opening the closed menu MENU: the
 *                   sample; then Close on its object, not timed
 *   toggle+activate Toggle opening main, then Activate(ITEM) on it (which
 *                   runs bench.noop and closes the menu): the two round
 *                   trips together are the sample
 *   choose          ChooseFrom(a menu of --items choices, {}) on one
 *                   connection, answered by a second connection that waits
 *                   for the menu's StateChanged "expanded" and calls
 *                   Activate on it: from sending ChooseFrom to its reply
 *                   (the id the second client chose). Each menu has a name
 *                   of its own; the next iteration starts once it has closed.
 *                   The InterfacesAdded and InterfacesRemoved the second
 *                   client hears are counted per call
 *   pick            (--rows R, after the others, --picks P times) PickFrom of
 *                   a `list` menu of R rows: from sending it to the menu's
 *                   StateChanged "expanding"; the second client then submits
 *                   the last row. With --pid, petald's VmRSS before the first,
 *                   while each is open, and after the last has gone
 *   pick-table      (--rows R, after pick, --picks P times) the same rows as a
 *                   row table (docs/dbus-api.md, "Row tables") in a sealed
 *                   memfd passed as PickFrom's option `rows`, the JSON only
 *                   {"name": …}; rows known by their index, the last submitted
 *
 * The second connection owns org.petal.Frontend1, as a frontend does: it is
 * the one that answers, and petald then asks the bus to start none.
 *
 * Usage: bench-menus-client [-n N] [--warmup W] [--menu MENU] [--item ITEM] [--items K]
 *                           [--rows R] [--picks P] [--pid PID]
 *                           [--only toggle|show|toggle+activate|choose|pick|pick-table]
 * Prints one line: `key=value` per scenario (p50/p90/max in µs). `--only`
 * runs one scenario (for counting it under callgrind) and prints its figures.
 * The bus is $DBUS_SESSION_BUS_ADDRESS.
 */
#define _GNU_SOURCE
#include <dbus/dbus.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "samples.h"

#define DEST "org.petal.Petal1"
#define ROOT "/org/petal/Petal1"
#define MENU_IFACE "org.petal.Petal1.Menu"
#define MENUS_IFACE "org.petal.Petal1.Menus"
#define OBJECT_MANAGER "org.freedesktop.DBus.ObjectManager"

static struct {
    long n, warmup, items, rows, picks, pid;
    const char *menu, *item, *only;
} opt = { .n = 2000, .warmup = 200, .items = 20, .rows = 100000, .picks = 10, .pid = 0, .menu = "apps",
          .item = "item-0", .only = NULL };

static const char *const scenarios[] = { "toggle", "show", "toggle+activate", "choose", "pick", "pick-table" };
#define SCENARIOS 6

/* The InterfacesAdded and InterfacesRemoved the second client has heard. */
static long interfaces_added, interfaces_removed;

/* Whether the scenario is run: all of them, unless --only names one. */
static int runs(int scenario) {
    return !opt.only || !strcmp(opt.only, scenarios[scenario]);
}

__attribute__((noreturn, format(printf, 1, 2))) static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("bench-menus-client: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static void *need(void *pointer) {
    if (!pointer) die("out of memory");
    return pointer;
}

static DBusConnection *connect_bus(void) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) die("cannot connect to the bus: %s", error.message);
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    return bus;
}

/* Sends `call` and waits for its return of `signature`; dies on an error, naming it. */
static DBusMessage *call(DBusConnection *bus, DBusMessage *message, const char *signature) {
    DBusError error;
    dbus_error_init(&error);
    const char *member = dbus_message_get_member(message);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, message, DBUS_TIMEOUT_USE_DEFAULT, &error);
    if (!reply) die("%s failed: %s: %s", member, error.name, error.message);
    dbus_message_unref(message);
    if (!dbus_message_has_signature(reply, signature))
        die("%s: expected a reply of signature \"%s\", got \"%s\"", member, signature, dbus_message_get_signature(reply));
    return reply;
}

/* The first string (or object path) of a reply. */
static const char *first_string(DBusMessage *reply) {
    DBusMessageIter it;
    const char *value;
    dbus_message_iter_init(reply, &it);
    dbus_message_iter_get_basic(&it, &value);
    return value;
}

static DBusMessage *menu_call(const char *path, const char *member) {
    return need(dbus_message_new_method_call(DEST, path, MENU_IFACE, member));
}

/* A call `member(s, a{sv})` on the Menus interface, with an empty a{sv}. */
static DBusMessage *menus_call(const char *member, const char *text) {
    DBusMessage *message = need(dbus_message_new_method_call(DEST, ROOT, MENUS_IFACE, member));
    DBusMessageIter it, dict;
    dbus_message_iter_init_append(message, &it);
    if (!dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &text)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)
        || !dbus_message_iter_close_container(&it, &dict)) die("out of memory");
    return message;
}

static DBusMessage *activate_call(const char *path, const char *item) {
    DBusMessage *message = menu_call(path, "Activate");
    if (!dbus_message_append_args(message, DBUS_TYPE_STRING, &item, DBUS_TYPE_INVALID)) die("out of memory");
    return message;
}

/* Makes a Menu call whose reply is a state, and checks it is `expected`. */
static void expect_state(DBusConnection *bus, const char *path, const char *member, const char *expected) {
    DBusMessage *reply = call(bus, menu_call(path, member), "s");
    if (strcmp(first_string(reply), expected))
        die("%s on %s: expected \"%s\", got \"%s\"", member, path, expected, first_string(reply));
    dbus_message_unref(reply);
}

/* ---- the scenarios, one iteration each; each returns its sample in µs ---- */

static double toggle(DBusConnection *bus, const char *expected) {
    double t0 = now_us();
    expect_state(bus, ROOT, "Toggle", expected);
    return now_us() - t0;
}

static double show(DBusConnection *bus, const char *menu_path) {
    double t0 = now_us();
    DBusMessage *reply = call(bus, menus_call("ShowMenu", opt.menu), "o");
    double sample = now_us() - t0;
    if (strcmp(first_string(reply), menu_path))
        die("ShowMenu(%s): expected the path %s, got %s", opt.menu, menu_path, first_string(reply));
    dbus_message_unref(reply);
    expect_state(bus, menu_path, "Close", "collapsed");
    return sample;
}

static double toggle_and_activate(DBusConnection *bus) {
    double t0 = now_us();
    expect_state(bus, ROOT, "Toggle", "expanded");
    dbus_message_unref(call(bus, activate_call(ROOT, opt.item), "a{sv}"));
    double sample = now_us() - t0;
    expect_state(bus, ROOT, "Close", "collapsed");  /* activating closed it: Close is then a no-op */
    return sample;
}

/* The next StateChanged for `path` on `bus` that says `wanted`; other messages are dropped. */
static void wait_state(DBusConnection *bus, const char *path, const char *wanted) {
    for (;;) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            const char *state = NULL;
            if (dbus_message_is_signal(message, OBJECT_MANAGER, "InterfacesAdded")) interfaces_added++;
            if (dbus_message_is_signal(message, OBJECT_MANAGER, "InterfacesRemoved")) interfaces_removed++;
            int match = dbus_message_is_signal(message, MENU_IFACE, "StateChanged")
                && dbus_message_has_path(message, path)
                && dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &state, DBUS_TYPE_INVALID)
                && !strcmp(state, wanted);
            dbus_message_unref(message);
            if (match) return;
        }
        if (!dbus_connection_read_write(bus, 10 * 1000)) die("the bus connection was lost");
    }
}

/* Reads until the reply to the call `serial` sent on `bus`; other messages are dropped. */
static DBusMessage *wait_reply(DBusConnection *bus, dbus_uint32_t serial) {
    for (;;) {
        if (!dbus_connection_read_write(bus, 10 * 1000)) die("the bus connection was lost");
        DBusMessage *popped;
        while ((popped = dbus_connection_pop_message(bus))) {
            if (dbus_message_get_reply_serial(popped) == serial) return popped;
            dbus_message_unref(popped);
        }
    }
}

/* Reads until the InterfacesRemoved of the object `path`, counting what it passes. */
static void wait_removed_path(DBusConnection *bus, const char *path) {
    for (;;) {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            const char *object = NULL;
            int removed = dbus_message_is_signal(message, OBJECT_MANAGER, "InterfacesRemoved");
            int match = removed && dbus_message_get_args(message, NULL, DBUS_TYPE_OBJECT_PATH, &object, DBUS_TYPE_INVALID)
                && !strcmp(object, path);
            if (dbus_message_is_signal(message, OBJECT_MANAGER, "InterfacesAdded")) interfaces_added++;
            if (removed) interfaces_removed++;
            dbus_message_unref(message);
            if (match) return;
        }
        if (!dbus_connection_read_write(bus, 10 * 1000)) die("the bus connection was lost");
    }
}

/* The JSON of a menu called `name` with `items` choices c0, c1, …. */
static char *choice_menu(const char *name, long items) {
    size_t size = 64 + (size_t)items * 64;
    char *json = need(malloc(size));
    int at = snprintf(json, size, "{\"name\":\"%s\",\"items\":[", name);
    for (long i = 0; i < items; i++)
        at += snprintf(json + at, size - (size_t)at, "%s{\"id\":\"c%ld\",\"title\":\"Choice %ld\"}", i ? "," : "", i, i);
    snprintf(json + at, size - (size_t)at, "]}");
    return json;
}

static double choose(DBusConnection *asker, DBusConnection *chooser, long iteration) {
    char name[32], path[96], chosen[24];
    snprintf(name, sizeof name, "pick%ld", iteration);  /* a name whose path needs no escaping */
    snprintf(path, sizeof path, ROOT "/menus/%s", name);
    snprintf(chosen, sizeof chosen, "c%ld", iteration % opt.items);
    char *json = choice_menu(name, opt.items);
    DBusMessage *message = menus_call("ChooseFrom", json);
    dbus_uint32_t serial;
    double t0 = now_us();
    if (!dbus_connection_send(asker, message, &serial)) die("out of memory");
    dbus_connection_flush(asker);
    dbus_message_unref(message);
    wait_state(chooser, path, "expanded");
    dbus_message_unref(call(chooser, activate_call(path, chosen), "a{sv}"));
    DBusMessage *reply = wait_reply(asker, serial);
    double sample = now_us() - t0;
    if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR)
        die("ChooseFrom failed: %s", dbus_message_get_error_name(reply));
    if (!dbus_message_has_signature(reply, "s") || strcmp(first_string(reply), chosen))
        die("ChooseFrom: expected the answer \"%s\"", chosen);
    dbus_message_unref(reply);
    wait_state(chooser, path, "collapsed");
    wait_removed_path(chooser, path);
    free(json);
    return sample;
}

/* The JSON of a `list` menu called `name` of `rows` rows r0, r1, …, each titled
 * like a clipboard history line (about 50 bytes). */
static char *row_menu(const char *name, long rows) {
    size_t size = 128 + (size_t)rows * 96;
    char *json = need(malloc(size));
    int at = snprintf(json, size, "{\"name\":\"%s\",\"layout\":\"list\",\"items\":[", name);
    for (long i = 0; i < rows; i++)
        at += snprintf(json + at, size - (size_t)at, "%s{\"id\":\"r%ld\",\"title\":\"%06ld: a line of clipboard history, 50 B\"}",
                       i ? "," : "", i, i);
    snprintf(json + at, size - (size_t)at, "]}");
    return json;
}

/* petald's VmRSS in KiB, from /proc/PID/status; 0 without --pid. */
static long rss_kib(void) {
    if (!opt.pid) return 0;
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", opt.pid);
    FILE *status = fopen(path, "r");
    if (!status) die("cannot read %s", path);
    long kib = 0;
    while (fgets(line, sizeof line, status))
        if (!strncmp(line, "VmRSS:", 6)) kib = strtol(line + 6, NULL, 10);
    fclose(status);
    return kib;
}

static long json_bytes, rss_idle, rss_open, rss_after;

/* Waits until the pick menu of iteration `iteration` has gone. */
static void wait_removed(DBusConnection *bus, long iteration) {
    char path[96];
    snprintf(path, sizeof path, ROOT "/menus/rows%ld", iteration);
    wait_removed_path(bus, path);
}

/* Appends a little-endian u32 at `at`. */
static void put_u32(unsigned char *at, uint32_t value) {
    for (int i = 0; i < 4; i++) at[i] = (unsigned char)(value >> (8 * i));
}

/* A sealed memfd holding a row table of `rows` rows titled as row_menu's,
 * without ids (known by their index); its size in `*bytes`. */
static int row_table(long rows, long *bytes) {
    size_t text_size = (size_t)rows * 64, text_length = 0;
    char *text = need(malloc(text_size));
    size_t header = 24 + 16 * (size_t)rows, flags = ((size_t)rows + 3) / 4 * 4;
    unsigned char *head = need(calloc(1, header + flags));
    memcpy(head, "PETALROW", 8);
    put_u32(head + 8, 1);
    put_u32(head + 12, (uint32_t)rows);
    for (long i = 0; i < rows; i++) {
        put_u32(head + 24 + 16 * i, (uint32_t)text_length);  /* no id */
        text_length += (size_t)snprintf(text + text_length, text_size - text_length,
                                        "%06ld: a line of clipboard history, 50 B", i);
        for (int field = 1; field < 4; field++) put_u32(head + 24 + 16 * i + 4 * field, (uint32_t)text_length);
    }
    put_u32(head + 16, (uint32_t)text_length);
    int fd = memfd_create("bench-rows", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0 || write(fd, head, header + flags) != (ssize_t)(header + flags)
        || write(fd, text, text_length) != (ssize_t)text_length
        || fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0)
        die("could not make the row table's memfd");
    *bytes = (long)(header + flags + text_length);
    free(text);
    free(head);
    return fd;
}

/* PickFrom({"name": NAME}, {"rows": <h fd>}). */
static DBusMessage *pick_table_call(const char *name, int fd) {
    char json[64];
    snprintf(json, sizeof json, "{\"name\":\"%s\"}", name);
    const char *text = json, *key = "rows";
    DBusMessage *message = need(dbus_message_new_method_call(DEST, ROOT, MENUS_IFACE, "PickFrom"));
    DBusMessageIter it, dict, entry, variant;
    dbus_message_iter_init_append(message, &it);
    if (!dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &text)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)
        || !dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
        || !dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
        || !dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "h", &variant)
        || !dbus_message_iter_append_basic(&variant, DBUS_TYPE_UNIX_FD, &fd)
        || !dbus_message_iter_close_container(&entry, &variant) || !dbus_message_iter_close_container(&dict, &entry)
        || !dbus_message_iter_close_container(&it, &dict)) die("out of memory");
    return message;
}

/* One PickFrom of the menu `rows<iteration>`: of `json`, or when `table` is
 * a descriptor, of that row table. */
static double pick(DBusConnection *asker, DBusConnection *chooser, const char *json, int table, long iteration) {
    char name[32], path[96], last[24];
    snprintf(name, sizeof name, "rows%ld", iteration);
    snprintf(path, sizeof path, ROOT "/menus/%s", name);
    snprintf(last, sizeof last, table >= 0 ? "%ld" : "r%ld", opt.rows - 1);
    char *named = need(strdup(json));
    memcpy(strstr(named, "rows0"), name, strlen("rows0"));  /* the same length: rows0 … rows9 */
    DBusMessage *message = table >= 0 ? pick_table_call(name, table) : menus_call("PickFrom", named);
    dbus_uint32_t serial;
    double t0 = now_us();
    if (!dbus_connection_send(asker, message, &serial)) die("out of memory");
    dbus_connection_flush(asker);
    dbus_message_unref(message);
    wait_state(chooser, path, "expanding");
    double sample = now_us() - t0;
    long open = rss_kib();
    if (open > rss_open) rss_open = open;
    DBusMessage *submit = menu_call(path, "Submit");
    DBusMessageIter it, ids, dict;
    const char *id = last;
    dbus_message_iter_init_append(submit, &it);
    if (!dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "s", &ids)
        || !dbus_message_iter_append_basic(&ids, DBUS_TYPE_STRING, &id) || !dbus_message_iter_close_container(&it, &ids)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)
        || !dbus_message_iter_close_container(&it, &dict)) die("out of memory");
    dbus_message_unref(call(chooser, submit, ""));
    DBusMessage *reply = wait_reply(asker, serial);
    if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR)
        die("PickFrom failed: %s", dbus_message_get_error_name(reply));
    if (!dbus_message_has_signature(reply, "a{sv}")) die("PickFrom: expected an a{sv}");
    dbus_message_unref(reply);
    wait_state(chooser, path, "collapsed");
    free(named);
    return sample;
}

/* ---- figures ---- */

static void print_figures(const char *key, double *samples, long count) {
    qsort(samples, (size_t)count, sizeof *samples, by_value);
    printf("%s_p50_us=%.1f %s_p90_us=%.1f %s_max_us=%.1f ", key, percentile(samples, count, .5), key,
           percentile(samples, count, .9), key, samples[count - 1]);
}

static long number(const char *text, const char *option) {
    char *end;
    long value = strtol(text ? text : "", &end, 10);
    if (!text || *end || value < 1) die("%s takes a positive number, not \"%s\"", option, text ? text : "");
    return value;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-n")) opt.n = number(v, a), i++;
        else if (!strcmp(a, "--warmup")) opt.warmup = number(v, a), i++;
        else if (!strcmp(a, "--items")) opt.items = number(v, a), i++;
        else if (!strcmp(a, "--menu") && v) opt.menu = argv[++i];
        else if (!strcmp(a, "--item") && v) opt.item = argv[++i];
        else if (!strcmp(a, "--only") && v) opt.only = argv[++i];
        else if (!strcmp(a, "--rows")) opt.rows = number(v, a), i++;
        else if (!strcmp(a, "--picks")) opt.picks = number(v, a), i++;
        else if (!strcmp(a, "--pid")) opt.pid = number(v, a), i++;
        else die("unknown argument \"%s\" (see menus-client.c)", a);
    }
    int known = !opt.only;
    for (int s = 0; s < SCENARIOS; s++) known = known || !strcmp(opt.only, scenarios[s]);
    if (!known) die("--only takes toggle, show, toggle+activate, choose, pick or pick-table, not \"%s\"", opt.only);
    DBusConnection *bus = connect_bus(), *chooser = connect_bus();
    const char *rules[] = {
        "type='signal',sender='" DEST "',interface='" MENU_IFACE "',member='StateChanged',path_namespace='" ROOT "/menus'",
        "type='signal',sender='" DEST "',interface='" OBJECT_MANAGER "',path='" ROOT "'",
    };
    DBusError error;
    dbus_error_init(&error);
    for (int r = 0; r < 2; r++) {
        dbus_bus_add_match(chooser, rules[r], &error);
        if (dbus_error_is_set(&error)) die("AddMatch: %s", error.message);
    }
    if (dbus_bus_request_name(chooser, "org.petal.Frontend1", DBUS_NAME_FLAG_DO_NOT_QUEUE, &error)
        != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
        die("could not own org.petal.Frontend1: %s", dbus_error_is_set(&error) ? error.message : "taken");
    char menu_path[128];
    snprintf(menu_path, sizeof menu_path, ROOT "/menus/%s", opt.menu);

    double *samples[SCENARIOS];
    for (int s = 0; s < SCENARIOS; s++) samples[s] = need(calloc((size_t)(opt.n > opt.picks ? opt.n : opt.picks) * 2, sizeof(double)));
    long choices = 0, added_before = 0, removed_before = 0;
    long toggles = 0;
    for (long i = 0; i < opt.warmup + opt.n; i++) {
        int measured = i >= opt.warmup;
        long at = i - opt.warmup;
        if (runs(0)) {
            double open = toggle(bus, "expanded"), close = toggle(bus, "collapsed");
            if (measured) samples[0][toggles++] = open, samples[0][toggles++] = close;
        }
        if (runs(1)) {
            double shown = show(bus, menu_path);
            if (measured) samples[1][at] = shown;
        }
        if (runs(2)) {
            double pair = toggle_and_activate(bus);
            if (measured) samples[2][at] = pair;
        }
        if (runs(3)) {
            if (measured && !choices) added_before = interfaces_added, removed_before = interfaces_removed;
            double chosen = choose(bus, chooser, i);
            if (measured) samples[3][at] = chosen, choices++;
        }
    }
    /* Counted before the picks, whose menus are announced too. */
    long choose_added = interfaces_added - added_before, choose_removed = interfaces_removed - removed_before;
    long pick_rows = 0, table_rows = 0, table_bytes = 0, table_rss_idle = 0, table_rss_open = 0, table_rss_after = 0;
    struct timespec settle = { .tv_sec = 0, .tv_nsec = 500 * 1000 * 1000 };
    if (runs(4)) {
        char *json = row_menu("rows0", opt.rows);
        json_bytes = (long)strlen(json);
        rss_idle = rss_kib();
        for (long i = 0; i < opt.picks + 1; i++) {  /* the first is a warm-up */
            double opened = pick(bus, chooser, json, -1, i % 10);
            if (i) samples[4][pick_rows++] = opened;
            wait_removed(chooser, i % 10);
        }
        nanosleep(&settle, NULL);
        rss_after = rss_kib();
        free(json);
    }
    if (runs(5)) {
        int table = row_table(opt.rows, &table_bytes);
        nanosleep(&settle, NULL);
        table_rss_idle = rss_kib();
        long pick_rss_open = rss_open;
        rss_open = 0;
        for (long i = 0; i < opt.picks + 1; i++) {
            double opened = pick(bus, chooser, "rows0", table, i % 10);
            if (i) samples[5][table_rows++] = opened;
            wait_removed(chooser, i % 10);
        }
        table_rss_open = rss_open;
        rss_open = pick_rss_open;
        nanosleep(&settle, NULL);
        table_rss_after = rss_kib();
        close(table);
    }
    if (runs(0)) print_figures("toggle", samples[0], toggles);
    if (runs(1)) print_figures("show", samples[1], opt.n);
    if (runs(2)) print_figures("toggle_activate", samples[2], opt.n);
    if (runs(3)) {
        print_figures("choose", samples[3], opt.n);
        printf("choose_added_per_call=%.2f choose_removed_per_call=%.2f ",
               (double)choose_added / (double)choices, (double)choose_removed / (double)choices);
    }
    if (runs(4)) {
        print_figures("pick", samples[4], pick_rows);
        printf("pick_rows=%ld pick_json_bytes=%ld rss_idle_kib=%ld rss_open_kib=%ld rss_after_kib=%ld ", opt.rows,
               json_bytes, rss_idle, rss_open, rss_after);
    }
    if (runs(5)) {
        print_figures("picktable", samples[5], table_rows);
        printf("picktable_bytes=%ld picktable_rss_idle_kib=%ld picktable_rss_open_kib=%ld picktable_rss_after_kib=%ld ",
               table_bytes, table_rss_idle, table_rss_open, table_rss_after);
    }
    printf("iterations=%ld\n", opt.n);
    return 0;
}
