import JSON

/// Input the simulated SDK ignores or drops without a word (a `vars` key no argument reads, a
/// template name nothing defines, a validator name nothing answers): the run goes on exactly as
/// on a device, and the transcript gets a `warning` event saying what was ignored, where.
///
/// Every system warns through ``Transcript/warn(_:)``; the runner prints `WARN` lines, the
/// reporters list the warnings, and `ctlua test --strict` (or `"strict": true`) fails on them.
public struct Warning: Sendable, Equatable {
    /// The system (its main Lua module's name) whose SDK ignores the input: `templates`.
    public var system: String
    /// Where the ignored input is (file and JSON path, when known) and what happened to it:
    /// `flows/a.json: steps[1].deliver.vars.titel: no argument of template 'Banner' reads it; the SDK ignores it`.
    public var problem: LocatedProblem
    /// The name that was ignored (a key, a template name, a validator name), when it is a name.
    public var ignored: String?
    /// The known name closest to ``ignored`` (``Spelling/closest(to:among:)``), when there is one.
    public var suggestion: String?

    /// `known`: the names that would have been read; the closest to `ignored` is suggested.
    public init(system: String, _ message: String, file: String? = nil, path: JSONPath? = nil,
                ignored: String? = nil, known: some Sequence<String> = [String]()) {
        self.system = system
        self.problem = LocatedProblem(file: file, path: path, message: message)
        self.ignored = ignored
        self.suggestion = ignored.flatMap { Spelling.closest(to: $0, among: known) }
    }

    /// `flows/a.json: steps[1].deliver.vars.titel: templates: ... (did you mean 'title'?)`: one
    /// line whatever the names in it (a key from a payload may hold a newline or an escape
    /// sequence): control characters are written `\n`, `\u{1B}`.
    public var message: String {
        var text = "\(problem.location)\(system): \(problem.message)"
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        return Self.oneLine(text)
    }

    /// The text with control characters (C0, DEL, C1, the Unicode line and paragraph separators)
    /// written as escapes: `\n`, `\r`, `\t`, else `\u{XX}`; other text unchanged. Reports write
    /// names from outside through it too, so none starts a record of its own.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where isControl(scalar): line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// C0, DEL, C1 and the Unicode line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The fields of its `warning` event: `message` (``message``), `system`, and `file`, `path`,
    /// `ignored`, `didYouMean` when known.
    public var fields: JSONObject {
        var fields: JSONObject = ["message": .string(message), "system": .string(system)]
        if let file = problem.file { fields["file"] = .string(file) }
        if let path = problem.path { fields["path"] = .string(path.description) }
        if let ignored { fields["ignored"] = .string(ignored) }
        if let suggestion { fields["didYouMean"] = .string(suggestion) }
        return fields
    }

    /// The same warning about a value read on its own that sits at `source.path` in
    /// `source.file`: a warning that names no file takes both (its path prefixed).
    public func located(in source: Transcript.InputSource?) -> Warning {
        guard let source, problem.file == nil else { return self }
        var copy = self
        copy.problem = problem.under(source.path).inFile(source.file)
        return copy
    }
}

extension Transcript {
    /// The input being applied (a scenario step, a setup member): where a ``Warning`` that names
    /// no file comes from. Set by the scenario runner around each step and setup member.
    public struct InputSource: Sendable, Equatable {
        public var file: String
        public var path: JSONPath
        public init(file: String, path: JSONPath) {
            self.file = file
            self.path = path
        }
    }

    /// Records a `warning` event (``Warning/fields``), placed in ``source`` when it names no file;
    /// once per message (a trait config decoded twice for one experience is one ignored input).
    /// The one way any system records what its SDK ignored.
    /// At most ``maxWarnings`` are recorded, then one saying the others are not: a script that
    /// delivers without end cannot grow the transcript without bound through warnings.
    public func warn(_ warning: Warning) {
        guard warned.count < Self.maxWarnings else {
            if warned.count == Self.maxWarnings {
                warned.insert("")
                record("warning", Warning(system: "ctlua", "more than \(Self.maxWarnings) warnings: the others are not recorded").fields)
            }
            return
        }
        let fields = warning.located(in: source).fields
        guard case .string(let message)? = fields["message"], warned.insert(message).inserted else { return }
        record("warning", fields)
    }

    /// The most `warning` events one engine records (``warn(_:)``).
    public static let maxWarnings = 1000

    /// The ``Warning/message`` of `warning` events, in order: what reports list.
    public static func warnings(in events: [TranscriptEvent]) -> [(index: Int, message: String)] {
        events.enumerated().compactMap { index, event in
            event.type == "warning" ? (index, event["message"]?.stringValue ?? JSONWriter.text(event.json)) : nil
        }
    }
}
