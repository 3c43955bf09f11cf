#define _GNU_SOURCE
#include "CLinux.h"

#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <string.h>
#include <unistd.h>

int clinux_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int clinux_set_thread_name(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int clinux_signalfd(const sigset_t *mask) {
    return signalfd(-1, mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

int clinux_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t got = read(fd, &info, sizeof info);
    return got == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

int clinux_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int clinux_open_folder_handle(int dirfd, const char *name, int nofollow) {
    return openat(dirfd, name, O_PATH | O_DIRECTORY | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0));
}

int clinux_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

static int crash_marker_fd = -1;
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];

static void crash_marker_handler(int signal, siginfo_t *info, void *context) {
    static const char marker[] = "crash\n";
    if (crash_marker_fd >= 0) {
        ssize_t ignored = write(crash_marker_fd, marker, sizeof marker - 1);
        (void)ignored;
    }
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] != signal) continue;
        struct sigaction *previous = &previous_actions[i];
        if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
            sigaction(signal, previous, NULL);
            previous->sa_sigaction(signal, info, context);
            return;
        }
        if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler) {
            sigaction(signal, previous, NULL);
            previous->sa_handler(signal);
            return;
        }
    }
    {
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(signal, &fallback, NULL);
        raise(signal);
    }
}

int clinux_install_crash_marker(int fd) {
    crash_marker_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_marker_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (sigaction(crash_signals[i], &action, &previous_actions[i]) != 0) return -1;
    }
    return 0;
}

int clinux_spawnattr_set_flags(posix_spawnattr_t *attributes, clinux_spawn_grouping grouping) {
    short flags = POSIX_SPAWN_SETSIGMASK;
    switch (grouping) {
    case CLINUX_SPAWN_SAME_GROUP: break;
    case CLINUX_SPAWN_NEW_SESSION: flags |= POSIX_SPAWN_SETSID; break;
    case CLINUX_SPAWN_NEW_GROUP:
        flags |= POSIX_SPAWN_SETPGROUP;
        if (posix_spawnattr_setpgroup(attributes, 0) != 0) return -1;
        break;
    }
    return posix_spawnattr_setflags(attributes, flags);
}
