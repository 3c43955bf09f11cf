# Petal — developer entry points. `make run` and `make test` are all a fresh
# Debian 12 machine with Swift 6 needs; everything else is optional.

SWIFT        ?= swift
CONFIG       ?= debug
SWIFT_FLAGS  ?= -c $(CONFIG) -Xswiftc -warnings-as-errors
BIN          := $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

# Debian packages the build and the tests need: libdbus to build against,
# dbus-daemon for private test buses, busctl/gdbus/dbus-send/setpriv as
# independent clients in the tests.
APT_PACKAGES := libdbus-1-dev pkg-config dbus dbus-bin systemd libglib2.0-bin util-linux

.PHONY: all build run test deps introspect clean

all: build

## Install missing Debian packages (through sudo only when not root).
deps:
	@scripts/install-deps.sh $(APT_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## Start petald on the session bus, or on a private bus when there is none.
run: build
	@scripts/run.sh "$(BIN)/petald"

## Install what is missing, build everything and run the whole test suite.
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build -c $(CONFIG)

## Print the D-Bus introspection XML of org.petal.Petal1.Menu (no bus needed).
introspect: build
	@"$(BIN)/petald" --introspect

clean:
	$(SWIFT) package clean
