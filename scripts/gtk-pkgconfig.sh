#!/bin/sh
# Writes a pkg-config file named gtk+-3.0 holding the flags of GTK 3 and
# gtk-layer-shell without -pthread, which SwiftPM refuses (it warns and drops
# it). The Makefile puts its folder first on PKG_CONFIG_PATH, so the CGtk
# target builds without a warning; glibc 2.34 and later need no -pthread.
set -eu
out="$1"
mkdir -p "$(dirname "$out")"
strip() { sed 's/\(^\| \)-pthread\( \|$\)/ /g'; }
{
    echo "Name: gtk+-3.0"
    echo "Description: GTK 3 and gtk-layer-shell, in flags SwiftPM accepts (written by $0)"
    echo "Version: $(pkg-config --modversion gtk+-3.0)"
    echo "Cflags: $(pkg-config --cflags gtk+-3.0 gtk-layer-shell-0 | strip)"
    echo "Libs: $(pkg-config --libs gtk+-3.0 gtk-layer-shell-0 | strip)"
} >"$out.tmp"
mv "$out.tmp" "$out"
