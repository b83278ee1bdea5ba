import Foundation
@testable import Templates
import Testing

/// The allocation-free comparisons answer exactly as the allocating rules they replace
/// (`normalize(a) == b`, `clean(a) == clean(b)`), on ASCII and on text that takes the fallback.
@Suite struct NormalizedTextTests {
    static let samples = [
        "", " ", "\t", " \t ", "Product Viewed", "product viewed", "productviewed", "PRODUCT  VIEWED ",
        "\tProduct Viewed\t", " \t Product\tViewed \t", "Product\tViewed", "Product Viewed\n", "\nProduct Viewed",
        "Shoes", "shoes", " shoes ", "\r\nShoes\u{0B}\u{0C}", "sho es", "Shoe", "shoesX", "Café", "café", "CAFÉ",
        " Café ", "Ünïcode Name", "ünïcodename", "a\u{00A0}b", "\u{2003}Shoes\u{2003}", "x\u{85}", "1", "1.0", "TRUE",
    ]

    @Test func normalizedEqualsAgreesWithNormalize() {
        for raw in Self.samples {
            for other in Self.samples {
                let normalized = CampaignEvent.normalize(other)
                #expect(NormalizedText.normalizedEquals(raw, normalized) == (CampaignEvent.normalize(raw) == normalized),
                        "normalize(\(raw.debugDescription)) vs \(normalized.debugDescription)")
                // A target that is not itself normalized must still be compared literally.
                #expect(NormalizedText.normalizedEquals(raw, other) == (CampaignEvent.normalize(raw) == other),
                        "normalize(\(raw.debugDescription)) vs raw \(other.debugDescription)")
            }
        }
    }

    /// The ASCII fast path of `normalize` gives what the general rule (`getNormalizedName`:
    /// spaces removed, lowercased, trimmed of whitespace) gives.
    @Test func normalizeAgreesWithTheGeneralRule() {
        for raw in Self.samples + ["Notification Viewed", "App Launched", "a b\tc", "\t\t", "  A  "] {
            let general = raw.replacingOccurrences(of: " ", with: "").lowercased().trimmingCharacters(in: .whitespaces)
            #expect(CampaignEvent.normalize(raw) == general, "\(raw.debugDescription)")
        }
        #expect(NormalizedText.asciiNormalized("Café") == nil)
    }

    @Test func cleanEqualsAgreesWithClean() {
        for a in Self.samples {
            for b in Self.samples {
                #expect(NormalizedText.cleanEquals(a, b) == (TriggerEvaluator.clean(a) == TriggerEvaluator.clean(b)),
                        "clean(\(a.debugDescription)) vs clean(\(b.debugDescription))")
            }
        }
    }

    @Test func triggerNamesAndValuesStillMatchAcrossCaseAndSpaces() {
        let event = CampaignEvent(name: "product viewed", properties: ["category": " SHOES "])
        let matcher = TriggersMatcher()
        #expect(matcher.matches([["eventName": "Product Viewed", "eventProperties": [["propertyName": "category", "operator": 1, "propertyValue": "shoes"]]]], event: event))
        #expect(!matcher.matches([["eventName": "Product Viewed", "eventProperties": [["propertyName": "category", "operator": 1, "propertyValue": "shoe"]]]], event: event))
        #expect(!matcher.matches([["eventName": "Product View", "eventProperties": []]], event: event))
    }
}
