import Foundation
import Engine
import JSON
import LuaRuntime

/// Shared setup: `"include": ["../shared/banner_setup.json"]` reads files holding `scripts` and
/// `setup` that several scenarios share. Their scripts (relative to the included file) run before
/// the scenario's; their `setup` members apply as if written in the scenario, which overrides them
/// member by member (object members, such as `templates`, merge by key, the scenario's winning).
extension ScenarioLoader {
    static let includeKeys: Set<String> = ["description", "scripts", "setup"]

    /// The scripts (absolute paths) and setup of the files `object["include"]` names, or problems.
    func includes(_ object: JSONObject, directory: String, into v: inout Validation) -> (scripts: [String], setup: JSONObject) {
        guard let value = object["include"] else { return ([], [:]) }
        let problems = ValueShape.arrayOf(.string).check(value, at: .root.key("include"))
        v.add(problems)
        guard problems.isEmpty else { return ([], [:]) }
        var scripts: [String] = []
        var setup: JSONObject = [:]
        for (i, item) in (value.arrayValue ?? []).enumerated() {
            let path = JSONPath.root.key("include").index(i)
            let relative = item.stringValue ?? ""
            let file = ScenarioDiscovery.normalize(relative.hasPrefix("/") ? relative : directory + "/" + relative)
            guard isConfined(file, directory: directory) else {
                v.add(path, Self.outside(relative))
                continue
            }
            guard let bytes = try? FileBytes.read(file) else {
                v.add(path, "included file not found or not readable: \(file)")
                continue
            }
            guard let included = try? JSONDocument(bytes: bytes).value, case .object(let members) = included else {
                v.add(path, "included file is not a JSON object: \(file)")
                continue
            }
            for key in members.keys where !Self.includeKeys.contains(key) {
                v.add(path, "\(file): " + NameSuggestion.unknown("key", key, " in an included file", known: Self.includeKeys, quote: JSONWriter.quote))
            }
            let folder = (file as NSString).deletingLastPathComponent
            for (j, script) in (members["scripts"]?.arrayValue ?? []).enumerated() {
                guard let name = script.stringValue else {
                    v.add(path, "\(file): scripts[\(j)]: expected a string")
                    continue
                }
                let resolved = ScenarioDiscovery.normalize(name.hasPrefix("/") ? name : folder + "/" + name)
                if !isConfined(resolved, directory: directory) {
                    v.add(path, "\(file): scripts[\(j)]: " + Self.outside(name))
                } else if !FileManager.default.isReadableFile(atPath: resolved) {
                    v.add(path, "\(file): scripts[\(j)]: script not found: \(resolved)")
                }
                scripts.append(resolved)
            }
            if let members = members["setup"] {
                guard case .object(let object) = members else {
                    v.add(path, "\(file): setup: expected an object")
                    continue
                }
                setup = Self.merge(setup, object)
            }
        }
        return (scripts, setup)
    }

    /// `base` overridden by `over`, member by member; object members merge by key.
    static func merge(_ base: JSONObject, _ over: JSONObject) -> JSONObject {
        var out = base
        for (key, value) in over {
            if case .object(let a) = out[key], case .object(let b) = value {
                var merged = a
                for (k, v) in b { merged[k] = v }
                out[key] = .object(merged)
            } else {
                out[key] = value
            }
        }
        return out
    }
}
