/*
 * samples.h — the clock and the percentiles bench-client and
 * bench-menus-client time their calls with.
 */
#ifndef PETAL_BENCH_SAMPLES_H
#define PETAL_BENCH_SAMPLES_H

#include <time.h>

/* CLOCK_MONOTONIC in µs. */
static inline double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* For qsort: doubles in ascending order. */
static inline int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The value below which `fraction` of the sorted samples lie (nearest rank). */
static inline double percentile(const double *sorted, long count, double fraction) {
    long rank = (long)(fraction * (double)count + 0.999999);
    if (rank < 1) rank = 1;
    return sorted[rank - 1];
}

#endif
