#!/bin/sh
# make overlay-images: the pictures of README.md and docs/overlay.md, drawn by
# `petal-overlay --render` (no display needed) and flattened onto a light grey
# with ImageMagick's convert, since the frames are transparent:
#   docs/images/overlay.png                the default menu, expanded
#   docs/images/overlay-opening.png        the default menu opening and
#                                          closing, an animated PNG (apngasm)
#   docs/images/overlay-NAME.png           each seed's example, expanded
#   docs/images/overlay-NAME-moving.png    and mid-animation
#   docs/images/overlay-submenu.png        submenus.json's apps, open from
#                                          main's item, main's others faded
# Usage: scripts/render-overlay-images.sh PETAL-OVERLAY
set -eu
overlay=${1:?usage: scripts/render-overlay-images.sh PETAL-OVERLAY}
cd "$(dirname "$0")/.."
for tool in convert apngasm; do
    command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install imagemagick apngasm" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
images=docs/images
background='#f4f4f4'

# The default menu is petald's embedded one, whatever runs here: no
# configuration file to find, and a bus that does not exist, so that a running
# petald's menu is not drawn instead.
mkdir "$work/config"
default() {
    XDG_CONFIG_HOME="$work/config" "$overlay" --bus "unix:path=$work/no-bus" "$@"
}

# flat IN OUT: IN on the light background, cut to what is drawn plus a border
# (the canvas is centred on the button, so a linear menu's is half empty).
flat() {
    convert "$1" -background "$background" -flatten -trim +repage \
        -bordercolor "$background" -border 12 -strip "$2"
    echo "$2"
}

default --render "$work/default.png" --state expanded
flat "$work/default.png" "$images/overlay.png"

# Each seed's example (MOTION.md), open and at a moment of its opening that
# shows its motion: seed 1's spring part-way, seed 2's overshoot, seed 3's
# stack rising under its backdrop, seed 4's toggle (drawn selected too).
for seed in linear-contacts:0.08 circle-camera:0.2 fab-stack:0.05 like-toggle:0.08; do
    name=${seed%%:*}
    at=${seed#*:}
    config=examples/config/$name.json
    "$overlay" --render "$work/$name.png" --config "$config" --state expanded
    flat "$work/$name.png" "$images/overlay-$name.png"
    "$overlay" --render "$work/$name-moving.png" --config "$config" --state expanding --at "$at"
    flat "$work/$name-moving.png" "$images/overlay-$name-moving.png"
done
# A submenu open from its item: main expanded, apps spread from main's item.
"$overlay" --render "$work/submenu.png" --config examples/config/submenus.json --open main,apps
flat "$work/submenu.png" "$images/overlay-submenu.png"

sed 's/"selected": false/"selected": true/' examples/config/like-toggle.json >"$work/liked.json"
"$overlay" --render "$work/liked.png" --config "$work/liked.json" --state expanded
flat "$work/liked.png" "$images/overlay-like-toggle-selected.png"

# The animation: a frame every 1/50 s through the opening (0.3 s), a pause
# open, the closing, a pause closed. Every frame is cut to the same box, the
# union of what all of them draw (the spring's overshoot included).
mkdir "$work/frames"
n=0
frame() {
    default --render "$(printf '%s/frames/%03d.png' "$work" "$n")" --state "$1" --at "$2"
    n=$((n + 1))
}
for step in $(seq 0 15); do frame expanding "$(echo "$step * 0.02" | bc -l)"; done
for _ in $(seq 1 15); do frame expanded 0; done
for step in $(seq 0 15); do frame collapsing "$(echo "$step * 0.02" | bc -l)"; done
for _ in $(seq 1 15); do frame collapsed 0; done
box=$(convert "$work"/frames/*.png -evaluate-sequence max -trim -format '%wx%h%O' info:)
for file in "$work"/frames/*.png; do
    convert "$file" -crop "$box" +repage -background "$background" -flatten \
        -bordercolor "$background" -border 12 -strip "$file"
done
apngasm "$images/overlay-opening.png" "$work"/frames/*.png 1 50 >/dev/null
echo "$images/overlay-opening.png"
