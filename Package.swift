// swift-tools-version:6.0
import PackageDescription
#if os(Linux)
import Glibc
/// The C library's dynamic loader applies DT_RELR relocations from glibc 2.36 on
/// (`confstr` answers "glibc 2.36"; another C library answers nothing: false).
let linuxLoaderReadsRELR: Bool = {
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return false }
    let text = String(cString: buffer)
    guard text.hasPrefix("glibc ") else { return false }
    let version = text.dropFirst(6).split(separator: ".").compactMap { Int($0) }
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
}()
#else
let linuxLoaderReadsRELR = false
#endif

let package = Package(
    name: "ctlua",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ctlua", targets: ["ctlua"]),
        // ctlua as a Swift dependency: one library product, its stable API in docs/embedding.md
        // (`CTLuaKit`, not `CTLua`: a `Sources/CTLua` folder would be `Sources/ctlua` on a
        // case-insensitive file system).
        .library(name: "CTLuaKit", targets: ["CTLuaKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]),
        .systemLibrary(
            name: "CJansson", path: "Sources/CJansson", pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]),
        .systemLibrary(
            name: "CReadline", path: "Sources/CReadline",
            providers: [.apt(["libreadline-dev"]), .brew(["readline"])]),
        .target(name: "CLuaSupport", dependencies: ["CLua", "CJansson"], path: "Sources/CLuaSupport",
                linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The C library (Glibc or Darwin) and the calls that differ between them: the one place.
        .target(name: "Platform"),
        .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaSupport", "Platform"]),
        .target(name: "JSON", dependencies: [
            "CJansson", "CLua", "CLuaSupport", "LuaRuntime",
            .product(name: "Collections", package: "swift-collections"),
        ]),
        .target(name: "Engine", dependencies: [
            "Platform", "LuaRuntime", "JSON", .product(name: "Collections", package: "swift-collections"),
        ]),
        // The plug-in kit: how a system declares what it brings (steps, setup, expectations, events, REPL and CLI commands).
        .target(name: "SystemKit", dependencies: [
            "Engine", "JSON", "LuaRuntime", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Collections", package: "swift-collections"),
        ]),
        // Systems: one folder each, a plug-in through SystemKit.
        .target(name: "Templates", dependencies: [
            "Engine", "LuaRuntime", "JSON", "SystemKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "FlowX", dependencies: [
            "Engine", "LuaRuntime", "JSON", "SystemKit", .product(name: "Collections", package: "swift-collections"),
        ]),
        .target(name: "Hooks", dependencies: [
            "Engine", "LuaRuntime", "JSON", "SystemKit", .product(name: "Collections", package: "swift-collections"),
        ]),
        .target(name: "Traits", dependencies: [
            "Engine", "LuaRuntime", "JSON", "SystemKit", .product(name: "Collections", package: "swift-collections"),
        ], plugins: ["EmbedLua"]),
        // Build-time: the built-in traits' Lua (`Sources/Traits/Library/lua/*.lua`) embedded in the binary.
        .executableTarget(name: "EmbedLuaTool"),
        .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["EmbedLuaTool"]),
        // The catalog: the one place that lists the systems.
        .target(name: "Systems", dependencies: ["SystemKit", "Templates", "FlowX", "Hooks", "Traits"]),
        // Scenarios know systems only through a catalog they are given.
        .target(name: "Scenarios", dependencies: [
            "Platform", "Engine", "SystemKit", "JSON", "LuaRuntime", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The library product: re-exports the stable API (docs/embedding.md).
        .target(name: "CTLuaKit", dependencies: ["Engine", "LuaRuntime", "JSON", "SystemKit", "Systems", "Scenarios"]),
        .target(name: "TestSupport", dependencies: ["Engine", "LuaRuntime", "JSON", "SystemKit"]),
        .executableTarget(name: "ctlua", dependencies: [
            "CTLuaKit", "Platform", "Scenarios", "Systems", "SystemKit", "Engine", "JSON", "LuaRuntime", "CReadline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "CBaselines", dependencies: ["CLua", "CJansson"], path: "Benchmarks/CBaselines"),
        .executableTarget(name: "Benchmarks", dependencies: [
            "Platform", "LuaRuntime", "JSON", "Engine", "Templates", "FlowX", "Hooks", "Traits", "Systems", "SystemKit", "Scenarios", "CLua", "CJansson", "CLuaSupport", "CBaselines",
        ], path: "Benchmarks", exclude: ["CBaselines", "README.md"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "TestSupport", "CLua"]),
        // C helpers of the JSON tests (Lua states with the `json` module, no LuaRuntime): test-only.
        .target(name: "CJSONTestSupport", dependencies: ["CLuaSupport", "CLua"], path: "Tests/CJSONTestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "LuaRuntime", "TestSupport", "CJSONTestSupport"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine", "TestSupport"]),
        .testTarget(name: "SystemKitTests", dependencies: ["SystemKit", "Scenarios", "Systems", "Engine", "JSON", "TestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "TestSupport"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Platform", "Templates", "SystemKit", "Engine", "TestSupport"]),
        .testTarget(name: "FlowXTests", dependencies: ["FlowX", "SystemKit", "Engine", "JSON", "LuaRuntime", "TestSupport"]),
        .testTarget(name: "HooksTests", dependencies: ["Hooks", "SystemKit", "Scenarios", "Systems", "Engine", "TestSupport"]),
        .testTarget(name: "TraitsTests", dependencies: ["Traits", "SystemKit", "Engine", "JSON", "LuaRuntime", "TestSupport"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "SystemKit", "TestSupport"]),
        .testTarget(name: "CTLuaKitTests", dependencies: ["CTLuaKit", "TestSupport"]),
        .testTarget(name: "ctluaTests", dependencies: ["ctlua", "Systems", "Scenarios", "SystemKit", "LuaRuntime", "TestSupport"]),
    ]
)

// Strict settings for every Swift target, from one place.
for target in package.targets where target.type != .system && target.type != .plugin && !["CLuaSupport", "CBaselines", "CJSONTestSupport"].contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}

// Release tuning of the executables only: SwiftPM refuses a versioned dependency whose library
// products contain `unsafeFlags` ("contains unsafe build flags"), so no library target has any
// (a test reads `swift package dump-package` and fails if one does). ctlua's own release builds
// (scripts/install, scripts/bench) also pass the first flag to every module with `-Xswiftc`.
// - `-disable-concrete-type-metadata-mangled-name-accessors`: a concrete generic type's metadata
//   is reached through its accessor, not by demangling its name at run time; the mangled-name path
//   looks every conformance of a generic requirement up by scanning the binary's ~6,000
//   conformance records, 2.3 M instructions of `ctlua -e ''` (Benchmarks/README.md, B7). Code
//   generation only.
// - Linux: only the symbols the shared libraries need are exported (`--static-swift-stdlib`
//   exports every symbol of our objects, ~13,000: the dynamic loader's lookups and the Swift
//   runtime's start-up `dladdr` walk them); where the C library's loader reads packed relative
//   relocations (DT_RELR, glibc 2.36), the ~80,000 relative relocations of the static Swift
//   runtime and Foundation are packed (lld).
for target in package.targets where target.type == .executable && ["ctlua", "Benchmarks"].contains(target.name) {
    var swiftSettings = target.swiftSettings ?? []
    swiftSettings.append(.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                                      .when(configuration: .release)))
    target.swiftSettings = swiftSettings
    var flags = ["-Xlinker", "--no-export-dynamic"]
    if linuxLoaderReadsRELR { flags += ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    var settings = target.linkerSettings ?? []
    settings.append(.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release)))
    target.linkerSettings = settings
}
