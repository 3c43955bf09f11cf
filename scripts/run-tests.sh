#!/bin/sh
# make test's last step: the whole suite, with every file it makes outside the
# checkout in one folder of its own, TMPDIR for the run (private buses, their
# logs and state folders, headless displays' runtime folders, scratch files).
# The folder is removed when the suite passes and kept, with its path printed,
# when it fails, for the logs. The one thing made elsewhere is the user
# headless sway runs as when the suite runs as root (README, "Running the
# tests").
set -eu
config=${1:-debug}
run=$(mktemp -d "${TMPDIR:-/tmp}/petal-tests.XXXXXX")
# sway runs as another user and must pass through to its runtime folder inside.
chmod 0711 "$run"
if TMPDIR="$run" "${SWIFT:-swift}" test --skip-build -c "$config"; then
    rm -rf "$run"
else
    status=$?
    echo "The suite's files (daemon and bus logs) are kept in $run" >&2
    exit "$status"
fi
