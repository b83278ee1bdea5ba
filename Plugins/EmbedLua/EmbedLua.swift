import Foundation
import PackagePlugin

/// Embeds a target's Lua library in its binary: every `.lua` file under the target's `lua/`
/// folders becomes an entry of `EmbeddedLua.files` (keyed by file name), generated at build time
/// by `EmbedLuaTool`. The Lua stays in `.lua` files, where luacheck and editors see it.
@main
struct EmbedLua: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        // The target's files SwiftPM does not compile itself reach the plugin as its inputs.
        var inputs = (target as? any SourceModuleTarget)?.sourceFiles(withSuffix: "lua").map(\.url)
            .filter { $0.deletingLastPathComponent().lastPathComponent == "lua" } ?? []
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
        return [.buildCommand(
            displayName: "Embedding \(inputs.count) Lua files in \(target.name)",
            executable: try context.tool(named: "EmbedLuaTool").url,
            arguments: [output.path] + inputs.map(\.path),
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
