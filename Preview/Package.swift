// swift-tools-version:6.0
// `ctlua-preview`: the browser session server behind `ctlua preview` (docs/cli.md). A package of
// its own so that the main build, `ctlua test` and the default `scripts/install` carry no HTTP
// server: `scripts/install --preview` builds it, `scripts/ctlua preview` builds it on demand.
import PackageDescription

let package = Package(
    name: "CTLuaPreview",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ctlua-preview", targets: ["ctlua-preview"]),
    ],
    dependencies: [
        .package(name: "ctlua", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        .target(name: "CTLuaPreview", dependencies: [
            .product(name: "CTLuaKit", package: "ctlua"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "ctlua-preview", dependencies: ["CTLuaPreview"]),
        .testTarget(name: "CTLuaPreviewTests", dependencies: [
            "CTLuaPreview",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
