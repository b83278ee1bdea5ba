import CTLuaKit
import Foundation

/// The preview's state, owned by the engine thread (``EngineThread``): the start points, the
/// session now, and the log of what was done. Every request becomes one call here; what leaves
/// is JSON text.
final class SessionHost {
    let project: ProjectFolder
    let starts: [StartPoint]
    let makeSession: SessionFactory
    /// The steps the page offers as examples: `{name, system, summary, example}`.
    let steps: [JSONValue]
    private(set) var session: (any PreviewSession)?
    private(set) var start: StartPoint?
    /// Bumped at every change the page should show (`GET /api/state?since=N`).
    private(set) var version = 1
    /// What was done and what went wrong, oldest first (the last ``maxLog`` kept).
    private(set) var log: [JSONValue] = []
    private var logCount = 0
    /// Files this preview wrote (recorded scenarios): their change reloads nothing.
    private var written: Set<String> = []
    static let maxLog = 300
    static let maxTranscript = 400

    init(project: ProjectFolder, starts: [StartPoint], steps: [JSONValue] = [], makeSession: @escaping SessionFactory) {
        self.project = project
        self.starts = starts
        self.steps = steps
        self.makeSession = makeSession
    }

    // MARK: Actions (each returns `{"ok": true}` or `{"ok": false, "error": ...}`)

    func begin(_ id: Int) -> JSONValue {
        guard let point = starts.first(where: { $0.id == id }) else { return failure("no start point \(id)") }
        do {
            let made = try makeSession(point)
            session = made
            start = point
            note("start", "started from \(point.label)")
            for problem in made.startFailures { note("error", "the start: \(problem)") }
            return ["ok": true]
        } catch {
            session = nil
            start = point
            return failure("cannot start from \(point.label): \(error)")
        }
    }

    func perform(_ step: JSONValue) -> JSONValue {
        guard let session else { return failure("no session: choose a start point first") }
        let text = Self.compact(step)
        if let problem = session.perform(step) {
            return failure("\(text): \(problem)", step: step)
        }
        note("step", text, step: step)
        return ["ok": true]
    }

    func pin() -> JSONValue {
        guard let session else { return failure("no session: choose a start point first") }
        session.pin()
        note("pin", "pinned an expect of the state now")
        return ["ok": true]
    }

    func save(name: String, scenarioName: String, replace: Bool) -> JSONValue {
        guard let session else { return failure("no session: nothing recorded yet") }
        do {
            let path = try project.saveTarget(name)
            written.insert(path)
            let problem = try session.save(path: path, name: scenarioName.isEmpty ? nil : scenarioName, overwrite: replace)
            let relative = project.relative(path)
            if let problem { return failure("saved \(relative), but it does not pass `ctlua test`: \(problem)") }
            note("save", "saved \(relative) (\(session.recorded.count) steps); it passes `ctlua test \(relative)`")
            return ["ok": true, "path": .string(relative)]
        } catch let error as ProjectFolder.SaveError {
            return failure(error.description)
        } catch {
            return failure("cannot save: \(error)")
        }
    }

    /// Files under the watched paths changed: replays the session on a fresh engine.
    func reload(changed: [String]) {
        let changed = changed.filter { !written.contains($0) }
        guard !changed.isEmpty, let session else { return }
        let names = changed.map(project.relative).sorted().joined(separator: ", ")
        do {
            let problems = try session.replay()
            note("reload", "\(names) changed: replayed \(session.recorded.count) steps"
                 + (problems.isEmpty ? "" : "; \(problems.count) no longer pass"))
            for problem in problems { note("error", problem) }
        } catch {
            note("error", "\(names) changed: the replay failed: \(error)")
        }
    }

    // MARK: State

    /// The page's view of everything, or only `{"version": N}` when nothing changed since `since`.
    func state(since: Int?) -> String {
        if since == version { return #"{"version":\#(version)}"# }
        var object: JSONObject = ["version": .integer(Int64(version)), "project": .string(project.root)]
        object["starts"] = .array(starts.map { point in
            var item: JSONObject = ["id": .integer(Int64(point.id)), "kind": .string(point.kind.rawValue), "label": .string(point.label)]
            if let relative = point.relativePath { item["file"] = .string(relative) }
            return .object(item)
        })
        object["steps"] = .array(steps)
        object["start"] = start.map { .integer(Int64($0.id)) } ?? .null
        object["saveName"] = .string(defaultSaveName())
        object["log"] = .array(log)
        if let session {
            let screen = session.screen
            object["svg"] = .string(ScreenSVG.render(screen))
            object["views"] = .array(screen.layers.flatMap { layer in
                layer.views.flatMap(\.flattened).compactMap { item -> JSONValue? in
                    guard let id = item.view.id else { return nil }
                    var view: JSONObject = ["id": .string(id), "kind": .string(item.view.kind), "tappable": .bool(item.view.tappable),
                                            "owner": .string(layer.owner)]
                    if let text = item.view.text { view["text"] = .string(text) }
                    let options = item.view.children.filter { $0.kind == "option" }.compactMap(Self.optionValue)
                    if !options.isEmpty { view["options"] = .array(options.map(JSONValue.string)) }
                    return .object(view)
                }
            })
            object["panels"] = .array(session.panels.map { panel in
                ["key": .string(panel.key), "system": panel.system.map(JSONValue.string) ?? .null, "value": panel.value]
            })
            object["recorded"] = .array(session.recorded)
            let events = session.transcript
            object["transcriptCount"] = .integer(Int64(events.count))
            object["transcript"] = .array(events.suffix(Self.maxTranscript).map(\.json))
        }
        let value = JSONValue.object(object)
        return (try? value.encoded()) ?? #"{"version":\#(version),"log":[{"kind":"error","text":"the state is not JSON"}]}"#
    }

    /// The value of an option view: its `value` detail (`value: developer`) or its text.
    static func optionValue(_ view: ScreenView) -> String? {
        for detail in view.details where detail.hasPrefix("value: ") {
            var value = String(detail.dropFirst(7))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return view.text
    }

    /// Where "save" proposes to write: beside the start scenario (its relative paths stay right).
    func defaultSaveName() -> String {
        let folder = project.relative(start?.folder ?? project.root)
        let base = start?.relativePath.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "session"
        let file = "recorded_\(base).json"
        return folder == project.root || folder.isEmpty ? file : folder + "/" + file
    }

    // MARK: Log

    private func failure(_ message: String, step: JSONValue? = nil) -> JSONValue {
        note("error", message, step: step)
        return ["ok": false, "error": .string(message)]
    }

    private func note(_ kind: String, _ text: String, step: JSONValue? = nil) {
        logCount += 1
        var entry: JSONObject = ["n": .integer(Int64(logCount)), "kind": .string(kind), "text": .string(text)]
        if let step { entry["step"] = step }
        log.append(.object(entry))
        if log.count > Self.maxLog { log.removeFirst(log.count - Self.maxLog) }
        version += 1
    }

    static func compact(_ value: JSONValue) -> String { (try? value.encoded()) ?? "\(value)" }
}
