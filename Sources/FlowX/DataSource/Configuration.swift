import JSON
import OrderedCollections

/// The renderer's configuration (the SDK's `FXConfig`): mandatory server fields, locale and
/// language with their defaults.
public struct Configuration: Equatable, Sendable {
    public var baseURL: String
    public var enginePath: String
    public var imageBaseURL: String
    public var organizationId: String
    /// A BCP 47 locale (`en-us`, `ro-RO`); default `en-us`.
    public var locale: String = "en-us"
    /// The language of substitution tags and enumerations; default `en`.
    public var language: String = "en"
    /// The SDK's log level (`logLevel`, "Default is none"): `none` or `verbose`, the values its
    /// documentation shows. Recorded; headless it changes nothing.
    public var logLevel = "none"
    /// Headers added to every request the SDK makes (`additionalHttpHeaders`); recorded.
    public var additionalHttpHeaders: [String: String] = [:]
    /// Documents are cached (`cacheDocuments`); recorded.
    public var cacheDocuments = true
    /// The process on screen is refreshed when the app returns to foreground (`updateStateEnabled`).
    public var updateStateEnabled = true

    /// The log levels accepted: those the SDK's documentation shows.
    public static let logLevels = ["none", "verbose"]

    /// The mandatory fields, in the order they are checked.
    public static let mandatory = ["baseURL", "enginePath", "imageBaseURL", "organizationId"]

    public init(baseURL: String, enginePath: String, imageBaseURL: String, organizationId: String,
                locale: String = "en-us", language: String = "en") throws(ConfigurationError) {
        self.baseURL = baseURL
        self.enginePath = enginePath
        self.imageBaseURL = imageBaseURL
        self.organizationId = organizationId
        try changeLocaleSettings(locale: locale, language: language)
    }

    /// Reads `{"baseURL": ..., ...}`: every missing mandatory field is named.
    public init(json: JSONValue) throws(ConfigurationError) {
        guard case .object(let o) = json else { throw .notAnObject(json.typeName) }
        let known = Set(Configuration.mandatory + ["locale", "language", "logLevel", "additionalHttpHeaders", "cacheDocuments",
                                                   "updateStateEnabled"])
        if o["logEnabled"] != nil { throw .replacedField("logEnabled", by: "logLevel (\"none\" or \"verbose\")") }
        if let unknown = o.keys.first(where: { !known.contains($0) }) { throw .unknownField(unknown) }
        var missing: [String] = []
        var values: [String: String] = [:]
        for key in Configuration.mandatory + ["locale", "language"] {
            switch o[key] {
            case .string(let s)? where !s.isEmpty: values[key] = s
            case nil, .null?, .string?: if Configuration.mandatory.contains(key) { missing.append(key) }
            case let other?: throw .wrongType(field: key, expected: "a string", got: other.typeName)
            }
        }
        guard missing.isEmpty else { throw .missingFields(missing) }
        try self.init(baseURL: values["baseURL"]!, enginePath: values["enginePath"]!, imageBaseURL: values["imageBaseURL"]!,
                      organizationId: values["organizationId"]!, locale: values["locale"] ?? "en-us",
                      language: values["language"] ?? "en")
        switch o["logLevel"] {
        case nil, .null?: break
        case .string(let level)? where Configuration.logLevels.contains(level): logLevel = level
        case let other?: throw .wrongType(field: "logLevel", expected: "\"none\" or \"verbose\"", got: JSONWriter.text(other))
        }
        switch o["additionalHttpHeaders"] {
        case nil, .null?: break
        case .object(let headers)?:
            for (name, value) in headers {
                guard case .string(let v) = value else {
                    throw .wrongType(field: "additionalHttpHeaders.\(name)", expected: "a string", got: value.typeName)
                }
                additionalHttpHeaders[name] = v
            }
        case let other?: throw .wrongType(field: "additionalHttpHeaders", expected: "an object of strings", got: other.typeName)
        }
        for (key, path) in [("cacheDocuments", \Configuration.cacheDocuments), ("updateStateEnabled", \Configuration.updateStateEnabled)] {
            switch o[key] {
            case nil, .null?: break
            case .bool(let b)?: self[keyPath: path] = b
            case let other?: throw .wrongType(field: key, expected: "a boolean", got: other.typeName)
            }
        }
    }

    /// The SDK's `changeLocaleSettings(locale:language:)`: either may be left out (nil keeps it).
    public mutating func changeLocaleSettings(locale: String? = nil, language: String? = nil) throws(ConfigurationError) {
        if let locale, !Configuration.isBCP47(locale) { throw .badLocale(locale) }
        if let language, !Configuration.isLanguage(language) { throw .badLanguage(language) }
        if let locale { self.locale = locale }
        if let language { self.language = language }
    }

    public var json: JSONValue {
        .object(["baseURL": .string(baseURL), "enginePath": .string(enginePath), "imageBaseURL": .string(imageBaseURL),
                 "organizationId": .string(organizationId), "locale": .string(locale), "language": .string(language),
                 "logLevel": .string(logLevel), "additionalHttpHeaders": .object(additionalHttpHeaders.sorted { $0.key < $1.key }
                    .reduce(into: [:]) { $0[$1.key] = .string($1.value) }),
                 "cacheDocuments": .bool(cacheDocuments), "updateStateEnabled": .bool(updateStateEnabled)])
    }

    /// A well-formed BCP 47 tag of the common shape: language (2–3 letters, or 4–8), optional
    /// script (4 letters), optional region (2 letters or 3 digits), variants (5–8 alphanumerics
    /// or a digit and 3), case-insensitive (`en`, `en-US`, `zh-Hant-TW`, `de-CH-1996`).
    public static func isBCP47(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, isLanguage(first) else { return false }
        var i = 1
        func all(_ s: String, _ test: (Character) -> Bool) -> Bool { !s.isEmpty && s.allSatisfy(test) }
        if i < parts.count, parts[i].count == 4, all(parts[i], \.isASCIILetter) { i += 1 }
        if i < parts.count, (parts[i].count == 2 && all(parts[i], \.isASCIILetter)) || (parts[i].count == 3 && all(parts[i], \.isASCIIDigit)) { i += 1 }
        while i < parts.count {
            let p = parts[i]
            let alnum = all(p, { $0.isASCIILetter || $0.isASCIIDigit })
            guard alnum, (5...8).contains(p.count) || (p.count == 4 && p.first!.isASCIIDigit) else { return false }
            i += 1
        }
        return true
    }

    /// A primary language subtag: 2–3 or 5–8 ASCII letters.
    public static func isLanguage(_ s: String) -> Bool {
        (2...3).contains(s.count) || (5...8).contains(s.count) ? s.allSatisfy(\.isASCIILetter) : false
    }
}

extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// A configuration the renderer would refuse.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case notAnObject(String)
    case missingFields([String])
    case wrongType(field: String, expected: String, got: String)
    case unknownField(String)
    case replacedField(String, by: String)
    case badLocale(String)
    case badLanguage(String)
    case notConfigured

    public var description: String {
        switch self {
        case .notAnObject(let got): return "flowx: the configuration must be an object, got \(got)"
        case .missingFields(let fields):
            return "flowx: the configuration is missing the mandatory field\(fields.count > 1 ? "s" : "") \(fields.joined(separator: ", "))"
        case .wrongType(let field, let expected, let got): return "flowx: configuration field \(field) must be \(expected), got \(got)"
        case .unknownField(let field): return "flowx: unknown configuration field \(field)"
        case .replacedField(let field, let by): return "flowx: configuration field \(field) is the 3.x renderer's; the current FXConfig has \(by)"
        case .badLocale(let locale): return "flowx: locale '\(locale)' is not a BCP 47 language tag"
        case .badLanguage(let language): return "flowx: language '\(language)' is not a language code"
        case .notConfigured: return "flowx: the renderer is not configured (flowx.configure or setup.flowx.config first)"
        }
    }
}
