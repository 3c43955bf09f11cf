// swift-tools-version:6.0
import PackageDescription

// Swift plugins that SwiftSDKPluginTests builds against this checkout's SDK
// and loads into petald:
//
// - first-sdk, the plugin the first SDK's documentation showed, written as
//   it said: its target depends on the PetalPlugin and PetalCore products,
//   and its source imports PetalCore (where JSONObject was then), then
//   PetalPlugin. What that documentation promised must keep building.
// - awaiter, an async plugin written as the SDK's documentation says now
//   (the PetalPlugin product and import alone), that tells which thread its
//   perform runs on and sleeps until it is cancelled.
let package = Package(
    name: "swift-sdk-fixtures",
    products: [
        .library(name: "first-sdk", type: .dynamic, targets: ["FirstSDK"]),
        .library(name: "awaiter", type: .dynamic, targets: ["Awaiter"]),
    ],
    dependencies: [
        .package(name: "Petal", path: "../../../..")
    ],
    targets: [
        // The target of the first SDK's examples/plugins/hello-swift/Package.swift.
        .target(
            name: "FirstSDK",
            dependencies: [
                .product(name: "PetalPlugin", package: "Petal"),  // Plugin, export, PluginHost
                .product(name: "PetalCore", package: "Petal"),  // JSONObject, JSONValue
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "Awaiter",
            dependencies: [.product(name: "PetalPlugin", package: "Petal")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
