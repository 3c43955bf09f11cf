// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Petal",
    products: [
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "PetalCore", targets: ["PetalCore"]),
        .executable(name: "petald", targets: ["petald"]),
    ],
    targets: [
        // C at the edge: libdbus through pkg-config.
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),

        // Linux calls Swift's Glibc module lacks (eventfd, signalfd, thread names).
        .target(name: "CLinux"),

        // A general D-Bus library; knows nothing of menus.
        .target(name: "DBus", dependencies: ["CDBus", "CLinux"]),

        // The domain, no I/O: state machine, items, layouts, configuration.
        .target(name: "PetalCore"),

        // The daemon: action dispatch, the D-Bus service, persistence.
        .target(name: "PetalDaemon", dependencies: ["DBus", "PetalCore", "CLinux"]),

        // Thin executables.
        .executableTarget(name: "petald", dependencies: ["PetalDaemon"]),

        // Tests: unit tests per module; integration tests on a private bus.
        .target(name: "TestSupport", dependencies: ["DBus"], path: "Tests/Support"),
        // petald with test actions registered in place of plugins.
        .executableTarget(name: "petal-test-daemon", dependencies: ["PetalDaemon", "PetalCore"], path: "Tests/TestDaemon"),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "PetalCoreTests", dependencies: ["PetalCore"]),
        .testTarget(name: "PetalDaemonTests", dependencies: ["DBus", "PetalCore", "PetalDaemon", "TestSupport"]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
