#define _GNU_SOURCE
#include "CLinux.h"

#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
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

int clinux_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int clinux_pidfd_reap(int pidfd, clinux_exit *ended) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PIDFD, (id_t)pidfd, &info, WEXITED | WNOHANG) != 0) return -1;
    if (info.si_pid == 0) return 0;
    ended->code = info.si_code;
    ended->status = info.si_status;
    return 1;
}

int clinux_pidfd_signal(int pidfd, int signal) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
}

int clinux_die_with_parent(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0);
}

const char *clinux_signal_abbreviation(int signal) {
    return sigabbrev_np(signal);
}

int clinux_malloc_trim(void) {
    return malloc_trim(0);
}

_Static_assert(CLINUX_SEAL_SEAL == F_SEAL_SEAL && CLINUX_SEAL_SHRINK == F_SEAL_SHRINK
    && CLINUX_SEAL_GROW == F_SEAL_GROW && CLINUX_SEAL_WRITE == F_SEAL_WRITE, "the kernel's F_SEAL_* values");

int clinux_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int clinux_add_seals(int fd, int seals) {
    return fcntl(fd, F_ADD_SEALS, seals);
}

int clinux_get_seals(int fd) {
    return fcntl(fd, F_GET_SEALS);
}
