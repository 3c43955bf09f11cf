# Petal — developer entry points. `make run` and `make test` are all a fresh
# Debian 12 machine with Swift 6 needs; everything else is optional.

SWIFT        ?= swift
CONFIG       ?= debug
SWIFT_FLAGS  ?= -c $(CONFIG) -Xswiftc -warnings-as-errors
BIN          := $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

# Debian packages the build and the tests need: libdbus to build against,
# dbus-daemon for private test buses, busctl/gdbus/dbus-send/setpriv as
# independent clients in the tests, python3 with dbus and gi for the test
# peers that stand in for a notification server and the screenshot portal
# (and for the benchmark's dbus-python peer), a C compiler (cc) for the C
# plugin example, the loader tests' fixtures and bench/, binutils' nm to list
# what a plugin library exports, taskset (util-linux)
# to pin the benchmark to one CPU, scdoc for the man pages, and zsh and fish,
# whose completions the tests run.
# The overlay (petal-overlay) builds against GTK 3 and gtk-layer-shell. Its
# tests (PetalOverlayTests, Tests/Support's display harness) run it on real
# headless servers: xvfb, xcompmgr (the compositor transparency needs) and
# xdotool (pointer and keys) for X11; sway (headless wlroots; swaybg comes
# with it), grim (screenshots) and wtype (keys) for Wayland, sway running as a
# user made with useradd (passwd) through setpriv (util-linux), and waybar,
# whose petal module the tests run; imagemagick's
# import, identify and convert take X11 screenshots and turn PNGs into raw
# pixels; gir1.2-gtk-3.0 lets /usr/bin/python3's gi open the stand-in GTK
# windows; adwaita-icon-theme and fonts-dejavu-core so GTK finds an icon
# theme and a font on a bare machine; x11-utils (xwininfo, xprop, xdpyinfo)
# to look at an X display by hand when a test fails. Xorg with its dummy
# video driver (xserver-xorg-core, xserver-xorg-video-dummy) and xrandr
# (x11-xserver-utils) give the overlay's output tests RandR outputs that
# Xvfb lacks. at-spi2-core python3-pyatspi
# petal-context builds against libxcb and its RandR extension (libxcb1-dev,
# libxcb-randr0-dev) for its X11 backend; its tests read real window
# managers on Xvfb: i3 (i3-wm, with i3-msg) through its IPC socket, and
# openbox, which keeps _NET_ACTIVE_WINDOW, through the X server; the
# overlay's X11 tests run under i3 as well as on bare Xvfb.
APT_PACKAGES := libdbus-1-dev libstdc++-12-dev pkg-config dbus dbus-bin systemd libglib2.0-bin util-linux \
                python3-dbus python3-gi gcc binutils scdoc zsh fish \
                libgtk-3-dev libgtk-layer-shell-dev xvfb xcompmgr xdotool imagemagick \
                sway grim wtype waybar passwd gir1.2-gtk-3.0 adwaita-icon-theme fonts-dejavu-core x11-utils strace \
                libxcb1-dev libxcb-randr0-dev i3-wm openbox \
                xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils at-spi2-core python3-pyatspi

# make install: PREFIX is where Petal lives (~/.local by default, /usr for a
# package), DESTDIR a staging root for packagers. The products come from a
# release build made first, unless PRODUCTS names a folder of products already
# built (e.g. PRODUCTS=.build/debug, as the tests and check-units do).
# What building alone needs: libdbus, libstdc++'s archive (linked into petald
# and petalctl), GTK 3 with gtk-layer-shell for
# petal-overlay, and libxcb with RandR for petal-context.
BUILD_PACKAGES := libdbus-1-dev libstdc++-12-dev pkg-config libgtk-3-dev libgtk-layer-shell-dev libxcb1-dev libxcb-randr0-dev
# What the overlay benchmark adds: a display of its own (Xvfb), a compositor so
# the RGBA popup is composited as on a desktop, and xwininfo for its size; and
# the part context (bench/context.py): headless sway and openbox, the desktops
# petal-context reads, and xprop to see openbox ready; the dmenus that
# `petalctl choose --lines` is measured against (rofi on X11, fuzzel and wofi
# on sway) and libxcb's DAMAGE extension for bench-x11-first-frame, which
# sees their first frame and petal's alike.
BENCH_PACKAGES := xvfb xcompmgr x11-utils sway openbox rofi fuzzel wofi libxcb-damage0-dev

# SwiftPM refuses the -pthread that pkg-config gives for GTK (it warns and
# drops it), so CGtk's flags come from a copy without it, written first.
# libdbus's come from a copy without -L<libdir>, which SwiftPM would pass
# before Linker/ (scripts/dbus-pkgconfig.sh says why).
# LIBDBUS=shared links petald and petalctl with libdbus-1.so instead of its
# archive, for a distribution that wants every program to take libdbus's
# updates (after a build of the other kind, `rm -rf .build` first: SwiftPM
# keeps the flags it found).
LIBDBUS      ?= static
GTK_PC       := .build/pkgconfig/gtk+-3.0.pc
DBUS_PC      := .build/pkgconfig/dbus-1.pc
ifeq ($(LIBDBUS),static)
PC_FILES     := $(GTK_PC) $(DBUS_PC)
else
PC_FILES     := $(GTK_PC) shared-libdbus
endif
export PKG_CONFIG_PATH := $(CURDIR)/.build/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

PREFIX       ?= $(HOME)/.local
DESTDIR      ?=
PRODUCTS     ?=

.PHONY: all build build-deps run test deps examples introspect clean install uninstall check-units man scdoc previews overlay-images \
        bench bench-smoke format lint

# The man pages, written in scdoc under docs/man, built into .build/man.
MAN_SOURCES  := $(wildcard docs/man/*.scd)
MAN_PAGES    := $(patsubst docs/man/%.scd,.build/man/%,$(MAN_SOURCES))

all: build

## Install missing Debian packages (through sudo only when not root).
deps:
	@scripts/install-deps.sh $(APT_PACKAGES)

build: deps $(PC_FILES)
	$(SWIFT) build $(SWIFT_FLAGS)

$(GTK_PC): scripts/gtk-pkgconfig.sh | build-deps
	scripts/gtk-pkgconfig.sh $@

$(DBUS_PC): scripts/dbus-pkgconfig.sh | build-deps
	scripts/dbus-pkgconfig.sh $@

.PHONY: shared-libdbus
shared-libdbus:
	rm -f $(DBUS_PC)

## Install only the libraries the build needs (`make install` needs no test packages).
build-deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

## Start petald on the session bus, or on a private bus when there is none.
run: build
	@scripts/run.sh "$(BIN)/petald"

## Build the plugin examples of examples/plugins (the tests load them into petald).
examples: deps
	$(MAKE) -C examples/plugins/hello-c
	$(SWIFT) build --package-path examples/plugins/hello-swift $(SWIFT_FLAGS)

## Build the man pages (petald.8, petalctl.1, petal-overlay.1, petal-context.1, petal-plugins.7) into .build/man.
## Only scdoc is installed for them: `make install` needs no test packages.
man: scdoc $(MAN_PAGES)

scdoc:
	@scripts/install-deps.sh scdoc

# Written to a temporary file first, so a failed scdoc leaves no page behind.
.build/man/%: docs/man/%.scd
	@mkdir -p $(@D)
	scdoc <$< >$@.tmp || { rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

# Every Swift file of the repository, for swift format (.swift-format holds its settings).
FORMATTED    := Package.swift Sources Tests Plugins examples/plugins/hello-swift bench/dispatch-idle.swift bench/matcher.swift

## Check the style of every Swift file (swift format lint, warnings as errors).
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

## Format every Swift file in place.
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

## Install what is missing, build everything and run the whole test suite.
test: deps $(PC_FILES) examples man lint
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	SWIFT="$(SWIFT)" scripts/run-tests.sh $(CONFIG)
	$(MAKE) check-units

## Benchmark the release petald against a C libdbus peer and a dbus-python
## peer on a private bus, and print one table (docs/benchmarks.md). Client, bus
## and servers are pinned to CPU 0 unless BENCH_PIN=0. Then petal-overlay against
## a minimal GTK 3 program, several menus and the dmenus on Xvfb and on headless
## sway (bench/overlay.py; needs xvfb, xcompmgr, sway, rofi, fuzzel and wofi).
bench: deps $(PC_FILES)
	@scripts/install-deps.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release
	$(MAKE) -C bench
	bench/run.py --bin "$$($(SWIFT) build -c release --show-bin-path)"
	bench/overlay.py --bin "$$($(SWIFT) build -c release --show-bin-path)"
	bench/overlay.py --wayland --bin "$$($(SWIFT) build -c release --show-bin-path)"

## The same with tiny counts, for CI: fails on any wrong reply, never on a figure.
bench-smoke: deps $(PC_FILES)
	@scripts/install-deps.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release
	$(MAKE) -C bench
	bench/run.py --smoke --bin "$$($(SWIFT) build -c release --show-bin-path)"
	bench/overlay.py --smoke --bin "$$($(SWIFT) build -c release --show-bin-path)"
	bench/overlay.py --smoke --wayland --bin "$$($(SWIFT) build -c release --show-bin-path)"

## Print the D-Bus introspection XML of org.petal.Petal1.Menu (no bus needed).
introspect: build
	@"$(BIN)/petald" --introspect

## Install binaries, plugins, the plugin header, the systemd and D-Bus units
## (their paths filled in), man pages, completions and docs under DESTDIR/PREFIX.
install: man $(PC_FILES)
ifeq ($(PRODUCTS),)
	$(SWIFT) build -c release
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" PRODUCTS="$$($(SWIFT) build -c release --show-bin-path)" scripts/install.sh install
else
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" PRODUCTS="$(abspath $(PRODUCTS))" scripts/install.sh install
endif

## Remove exactly the files `make install` put (same PREFIX and DESTDIR).
uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

## Check the units as installed: `systemd-analyze verify` of petald's, the
## overlay's and petal-context's, and `security` of petald's and
## petal-context's (exposure at most 2.0), on a throwaway install of the
## $(CONFIG) build.
check-units: build man
	@scripts/check-units.sh "$(BIN)"

clean:
	$(SWIFT) package clean
	rm -rf .build/man
	$(MAKE) -C examples/plugins/hello-c clean
	$(MAKE) -C bench clean
	$(SWIFT) package --package-path examples/plugins/hello-swift clean

## Redraw docs/images/*.png from examples/config with petalctl preview (needs rsvg-convert).
previews: build
	@scripts/install-deps.sh librsvg2-bin
	scripts/render-previews.sh "$(BIN)/petalctl"

## Redraw docs/images/overlay*.png: with petal-overlay --render, no display
## needed, and a menu at the pointer, a labelled stack, a chain at a corner and
## the no-compositor look on Xvfbs of their own (installs ImageMagick, apngasm
## for the animation, Xvfb, xcompmgr and xdotool if missing).
overlay-images: build
	@scripts/install-deps.sh imagemagick apngasm xvfb xcompmgr xdotool
	scripts/render-overlay-images.sh "$(BIN)/petal-overlay"
	scripts/render-pointer-image.sh "$(BIN)"
	scripts/render-legible-images.sh "$(BIN)"
