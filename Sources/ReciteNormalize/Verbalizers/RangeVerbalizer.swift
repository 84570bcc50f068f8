/// Says a range from its two ends: "from one to two", "nineteen eighty to nineteen eighty six".
///
/// "from" is said where a spaced range stands alone in a sentence ("1 - 2 bedrooms"); after
/// "from" or "between" the sentence already has its first word.
struct RangeVerbalizer {
    let rules: LanguageRules

    func say(_ low: String, _ high: String, withFrom: Bool, after previous: Substring?) -> String {
        switch previous {
        case "between", "zwischen", "entre", "tra", "fra":
            return "\(low) \(rules.word("and")) \(high)"
        case "from", "von", "de", "du", "desde", "da", "dal", "dalle", "dalla":
            return "\(low) \(rules.word("to")) \(high)"
        default:
            return withFrom ? "\(rules.word("from")) \(low) \(rules.word("to")) \(high)" : "\(low) \(rules.word("to")) \(high)"
        }
    }
}
