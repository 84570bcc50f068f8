/// Says digits one by one: "5678" → "five six seven eight" (telephone numbers, long codes,
/// the digits after a decimal point), in the language of `rules`.
struct DigitsVerbalizer {
    let rules: LanguageRules

    func say<S: StringProtocol>(_ digits: S) -> String {
        var words: [String] = []
        for c in digits {
            guard let v = c.wholeNumberValue, v < 10 else { continue }
            words.append(rules.numberWords?.cardinal(Substring(String(v)), gender: .none) ?? CardinalVerbalizer.ones[v])
        }
        return words.joined(separator: " ")
    }
}
