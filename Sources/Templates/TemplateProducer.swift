import JSON

/// The app instance a set of templates is defined for.
public struct TemplatesConfiguration: Equatable, Sendable {
    /// The account the instance belongs to.
    public var accountId: String
    /// A debug build (syncing is allowed only in one).
    public var isDebugBuild: Bool
    /// The current user is marked as a test user (syncing needs one).
    public var isTestUser: Bool

    public init(accountId: String = "ctlua", isDebugBuild: Bool = false, isTestUser: Bool = false) {
        self.accountId = accountId
        self.isDebugBuild = isDebugBuild
        self.isTestUser = isTestUser
    }
}

/// Produces the templates of an app instance (the SDK's `CTTemplateProducer`).
///
/// ## Implementation requirements
/// - Return the templates for `configuration`; names must be unique across producers.
/// - Throw `TemplateError` for invalid definitions; registration then fails as a whole.
public protocol TemplateProducer {
    /// The templates of the instance configured by `configuration`.
    func defineTemplates(configuration: TemplatesConfiguration) throws -> [CustomTemplate]
}

/// A producer returning fixed templates.
public struct StaticTemplateProducer: TemplateProducer {
    public let templates: [CustomTemplate]
    public init(_ templates: [CustomTemplate]) { self.templates = templates }
    public func defineTemplates(configuration: TemplatesConfiguration) throws -> [CustomTemplate] { templates }
}
