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
            } else if k == 0, countryCode == nil, groups.count == 3, groups[1].count == 3, groups[2].count == 3, group == "1300" || group == "1800",
                      rules.numberWords == nil, rules.spellNumbers {
                // "1300 303 181", "1800 020 080": Australia's local-rate and free numbers, "thirteen hundred".
                parts.append(YearVerbalizer(rules: rules).say(Int(group)!))
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
