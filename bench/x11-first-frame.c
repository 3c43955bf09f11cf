/* bench-x11-first-frame: says when each new top-level window of an X11
 * display is mapped and when it is first drawn on, for programs that trace
 * nothing themselves (rofi) and for petal-overlay alike (bench/overlay.py).
 *
 *   bench-x11-first-frame            (DISPLAY names the server)
 *
 * Selects SubstructureNotify on the root window, so it hears every window
 * made on it (override-redirect ones included), and puts a Damage
 * (report level NonEmpty: one DamageNotify, the first) on each as it is
 * created. Prints, one a line and flushed, with the CLOCK_MONOTONIC
 * microseconds at which the event was read:
 *
 *   ready US                    watching from now on
 *   create US WINDOW OVERRIDE   a top-level window was made (OVERRIDE 1: override-redirect)
 *   map US WINDOW               it was mapped
 *   damage US WINDOW            the first drawing into it (its first frame once mapped)
 *
 * WINDOW is in hex. A window drawn on before it is mapped changes nothing on
 * screen, so the first frame on screen is the first `damage` at or after the
 * window's `map`; bench/overlay.py applies that rule. Exits 1 with a message
 * when the display or the extension is missing, 0 when the server goes.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <xcb/damage.h>
#include <xcb/xcb.h>

static uint64_t now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

static void fail(const char *what) {
    fprintf(stderr, "bench-x11-first-frame: %s\n", what);
    exit(1);
}

int main(void) {
    xcb_connection_t *c = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(c)) fail("cannot open the display (is DISPLAY set?)");
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c, &xcb_damage_id);
    if (!ext || !ext->present) fail("the X server has no DAMAGE extension");
    xcb_damage_query_version_reply_t *version =
        xcb_damage_query_version_reply(c, xcb_damage_query_version(c, 1, 1), NULL);
    if (!version) fail("DAMAGE QueryVersion failed");
    free(version);
    uint8_t damage_notify = ext->first_event + XCB_DAMAGE_NOTIFY;

    xcb_window_t root = xcb_setup_roots_iterator(xcb_get_setup(c)).data->root;
    uint32_t mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY;
    xcb_void_cookie_t selected = xcb_change_window_attributes_checked(c, root, XCB_CW_EVENT_MASK, &mask);
    xcb_generic_error_t *error = xcb_request_check(c, selected);
    if (error) fail("cannot select SubstructureNotify on the root window");
    printf("ready %" PRIu64 "\n", now_us());
    fflush(stdout);

    xcb_generic_event_t *event;
    while ((event = xcb_wait_for_event(c))) {
        uint64_t at = now_us();
        uint8_t type = event->response_type & 0x7f;
        if (type == XCB_CREATE_NOTIFY) {
            xcb_create_notify_event_t *created = (xcb_create_notify_event_t *)event;
            if (created->parent == root) {
                // Errors (the window already gone) come back as events and are ignored.
                xcb_damage_create(c, xcb_generate_id(c), created->window, XCB_DAMAGE_REPORT_LEVEL_NON_EMPTY);
                xcb_flush(c);
                printf("create %" PRIu64 " %x %d\n", at, created->window, created->override_redirect);
            }
        } else if (type == XCB_MAP_NOTIFY) {
            xcb_map_notify_event_t *mapped = (xcb_map_notify_event_t *)event;
            if (mapped->event == root) printf("map %" PRIu64 " %x\n", at, mapped->window);
        } else if (type == damage_notify) {
            xcb_damage_notify_event_t *damaged = (xcb_damage_notify_event_t *)event;
            printf("damage %" PRIu64 " %x\n", at, damaged->drawable);
        }
        fflush(stdout);
        free(event);
    }
    return 0;
}
