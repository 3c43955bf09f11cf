#ifndef PETAL_CLINUX_H
#define PETAL_CLINUX_H
// Linux calls that Swift's Glibc module does not expose: <sys/eventfd.h> is
// not part of it, and pthread_setname_np needs _GNU_SOURCE.

#include <signal.h>
#include <spawn.h>

/// eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); -1 with errno set on failure.
int clinux_eventfd(void);

/// Names the calling thread (at most 15 bytes are kept); returns 0 or an errno.
int clinux_set_thread_name(const char *name);

/// signalfd for `mask`, close-on-exec and non-blocking; -1 with errno set on failure.
int clinux_signalfd(const sigset_t *mask);

/// The signal number in a signalfd record read from `fd`; 0 when none was ready.
int clinux_read_signal(int fd);

/// pipe2(fds, O_CLOEXEC); 0 or -1 with errno set.
int clinux_pipe_cloexec(int fds[2]);

/// openat(dirfd, name, O_PATH | O_DIRECTORY | O_CLOEXEC, plus O_NOFOLLOW when
/// `nofollow` is non-zero): a handle on a folder that can be fstat'ed and used
/// as the dirfd of openat, without read permission on it. O_PATH is a GNU flag
/// Swift's Glibc module does not expose. -1 with errno set on failure.
int clinux_open_folder_handle(int dirfd, const char *name, int nofollow);

/// posix_spawn_file_actions_addchdir_np: the child changes to `path` before exec.
int clinux_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// Where a spawned child goes: its parent's process group, a new process group
/// of its own (so that it and its children can be signalled as one), or a new
/// session (so that it outlives its parent's session).
typedef enum clinux_spawn_grouping {
    CLINUX_SPAWN_SAME_GROUP = 0,
    CLINUX_SPAWN_NEW_SESSION = 1,
    CLINUX_SPAWN_NEW_GROUP = 2
} clinux_spawn_grouping;

/// Sets POSIX_SPAWN_SETSIGMASK and the flags for `grouping` (POSIX_SPAWN_SETSID
/// is a GNU flag Swift's Glibc module does not expose).
int clinux_spawnattr_set_flags(posix_spawnattr_t *attributes, clinux_spawn_grouping grouping);

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT that
/// write "crash\n" to `fd`, then hand the signal to whatever handled it before
/// (or its default action), so a crash still crashes. Only async-signal-safe
/// calls are made in the handler.
int clinux_install_crash_marker(int fd);

#endif
