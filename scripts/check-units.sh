#!/bin/sh
# make check-units: install the products in $1 into a throwaway prefix, then
# check the installed units the way CI must — `systemd-analyze verify` of
# each (syntax, and that ExecStart= names an executable: hence a real prefix,
# not a DESTDIR whose paths point elsewhere), and `systemd-analyze security`
# of petald.service and petal-context.service, offline, failing above an
# exposure of 2.0. The overlay's unit is a GTK client and barely sandboxed on
# purpose (its comments say why): its exposure is printed, not judged. The
# D-Bus activation files, which systemd-analyze does not read, are checked
# here: each names the bus name of its file name, an Exec= that is an
# installed executable, and a SystemdService= among the units just verified.
set -eu
products=${1:?usage: scripts/check-units.sh PRODUCTS-FOLDER}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# systemd-analyze --user wants a runtime folder; a private one, never the user's.
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -m 700 "$XDG_RUNTIME_DIR"

PREFIX="$work/prefix" DESTDIR= PRODUCTS="$products" scripts/install.sh install >/dev/null
unit="$work/prefix/share/systemd/user/petald.service"
overlay="$work/prefix/share/systemd/user/petal-overlay.service"
context="$work/prefix/share/systemd/user/petal-context.service"
# Documentation=man:… is checked against the installed man pages, once there
# are any and man(1) is there to look them up.
man=no
if [ -d "$work/prefix/share/man" ] && command -v man >/dev/null; then
    man=yes
    export MANPATH="$work/prefix/share/man:"
fi
systemd-analyze verify --user --man="$man" "$unit" "$overlay" "$context"
systemd-analyze security --user --offline=true --threshold=20 "$unit" | tail -n 1
echo "check-units: petald.service verifies, exposure within 2.0"
systemd-analyze security --user --offline=true --threshold=20 "$context" | tail -n 1
echo "check-units: petal-context.service verifies, exposure within 2.0"
exposure=$(systemd-analyze security --user --offline=true "$overlay" | tail -n 1 | sed 's/.*: //')
echo "check-units: petal-overlay.service verifies, exposure $exposure (a GTK client: not judged)"
for activation in "$work"/prefix/share/dbus-1/services/*.service; do
    file=$(basename "$activation")
    name=$(sed -n 's/^Name=//p' "$activation")
    exec=$(sed -n 's/^Exec=//p' "$activation" | cut -d' ' -f1)
    service=$(sed -n 's/^SystemdService=//p' "$activation")
    [ "$name.service" = "$file" ] || { echo "check-units: $file names the bus name \"$name\"" >&2; exit 1; }
    [ -x "$exec" ] || { echo "check-units: $file: Exec=$exec is no installed executable" >&2; exit 1; }
    [ -f "$work/prefix/share/systemd/user/$service" ] ||
        { echo "check-units: $file: SystemdService=$service is no installed unit" >&2; exit 1; }
    echo "check-units: $file starts $name with $(basename "$exec"), or $service under systemd"
done
