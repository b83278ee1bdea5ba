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
                       typesFile: "types/traits.lua", tables: TraitsModule.Tables.all)]
    }

    public static func make(for engine: Engine) throws -> TraitsSystem { TraitsSystem(engine: engine) }

    public static var steps: [SystemStep<TraitsSystem>] {
        [
            SystemStep(
                "show", value: .record(members: ["experience": .anyOf([.object, .string]), "group": .number, "step": .number,
                                                 "trigger": .string, "published": .boolean, "strict": .boolean, "experiment": .object],
                                       required: ["experience"]),
                input: Show.self,
                summary: "shows an experience (an object, or the path of a JSON file relative to the scenario) at `group` and `step` (1-based, default 1), triggered as `trigger` (default `show_call`; `qualification` skips the first group's navigate actions), `published: false` (a preview) publishes no analytics, it decodes as strictly as the SDK (UUID ids, every required key) unless `strict: false` (ctlua's own lenient decoding; the default is `traits.strict()`, true), `experiment` (`group`, `experimentId`, `experienceId`, `goalId`, `contentType`, as the SDK's) publishes `appcues:experiment_entered` and does not show a `control` group; a composing or presenting error is a `step.error` event",
                example: #"{"show": {"experience": "fixtures/tour.json", "group": 1, "step": 1}}"#
            ) { system, show, context in
                let reader: JSONReader
                switch show.experience {
                case .string(let path):
                    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.directory, isDirectory: true))
                    let bytes: [UInt8]
                    do { bytes = try FileBytes.read(url.standardizedFileURL.path) } catch {
                        throw SystemError("show: cannot read \(url.standardizedFileURL.path) (\((error as? FileBytes.Failure)?.problem ?? "\(error)"))")
                    }
                    do { reader = try JSONReader(file: path, bytes: bytes) } catch { throw SystemError("show: \(error)") }
                case let value: reader = JSONReader(value: value)
                }
                var experiment: Experiment?
                if let json = show.experiment {
                    do { experiment = try Experiment.decode(json) } catch { throw SystemError("show: experiment: \(error)") }
                }
                do {
                    try system.show(reader, group: show.group, step: show.step, trigger: show.trigger, published: show.published, strict: show.strict,
                                    experiment: experiment)
                } catch let error as LocatedProblem {
                    throw SystemError("show: invalid experience: \(error)")
                } catch let error as TraitsUsageError { throw SystemError("show: \(error)") }
            },
            SystemStep(
                "page", value: .number, input: Page.self,
                summary: "changes the page (1-based) inside the shown container: its decorators undecorate, decorate for the new step and publish the metadata",
                example: #"{"page": 2}"#
            ) { system, page, context in
                do { try system.renderer.page(page.index) } catch let error as TraitsUsageError { throw SystemError("page: \(error)") }
                context.engine.settle()
            },
            SystemStep(
                "longPress", value: .string, input: String.self,
                summary: "long-presses a view of the shown experience: a component (its `on: longPress` actions run, a `step_interaction` \"Button Long Pressed\") or a view with a long-press handler (`target`: the target interaction's `longPress` actions)",
                example: #"{"longPress": "0f8e7a52-1c3b-4a8e-9d2f-5b6c7d8e9f03"}"#
            ) { system, id, context in
                do { try system.renderer.longPress(id) } catch let error as TraitsUsageError {
                    throw SystemError("longPress: \(error)")
                }
                context.engine.settle()
            },
            SystemStep(
                "dismiss", value: .boolean, input: Bool.self,
                summary: "dismisses the shown experience (its presenting trait's `remove`); fails when nothing is shown",
                example: #"{"dismiss": true}"#
            ) { system, _, context in
                if !system.renderer.dismiss() { throw SystemError("dismiss: no experience is shown") }
                context.engine.settle()
            },
        ]
    }

    /// A 1-based index member as 0-based (absent: 0).
    static func index(_ node: JSONNode) throws(LocatedProblem) -> Int {
        guard let value = node.value else { return 0 }
        guard let n = value.integerValue, n >= 1, n <= Int64(Int32.max) else {
            throw node.problem("must be a whole number ≥ 1, got \(JSONWriter.text(value))")
        }
        return Int(n - 1)
    }

    /// `{"show": {"experience", "group"?, "step"?, "trigger"?, "published"?, "strict"?, "experiment"?}}`.
    struct Show: StepInput {
        /// An experience object, or the path of its file (read when the step runs).
        let experience: JSONValue
        let group: Int, step: Int, trigger: String, published: Bool, strict: Bool?
        let experiment: JSONValue?
        init(step reader: StepReader) throws(LocatedProblem) {
            let value = reader.value
            experience = try value["experience"].any()
            group = try index(value["group"])
            step = try index(value["step"])
            trigger = try value["trigger"].optionalString() ?? "show_call"
            published = try value["published"].bool(default: true)
            strict = try value["strict"].optionalBool()
            experiment = value["experiment"].value
        }
    }

    /// `{"page": N}`, 1-based.
    struct Page: StepInput {
        let index: Int
        init(step: StepReader) throws(LocatedProblem) { index = try TraitsSystem.index(step.value) }
    }

    public static var expectationKeys: [ExpectationKey<TraitsSystem>] {
        [
            ExpectationKey(
                "experience", shape: .anyOf([.object, .null]), input: JSONValue.self,
                rule: "the shown experience `{experience, group, step, state, tree, metadata, form}` (`form`: the shown step's fields by component id, `{label, value, satisfied, error}`) matches the pattern (members it names, recursively; arrays element-wise); `null`: nothing is shown",
                example: #"{"experience": {"experience": "tour", "group": 1, "step": 2, "state": "shown"}}"#
            ) { system, _, expected in
                let actual = system.currentJSON
                if expected.isNull {
                    guard let actual else { return [] }
                    return [ExpectationMismatch(message: "an experience is shown", expected: "nothing", actual: .json(actual))]
                }
                guard let actual else {
                    return [ExpectationMismatch(message: "no experience is shown", expected: .json(expected), actual: "nothing")]
                }
                return ExpectationMismatch.differences(expected, actual, message: "wrong experience shown")
            }.recording { system, engine in
                // null once an experience has shown and none shows now; nil while none ever did.
                if let actual = system.currentJSON { return actual.picking(["experience", "group", "step", "state"]) }
                return engine.transcript.events.contains { $0.type == "experience.started" } ? .null : nil
            },
            ExpectationKey(
                "experiences", shape: .object, input: JSONObject.self,
                rule: "the experiences active in each render context (one state machine each, as the SDK: `modal`, and `embed:<frameID>` for an embedded experience) match: each member names a context, its value a pattern on that context's `{context, experience, group, step, state, tree, metadata, form}` or `null` (nothing active there); contexts not named are not checked",
                example: #"{"experiences": {"modal": {"experience": "tour", "state": "shown"}, "embed:home": {"state": "shown"}}}"#
            ) { system, _, expected in
                var mismatches: [ExpectationMismatch] = []
                for (context, pattern) in expected.sorted(by: { $0.key < $1.key }) {
                    let actual = system.currentJSON(in: context)
                    if pattern.isNull {
                        if let actual {
                            mismatches.append(ExpectationMismatch(message: "an experience is active in \(context)", expected: "nothing",
                                                                  actual: .json(actual)))
                        }
                        continue
                    }
                    guard let actual else {
                        mismatches.append(ExpectationMismatch(message: "no experience is active in \(context)", expected: .json(pattern),
                                                              actual: "nothing"))
                        continue
                    }
                    mismatches += ExpectationMismatch.differences(pattern, actual, message: "wrong experience in \(context)")
                }
                return mismatches
            },
            ExpectationKey(
                "analytics", shape: .arrayOf(.anyOf([.string, .object])), input: JSONValue.self,
                rule: "the experience analytics published so far (`appcues:v2:*`, in order) are exactly these: a string names the event, an object is a pattern on `{name, properties}`",
                example: #"{"analytics": ["appcues:v2:experience_started", {"name": "appcues:v2:step_seen", "properties": {"stepIndex": "0,0"}}]}"#
            ) { system, _, expected in analyticsMismatches(system, expected) }.recording { _, engine in
                let names = engine.transcript.events.compactMap { event -> JSONValue? in
                    guard event.type == "appcues.analytics", let name = event["name"]?.stringValue, name.hasPrefix("appcues:v2:") else { return nil }
                    return .string(name)
                }
                return names.isEmpty ? nil : .array(names)
            },
            ExpectationKey(
                "allAnalytics", shape: .arrayOf(.anyOf([.string, .object])), input: JSONValue.self,
                rule: "every analytics event the SDK publishes so far, in order, is exactly these: the `appcues:v2:*` experience events, `appcues:experiment_entered`, and the events of `@appcues/track` and of custom actions and components (`track`); a string names the event, an object is a pattern on `{name, properties}`",
                example: #"{"allAnalytics": ["appcues:experiment_entered", "appcues:v2:experience_started", "appcues:v2:step_seen", {"name": "rated", "properties": {"stars": 4}}]}"#
            ) { system, _, expected in analyticsMismatches(system, expected, all: true) },
            ExpectationKey(
                "tree", shape: .object, input: JSONValue.self,
                rule: "the composed view tree of the shown experience (the wrapper, or the container without one) matches the pattern: `{kind, id, <properties>, children: [...]}`, members it names, arrays element-wise; `children: {\"$contains\": [{\"id\": \"skip\"}]}` finds children in any order among others (`$anyOrder`: all of them, any order); a failure names the path of each difference (`tree.children[1].text`)",
                example: #"{"tree": {"kind": "wrapper", "children": [{"kind": "backdrop"}, {"kind": "container", "currentPage": 1}]}}"#
            ) { system, _, expected in
                guard let tree = system.renderer.current?.package.wrapper.tree else {
                    return [ExpectationMismatch(message: "no experience is shown", expected: .json(expected), actual: "nothing")]
                }
                return ExpectationMismatch.differences(expected, tree, message: "wrong view tree")
            },
        ]
    }

    /// The `analytics` expectation: the experience analytics events of the transcript (the
    /// `appcues:v2:*` ones, in order), matched one for one against strings (names) or patterns.
    /// `all` (`allAnalytics`): every `appcues.analytics` event, not only the `appcues:v2:*` ones.
    static func analyticsMismatches(_ system: TraitsSystem, _ expected: JSONValue, all: Bool = false) -> [ExpectationMismatch] {
        let actual: [JSONValue] = system.engine.transcript.events.compactMap { event in
            guard event.type == "appcues.analytics", let name = event["name"]?.stringValue, all || name.hasPrefix("appcues:v2:") else { return nil }
            return .object(["name": .string(name), "properties": event["properties"] ?? .object([:])])
        }
        let patterns = expected.arrayValue ?? []
        let names = JSONValue.array(actual.map { $0["name"] ?? .null })
        guard patterns.count == actual.count else {
            return [ExpectationMismatch(message: "expected \(patterns.count) \(all ? "" : "experience ")analytics events, got \(actual.count)",
                                        expected: .json(expected), actual: .json(names))]
        }
        for (index, (pattern, event)) in zip(patterns, actual).enumerated() {
            let matches = pattern.stringValue.map { event["name"]?.stringValue == $0 } ?? JSONMatch.matches(pattern, event)
            if !matches {
                return [ExpectationMismatch(message: "experience analytics event \(index + 1) differs", expected: .json(pattern),
                                            actual: .json(event))]
            }
        }
        return []
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
            EventType("experience.dismissed", fields: ["experience"], meaning: "the experience was removed (`dismiss` step, `traits.dismiss`, `@appcues/close`, an error on a page change)"),
            EventType("experience.error", fields: ["experience", "message"],
                      meaning: "the experience could not start (a failed decode, no steps): `appcues:v2:experience_error` is published"),
            EventType("appcues.analytics", fields: ["name", "properties", "(internal)"],
                      meaning: "an analytics event the SDK publishes: the `appcues:v2:*` experience events with their properties, `appcues:experiment_entered` (a show with an `experiment`), and `@appcues/track` events (`internal: false`)"),
            EventType("profile.updated", fields: ["properties"], meaning: "profile attributes set by `@appcues/update-profile` or `@appcues/submit-form`"),
            EventType("link.opened", fields: ["url", "via", "(universalLink)"],
                      meaning: "`@appcues/link` or a `redirectUrl`: `via` is `delegate` (the app's navigation delegate), `universal` (the app handled it as a universal link), `in-app`, `external` or `scheme`; `universalLink: declined` when the app was offered it and did not handle it"),
            EventType("presentation.delegate", fields: ["callback", "metadata", "delegate", "(result)"],
                      meaning: "the presentation delegate (`traits.presentationDelegate`, a frame's own: `delegate` `app` or `frame`) was called: `callback` (`canDisplayExperience`, `experienceWillAppear`, ...), the SDK's `metadata` (`id`, `name`, `isOverlay`, `isEmbed`, `frameID`), `result` of `canDisplayExperience`"),
            EventType("review.requested", fields: [], meaning: "`@appcues/request-review` asked the app for a review"),
            EventType("push.requested", fields: [], meaning: "`@appcues/request-push` asked for the push permission"),
            EventType("ui.type", fields: ["id", "text"], meaning: "text typed into an experience's text input (`type` step, `traits.type`)"),
            EventType("ui.select", fields: ["id", "value"], meaning: "an option selected in an experience's option select (`select` step, `traits.select`)"),
            EventType("ui.longpress", fields: ["id"], meaning: "an experience view long-pressed (`longPress` step, `traits.longPress`)"),
            EventType("step.recovering", fields: ["experience", "group", "step"],
                      meaning: "the app's views changed while a step was failing recoverably: it is presented again (the SDK's step recovery)"),
            EventType("experience.deferred", fields: ["experience", "frame"],
                      meaning: "an embedded experience waits for its frame (no app view with that `frameID`): `experience_error` now, shown with `experience_recovered` when the frame appears"),
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
