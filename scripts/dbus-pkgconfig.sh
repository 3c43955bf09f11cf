#!/bin/sh
# Writes a pkg-config file named dbus-1 with libdbus's flags but no
# -L<libdir>: SwiftPM passes a .pc file's -L on, which would put the system's
# library folder before Linker/, where petald and petalctl find the
# libdbus-1.so that links them with libdbus's archive (Package.swift,
# builtInRuntime). Every other program links libdbus-1.so as ever, from the
# linker's default folders. The Makefile puts its folder first on PKG_CONFIG_PATH.
set -eu
out="$1"
mkdir -p "$(dirname "$out")"
{
    echo "Name: dbus-1"
    echo "Description: libdbus, in flags that leave Linker/ first (written by $0)"
    echo "Version: $(pkg-config --modversion dbus-1)"
    echo "Cflags: $(pkg-config --cflags dbus-1)"
    echo "Libs: $(pkg-config --libs-only-l dbus-1)"
} >"$out.tmp"
mv "$out.tmp" "$out"
