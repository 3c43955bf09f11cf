// The names a Wayland compositor gives its outputs (DP-1, HEADLESS-2, as
// `swaymsg -t get_outputs` shows them), which GDK 3 reads but does not
// tell: xdg-output's `name` event (zxdg_output_manager_v1, version 2 and
// later), asked on a registry and an event queue of its own on GDK's
// wl_display, so GDK's objects and queue are never touched.
//
// Nothing here reads the display's socket except petal_output_names_new and
// petal_output_names_roundtrip, which block until the compositor answers and
// are meant for start-up; GDK's event source reads the socket afterwards and
// petal_output_names_dispatch handles what it read for this queue, without
// blocking.
#ifndef PETAL_OUTPUT_NAMES_H
#define PETAL_OUTPUT_NAMES_H

#include <stdbool.h>
#include <stddef.h>

struct wl_display;
struct wl_output;

/// The names of the outputs asked for, read on a queue of their own.
typedef struct PetalOutputNames PetalOutputNames;

/// Binds the compositor's xdg-output manager on `display` (one round trip,
/// blocking); NULL when it has none that says names (version 2 or later) or
/// memory runs out.
PetalOutputNames *petal_output_names_new(struct wl_display *display);

/// Destroys everything `names` made on the display.
void petal_output_names_free(PetalOutputNames *names);

/// Makes `outputs` (count of them) the ones whose names are read: asks the
/// compositor for each not asked for yet, and forgets any no longer among
/// them. False when memory runs out (the outputs asked for so far stay).
bool petal_output_names_keep(PetalOutputNames *names, struct wl_output *const *outputs, size_t count);

/// The name of `output` (kept by `names` until it is forgotten), or NULL
/// when it is not asked for or the compositor has not said it yet.
const char *petal_output_names_name(const PetalOutputNames *names, struct wl_output *output);

/// Handles the events already read for this queue, without blocking; true
/// when a name arrived since the last call.
bool petal_output_names_dispatch(PetalOutputNames *names);

/// Waits until the compositor has answered everything asked so far (a round
/// trip on this queue; blocking, for start-up); false when the connection failed.
bool petal_output_names_roundtrip(PetalOutputNames *names);

#endif
