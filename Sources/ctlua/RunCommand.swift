import ArgumentParser
import Engine
import Foundation
import LuaRuntime

/// `ctlua run FILE [ARGS...]`: runs a script as `lua5.4` does.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a Lua script (global `arg` as in lua.c; `...` holds the arguments).")

    @OptionGroup var host: HostOptions
    @Argument(help: "The script, then its arguments.") var file: String
    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let engine = try host.makeEngine(scriptRoots: [folder])
        let lua = engine.lua
        let arg = lua.newTable()
        arg[-1] = "ctlua"
        arg[0] = .string(LuaString(file))
        for (i, a) in arguments.enumerated() { arg[i + 1] = .string(LuaString(a)) }
        lua.globals["arg"] = .table(arg)
        do {
            let chunk = try lua.loadFile(file)
            try chunk.call(arguments: arguments.map { .string(LuaString($0)) })
            engine.settle()
        } catch {
            throw HostFailure.report(error)
        }
    }
}
