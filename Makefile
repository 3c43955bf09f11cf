# Petal — developer entry points. `make run` and `make test` are all a fresh
# Debian 12 machine with Swift 6 needs; everything else is optional.

SWIFT        ?= swift
CONFIG       ?= debug
SWIFT_FLAGS  ?= -c $(CONFIG) -Xswiftc -warnings-as-errors
BIN          := $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

# Debian packages the build and the tests need: libdbus to build against,
# dbus-daemon for private test buses, busctl/gdbus/dbus-send/setpriv as
# independent clients in the tests, python3 with dbus and gi for the test
# peers that stand in for a notification server and the screenshot portal,
# and a C compiler (cc) for the C plugin example and the loader tests' fixtures.
APT_PACKAGES := libdbus-1-dev pkg-config dbus dbus-bin systemd libglib2.0-bin util-linux \
                python3-dbus python3-gi gcc

.PHONY: all build run test deps examples introspect clean

all: build

## Install missing Debian packages (through sudo only when not root).
deps:
	@scripts/install-deps.sh $(APT_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## Start petald on the session bus, or on a private bus when there is none.
run: build
	@scripts/run.sh "$(BIN)/petald"

## Build the plugin examples of examples/plugins (the tests load them into petald).
examples: deps
	$(MAKE) -C examples/plugins/hello-c
	$(SWIFT) build --package-path examples/plugins/hello-swift $(SWIFT_FLAGS)

## Install what is missing, build everything and run the whole test suite.
test: deps examples
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build -c $(CONFIG)

## Print the D-Bus introspection XML of org.petal.Petal1.Menu (no bus needed).
introspect: build
	@"$(BIN)/petald" --introspect

clean:
	$(SWIFT) package clean
	$(MAKE) -C examples/plugins/hello-c clean
	$(SWIFT) package --package-path examples/plugins/hello-swift clean
