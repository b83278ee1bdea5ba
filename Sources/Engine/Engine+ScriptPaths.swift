import Foundation
import LuaRuntime

/// Paths as scripts see them. An engine's state (its file cache, downloads) is in a temporary folder
/// with a random name unless a state directory is given; a path inside it that reached a script
/// (`ctx:file("image")`), and from there the transcript, a snapshot, the report or `ctlua render`,
/// would differ from run to run. Scripts see the state directory as ``scriptStateDirectory``
/// instead, the same in every run; under `full` the `io` functions open those paths, and Swift
/// maps them back with ``localPath(_:)``.
extension Engine {
    /// The state directory as scripts see it.
    public static let scriptStateDirectory = "/ctlua/state"

    /// `path` as scripts see it: inside the state directory, under ``scriptStateDirectory``;
    /// anything else unchanged.
    public func scriptPath(_ path: String) -> String {
        Self.mapPrefix(path, from: storage.directory.path, to: Self.scriptStateDirectory)
    }

    /// The real path of a path a script was given (inverse of ``scriptPath(_:)``).
    public func localPath(_ path: String) -> String {
        Self.mapPrefix(path, from: Self.scriptStateDirectory, to: storage.directory.path)
    }

    /// `path` with the folder `from` (itself or a path under it) replaced by `to`.
    static func mapPrefix(_ path: String, from: String, to: String) -> String {
        if path == from { return to }
        let folder = from.hasSuffix("/") ? from : from + "/"
        guard path.hasPrefix(folder) else { return path }
        return to + "/" + path.dropFirst(folder.count)
    }

    /// Under `full`: `io.open`, `io.lines`, `loadfile` and `dofile` open a path under
    /// ``scriptStateDirectory`` in the state directory (under `strict` scripts open no file).
    func installScriptPaths() throws {
        guard configuration.policy == .full else { return }
        let chunk = try lua.load("""
            local virtual, real = ...
            local function map(path)
              if type(path) == "string" and (path == virtual or path:sub(1, #virtual + 1) == virtual .. "/") then
                return real .. path:sub(#virtual + 1)
              end
              return path
            end
            local open, lines, loadfile, dofile = io.open, io.lines, loadfile, dofile
            io.open = function(path, ...) return open(map(path), ...) end
            io.lines = function(path, ...) return lines(map(path), ...) end
            _G.loadfile = function(path, ...) return loadfile(map(path), ...) end
            _G.dofile = function(path) return dofile(map(path)) end
            """, name: "=ctlua.paths")
        try chunk.call(.string(LuaString(Self.scriptStateDirectory)), .string(LuaString(storage.directory.path)))
    }
}
