import Foundation
import JSON
import LuaRuntime
import SystemKit

/// The files a scenario names (its `scripts`, its `include`s and their scripts, `setup.files`
/// fixtures, every file a system's setup member or step names) lie inside the scenario's folder,
/// the folders of the run (the paths given to `ctlua test` or `ctlua check`) or the working
/// folder (the project, as for `app.load`), symbolic links resolved (``PathConfinement``). One
/// outside is a load error that names it as written: nothing outside is read, so no load error
/// quotes a host file, and the error is the same whether or not that file exists.
extension ScenarioLoader {
    /// The folders of the paths a run was given: a folder as is, a file's folder.
    static func runFolders(_ paths: [String]) -> [String] {
        let cwd = FileManager.default.currentDirectoryPath
        return paths.map { path in
            let absolute = ScenarioDiscovery.normalize(path.hasPrefix("/") ? path : cwd + "/" + path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), !isFolder.boolValue else { return absolute }
            return (absolute as NSString).deletingLastPathComponent
        }
    }

    /// Whether `file` (absolute, as it will be read) may be read for a scenario in `directory`.
    func isConfined(_ file: String, directory: String) -> Bool {
        PathConfinement.isInside(file, roots: [directory, FileManager.default.currentDirectoryPath] + runFolders, mustExist: false)
    }

    /// The problem of a file named outside the allowed folders.
    static func outside(_ name: String) -> String {
        "\(JSONWriter.quote(name)) is outside the scenario's folder, the run's folders and the working folder (a scenario reads files only inside them)"
    }

    /// Every file the setup (after includes) and the steps name, through the systems' file
    /// references (the list `ctlua check` uses): a problem for each one outside.
    func confineNamedFiles(setup: JSONValue, steps: [ScenarioStep], directory: String, into v: inout Validation) {
        let references = CoreSteps.fileReferences + registry.catalog.systems.flatMap(\.checks.references)
        for reference in references {
            var named: [(JSONPath, String)] = []
            switch reference.place {
            case .setup(let member):
                if let value = setup.objectValue?[member] { named += reference.files(value, JSONPath.root.key("setup").key(member)) }
            case .step(let name):
                for step in steps where step.name == name { named += reference.files(step.object, JSONPath.root.key("steps").index(step.index)) }
            }
            for (path, name) in named {
                let file = ScenarioDiscovery.normalize(name.hasPrefix("/") ? name : directory + "/" + name)
                if !isConfined(file, directory: directory) { v.add(path, Self.outside(name)) }
            }
        }
    }
}
