#!/bin/sh
# make overlay-images, the one picture --render cannot draw: a menu opened at
# the pointer, as a desktop shows it. It runs the real thing on a display and
# a bus of its own (Xvfb with xcompmgr, a private dbus-daemon, petald with
# examples/config/named-menus.json, petal-overlay), moves the pointer, runs
# `petalctl show web --anchor pointer`, takes a screenshot, and draws an arrow
# where the pointer is (X screenshots leave the cursor out):
#   docs/images/overlay-pointer.png
# Usage: scripts/render-pointer-image.sh BIN-FOLDER
set -eu
bin=${1:?usage: scripts/render-pointer-image.sh BIN-FOLDER}
cd "$(dirname "$0")/.."
for tool in Xvfb xcompmgr xdotool dbus-daemon import convert display; do
    command -v "$tool" >/dev/null || {
        echo "$tool is missing: apt-get install xvfb xcompmgr xdotool dbus-daemon imagemagick" >&2
        exit 1
    }
done
work=$(mktemp -d)
pids=""
cleanup() {
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
background='#f4f4f4'
pointer_x=330
pointer_y=190

exec 3>"$work/display"
Xvfb -screen 0 640x400x24 -nolisten tcp -displayfd 3 >/dev/null 2>&1 &
pids="$pids $!"
for _ in $(seq 1 100); do [ -s "$work/display" ] && break; sleep 0.05; done
DISPLAY=":$(cat "$work/display")"
export DISPLAY GDK_BACKEND=x11 GDK_GL=disable NO_AT_BRIDGE=1
# A compositor, for the overlay's transparency, and the desktop: a light grey
# window over the whole screen (ImageMagick's backdrop around a one-pixel image).
xcompmgr >/dev/null 2>&1 &
pids="$pids $!"
convert -size 1x1 "xc:$background" "$work/pixel.png"
display -backdrop -background "$background" -borderwidth 0 "$work/pixel.png" &
pids="$pids $!"

dbus-daemon --session --nofork --print-address=4 4>"$work/bus" >/dev/null 2>&1 &
pids="$pids $!"
for _ in $(seq 1 100); do [ -s "$work/bus" ] && break; sleep 0.05; done
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$work/bus")
export DBUS_SESSION_BUS_ADDRESS
XDG_CONFIG_HOME="$work" XDG_STATE_HOME="$work" "$bin/petald" --config examples/config/named-menus.json -q 2>/dev/null &
pids="$pids $!"
for _ in $(seq 1 100); do "$bin/petalctl" menus >/dev/null 2>&1 && break; sleep 0.05; done
"$bin/petal-overlay" >"$work/overlay.log" 2>&1 &
pids="$pids $!"
sleep 1

xdotool mousemove "$pointer_x" "$pointer_y"
"$bin/petalctl" show web --anchor pointer
# Its opening takes well under a second; then the picture.
sleep 1
import -window root "$work/screen.png"
# An arrow at the pointer's tip, and the picture cut around the menu.
convert "$work/screen.png" -fill white -stroke black -strokewidth 1.5 \
    -draw "polygon $pointer_x,$pointer_y $pointer_x,$((pointer_y + 22)) $((pointer_x + 6)),$((pointer_y + 17)) $((pointer_x + 11)),$((pointer_y + 27)) $((pointer_x + 15)),$((pointer_y + 25)) $((pointer_x + 10)),$((pointer_y + 15)) $((pointer_x + 17)),$((pointer_y + 15))" \
    -crop 260x250+$((pointer_x - 170))+$((pointer_y - 65)) +repage -strip docs/images/overlay-pointer.png
echo docs/images/overlay-pointer.png
