// swift-tools-version:6.0
import PackageDescription

/// Petal's own plugins: each is a target under Plugins/<Name> built into
/// libpetal-<name>.so, which petald finds beside itself.
let builtInPlugins: [(name: String, folder: String)] = [
    ("phone", "Phone"),
]

let pluginProducts: [Product] = builtInPlugins.map {
    .library(name: "petal-\($0.name)", type: .dynamic, targets: ["\($0.folder)Plugin"])
}

let pluginTargets: [Target] = builtInPlugins.map {
    .target(name: "\($0.folder)Plugin", dependencies: ["PetalPlugin", "PetalCore"], path: "Plugins/\($0.folder)")
}

let libraryTargets: [Target] = [
    // C at the edge: libdbus through pkg-config, and the Linux calls Swift's
    // Glibc module lacks (eventfd, signalfd, pipe2, thread names).
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    .target(name: "CLinux"),

    // A general D-Bus library; knows nothing of menus.
    .target(name: "DBus", dependencies: ["CDBus", "CLinux"]),

    // The domain, no I/O: state machine, items, layouts, configuration.
    .target(name: "PetalCore"),

    // The plugin ABI (a C header) and the Swift SDK for plugin authors.
    .systemLibrary(name: "PetalPluginABI"),
    .target(name: "PetalPlugin", dependencies: ["PetalPluginABI", "PetalCore"]),

    // The daemon: plugin host, action dispatch, the D-Bus service.
    .target(name: "PetalDaemon", dependencies: ["DBus", "PetalCore", "CLinux", "PetalPluginABI"]),

    // Thin executables.
    .executableTarget(name: "petald", dependencies: ["PetalDaemon"]),
]

let testTargets: [Target] = [
    // Unit tests per module; integration tests on a private bus.
    .target(name: "TestSupport", dependencies: ["DBus"], path: "Tests/Support"),
    // petald with test actions registered in place of plugins.
    .executableTarget(name: "petal-test-daemon", dependencies: ["PetalDaemon", "PetalCore"], path: "Tests/TestDaemon"),
    .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
    .testTarget(name: "PetalCoreTests", dependencies: ["PetalCore"]),
    .testTarget(name: "PetalDaemonTests", dependencies: ["DBus", "PetalCore", "PetalDaemon", "TestSupport"]),
]

let package = Package(
    name: "Petal",
    products: [
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "PetalCore", targets: ["PetalCore"]),
        .library(name: "PetalPlugin", targets: ["PetalPlugin"]),
        .executable(name: "petald", targets: ["petald"]),
    ] + pluginProducts,
    targets: libraryTargets + pluginTargets + testTargets
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
