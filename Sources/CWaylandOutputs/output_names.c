// See include/petal_output_names.h.
//
// xdg-output-unstable-v1-protocol.c and xdg-output-unstable-v1-client-protocol.h
// are generated from wayland-protocols 1.31's
// /usr/share/wayland-protocols/unstable/xdg-output/xdg-output-unstable-v1.xml
// by wayland-scanner 1.21.0 (SwiftPM cannot run it at build time):
//   wayland-scanner private-code xdg-output-unstable-v1.xml xdg-output-unstable-v1-protocol.c
//   wayland-scanner client-header xdg-output-unstable-v1.xml xdg-output-unstable-v1-client-protocol.h
#include "petal_output_names.h"

#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "xdg-output-unstable-v1-client-protocol.h"

struct entry {
    struct wl_output *output;
    struct zxdg_output_v1 *xdg;
    char *name;
    PetalOutputNames *owner;
    struct entry *next;
};

struct PetalOutputNames {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_registry *registry;
    struct zxdg_output_manager_v1 *manager;
    struct entry *entries;
    bool named;
};

// MARK: The registry: the manager, version 2 or later (names came in 2)

static void global(void *data, struct wl_registry *registry, uint32_t id, const char *interface, uint32_t version) {
    PetalOutputNames *names = data;
    if (names->manager || version < 2 || strcmp(interface, zxdg_output_manager_v1_interface.name) != 0) return;
    uint32_t bound = version < 3 ? version : 3;
    names->manager = wl_registry_bind(registry, id, &zxdg_output_manager_v1_interface, bound);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t id) {
    (void)data, (void)registry, (void)id;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

// MARK: Each output's xdg-output: only its name matters here

static void logical_position(void *data, struct zxdg_output_v1 *xdg, int32_t x, int32_t y) {
    (void)data, (void)xdg, (void)x, (void)y;
}

static void logical_size(void *data, struct zxdg_output_v1 *xdg, int32_t width, int32_t height) {
    (void)data, (void)xdg, (void)width, (void)height;
}

static void done(void *data, struct zxdg_output_v1 *xdg) { (void)data, (void)xdg; }

static void name(void *data, struct zxdg_output_v1 *xdg, const char *text) {
    (void)xdg;
    struct entry *entry = data;
    char *copy = strdup(text ? text : "");
    if (!copy) return;
    free(entry->name);
    entry->name = copy;
    entry->owner->named = true;
}

static void description(void *data, struct zxdg_output_v1 *xdg, const char *text) {
    (void)data, (void)xdg, (void)text;
}

static const struct zxdg_output_v1_listener output_listener = {
    logical_position, logical_size, done, name, description,
};

// MARK: The API

PetalOutputNames *petal_output_names_new(struct wl_display *display) {
    PetalOutputNames *names = calloc(1, sizeof *names);
    if (!names) return NULL;
    names->display = display;
    names->queue = wl_display_create_queue(display);
    struct wl_display *wrapper = names->queue ? wl_proxy_create_wrapper(display) : NULL;
    if (!wrapper) {
        petal_output_names_free(names);
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)wrapper, names->queue);
    names->registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    if (!names->registry || wl_registry_add_listener(names->registry, &registry_listener, names) != 0 ||
        wl_display_roundtrip_queue(display, names->queue) < 0 || !names->manager) {
        petal_output_names_free(names);
        return NULL;
    }
    return names;
}

static void forget(struct entry *entry) {
    zxdg_output_v1_destroy(entry->xdg);
    free(entry->name);
    free(entry);
}

void petal_output_names_free(PetalOutputNames *names) {
    if (!names) return;
    while (names->entries) {
        struct entry *next = names->entries->next;
        forget(names->entries);
        names->entries = next;
    }
    if (names->manager) zxdg_output_manager_v1_destroy(names->manager);
    if (names->registry) wl_registry_destroy(names->registry);
    if (names->queue) {
        // Events still queued for the destroyed proxies are dropped with the queue.
        wl_display_flush(names->display);
        wl_event_queue_destroy(names->queue);
    }
    free(names);
}

static bool among(struct wl_output *output, struct wl_output *const *outputs, size_t count) {
    for (size_t index = 0; index < count; index++) {
        if (outputs[index] == output) return true;
    }
    return false;
}

static struct entry *find(const PetalOutputNames *names, struct wl_output *output) {
    for (struct entry *entry = names->entries; entry; entry = entry->next) {
        if (entry->output == output) return entry;
    }
    return NULL;
}

bool petal_output_names_keep(PetalOutputNames *names, struct wl_output *const *outputs, size_t count) {
    for (struct entry **link = &names->entries; *link;) {
        struct entry *entry = *link;
        if (among(entry->output, outputs, count)) {
            link = &entry->next;
        } else {
            *link = entry->next;
            forget(entry);
        }
    }
    bool complete = true;
    for (size_t index = 0; index < count; index++) {
        if (!outputs[index] || find(names, outputs[index])) continue;
        struct entry *entry = calloc(1, sizeof *entry);
        // The manager is on this queue, so the new xdg-output is too.
        struct zxdg_output_v1 *xdg =
            entry ? zxdg_output_manager_v1_get_xdg_output(names->manager, outputs[index]) : NULL;
        if (!xdg) {
            free(entry);
            complete = false;
            continue;
        }
        *entry = (struct entry){.output = outputs[index], .xdg = xdg, .owner = names, .next = names->entries};
        zxdg_output_v1_add_listener(xdg, &output_listener, entry);
        names->entries = entry;
    }
    wl_display_flush(names->display);
    return complete;
}

const char *petal_output_names_name(const PetalOutputNames *names, struct wl_output *output) {
    struct entry *entry = find(names, output);
    return entry ? entry->name : NULL;
}

bool petal_output_names_dispatch(PetalOutputNames *names) {
    wl_display_dispatch_queue_pending(names->display, names->queue);
    bool named = names->named;
    names->named = false;
    return named;
}

bool petal_output_names_roundtrip(PetalOutputNames *names) {
    return wl_display_roundtrip_queue(names->display, names->queue) >= 0;
}
