/* bench-x11-focus: moves the focus of an X11 desktop as a pager does, and
 * says when the window manager announced it: the "compositor's event" of
 * the context benchmark (bench/context.py).
 *
 *   bench-x11-focus            (DISPLAY names the server)
 *
 * Reads window ids (hex or decimal) on stdin, one a line. For each it sends
 * the EWMH _NET_ACTIVE_WINDOW request to the root window (source: a pager),
 * waits for the PropertyNotify of _NET_ACTIVE_WINDOW on the root window that
 * names that window, and prints the CLOCK_MONOTONIC nanoseconds at which
 * that event arrived (before the round trip that reads the property's value),
 * one a line. Exits 1 with a message on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xcb/xcb.h>

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static xcb_atom_t atom(xcb_connection_t *c, const char *name) {
    xcb_intern_atom_reply_t *reply = xcb_intern_atom_reply(c, xcb_intern_atom(c, 0, (uint16_t)strlen(name), name), NULL);
    if (!reply) {
        fprintf(stderr, "bench-x11-focus: cannot intern %s\n", name);
        exit(1);
    }
    xcb_atom_t value = reply->atom;
    free(reply);
    return value;
}

static xcb_window_t active_window(xcb_connection_t *c, xcb_window_t root, xcb_atom_t active) {
    xcb_get_property_reply_t *reply =
        xcb_get_property_reply(c, xcb_get_property(c, 0, root, active, XCB_ATOM_WINDOW, 0, 1), NULL);
    xcb_window_t window = 0;
    if (reply && xcb_get_property_value_length(reply) == 4) window = *(xcb_window_t *)xcb_get_property_value(reply);
    free(reply);
    return window;
}

int main(void) {
    xcb_connection_t *c = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(c)) {
        fprintf(stderr, "bench-x11-focus: cannot open the display named by DISPLAY\n");
        return 1;
    }
    xcb_window_t root = xcb_setup_roots_iterator(xcb_get_setup(c)).data->root;
    xcb_atom_t active = atom(c, "_NET_ACTIVE_WINDOW");
    uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE;
    xcb_change_window_attributes(c, root, XCB_CW_EVENT_MASK, &mask);
    xcb_flush(c);

    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        xcb_window_t target = (xcb_window_t)strtoul(line, NULL, 0);
        xcb_client_message_event_t request = {
            .response_type = XCB_CLIENT_MESSAGE, .format = 32, .window = target, .type = active,
            .data.data32 = {2 /* a pager */, XCB_CURRENT_TIME, 0, 0, 0},
        };
        xcb_send_event(c, 0, root, XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY,
                       (const char *)&request);
        xcb_flush(c);
        for (;;) {
            xcb_generic_event_t *event = xcb_wait_for_event(c);
            if (!event) {
                fprintf(stderr, "bench-x11-focus: the X connection was lost\n");
                return 1;
            }
            uint64_t arrived = now_ns();
            int ours = (event->response_type & 0x7f) == XCB_PROPERTY_NOTIFY &&
                       ((xcb_property_notify_event_t *)event)->atom == active;
            free(event);
            if (ours && active_window(c, root, active) == target) {
                printf("%llu\n", (unsigned long long)arrived);
                fflush(stdout);
                break;
            }
        }
    }
    xcb_disconnect(c);
    return 0;
}
