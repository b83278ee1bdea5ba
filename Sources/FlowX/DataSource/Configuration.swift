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
    /// Console logging (recorded, no effect headless).
    public var logEnabled = false

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
        let known = Set(Configuration.mandatory + ["locale", "language", "logEnabled"])
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
        switch o["logEnabled"] {
        case nil, .null?: break
        case .bool(let b)?: logEnabled = b
        case let other?: throw .wrongType(field: "logEnabled", expected: "a boolean", got: other.typeName)
        }
    }

    /// Changes locale and language together (the SDK's `changeLocaleSettings`).
    public mutating func changeLocaleSettings(locale: String, language: String) throws(ConfigurationError) {
        guard Configuration.isBCP47(locale) else { throw .badLocale(locale) }
        guard Configuration.isLanguage(language) else { throw .badLanguage(language) }
        self.locale = locale
        self.language = language
    }

    public var json: JSONValue {
        .object(["baseURL": .string(baseURL), "enginePath": .string(enginePath), "imageBaseURL": .string(imageBaseURL),
                 "organizationId": .string(organizationId), "locale": .string(locale), "language": .string(language),
                 "logEnabled": .bool(logEnabled)])
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
        case .badLocale(let locale): return "flowx: locale '\(locale)' is not a BCP 47 language tag"
        case .badLanguage(let language): return "flowx: language '\(language)' is not a language code"
        case .notConfigured: return "flowx: the renderer is not configured (flowx.configure or setup.flowx.config first)"
        }
    }
}
