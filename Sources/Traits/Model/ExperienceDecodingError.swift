/// Why an experience JSON was refused: the JSON path and the problem
/// (`steps[1].traits: multiple traits of same type are not supported: @acme/a`).
public struct ExperienceDecodingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Where, as `steps[1].traits[0].type` (`$` for the document itself).
    public var path: String
    /// What is wrong.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "invalid experience: \(path): \(message)" }
}
