#!/bin/sh
# make overlay-images: the pictures of docs/overlay.md that show the overlay
# staying legible (docs/overlay.md, "X11" and "Placement on outputs"):
#   docs/images/overlay-radial-30.png        30 items in a radial menu
#                                            (petal-overlay --render)
#   docs/images/overlay-stack-labels.png     12 items in a stack at the
#                                            bottom-right corner of 1024×600,
#                                            wrapped into two columns and
#                                            labelled (Xvfb with xcompmgr:
#                                            --render wraps on no output)
#   docs/images/overlay-chain-corner.png     a chain three menus deep opened
#                                            at the bottom-right corner (Xvfb
#                                            with xcompmgr, the real thing)
#   docs/images/overlay-no-compositor-white.png  and -black.png: the open
#                                            menu on Xvfb with no compositor
#                                            over a white and a black desktop
# The real ones run on a display and a bus of their own (Xvfb, a private
# dbus-daemon, petald with a configuration written here, petal-overlay),
# and open the chain with `petalctl open` and the items' keys (xdotool).
# Usage: scripts/render-legible-images.sh BIN-FOLDER
set -eu
bin=${1:?usage: scripts/render-legible-images.sh BIN-FOLDER}
cd "$(dirname "$0")/.."
for tool in Xvfb xcompmgr xdotool dbus-daemon import convert display; do
    command -v "$tool" >/dev/null || {
        echo "$tool is missing: apt-get install xvfb xcompmgr xdotool dbus-daemon imagemagick" >&2
        exit 1
    }
done
work=$(mktemp -d)
pids=""
stop_all() {
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    pids=""
    sleep 0.3
}
trap 'stop_all; rm -rf "$work"' EXIT
images=docs/images
light='#f4f4f4'
colours='#d03030 #30a030 #3050d0 #ef8a17 #8e44ad #16a085 #c0392b #2c3e50 #d35400 #7f8c8d'

# items COUNT PREFIX: COUNT items of the colours in turn, titled PREFIX 1…COUNT, as JSON.
items() {
    i=1
    while [ "$i" -le "$1" ]; do
        colour=$(echo "$colours" | cut -d' ' -f$(((i - 1) % 10 + 1)))
        [ "$i" -gt 1 ] && printf ','
        printf '{"id": "%s%d", "title": "%s %d", "icon": "", "color": "%s", "action": "command.run", "params": {"argv": ["true"]}}' \
            "$2" "$i" "$2" "$i" "$colour"
        i=$((i + 1))
    done
}

# flat IN OUT: IN on the light background, cut to what is drawn plus a border.
flat() {
    convert "$1" -background "$light" -flatten -trim +repage -bordercolor "$light" -border 12 -strip "$2"
    echo "$2"
}

cat >"$work/radial.json" <<EOF
{"menu": {"layout": "radial"}, "items": [$(items 30 Item)], "appearance": {"anchor": "center"}}
EOF
"$bin/petal-overlay" --render "$work/radial.png" --config "$work/radial.json" --state expanded
flat "$work/radial.png" "$images/overlay-radial-30.png"

# desktop COMPOSITED COLOUR CONFIG [SIZE]: Xvfb of SIZE (1024x600 by default; with xcompmgr when COMPOSITED is yes), a
# window of COLOUR over the whole screen, a bus, petald with CONFIG and the overlay.
desktop() {
    rm -f "$work/display" "$work/bus"
    exec 3>"$work/display"
    Xvfb -screen 0 "${4:-1024x600}x24" -nolisten tcp -displayfd 3 >/dev/null 2>&1 &
    pids="$pids $!"
    for _ in $(seq 1 100); do [ -s "$work/display" ] && break; sleep 0.05; done
    DISPLAY=":$(cat "$work/display")"
    export DISPLAY GDK_BACKEND=x11 GDK_GL=disable NO_AT_BRIDGE=1
    if [ "$1" = yes ]; then
        xcompmgr >/dev/null 2>&1 &
        pids="$pids $!"
    fi
    convert -size 1x1 "xc:$2" "$work/pixel.png"
    display -backdrop -background "$2" -borderwidth 0 "$work/pixel.png" &
    pids="$pids $!"
    exec 4>"$work/bus"
    dbus-daemon --session --nofork --print-address=4 >/dev/null 2>&1 &
    pids="$pids $!"
    for _ in $(seq 1 100); do [ -s "$work/bus" ] && break; sleep 0.05; done
    DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$work/bus")
    export DBUS_SESSION_BUS_ADDRESS
    XDG_CONFIG_HOME="$work" XDG_STATE_HOME="$work" "$bin/petald" --config "$3" -q 2>/dev/null &
    pids="$pids $!"
    for _ in $(seq 1 100); do "$bin/petalctl" menus >/dev/null 2>&1 && break; sleep 0.05; done
    "$bin/petal-overlay" >"$work/overlay.log" 2>&1 &
    pids="$pids $!"
    sleep 1.5
}

# 12 items in a stack, labelled (the stack's default), on a screen too short for one column.
cat >"$work/stack.json" <<EOF
{"menu": {"layout": "stack"}, "items": [$(items 12 "Document")],
 "appearance": {"anchor": "bottom-right", "shadow": false}}
EOF
desktop yes "$light" "$work/stack.json"
xdotool mousemove 5 5
"$bin/petalctl" open
sleep 1.5
import -window root "$work/stack-screen.png"
stop_all
flat "$work/stack-screen.png" "$images/overlay-stack-labels.png"

# A chain three menus deep from main at the bottom-right corner: main's
# first item (key a) opens Apps, whose first (key b) opens Tools.
cat >"$work/chain.json" <<EOF
{"menu": {"layout": "radial"},
 "items": [{"id": "apps", "title": "Apps", "icon": "", "color": "#5b8def", "key": "a", "submenu": "apps"}, $(items 3 Main)],
 "menus": {
   "apps": {"title": "Apps", "layout": "radial",
            "items": [{"id": "tools", "title": "Tools", "icon": "", "color": "#16a085", "key": "b", "submenu": "tools"}, $(items 4 App)]},
   "tools": {"title": "Tools", "layout": "radial", "items": [$(items 5 Tool)]}},
 "appearance": {"anchor": "bottom-right", "shadow": false}}
EOF
desktop yes "$light" "$work/chain.json"
xdotool mousemove 5 5
"$bin/petalctl" open
sleep 1
xdotool key a
sleep 1
xdotool key b
sleep 1.5
import -window root "$work/chain-screen.png"
stop_all
convert "$work/chain-screen.png" -crop 560x480+464+120 +repage -strip "$images/overlay-chain-corner.png"
echo "$images/overlay-chain-corner.png"

# No compositor: the menu of the tests (X11NoCompositorTests), a backdrop,
# shadows and every label asked for, over white and over black.
cat >"$work/plain.json" <<EOF
{"menu": {"layout": "linear"},
 "items": [{"id": "red", "title": "Red", "icon": "", "color": "#d03030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "green", "title": "Green", "icon": "", "color": "#30a030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "blue", "title": "Blue screenshot tool", "icon": "", "color": "#3050d0", "action": "command.run", "params": {"argv": ["true"]}}],
 "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": true, "backdrop": "#00000080", "labels": "always"}}
EOF
for desk in white:#ffffff black:#000000; do
    desktop no "${desk#*:}" "$work/plain.json"
    xdotool mousemove 1000 5
    "$bin/petalctl" open
    sleep 1.5
    import -window root "$work/plain-screen.png"
    stop_all
    convert "$work/plain-screen.png" -crop 500x150+0+450 +repage -strip "$images/overlay-no-compositor-${desk%%:*}.png"
    echo "$images/overlay-no-compositor-${desk%%:*}.png"
done
