import Engine
import Foundation
import JSON
import LuaRuntime

/// Finds scenario files: files named on the command line (always, whatever their content), and in
/// folders (searched recursively, hidden entries, `__snapshots__` and other repositories skipped,
/// sorted by path) the files that are
/// scenarios by the folder rule, so presenters, definitions and fixtures beside them are not taken
/// for scenarios:
/// - a `.json` file whose top-level object has a `steps` key and that no system recognises as one
///   of its own files (an Appcues experience has `steps` too: `isSystemFile` names its kind), or a
///   file that is not valid JSON whose text contains `"steps"` (so a typo in a scenario is
///   reported, not skipped);
/// - a `.lua` file named `*_test.lua` or `*.test.lua`.
public enum ScenarioDiscovery {
    /// A file found, with the path as discovered (relative to the current folder when inside it,
    /// else argument + path inside the folder) and absolute.
    public struct Found: Sendable, Equatable {
        public var relativePath: String
        public var file: String
        /// Why a file found in a folder was taken as a scenario (nil: named on the command line);
        /// load errors say it.
        public var rule: String?
        /// The file's JSON text as read, when discovery read it (a `.json` file in a folder, read
        /// to apply the folder rule): the loader reads and parses no file twice.
        var document: Result<JSONReader, LocatedProblem>?

        public init(relativePath: String, file: String, rule: String? = nil) {
            self.relativePath = relativePath
            self.file = file
            self.rule = rule
        }

        public static func == (a: Found, b: Found) -> Bool { a.relativePath == b.relativePath && a.file == b.file }
    }

    /// The extensions of scenario files.
    public static let extensions: Set<String> = ["json", "lua"]

    /// Every scenario file under `paths` (duplicates removed, first occurrence kept), and an
    /// error for each path that does not exist.
    /// `isSystemFile` names the kind of a document a system reads (nil: none), so such a file in a
    /// folder is not taken for a scenario. `everyFile` (`ctlua check`): every `.json` and `.lua`
    /// file of a folder, scenario or not.
    public static func find(_ paths: [String], fileManager: FileManager = .default,
                            isSystemFile: (JSONValue) -> String? = { _ in nil },
                            everyFile: Bool = false) -> (files: [Found], errors: [LocatedProblem]) {
        var files: [Found] = []
        var errors: [LocatedProblem] = []
        var seen: Set<String> = []
        let cwd = fileManager.currentDirectoryPath
        for argument in paths {
            let absolute = normalize(argument.hasPrefix("/") ? argument : cwd + "/" + argument)
            let display = relativeToCurrentFolder(absolute, cwd: normalize(cwd)) ?? normalize(argument)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                errors.append(LocatedProblem(file: argument, message: "no such file or directory"))
                continue
            }
            var found: [Found] = []
            if isDirectory.boolValue {
                guard let enumerator = fileManager.enumerator(atPath: absolute) else {
                    errors.append(LocatedProblem(file: argument, message: "cannot read: cannot list the folder"))
                    continue
                }
                var repositories: [String] = []
                while let sub = enumerator.nextObject() as? String {
                    let components = sub.split(separator: "/")
                    if components.contains(where: { $0.hasPrefix(".") || $0 == "__snapshots__" }) { continue }
                    if repositories.contains(where: { sub.hasPrefix($0) }) { continue }
                    if isOtherRepository(absolute + "/" + sub, fileManager: fileManager) {
                        repositories.append(sub + "/")
                        enumerator.skipDescendants()
                        continue
                    }
                    guard let ext = sub.split(separator: ".").last.map(String.init), sub.contains("."),
                          extensions.contains(ext.lowercased()) else { continue }
                    var isDir: ObjCBool = false
                    let full = absolute + "/" + sub
                    guard fileManager.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue else { continue }
                    var item = Found(relativePath: display == "." ? sub : display + "/" + sub, file: full)
                    guard let rule = everyFile ? "" : folderRule(&item, isSystemFile: isSystemFile) else { continue }
                    item.rule = rule
                    found.append(item)
                }
                found.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
            } else {
                found = [Found(relativePath: display, file: absolute)]
            }
            for item in found where seen.insert(item.file).inserted { files.append(item) }
        }
        return (files, errors)
    }

    /// A folder inside a searched folder that holds its own `.git` (a git submodule, whose `.git`
    /// is a file, or a clone) is another repository: an app's checkout of ctlua at `./ctlua`, a
    /// vendored library. Its files are not the app's: a search does not enter it (naming the folder
    /// itself searches it).
    static func isOtherRepository(_ folder: String, fileManager: FileManager = .default) -> Bool {
        var isDirectory: ObjCBool = false
        return fileManager.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
            && fileManager.fileExists(atPath: folder + "/.git")
    }

    /// The folder rule (see the type's documentation).
    public static func isScenarioInFolder(_ path: String, isSystemFile: (JSONValue) -> String? = { _ in nil }) -> Bool {
        scenarioRule(path, isSystemFile: isSystemFile) != nil
    }

    /// The part of the folder rule that takes `path` as a scenario, in words; nil when it is not one.
    public static func scenarioRule(_ path: String, isSystemFile: (JSONValue) -> String? = { _ in nil }) -> String? {
        var found = Found(relativePath: path, file: path)
        return folderRule(&found, isSystemFile: isSystemFile)
    }

    /// ``scenarioRule(_:isSystemFile:)`` of a file found; a `.json` file it reads keeps its parsed
    /// document (or its syntax error) for the loader.
    static func folderRule(_ found: inout Found, isSystemFile: (JSONValue) -> String?) -> String? {
        let name = (found.file as NSString).lastPathComponent.lowercased()
        if name.hasSuffix(".lua") {
            return name.hasSuffix("_test.lua") || name.hasSuffix(".test.lua") ? "a .lua file named *_test.lua or *.test.lua" : nil
        }
        guard name.hasSuffix(".json"), let bytes = try? FileBytes.read(found.file) else { return nil }
        do {
            let reader = try JSONReader(file: found.relativePath, bytes: bytes)
            found.document = .success(reader)
            guard reader.root.objectValue?["steps"] != nil, isSystemFile(reader.root) == nil else { return nil }
            return "a .json file whose top-level object has a \"steps\" key and that no system recognises"
        } catch {
            found.document = .failure(error)
            return String(decoding: bytes, as: UTF8.self).contains("\"steps\"")
                ? "a .json file that is not valid JSON but contains \"steps\"" : nil
        }
    }

    /// The name of a `.lua` scenario from its file name: `banner_test.lua` and `banner.test.lua`
    /// are `banner`.
    public static func luaScenarioName(_ stem: String) -> String {
        for suffix in ["_test", ".test"] where stem.count > suffix.count && stem.lowercased().hasSuffix(suffix) {
            return String(stem.dropLast(suffix.count))
        }
        return stem
    }

    /// `absolute` relative to `cwd` when inside it (so shard hashes do not depend on where the
    /// checkout lives), else nil.
    static func relativeToCurrentFolder(_ absolute: String, cwd: String) -> String? {
        if absolute == cwd { return "." }
        let prefix = cwd == "/" ? "/" : cwd + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    /// Removes `.` components, repeated and trailing slashes, and resolves `..` where possible.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
