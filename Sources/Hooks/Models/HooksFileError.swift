/// An error in a hooks data file (`plugin_configurations.json`, `river.json`): it names the file
/// and the JSON path of the offending value.
public struct HooksFileError: Error, Equatable, CustomStringConvertible {
    /// The file as the user named it (`plugin_configurations.json`, or a path).
    public var file: String
    /// Where in the document: `[2].plugin.identifier`; `$` for the root.
    public var path: String
    /// What is wrong: `expected a string, got number`.
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `river.json: [0].id: expected a string, got number`.
    public var description: String { "\(file): \(path): \(message)" }
}

/// Builds JSON paths as messages show them (`[3].hooks.preload_plugins[0]`).
struct DocumentPath {
    private(set) var text: String

    static let root = DocumentPath(text: "")

    func index(_ i: Int) -> DocumentPath { DocumentPath(text: text + "[\(i)]") }
    func key(_ key: String) -> DocumentPath { DocumentPath(text: text.isEmpty ? key : text + "." + key) }

    /// The rendered path; `$` for the root.
    var description: String { text.isEmpty ? "$" : text }
}
