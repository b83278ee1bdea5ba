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
        withLog["logEnabled"] = "yes"
        #expect(throws: ConfigurationError.wrongType(field: "logEnabled", expected: "a boolean", got: "string")) {
            try Configuration(json: .object(withLog))
        }
        #expect(ConfigurationError.wrongType(field: "logEnabled", expected: "a boolean", got: "string").description
                == "flowx: configuration field logEnabled must be a boolean, got string")
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

    @Test(arguments: ["en", "en-US", "en-us", "zh-Hant-TW", "de-CH-1996", "es-419", "sl-rozaj", "ast"])
    func wellFormedTags(_ tag: String) { #expect(Configuration.isBCP47(tag)) }

    @Test(arguments: ["", "e", "en_US", "en-", "-en", "en-USA1", "english-toolongsub1", "12", "en-U"])
    func malformedTags(_ tag: String) { #expect(!Configuration.isBCP47(tag)) }
}
