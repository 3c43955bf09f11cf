#ifndef PETAL_CLINUX_H
#define PETAL_CLINUX_H
// Linux calls that Swift's Glibc module does not expose: <sys/eventfd.h> is
// not part of it, and pthread_setname_np needs _GNU_SOURCE.

#include <stdint.h>
#include <stddef.h>
#include <signal.h>
#include <spawn.h>

/// eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); -1 with errno set on failure.
int clinux_eventfd(void);

/// malloc_trim(3): gives the allocator's free pages back to the system; 1 if any went.
int clinux_malloc_trim(void);

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

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and
/// SIGTRAP that write "crash\n" to `fd` and then the record of the plugin to
/// blame (see clinux_plugin_register), if any, and then hand the signal to
/// whatever handled it before (or its default action), so a crash still
/// crashes. Only async-signal-safe calls are made in the handler.
int clinux_install_crash_marker(int fd);

/// Registers a plugin for crash attribution with `record`, the line the
/// crash handler writes when the plugin is to blame (copied; `length` bytes,
/// no newline). Returns the plugin's slot, or -1 when all 1024 are taken.
int clinux_plugin_register(const char *record, size_t length);

/// Replaces slot's record (once the plugin's name is known, say).
void clinux_plugin_relabel(int slot, const char *record, size_t length);

/// Records the executable segments of the object `handle` (from dlopen) as
/// slot's code, so that a fault whose instruction, or its caller, is there is
/// blamed on it. Returns how many ranges were added, or -1.
int clinux_plugin_add_code(int slot, void *handle);

/// Marks the calling thread as running slot's code; returns the mark it had,
/// for clinux_plugin_leave. No system call: a thread-local variable.
int clinux_plugin_enter(int slot);

/// Restores the calling thread's mark to `previous`.
void clinux_plugin_leave(int previous);

/// The calling thread's mark: a slot, or -1 when it runs the daemon's code.
int clinux_plugin_in_control(void);

/// The slot whose code holds `address`, or -1.
int clinux_plugin_owning(uintptr_t address);

/// pidfd_open(2): a descriptor that becomes readable when process `pid` exits; -1 with errno.
int clinux_pidfd_open(pid_t pid);

/// How a child ended, as waitid(2) reports it.
typedef struct clinux_exit {
    /// CLD_EXITED, CLD_KILLED or CLD_DUMPED.
    int code;
    /// The exit status for CLD_EXITED, else the signal's number.
    int status;
} clinux_exit;

/// Reaps the exited child behind `pidfd` (waitid P_PIDFD, WEXITED | WNOHANG).
/// Returns 1 with `*ended` filled in, 0 if it is still running, -1 with errno.
int clinux_pidfd_reap(int pidfd, clinux_exit *ended);

/// pidfd_send_signal(2): signals the process behind `pidfd`, never a
/// process that took its number after it was reaped. 0, or -1 with errno.
int clinux_pidfd_signal(int pidfd, int signal);

/// Asks the kernel to send `signal` to the calling process when the thread
/// that started it dies (PR_SET_PDEATHSIG). 0, or -1 with errno.
int clinux_die_with_parent(int signal);

/// The abbreviation of `signal` without "SIG" ("SEGV"), or NULL for an unknown number.
const char *clinux_signal_abbreviation(int signal);

/// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING): an anonymous file in
/// memory that can be sealed; -1 with errno set on failure. <sys/mman.h>
/// declares it only under _GNU_SOURCE, which Swift's Glibc module lacks.
int clinux_memfd_create(const char *name);

/// The seals of a memfd, the F_SEAL_* values (linux.c checks that they are the kernel's).
#define CLINUX_SEAL_SEAL 0x0001
#define CLINUX_SEAL_SHRINK 0x0002
#define CLINUX_SEAL_GROW 0x0004
#define CLINUX_SEAL_WRITE 0x0008

/// fcntl(fd, F_ADD_SEALS, seals); 0, or -1 with errno set.
int clinux_add_seals(int fd, int seals);

/// fcntl(fd, F_GET_SEALS): the seals `fd` has, or -1 with errno set (EINVAL
/// for a file that cannot be sealed: not a memfd or shared memory).
int clinux_get_seals(int fd);

#endif
