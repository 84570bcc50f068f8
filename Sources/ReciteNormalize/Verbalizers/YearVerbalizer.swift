/// Says a year the way years are said: "1994" → "nineteen ninety four", "2006" → "two thousand
/// six", "2012" → "twenty twelve", "1506" → "fifteen oh six", "1900" → "nineteen hundred".
struct YearVerbalizer {
    let rules: LanguageRules

    func say(_ year: Int) -> String {
        let cardinal = CardinalVerbalizer(rules: rules, hundredAnd: false)
        // Spanish and Italian say a year as a number: "dos mil veinte", "millenovecentonovanta".
        guard rules.spellNumbers, rules.numberWords == nil, year >= 100, year < 10000 else { return cardinal.say(year) }
        let high = year / 100, low = year % 100
        if year % 1000 == 0 || (year >= 2000 && year < 2010) { return cardinal.say(year) }
        if low == 0 { return "\(cardinal.say(high)) hundred" }
        if low < 10 { return "\(cardinal.say(high)) oh \(cardinal.say(low))" }
        return "\(cardinal.say(high)) \(cardinal.say(low))"
    }

    /// A decade: "1980" → "nineteen eighties", "2000" → "two thousands", "80" → "eighties".
    func decade(_ value: Int, digits: Int) -> String {
        // "the '00s": the decade of the year 2000, "the two thousands".
        let spoken = digits <= 2 ? CardinalVerbalizer(rules: rules).say(value == 0 && rules.numberWords == nil ? 2000 : value) : say(value)
        guard rules.spellNumbers else { return spoken + (rules.language.hasPrefix("de") ? "er" : "") }
        // "los años 80", "gli anni '80": the number itself.
        guard rules.numberWords == nil else { return spoken }
        var words = spoken.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return spoken }
        words.append(last.hasSuffix("y") ? last.dropLast() + "ies" : last + "s")
        return words.joined(separator: " ")
    }
}
