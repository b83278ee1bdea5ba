import Foundation

/// A regular-expression search (ICU's, through `NSRegularExpression`) that gives up after a
/// bounded number of steps: a pattern such as `(a+)+$` on a short value would otherwise backtrack
/// for minutes inside one C call, where no hook and no limit of the engine reaches.
///
/// ICU reports progress every 10,000 matching steps, and once for each start position it tries;
/// the bound counts those reports, not time, so the verdict is the same on every machine.
public enum BoundedRegex {
    /// Matching steps one search may take by default.
    public static let stepLimit = 1_000_000

    /// What a search found.
    public enum Outcome: Sendable, Equatable {
        case matched, notMatched
        /// The search passed its step bound and was stopped.
        case tooComplex
    }

    /// Searches `text` for `regex`. `attempts` is how many start positions the search may try
    /// beyond the step bound (each tried position is reported once): the text's length plus one
    /// for a search that is not anchored, 0 for a pattern anchored at the start. A caller that
    /// searches unanchored bounds the text's length, since each position allowed is a report
    /// that steps could use instead.
    public static func search(_ regex: NSRegularExpression, in text: String, stepLimit: Int = stepLimit,
                              attempts: Int) -> Outcome {
        let allowed = stepLimit / 10_000 + max(0, attempts)
        var outcome = Outcome.notMatched, reports = 0
        regex.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, _, stop in
            if result != nil {
                outcome = .matched
                stop.pointee = true
                return
            }
            reports += 1
            if reports >= allowed {
                outcome = .tooComplex
                stop.pointee = true
            }
        }
        return outcome
    }
}
