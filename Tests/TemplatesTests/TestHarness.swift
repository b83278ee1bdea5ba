import Engine
import Foundation
import JSON
import Templates
import TestSupport

/// A presenter recording every call, with optional behaviour per call.
final class RecordingPresenter: TemplatePresenter {
    var calls: [String] = []
    var contexts: [CustomTemplateContext] = []
    var presentAction: ((CustomTemplateContext) throws -> Void)?
    var closeAction: ((CustomTemplateContext) throws -> Void)?

    init(onPresent: ((CustomTemplateContext) throws -> Void)? = nil) { presentAction = onPresent }

    func onPresent(context: CustomTemplateContext) throws {
        calls.append("present:\(context.templateName):\(context.notification.id)")
        contexts.append(context)
        try presentAction?(context)
    }

    func onClose(context: CustomTemplateContext) throws {
        calls.append("close:\(context.templateName):\(context.notification.id)")
        try closeAction?(context)
    }
}

struct PresenterFailure: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// A fresh engine-like setup: clock, transcript, storage in a temp dir, manager, controller.
final class Harness {
    let clock = VirtualClock()
    let transcript: Transcript
    let storage: Storage
    let manager: TemplatesManager
    var controller: InAppController
    let presenter = RecordingPresenter()

    init(templates: (RecordingPresenter) throws -> [CustomTemplate], fetcher: ((Storage, VirtualClock) -> any FileFetcher)? = nil,
         directory: URL? = nil) throws {
        let clock = self.clock
        transcript = Transcript(clock: { clock.now })
        storage = try Storage(directory: directory ?? TemporaryFolder.make())
        manager = try TemplatesManager()
        try manager.register(templates(presenter))
        let files = fetcher?(storage, clock) ?? LocalFileFetcher()
        controller = InAppController(manager: manager, transcript: transcript, clock: clock, storage: storage, fileFetcher: files)
    }

    /// The presenter keeps the contexts it saw, and each context its template, whose
    /// presenter it is: break that cycle so LeakSanitizer sees every test's values freed.
    deinit {
        presenter.contexts.removeAll()
        presenter.presentAction = nil
        presenter.closeAction = nil
    }

    /// Delivers and runs the loop until idle.
    func deliver(_ payload: JSONValue) throws {
        try controller.deliver(payload)
        clock.drain()
    }

    /// Transcript events of the given types as `type id` strings (or `type template`).
    func trace(_ prefixes: String...) -> [String] {
        transcript.events.filter { e in prefixes.contains { e.type.hasPrefix($0) } }.map { e in
            let key = e["id"]?.stringValue ?? e["template"]?.stringValue ?? e["url"]?.stringValue ?? ""
            return "\(e.type) \(key)"
        }
    }

    func events(_ type: String) -> [TranscriptEvent] { transcript.events.filter { $0.type == type } }
}

/// A custom-code in-app notification.
func inapp(_ id: String, _ template: String, priority: Int64? = nil, ti: Int64 = 1, vars: JSONObject = [:]) -> JSONValue {
    var object: JSONObject = ["type": "custom-code", "templateName": .string(template), "ti": .integer(ti),
                              "wzrk_id": .string(id), "vars": .object(vars)]
    if let priority { object["priority"] = .integer(priority) }
    return .object(object)
}

/// A template with the given arguments (`type`/default pairs) built with the builder.
func makeTemplate(_ name: String, presenter: any TemplatePresenter, _ setup: (CustomTemplateBuilder) throws -> Void = { _ in })
    throws -> CustomTemplate {
    let b = CustomTemplateBuilder()
    try b.setName(name)
    try setup(b)
    b.setPresenter(presenter)
    return try b.build()
}

func makeFunction(_ name: String, visual: Bool, presenter: any TemplatePresenter,
                  _ setup: (AppFunctionBuilder) throws -> Void = { _ in }) throws -> CustomTemplate {
    let b = AppFunctionBuilder(isVisual: visual)
    try b.setName(name)
    try setup(b)
    b.setPresenter(presenter)
    return try b.build()
}

/// Canonical text: sorted keys, compact.
func canonical(_ value: JSONValue) -> String { (try? value.encoded(options: JSONEncodeOptions(sortKeys: true))) ?? "\(value)" }
