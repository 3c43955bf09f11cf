#!/bin/sh
# Renders the README's pictures: each example configuration drawn by
# `petalctl preview`, converted to PNG with rsvg-convert (librsvg2-bin).
# Usage: scripts/render-previews.sh PETALCTL
set -eu
petalctl=$1
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "rsvg-convert is missing: apt-get install librsvg2-bin" >&2; exit 1; }
svg=$(mktemp --suffix=.svg)
trap 'rm -f "$svg"' EXIT
for config in examples/config/*.json; do
    name=$(basename "$config" .json)
    "$petalctl" preview --config "$config" --svg "$svg"
    rsvg-convert --zoom 1.5 "$svg" --output "docs/images/$name.png"
    echo "docs/images/$name.png"
done
# A submenu, drawn open from the item that opens it.
"$petalctl" preview --config examples/config/submenus.json --menu apps --svg "$svg"
rsvg-convert --zoom 1.5 "$svg" --output docs/images/submenus-apps.png
echo docs/images/submenus-apps.png
