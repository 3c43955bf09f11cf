/*
 * gtk-peer.c — the overlay benchmark's reference: the least a GTK 3 program
 * does to show what petal-overlay shows, so that petal-overlay's start-up,
 * memory and CPU per frame can be read as ratios to GTK's own floor.
 *
 * It opens an override-redirect popup of WIDTH × HEIGHT with an RGBA visual
 * (transparent where a compositor runs), draws a centre disc and six circles
 * with Cairo, and writes `trace frame MICROSECONDS SPREAD` to stderr after
 * each frame it paints (CLOCK_MONOTONIC µs, g_get_monotonic_time, as
 * petal-overlay's PETAL_OVERLAY_TRACE does). Then it idles with no timer.
 * On SIGUSR1 it animates the circles outwards (or back) for DURATION seconds
 * on the frame clock, as petal-overlay does on Toggle.
 *
 * Usage: bench-gtk-peer [--exit] [--size WIDTHxHEIGHT] [--duration SECONDS]
 *   --exit    quit after the first frame is painted
 */
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int width = 400, height = 400, exit_after_first = 0;
static double duration = 0.3;
static gint64 started;   /* µs on the monotonic clock when the animation began; 0 while idle */
static int opening = 0;  /* the direction of the last animation */
static double spread = 0; /* 0 collapsed … 1 open */

static double current_spread(gint64 now) {
    if (!started) return spread;
    double t = (double)(now - started) / 1e6 / duration;
    if (t >= 1) t = 1;
    double eased = 1 - pow(1 - t, 3);
    return opening ? eased : 1 - eased;
}

static gboolean draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)widget; (void)data;
    gint64 now = g_get_monotonic_time();
    double s = current_spread(now);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    double cx = width / 2.0, cy = height / 2.0, reach = (width < height ? width : height) / 2.0 - 30;
    for (int i = 0; i < 6; i++) {
        double a = i * G_PI / 3;
        cairo_set_source_rgba(cr, 0.2 + 0.1 * i, 0.5, 0.8, s);
        cairo_arc(cr, cx + cos(a) * reach * s, cy + sin(a) * reach * s, 24, 0, 2 * G_PI);
        cairo_fill(cr);
    }
    cairo_set_source_rgba(cr, 0.1, 0.4, 0.9, 1);
    cairo_arc(cr, cx, cy, 28, 0, 2 * G_PI);
    cairo_fill(cr);
    fprintf(stderr, "trace frame %lld %g\n", (long long)now, s);
    if (exit_after_first) gtk_main_quit();
    return TRUE;
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    gtk_widget_queue_draw(widget);
    if (started && g_get_monotonic_time() - started >= (gint64)(duration * 1e6)) {
        spread = opening ? 1 : 0;
        started = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static gboolean quit(gpointer data) {
    (void)data;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

static gboolean toggle(gpointer widget) {
    opening = !opening;
    started = g_get_monotonic_time();
    gtk_widget_add_tick_callback(widget, tick, NULL, NULL);
    gtk_widget_queue_draw(widget);
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--exit")) exit_after_first = 1;
        else if (!strcmp(argv[i], "--size") && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &width, &height) == 2) i++;
        else if (!strcmp(argv[i], "--duration") && i + 1 < argc) duration = atof(argv[++i]);
        else { fprintf(stderr, "usage: bench-gtk-peer [--exit] [--size WxH] [--duration S]\n"); return 2; }
    }
    if (!gtk_init_check(&argc, &argv)) { fprintf(stderr, "bench-gtk-peer: cannot open a display\n"); return 1; }
    GtkWidget *window = gtk_window_new(GTK_WINDOW_POPUP);
    gtk_window_set_title(GTK_WINDOW(window), "Petal bench peer");
    gtk_widget_set_app_paintable(window, TRUE);
    GdkVisual *visual = gdk_screen_get_rgba_visual(gtk_widget_get_screen(window));
    if (visual) gtk_widget_set_visual(window, visual);
    gtk_widget_set_size_request(window, width, height);
    gtk_window_move(GTK_WINDOW(window), 1280 - width - 24, 720 - height - 24);
    g_signal_connect(window, "draw", G_CALLBACK(draw), NULL);
    g_unix_signal_add(SIGUSR1, toggle, window);
    g_unix_signal_add(SIGTERM, quit, NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
