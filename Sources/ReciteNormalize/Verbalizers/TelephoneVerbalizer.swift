/// Says a telephone number group by group, digit by digit, with a pause between groups:
/// "+1 123-123-5678" → "plus one, one two three, one two three, five six seven eight".
struct TelephoneVerbalizer {
    let rules: LanguageRules

    func say(countryCode: Substring?, groups: [Substring]) -> String {
        var parts: [String] = []
        if let countryCode { parts.append("\(rules.word("plus")) \(speak(countryCode))") }
        for (k, group) in groups.enumerated() {
            // "1-800-…": toll-free prefixes are said "eight hundred".
            if k == 1, groups[0] == "1", group.count == 3, group.hasSuffix("00"), rules.spellNumbers {
                parts.append(CardinalVerbalizer(rules: rules).say(group))
            } else {
                parts.append(speak(group))
            }
        }
        return parts.joined(separator: ", ")
    }

    /// A dotted address ("192.168.0.1"): digits one by one, "dot" between the groups.
    func sayDotted(_ groups: [Substring]) -> String {
        groups.map(speak).joined(separator: " \(rules.word("dot")) ")
    }

    private func speak(_ digits: Substring) -> String {
        rules.spellNumbers ? DigitsVerbalizer(rules: rules).say(digits) : digits.map(String.init).joined(separator: " ")
    }
}
