import JSON
import Testing
@testable import FlowX

@Suite struct ConfigurationTests {
    @Test func missingMandatoryFieldsAreAllNamed() {
        #expect(throws: ConfigurationError.missingFields(["enginePath", "organizationId"])) {
            try Configuration(json: ["baseURL": "https://a", "imageBaseURL": "https://b", "enginePath": ""])
        }
        #expect(ConfigurationError.missingFields(["organizationId"]).description
                == "flowx: the configuration is missing the mandatory field organizationId")
        #expect(throws: ConfigurationError.wrongType(field: "baseURL", expected: "a string", got: "number")) { try Configuration(json: ["baseURL": 1]) }
        var withLog = sampleConfig.objectValue!
        withLog["cacheDocuments"] = "yes"
        #expect(throws: ConfigurationError.wrongType(field: "cacheDocuments", expected: "a boolean", got: "string")) {
            try Configuration(json: .object(withLog))
        }
        #expect(ConfigurationError.wrongType(field: "cacheDocuments", expected: "a boolean", got: "string").description
                == "flowx: configuration field cacheDocuments must be a boolean, got string")
        #expect(throws: ConfigurationError.unknownField("baseUrl")) { try Configuration(json: ["baseUrl": "x"]) }
    }

    @Test func defaultsAndLocaleChecks() throws {
        var configuration = try Configuration(json: sampleConfig)
        #expect(configuration.locale == "en-us" && configuration.language == "en")
        try configuration.changeLocaleSettings(locale: "ro-RO", language: "ro")
        #expect(configuration.locale == "ro-RO")
        #expect(throws: ConfigurationError.badLocale("ro_RO")) { try configuration.changeLocaleSettings(locale: "ro_RO", language: "ro") }
        #expect(throws: ConfigurationError.badLanguage("r")) { try configuration.changeLocaleSettings(locale: "ro", language: "r") }
        #expect(configuration.locale == "ro-RO", "a refused change keeps the settings")
    }

    // flowx-docs 4.7.x ios-renderer FXConfig: "logLevel | Enum value indicating the log level logging.
    // Default is none" (sample: `.verbose`); issue 22: "the current FXConfig fields (logLevel,
    // additionalHttpHeaders, cacheDocuments, updateStateEnabled ...)". `logEnabled` was 3.x's.
    @Test func theCurrentFXConfigFields() throws {
        let plain = try Configuration(json: sampleConfig)
        #expect(plain.logLevel == "none" && plain.additionalHttpHeaders.isEmpty && plain.cacheDocuments && plain.updateStateEnabled)
        var full = sampleConfig.objectValue!
        full["logLevel"] = "verbose"
        full["additionalHttpHeaders"] = ["X-Channel": "mobile"]
        full["cacheDocuments"] = false
        full["updateStateEnabled"] = false
        let configuration = try Configuration(json: .object(full))
        #expect(configuration.logLevel == "verbose" && configuration.additionalHttpHeaders == ["X-Channel": "mobile"])
        #expect(!configuration.cacheDocuments && !configuration.updateStateEnabled)
        #expect(configuration.json["additionalHttpHeaders"] == ["X-Channel": "mobile"])
        full["logLevel"] = "loud"
        #expect(throws: ConfigurationError.wrongType(field: "logLevel", expected: "\"none\" or \"verbose\"", got: "\"loud\"")) {
            try Configuration(json: .object(full))
        }
        var old = sampleConfig.objectValue!
        old["logEnabled"] = true
        #expect(throws: ConfigurationError.replacedField("logEnabled", by: "logLevel (\"none\" or \"verbose\")")) { try Configuration(json: .object(old)) }
    }

    // FXConfig.sharedInstance.changeLocaleSettings(locale:language:); issue 22: "with optional arguments".
    @Test func changeLocaleSettingsKeepsWhatIsLeftOut() throws {
        var configuration = try Configuration(json: sampleConfig)
        try configuration.changeLocaleSettings(language: "ro")
        #expect(configuration.locale == "en-us" && configuration.language == "ro")
        try configuration.changeLocaleSettings(locale: "ro-RO")
        #expect(configuration.locale == "ro-RO" && configuration.language == "ro")
    }

    @Test(arguments: ["en", "en-US", "en-us", "zh-Hant-TW", "de-CH-1996", "es-419", "sl-rozaj", "ast"])
    func wellFormedTags(_ tag: String) { #expect(Configuration.isBCP47(tag)) }

    @Test(arguments: ["", "e", "en_US", "en-", "-en", "en-USA1", "english-toolongsub1", "12", "en-U"])
    func malformedTags(_ tag: String) { #expect(!Configuration.isBCP47(tag)) }
}
