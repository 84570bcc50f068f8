/// Says a range from its two ends: "from one to two", "nineteen eighty to nineteen eighty six".
///
/// "from" is said where a spaced range stands alone in a sentence ("1 - 2 bedrooms"); after
/// "from" or "between" the sentence already has its first word.
struct RangeVerbalizer {
    let rules: LanguageRules

    /// English words after which a spaced range needs no "from" of its own.
    static let leadsIntoAmount: Set<Substring> = ["to", "of", "by", "at", "about", "around", "approximately", "roughly", "some",
                                                 "nearly", "almost", "for", "than", "with", "within", "over", "under", "only",
                                                 "just", "reach", "reached", "reaching", "was", "were", "is", "are", "be", "cost",
                                                 "costs", "takes", "take", "lasts", "last", "in", "into", "and", "or", "every", "each",
                                                 "the", "a", "an", "these", "those", "its", "their", "our", "your", "his", "her", "my"]

    func say(_ low: String, _ high: String, withFrom: Bool, after previous: Substring?) -> String {
        switch previous {
        case "between", "zwischen", "entre", "tra", "fra":
            return "\(low) \(rules.word("and")) \(high)"
        case "from", "von", "de", "du", "desde", "da", "dal", "dalle", "dalla":
            return "\(low) \(rules.word("to")) \(high)"
        case let word? where Self.leadsIntoAmount.contains(word):
            // "up to 1 – 2°C", "of 5 - 10 kg": the sentence already leads into the amount.
            return "\(low) \(rules.word("to")) \(high)"
        default:
            return withFrom ? "\(rules.word("from")) \(low) \(rules.word("to")) \(high)" : "\(low) \(rules.word("to")) \(high)"
        }
    }
}
