// swift-tools-version:6.0
import PackageDescription

// A Petal plugin in Swift, as its own package. It depends on the Petal
// checkout three folders up for the PetalPlugin SDK; a plugin outside the
// checkout would name Petal's Git URL and a version instead.
let package = Package(
    name: "hello-swift",
    products: [
        // A dynamic library: `swift build` writes .build/debug/libhello-swift.so.
        .library(name: "hello-swift", type: .dynamic, targets: ["HelloSwift"])
    ],
    dependencies: [
        .package(name: "Petal", path: "../../..")
    ],
    targets: [
        .target(
            name: "HelloSwift",
            dependencies: [
                "HelloSwiftNote",
                // The SDK (Plugin, SynchronousPlugin, export, PluginHost), and the
                // JSON types of its API (JSONObject, JSONValue), which it re-exports.
                .product(name: "PetalPlugin", package: "Petal"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)],
            // Export only petal_plugin_entry_v1 (exports.map): without it, every
            // public symbol of the SDK linked into the library is exported too.
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map"])
            ]
        ),
        // The plugin's ELF note, which petald reads before loading it: one line
        // of C, PETAL_PLUGIN_DESCRIBE, since Swift cannot yet put a string in a
        // note. It finds petal_plugin.h through PetalPlugin. A C target needs a
        // folder for public headers; it has none, so that folder is its own.
        .target(
            name: "HelloSwiftNote",
            dependencies: [.product(name: "PetalPlugin", package: "Petal")],
            publicHeadersPath: "."
        ),
    ]
)
