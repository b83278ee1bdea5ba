import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// Experience traits as a plug-in: the `traits` module, the `show`, `page` and `dismiss` steps,
/// the `experience` and `tree` expectation keys, the experience, step, trait and metadata
/// events, and `:traits`.
extension TraitsSystem: SystemPlugin {
    public static var name: String { "traits" }
    public static var summary: String {
        "Appcues experience traits: registry, experience JSON, composer, headless views, metadata, built-in @appcues traits"
    }
    public static var modules: [LuaModuleInfo] {
        [LuaModuleInfo(name: "traits", summary: "register traits (Lua), show experiences, page, dismiss, read the composed tree",
                       typesFile: "types/traits.lua")]
    }

    public static func make(for engine: Engine) throws -> TraitsSystem { TraitsSystem(engine: engine) }

    public static var steps: [SystemStep<TraitsSystem>] {
        [
            SystemStep(
                "show", value: .record(members: ["experience": .anyOf([.object, .string]), "group": .number, "step": .number],
                                       required: ["experience"]),
                summary: "shows an experience (an object, or the path of a JSON file relative to the scenario) at `group` and `step` (1-based, default 1); a composing or presenting error is a `step.error` event",
                example: #"{"show": {"experience": "fixtures/tour.json", "group": 1, "step": 1}}"#
            ) { system, context in
                let reader: JSONReader
                switch context.value["experience"] {
                case .string(let path)?:
                    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.directory, isDirectory: true))
                    let bytes: [UInt8]
                    do { bytes = try FileBytes.read(url.standardizedFileURL.path) } catch {
                        throw SystemError("show: cannot read \(url.standardizedFileURL.path) (\((error as? FileBytes.Failure)?.problem ?? "\(error)"))")
                    }
                    do { reader = try JSONReader(file: path, bytes: bytes) } catch { throw SystemError("show: \(error)") }
                case let value?: reader = JSONReader(value: value)
                case nil: throw SystemError("show: missing experience")
                }
                let group = try index(context.value["group"], "group")
                let step = try index(context.value["step"], "step")
                do { try system.show(reader, group: group, step: step) } catch let error as LocatedProblem {
                    throw SystemError("show: invalid experience: \(error)")
                } catch let error as TraitsUsageError { throw SystemError("show: \(error)") }
            },
            SystemStep(
                "page", value: .number,
                summary: "changes the page (1-based) inside the shown container: its decorators undecorate, decorate for the new step and publish the metadata",
                example: #"{"page": 2}"#
            ) { system, context in
                let page = try index(context.value, "page")
                do { try system.renderer.page(page) } catch let error as TraitsUsageError { throw SystemError("page: \(error)") }
                context.engine.settle()
            },
            SystemStep(
                "dismiss", value: .boolean,
                summary: "dismisses the shown experience (its presenting trait's `remove`); fails when nothing is shown",
                example: #"{"dismiss": true}"#
            ) { system, context in
                if !system.renderer.dismiss() { throw SystemError("dismiss: no experience is shown") }
                context.engine.settle()
            },
        ]
    }

    /// A 1-based index member as 0-based (absent: 0).
    static func index(_ value: JSONValue?, _ name: String) throws -> Int {
        guard let value else { return 0 }
        guard let n = value.integerValue, n >= 1, n <= Int64(Int32.max) else {
            throw SystemError("\(name) must be a whole number ≥ 1, got \(JSONWriter.text(value))")
        }
        return Int(n - 1)
    }

    public static var expectationKeys: [ExpectationKey<TraitsSystem>] {
        [
            ExpectationKey(
                "experience", shape: .anyOf([.object, .null]),
                rule: "the shown experience `{experience, group, step, state, tree, metadata}` matches the pattern (members it names, recursively; arrays element-wise); `null`: nothing is shown",
                example: #"{"experience": {"experience": "tour", "group": 1, "step": 2, "state": "shown"}}"#
            ) { system, _, expected in
                let actual = system.currentJSON
                if expected.isNull {
                    guard let actual else { return [] }
                    return [ExpectationMismatch(message: "an experience is shown", expected: "nothing", actual: JSONWriter.text(actual))]
                }
                guard JSONMatch.matches(expected, actual) else {
                    return [ExpectationMismatch(message: "wrong experience shown", expected: JSONWriter.text(expected),
                                                actual: actual.map(JSONWriter.text) ?? "nothing")]
                }
                return []
            },
            ExpectationKey(
                "tree", shape: .object,
                rule: "the composed view tree of the shown experience (the wrapper, or the container without one) matches the pattern: `{kind, id, <properties>, children: [...]}`, members it names, arrays element-wise",
                example: #"{"tree": {"kind": "wrapper", "children": [{"kind": "backdrop"}, {"kind": "container", "currentPage": 1}]}}"#
            ) { system, _, expected in
                guard let tree = system.renderer.current?.package.wrapper.tree else {
                    return [ExpectationMismatch(message: "no experience is shown", expected: JSONWriter.text(expected), actual: "nothing")]
                }
                guard JSONMatch.matches(expected, tree) else {
                    return [ExpectationMismatch(message: "wrong view tree", expected: JSONWriter.text(expected), actual: JSONWriter.text(tree))]
                }
                return []
            },
        ]
    }

    public static var eventTypes: [EventType] {
        [
            EventType("experience.started", fields: ["experience"], meaning: "an experience is being shown (`show` step, `traits.show`)"),
            EventType("trait.applied", fields: ["trait", "capability", "level"],
                      meaning: "a trait's capability was applied (`stepDecorating`, `containerCreating`, `wrapperCreating`, `containerDecorating`, `backdropDecorating`, `presenting`)"),
            EventType("metadata.published", fields: ["keys"], meaning: "the traits' metadata was published (after decorating a step): the keys set"),
            EventType("animation", fields: ["duration", "easing"],
                      meaning: "animating metadata handlers ran inside an animation (`animationDuration` and `animationEasing` set)"),
            EventType("step.presented", fields: ["experience", "group", "step"], meaning: "a step is on screen (presented, or reached by a page change); 1-based"),
            EventType("step.retrying", fields: ["experience", "group", "step", "message", "retryMilliseconds"],
                      meaning: "a trait error with `retryMilliseconds`: the step presentation runs again after that delay on the virtual clock"),
            EventType("step.error", fields: ["experience", "group", "step", "message", "(recoverable)", "(traceback)"],
                      meaning: "composing or presenting failed: the experience stops (a `recoverable` one waits for `traits.retry()`)"),
            EventType("experience.dismissed", fields: ["experience"], meaning: "the experience was removed (`dismiss` step, `traits.dismiss`, an error on a page change)"),
        ]
    }

    public static var replCommands: [REPLCommand<TraitsSystem>] {
        [REPLCommand("traits", summary: "the shown experience, its view tree and metadata, and the registered trait types") { system, _, _ in
            system.summary()
        }]
    }

    /// `:traits`: the shown experience with its tree outline and metadata, then the registered types.
    func summary() -> String {
        var text = ""
        if let presentation = renderer.current {
            text += "shown: \(presentation.experience.id) group \(presentation.group + 1) step \(presentation.item + 1)\n"
            text += presentation.package.wrapper.outline(indent: "  ")
            text += "metadata: \(JSONWriter.text(.object(presentation.package.metadataDelegate.values)))\n"
        } else {
            text += "shown: none\n"
        }
        text += "registered: " + (registry.types.isEmpty ? "none" : registry.types.joined(separator: ", ")) + "\n"
        text += "built-in (loaded on demand): \(StandardTraits.types.count) @appcues traits\n"
        return text
    }
}
