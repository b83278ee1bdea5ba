// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ctlua",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ctlua", targets: ["ctlua"]),
        .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Engine", targets: ["Engine"]),
        .library(name: "Templates", targets: ["Templates"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(
            name: "CJansson", path: "Sources/CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]),
        .systemLibrary(
            name: "CReadline", path: "Sources/CReadline",
            providers: [.apt(["libreadline-dev"])]),
        .target(name: "CLuaSupport", dependencies: ["CLua", "CJansson"], path: "Sources/CLuaSupport"),
        .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaSupport"]),
        .target(name: "JSON", dependencies: [
            "CJansson", "CLua", "CLuaSupport", "LuaRuntime",
            .product(name: "Collections", package: "swift-collections"),
        ]),
        .target(name: "Engine", dependencies: [
            "LuaRuntime", "JSON", .product(name: "Collections", package: "swift-collections"),
        ]),
        .target(name: "Templates", dependencies: ["Engine", "LuaRuntime", "JSON"]),
        .target(name: "Scenarios", dependencies: ["Engine", "Templates", "JSON", "LuaRuntime"]),
        .target(name: "TestSupport", dependencies: ["Engine", "JSON", "LuaRuntime"]),
        .executableTarget(name: "ctlua", dependencies: [
            "Scenarios", "Templates", "Engine", "JSON", "LuaRuntime", "CReadline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "CBaselines", dependencies: ["CLua", "CJansson"], path: "Benchmarks/CBaselines"),
        .executableTarget(name: "Benchmarks", dependencies: [
            "LuaRuntime", "JSON", "Engine", "Templates", "Scenarios", "CLua", "CJansson", "CLuaSupport", "CBaselines",
        ], path: "Benchmarks", exclude: ["CBaselines", "README.md"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "LuaRuntime", "TestSupport"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine", "TestSupport"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates", "Engine", "TestSupport"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "TestSupport"]),
        .testTarget(name: "ctluaTests", dependencies: ["ctlua", "LuaRuntime", "TestSupport"]),
    ]
)

// Strict settings for every Swift target, from one place.
for target in package.targets where target.type != .system && target.name != "CLuaSupport" && target.name != "CBaselines" {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
