/// Says digits one by one: "5678" → "five six seven eight" (telephone numbers, long codes,
/// the digits after a decimal point).
enum DigitsVerbalizer {
    static func say<S: StringProtocol>(_ digits: S) -> String {
        var words: [String] = []
        for c in digits {
            if let v = c.wholeNumberValue, v < 10 { words.append(CardinalVerbalizer.ones[v]) }
        }
        return words.joined(separator: " ")
    }
}
