// sd_listen_fds(3) and sd_is_socket(3), as libsystemd documents them, for the
// programs linked with libdbus's archive (Linker/libdbus-1.so): libdbus calls
// them only in a server listening on sockets systemd passed, which petald and
// petalctl never are, but the archive's object that holds that server refers
// to them. Written to the manual pages so that they are right if ever called.
#include "CDBusArchive.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

enum { listenFdsStart = 3 };

/// Parses a whole decimal number into `value`; false for anything else.
static int parse_number(const char *text, unsigned long *value) {
    if (text == NULL || *text < '0' || *text > '9') return 0;
    char *end = NULL;
    errno = 0;
    unsigned long parsed = strtoul(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') return 0;
    *value = parsed;
    return 1;
}

int sd_listen_fds(int unset_environment) {
    int result = 0;
    unsigned long pid = 0, count = 0;
    const char *listen_pid = getenv("LISTEN_PID");
    if (listen_pid == NULL) goto done;
    if (!parse_number(listen_pid, &pid)) {
        result = -EINVAL;
        goto done;
    }
    if ((pid_t)pid != getpid()) goto done;  // Meant for another process: none for this one.
    const char *listen_fds = getenv("LISTEN_FDS");
    if (listen_fds == NULL) goto done;
    if (!parse_number(listen_fds, &count) || count > (unsigned long)(INT_MAX - listenFdsStart)) {
        result = -EINVAL;
        goto done;
    }
    for (int fd = listenFdsStart; fd < listenFdsStart + (int)count; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags < 0 || (!(flags & FD_CLOEXEC) && fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0)) {
            result = -errno;
            goto done;
        }
    }
    result = (int)count;
done:
    if (unset_environment) {
        unsetenv("LISTEN_PID");
        unsetenv("LISTEN_FDS");
        unsetenv("LISTEN_FDNAMES");
    }
    return result;
}

int sd_is_socket(int fd, int family, int type, int listening) {
    if (fd < 0) return -EBADF;
    if (family < 0) return -EINVAL;
    struct stat status;
    if (fstat(fd, &status) < 0) return -errno;
    if (!S_ISSOCK(status.st_mode)) return 0;
    if (type != 0) {
        int actual = 0;
        socklen_t length = sizeof actual;
        if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &actual, &length) < 0) return -errno;
        if (length != sizeof actual) return -EINVAL;
        if (actual != type) return 0;
    }
    if (listening >= 0) {
        int accepting = 0;
        socklen_t length = sizeof accepting;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) < 0) return -errno;
        if (length != sizeof accepting) return -EINVAL;
        if (!accepting != !listening) return 0;
    }
    if (family > 0) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        if (getsockname(fd, (struct sockaddr *)&address, &length) < 0) return -errno;
        if (length < sizeof(sa_family_t)) return -EINVAL;
        return address.ss_family == family;
    }
    return 1;
}
