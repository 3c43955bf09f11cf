// swift-tools-version:6.0
import PackageDescription

/// Petal's own plugins: each is a target under Plugins/<Name> built into
/// libpetal-<name>.so, which petald finds beside itself. The C entry point
/// lives in Plugins/<Name>/Entry, a target of its own, so that tests can link
/// several plugins' logic (`<Name>Plugin`) into one binary without its symbol
/// clashing. Plugins/<Name>/Note is a one-line C target, the plugin's
/// PETAL_PLUGIN_DESCRIBE, which the entry depends on: Swift cannot yet place
/// a string in an ELF note.
let builtInPlugins: [(name: String, folder: String)] = [
    ("camera", "Camera"),
    ("command", "Command"),
    ("message", "Message"),
    ("open", "Open"),
    ("phone", "Phone"),
]

let pluginProducts: [Product] = builtInPlugins.map {
    .library(name: "petal-\($0.name)", type: .dynamic, targets: ["\($0.folder)PluginEntry"])
}

/// A plugin library exports its entry symbol and nothing else (Plugins/exports.map):
/// the SDK and the plugin's code linked into it stay local, so `nm -D` lists only
/// what petald looks up. On the Entry targets only, so that no product an outside
/// package depends on (PetalPlugin, PetalJSON) carries unsafe flags.
let exportOnlyTheEntry: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map"])
]

/// The version of the built-in plugins in their notes; the same as
/// `petalPluginVersion` (Sources/PetalPlugin/Version.swift), which their tables
/// give. PluginLoaderTests checks that the two agree.
let builtInPluginVersion = "0.1.0"

let pluginTargets: [Target] = builtInPlugins.flatMap { plugin -> [Target] in
    [
        .target(
            name: "\(plugin.folder)Plugin", dependencies: ["PetalPlugin", "PetalJSON"],
            path: "Plugins/\(plugin.folder)", exclude: ["Entry", "Note"]),
        .target(
            name: "\(plugin.folder)PluginNote", dependencies: ["PetalPluginABI"],
            path: "Plugins/\(plugin.folder)/Note", publicHeadersPath: ".",
            cSettings: [.define("PETAL_BUILT_IN_PLUGIN_VERSION", to: "\"\(builtInPluginVersion)\"")]),
        .target(
            name: "\(plugin.folder)PluginEntry",
            dependencies: [
                .target(name: "\(plugin.folder)Plugin"), .target(name: "\(plugin.folder)PluginNote"), "PetalPlugin",
            ],
            path: "Plugins/\(plugin.folder)/Entry", linkerSettings: exportOnlyTheEntry),
    ]
}

/// Swift's runtime linked into the program, with packed relative relocations
/// (see petald's target below), by GNU ld, which gold (the default) cannot;
/// the runtime's few libstdc++ pieces and libdbus built in too
/// (Linker/libstdc++.so, Linker/libdbus-1.so). `-static-stdlib` exports the
/// program's own symbols (`-export-dynamic`); `--no-export-dynamic` takes that
/// back: nothing looks them up, the loader and the runtime's `dladdr` would
/// walk 5,700 of them at every start, and a plugin linking its own copy of
/// the SDK or PetalJSON without a version script would bind to petald's.
let builtInRuntime: [LinkerSetting] = [
    .unsafeFlags([
        "-static-stdlib", "-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--no-export-dynamic", "-L\(Context.packageDirectory)/Linker",
    ])
]

let libraryTargets: [Target] = [
    // C at the edge: libdbus through pkg-config, and the Linux calls Swift's
    // Glibc module lacks (eventfd, signalfd, pipe2, O_PATH, thread names).
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    .target(name: "CLinux"),
    // libsystemd's two socket-activation calls that libdbus's archive refers to, for
    // the programs linked with it (Linker/libdbus-1.so): petald and petalctl only.
    .target(name: "CDBusArchive"),
    // Every system call goes through one helper: EINTR retried, errors naming the call and path.
    .target(name: "Linux", dependencies: ["CLinux", "TextEscaping"]),

    // XML's five entities, written once: for introspection data, the SVG preview and waybar's Pango markup.
    .target(name: "TextEscaping"),

    // A general D-Bus library; knows nothing of menus.
    .target(name: "DBus", dependencies: ["CDBus", "CLinux", "Linux", "TextEscaping"]),

    // JSON forms of D-Bus values, for the daemon and petalctl alike.
    .target(name: "DBusJSON", dependencies: ["DBus", "PetalJSON"]),

    // Command lines declared once, as values: parsing with one UsageError,
    // --help, and bash, zsh and fish completions, for every program. Standard library only.
    // "Did you mean …?": the nearest known word by edit distance, for every message that names what would be right.
    .target(name: "Spelling"),

    .target(name: "PetalCommandLine", dependencies: ["Spelling"]),

    // JSON: values, a strict parser with positions, encoding. Used on its own
    // by the SDK, DBusJSON and every plugin.
    .target(name: "PetalJSON"),

    // The domain, no I/O: state machine, items, layouts, configuration.
    // Patterns of `when`, matched without backtracking (a Pike VM): Swift Regex backtracks on hostile titles.
    .target(name: "PetalPattern"),

    .target(name: "PetalCore", dependencies: ["PetalJSON", "PetalPattern", "Spelling"]),

    // Finding and reading the configuration file, for petald and petalctl's preview.
    .target(name: "PetalConfiguration", dependencies: ["Linux", "PetalCore"]),

    // The plugin ABI (a C header) and the Swift SDK for plugin authors. The
    // header is a C target's public header, so that C targets depending on it
    // (a plugin's note, PETAL_PLUGIN_DESCRIBE) find petal_plugin.h.
    .target(name: "PetalPluginABI", publicHeadersPath: "."),
    .target(name: "PetalPlugin", dependencies: ["PetalPluginABI", "PetalJSON"]),

    // Plugins at run time, in petald and in petal-plugin-host alike: the
    // loader's checks, dlopen, the gate and worker around every call into a
    // plugin, crash slots, an invocation's values, the petal_host table petald
    // hands a plugin, the hosts' private protocol.
    .target(
        name: "PetalPluginRuntime",
        dependencies: [
            "CLinux", "DBus", "DBusJSON", "Linux", "PetalAPI", "PetalConfiguration", "PetalCore", "PetalJSON",
            "PetalPluginABI", "TextEscaping",
        ]),

    // The daemon: action dispatch, the D-Bus service, loading plugins and running isolated ones.
    .target(
        name: "PetalDaemon",
        dependencies: [
            "DBus", "DBusJSON", "PetalAPI", "PetalCommandLine", "PetalCore", "PetalJSON", "PetalConfiguration",
            "PetalPluginRuntime", "CLinux", "Linux", "PetalPluginABI", "Spelling", "TextEscaping",
        ]),

    // Petal's own plugins as petald links them, each behind its C table.
    .target(
        name: "PetalBuiltInPlugins",
        dependencies: ["PetalPlugin", "PetalPluginRuntime"] + builtInPlugins.map { .target(name: "\($0.folder)Plugin") }
    ),

    // The typed client of petald's public D-Bus API, for petalctl and the overlay alike.
    .target(name: "PetalAPI", dependencies: ["DBus", "DBusJSON", "Linux", "PetalCore", "PetalJSON"]),

    // petalctl's commands, output and SVG preview, over the public D-Bus API only.
    .target(
        name: "PetalControl",
        dependencies: [
            "DBus", "DBusJSON", "Linux", "PetalCommandLine", "PetalCore", "PetalJSON", "PetalConfiguration", "PetalAPI",
            "Spelling", "TextEscaping",
        ]),

    // The overlay's pure core: springs, frames at time t, hit testing, a draw list. No GTK, no I/O.
    .target(name: "PetalScene", dependencies: ["PetalCore"]),

    // GTK 3 and gtk-layer-shell for the overlay, with typed wrappers for the macros Swift cannot import.
    .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]),

    // The names Wayland compositors give their outputs (xdg-output), which GDK 3 does not tell:
    // C on libwayland-client, with the protocol's code generated by wayland-scanner and committed.
    .target(
        name: "CWaylandOutputs", exclude: ["xdg-output-unstable-v1-client-protocol.h"],
        linkerSettings: [.linkedLibrary("wayland-client")]),
    // What assistive technology sees of an overlay window: GObject subclasses
    // of ATK's and GTK's accessibles, which are C's work, behind a few functions.
    .target(name: "CAccessible", dependencies: ["CGtk"]),

    // The overlay client: GTK windows, Cairo painting and petald's D-Bus API, around PetalScene.
    .target(
        name: "PetalOverlay",
        dependencies: [
            "CAccessible", "CGtk", "CWaylandOutputs", "DBus", "Linux", "PetalAPI", "PetalCommandLine", "PetalCore",
            "PetalConfiguration", "PetalScene",
        ]),

    // Thin executables.
    // petald and petalctl are linked with Swift's runtime and standard library
    // built in (-static-stdlib): the runtime as a dozen shared libraries cost
    // start-up more than anything of their own (docs/benchmarks.md,
    // "Start-up"), and petalctl runs once per key press (bench/petalctl.py).
    // Linked with packed relative relocations (DT_RELR, read by glibc 2.36):
    // the ~30,000 pointers to relocate take 6 KiB instead of 720 KiB, read
    // and kept resident at every start. libstdc++, which the runtime needs
    // for ~25 symbols, is linked in from its archive: loading libstdc++.so.6
    // cost ~1.8 M of the ~14 M instructions from exec to the name owned. So
    // is libdbus, whose shared library brings libsystemd and six more.
    // Petal's own plugins are linked into petald too (PetalBuiltInPlugins), on
    // the runtime built in: their first invocation maps no library. A plugin
    // of anyone else's in Swift runs on the shared runtime it brings, beside
    // the one built in, the two meeting only through the plugin's C table
    // (docs/plugins.md). petalctl loads no plugins.
    .executableTarget(
        name: "petald", dependencies: ["CDBusArchive", "PetalBuiltInPlugins", "PetalDaemon"],
        linkerSettings: builtInRuntime),
    .executableTarget(
        name: "petalctl", dependencies: ["CDBusArchive", "PetalControl"], linkerSettings: builtInRuntime),
    // One isolated plugin in a process of its own, started by petald (plugins.isolate):
    // its own few files (not one line: nothing else uses them) on the runtime
    // petald uses too, and never PetalDaemon (ArchitectureTests checks).
    .executableTarget(
        name: "petal-plugin-host",
        dependencies: [
            "CLinux", "DBus", "DBusJSON", "Linux", "PetalAPI", "PetalJSON", "PetalPluginABI", "PetalPluginRuntime",
            "TextEscaping",
        ]),
    .executableTarget(name: "petal-overlay", dependencies: ["PetalOverlay"]),

    // petal-context: keeps petald's Context property what the desktop shows.
    // libxcb and RandR through pkg-config, for the X11 backend, and a small
    // safe Swift client on them (atoms, properties, events, outputs).
    .systemLibrary(name: "CXCB", pkgConfig: "xcb-randr", providers: [.apt(["libxcb1-dev", "libxcb-randr0-dev"])]),
    .target(name: "XCB", dependencies: ["CXCB"]),
    // What the desktop's messages say, with no I/O: i3-ipc framing and JSON,
    // Hyprland's lines, X11 properties, the backend choice, what to send when.
    .target(name: "PetalContextCore", dependencies: ["PetalCore", "PetalJSON", "TextEscaping"]),
    // Reading each desktop, on a thread of its own: sway's and i3's socket, Hyprland's, the X server.
    .target(name: "PetalContextSources", dependencies: ["Linux", "PetalContextCore", "PetalCore", "XCB"]),
    // The program: options, log, the backend's thread, publishing to petald over D-Bus.
    .target(
        name: "PetalContext",
        dependencies: [
            "CLinux", "DBus", "Linux", "PetalAPI", "PetalCommandLine", "PetalContextCore", "PetalContextSources",
            "PetalCore", "TextEscaping",
        ]),
    .executableTarget(name: "petal-context", dependencies: ["PetalContext"]),
]

let testTargets: [Target] = [
    // Unit tests per module; integration tests on a private bus.
    .target(name: "TestSupport", dependencies: ["DBus"], path: "Tests/Support", exclude: ["Peers"]),
    // petald with test actions registered in place of plugins.
    .executableTarget(
        name: "petal-test-daemon",
        dependencies: ["PetalDaemon", "PetalConfiguration", "PetalCore", "PetalJSON", "PetalPluginRuntime"],
        path: "Tests/TestDaemon"),
    .testTarget(name: "LinuxTests", dependencies: ["CDBusArchive", "Linux"]),
    .testTarget(name: "TextEscapingTests", dependencies: ["TextEscaping"]),
    // The parser, help and completion scripts of a sample program; the scripts run by bash, zsh and fish.
    .testTarget(name: "PetalCommandLineTests", dependencies: ["PetalCommandLine"]),
    .testTarget(name: "DBusTests", dependencies: ["DBus", "Linux", "TestSupport"]),
    // docs/architecture.md's table of modules, checked against the imports and this file.
    .testTarget(name: "ArchitectureTests"),
    .testTarget(name: "PetalJSONTests", dependencies: ["PetalJSON"]),
    .testTarget(
        name: "PetalCoreTests", dependencies: ["PetalCore", "PetalJSON", "PetalPattern", "Spelling", "TestSupport"]),
    .testTarget(name: "PetalPatternTests", dependencies: ["PetalPattern", "TestSupport"]),
    .testTarget(name: "PetalSceneTests", dependencies: ["PetalScene", "PetalCore", "TestSupport"]),
    .testTarget(
        name: "PetalDaemonTests",
        dependencies: [
            "DBus", "Linux", "PetalAPI", "PetalBuiltInPlugins", "PetalCore", "PetalJSON", "PetalConfiguration",
            "PetalDaemon", "PetalPluginRuntime", "TestSupport",
        ]),
    // petalctl: its parsing and SVG in unit tests, and the built binary against a daemon on a private bus.
    // The client library: lenient reading of what petald serves, and its calls against a daemon.
    .testTarget(
        name: "PetalAPITests", dependencies: ["DBus", "Linux", "PetalCore", "PetalJSON", "PetalAPI", "TestSupport"]),
    .testTarget(
        name: "PetalControlTests",
        dependencies: [
            "DBus", "Linux", "PetalCommandLine", "PetalCore", "PetalJSON", "PetalAPI", "PetalControl", "TestSupport",
        ],
        exclude: ["Golden"]),
    // The real petald loading plugins: C fixtures compiled at test time, and the examples.
    .testTarget(
        name: "PluginLoaderTests", dependencies: ["DBus", "PetalCore", "PetalJSON", "TestSupport"],
        exclude: ["Fixtures"]),
    // The built-in plugins: their logic in unit tests, and through a real petald on a private bus.
    .testTarget(
        name: "PluginTests",
        dependencies: ["DBus", "PetalCore", "PetalJSON", "PetalPlugin", "PetalPluginABI", "TestSupport"]
            + builtInPlugins.map { .target(name: "\($0.folder)Plugin") },
        exclude: ["Peers"]),
    // petal-overlay: --render frames read back pixel by pixel, and the client on
    // real headless display servers (Xvfb + xcompmgr, sway) against petald on a
    // private bus; and the display harness's own tests.
    // Fixtures/atspi_probe.py is the screen reader's side of the accessibility tests.
    .testTarget(
        name: "PetalOverlayTests", dependencies: ["TestSupport", "DBus", "PetalAPI", "PetalCore", "PetalJSON"],
        exclude: ["Fixtures"]),
    // petal-context: its pure core in unit tests, and the built binary on real
    // sway, i3 and openbox (and a Hyprland stand-in) against a stand-in petald.
    .testTarget(
        name: "PetalContextTests",
        dependencies: ["PetalContextCore", "PetalCore", "PetalJSON", "DBus", "PetalAPI", "TestSupport"]),
]

let package = Package(
    name: "Petal",
    products: [
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "PetalJSON", targets: ["PetalJSON"]),
        .library(name: "PetalCore", targets: ["PetalCore"]),
        .library(name: "PetalPlugin", targets: ["PetalPlugin"]),
        .executable(name: "petald", targets: ["petald"]),
        .executable(name: "petalctl", targets: ["petalctl"]),
        .executable(name: "petal-plugin-host", targets: ["petal-plugin-host"]),
        .executable(name: "petal-overlay", targets: ["petal-overlay"]),
        .executable(name: "petal-context", targets: ["petal-context"]),
    ] + pluginProducts,
    targets: libraryTargets + pluginTargets + testTargets
)

for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            // Generic types' metadata built by direct calls, not by demangling
            // their names at first use: the runtime checks a demangled type's
            // requirements by scanning every conformance record (~40,000
            // instructions each), ~2.9 M of petald's start-up (docs/benchmarks.md).
            .unsafeFlags(
                ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                .when(configuration: .release)),
        ]
}
