#ifndef PETAL_CDBUS_ARCHIVE_H
#define PETAL_CDBUS_ARCHIVE_H
// libsystemd's two socket-activation calls, which libdbus's archive refers to
// (for a server listening on systemd's sockets) and which petald and petalctl,
// linked with that archive instead of libdbus-1.so, provide themselves rather
// than load libsystemd and the six libraries it brings. See sd_sockets.c.

/// How many sockets systemd passed from fd 3 on: sd_listen_fds(3).
int sd_listen_fds(int unset_environment);

/// Whether `fd` is a socket of `family`, `type` and listening state: sd_is_socket(3).
int sd_is_socket(int fd, int family, int type, int listening);
#endif
