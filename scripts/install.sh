#!/bin/sh
# `make install` and `make uninstall` (petald(8)).
#
#   scripts/install.sh install|uninstall
#
# Reads PREFIX (where Petal will live), DESTDIR (a staging root for packagers,
# usually empty) and, for install, PRODUCTS (the folder holding the built
# petald, petalctl, petal-overlay, petal-context and plugin libraries).
# Install copies the binaries, the plugins, the plugin header, the unit files
# (petald's, the overlay's, petal-context's and the D-Bus activation files
# of petald and of the overlay)
# with their paths filled in, the man pages (built by `make man` from
# docs/man/*.scd into .build/man), the shell completions (which the built
# petalctl prints: petalctl --completions SHELL) and the documentation, and records every file it wrote in a manifest; uninstall
# removes exactly the files that manifest names, then the manifest, then
# Petal's own folders if they are empty.
set -eu

action=${1:?usage: scripts/install.sh install|uninstall}
: "${PREFIX:?PREFIX is not set}"
DESTDIR=${DESTDIR-}
cd "$(dirname "$0")/.."

case $PREFIX in /*) ;; *) echo "PREFIX must be an absolute path, not \"$PREFIX\"" >&2; exit 2 ;; esac
while [ "${PREFIX%/}" != "$PREFIX" ] && [ "$PREFIX" != / ]; do PREFIX=${PREFIX%/}; done

# Where each kind of file goes, as seen once installed (without DESTDIR).
bindir=$PREFIX/bin
plugindir=$PREFIX/lib/petal/plugins
includedir=$PREFIX/include/petal
userunitdir=$PREFIX/share/systemd/user
dbusservicedir=$PREFIX/share/dbus-1/services
mandir=$PREFIX/share/man
docdir=$PREFIX/share/doc/petal
bashdir=$PREFIX/share/bash-completion/completions
zshdir=$PREFIX/share/zsh/site-functions
fishdir=$PREFIX/share/fish/vendor_completions.d
manifest=$PREFIX/lib/petal/install-manifest

# Petal's built-in plugins (Package.swift's builtInPlugins), and the binaries.
plugins="camera command message open phone"
binaries="petald petalctl petal-overlay petal-context"
# Started by petald, one per isolated plugin; not for people, so not on PATH.
libexecdir=$PREFIX/libexec/petal
helpers="petal-plugin-host"
# Where `make man` puts the pages it builds from docs/man/*.scd.
manpages=.build/man

# Folders that only Petal uses, removed by uninstall once empty (deepest first).
own_folders="$plugindir $PREFIX/lib/petal $libexecdir $includedir $docdir/docs $docdir"

# put SOURCE TARGET MODE: copies SOURCE to $DESTDIR/TARGET and records TARGET.
put() {
    install -D -m "$3" "$1" "$DESTDIR$2"
    echo "$2" >>"$DESTDIR$manifest.new"
}

# fill SOURCE TARGET: like put, with @BINDIR@ and @DOCDIR@ replaced.
fill() {
    mkdir -p "$(dirname "$DESTDIR$2")"
    sed -e "s|@BINDIR@|$bindir|g" -e "s|@DOCDIR@|$docdir|g" "$1" >"$DESTDIR$2"
    chmod 644 "$DESTDIR$2"
    echo "$2" >>"$DESTDIR$manifest.new"
}

install_all() {
    : "${PRODUCTS:?PRODUCTS (the folder of the built products) is not set}"
    for binary in $binaries $helpers; do
        [ -x "$PRODUCTS/$binary" ] || { echo "$PRODUCTS/$binary is missing: build Petal first" >&2; exit 1; }
    done
    for source in docs/man/*.scd; do
        page=$manpages/$(basename "$source" .scd)
        [ -f "$page" ] || { echo "$page is missing: build the man pages first (make man)" >&2; exit 1; }
    done
    mkdir -p "$DESTDIR$(dirname "$manifest")"
    : >"$DESTDIR$manifest.new"

    for binary in $binaries; do put "$PRODUCTS/$binary" "$bindir/$binary" 755; done
    for helper in $helpers; do put "$PRODUCTS/$helper" "$libexecdir/$helper" 755; done
    for plugin in $plugins; do put "$PRODUCTS/libpetal-$plugin.so" "$plugindir/libpetal-$plugin.so" 644; done
    put Sources/PetalPluginABI/petal_plugin.h "$includedir/petal_plugin.h" 644

    fill systemd/petald.service.in "$userunitdir/petald.service"
    fill systemd/petal-overlay.service.in "$userunitdir/petal-overlay.service"
    fill systemd/petal-context.service.in "$userunitdir/petal-context.service"
    fill systemd/org.petal.Petal1.service.in "$dbusservicedir/org.petal.Petal1.service"
    fill systemd/org.petal.Frontend1.service.in "$dbusservicedir/org.petal.Frontend1.service"

    # Each man page into the folder of its section (petald.8 → man8).
    for source in docs/man/*.scd; do
        page=$manpages/$(basename "$source" .scd)
        put "$page" "$mandir/man${page##*.}/$(basename "$page")" 644
    done
    # Completions, made by the petalctl being installed from its own command
    # line, under the names each shell loads them by, on demand.
    completions=$(mktemp -d)
    trap 'rm -rf "$completions"' EXIT
    "$PRODUCTS/petalctl" --completions bash >"$completions/petalctl"
    "$PRODUCTS/petalctl" --completions zsh >"$completions/_petalctl"
    "$PRODUCTS/petalctl" --completions fish >"$completions/petalctl.fish"
    put "$completions/petalctl" "$bashdir/petalctl" 644
    put "$completions/_petalctl" "$zshdir/_petalctl" 644
    put "$completions/petalctl.fish" "$fishdir/petalctl.fish" 644

    put README.md "$docdir/README.md" 644
    for doc in docs/*.md; do if [ -f "$doc" ]; then put "$doc" "$docdir/docs/$(basename "$doc")" 644; fi; done

    # An earlier install's files that this one no longer has are removed too.
    if [ -f "$DESTDIR$manifest" ]; then
        sort -u "$DESTDIR$manifest.new" >"$DESTDIR$manifest.keep"
        sort -u "$DESTDIR$manifest" | comm -23 - "$DESTDIR$manifest.keep" | while read -r stale; do
            rm -f "$DESTDIR$stale"
        done
        rm -f "$DESTDIR$manifest.keep"
    fi
    mv "$DESTDIR$manifest.new" "$DESTDIR$manifest"
    echo "installed Petal under $DESTDIR$PREFIX ($(wc -l <"$DESTDIR$manifest") files, listed in $DESTDIR$manifest)"
}

uninstall_all() {
    if [ ! -f "$DESTDIR$manifest" ]; then
        echo "nothing to uninstall: $DESTDIR$manifest does not exist (was Petal installed with this PREFIX and DESTDIR?)" >&2
        exit 1
    fi
    count=0
    while read -r file; do
        case $file in "$PREFIX"/*) ;; *) echo "skipping $file: not under $PREFIX" >&2; continue ;; esac
        rm -f "$DESTDIR$file"
        count=$((count + 1))
    done <"$DESTDIR$manifest"
    rm -f "$DESTDIR$manifest"
    for folder in $own_folders; do rmdir "$DESTDIR$folder" 2>/dev/null || true; done
    echo "removed $count files of Petal from $DESTDIR$PREFIX"
}

case $action in
install) install_all ;;
uninstall) uninstall_all ;;
*) echo "usage: scripts/install.sh install|uninstall" >&2; exit 2 ;;
esac
