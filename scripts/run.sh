#!/bin/sh
# Starts petald on the session bus; when there is none (no DBUS_SESSION_BUS_ADDRESS
# and no $XDG_RUNTIME_DIR/bus), starts a private dbus-daemon first, says how to
# reach it, and stops it when petald stops.
set -eu
petald="$1"
shift
petalctl="$(dirname "$petald")/petalctl"
overlay="$(dirname "$petald")/petal-overlay"

if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || { [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -S "$XDG_RUNTIME_DIR/bus" ]; }; then
    echo "petald: serving on your session bus. Try:"
    echo "  $petalctl toggle && $petalctl status"
    echo "  $overlay &    # draws the menu on your desktop; bind '$petalctl toggle' to a key"
    echo "  busctl --user call org.petal.Petal1 /org/petal/Petal1 org.petal.Petal1.Menu Toggle"
    exec "$petald" "$@"
fi

info=$(mktemp)
dbus-daemon --session --fork --print-address=1 --print-pid=1 >"$info"
address=$(sed -n 1p "$info")
bus_pid=$(sed -n 2p "$info")
rm -f "$info"
trap 'kill "$bus_pid" 2>/dev/null || true' EXIT INT TERM

cat <<MSG
No session bus here, so petald runs on a private one:
  export DBUS_SESSION_BUS_ADDRESS='$address'
Then, from another terminal:
  $petalctl --bus '$address' toggle
  $overlay --bus '$address' &    # the menu on your desktop
  busctl --address='$address' call org.petal.Petal1 /org/petal/Petal1 org.petal.Petal1.Menu Toggle
  gdbus call --address '$address' -d org.petal.Petal1 -o /org/petal/Petal1 -m org.petal.Petal1.Menu.Toggle
Press Ctrl-C to stop petald and the bus.
MSG
DBUS_SESSION_BUS_ADDRESS="$address" "$petald" --bus "$address" "$@" || status=$?
exit "${status:-0}"
