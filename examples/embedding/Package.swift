// swift-tools-version:6.0
// An app's Swift package that embeds ctlua (docs/embedding.md): it depends on ctlua by path here;
// an app outside this repository uses `.package(url: "https://github.com/<owner>/ctlua", exact: "0.2.0")`.
import PackageDescription

let package = Package(
    name: "EmbeddingExample",
    platforms: [.macOS(.v13)],
    // `name:`: a path dependency is known by its folder's name otherwise (a clone need not be named ctlua).
    dependencies: [.package(name: "ctlua", path: "../..")],
    targets: [
        .executableTarget(name: "EmbeddingExample", dependencies: [.product(name: "CTLuaKit", package: "ctlua")],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
