#ifndef PETAL_CLINUX_H
#define PETAL_CLINUX_H
// Linux calls that Swift's Glibc module does not expose: <sys/eventfd.h> is
// not part of it, and pthread_setname_np needs _GNU_SOURCE.

#include <signal.h>

/// eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); -1 with errno set on failure.
int clinux_eventfd(void);

/// Names the calling thread (at most 15 bytes are kept); returns 0 or an errno.
int clinux_set_thread_name(const char *name);

/// signalfd for `mask`, close-on-exec and non-blocking; -1 with errno set on failure.
int clinux_signalfd(const sigset_t *mask);

/// The signal number in a signalfd record read from `fd`; 0 when none was ready.
int clinux_read_signal(int fd);

#endif
