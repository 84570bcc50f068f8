/// Reads one number-like word with nothing after it: "1,250", "-0.5", "1994", "22nd", "1980s",
/// "12kg", "25d08A". Recognizers that look further ahead build on it.
struct NumberReading {
    let rules: LanguageRules

    /// A number as a year when it looks like one, else as a number.
    func say(_ n: NumberLiteral, allowYear: Bool = true) -> String {
        if allowYear, !n.negative, n.fraction == nil, !n.grouped, n.integer.count == 4, !n.hasLeadingZero,
           let v = n.value, (1000...2099).contains(v) {
            return YearVerbalizer(rules: rules).say(v)
        }
        return DecimalVerbalizer(rules: rules).say(n)
    }

    /// A house number: "1428" → "fourteen twenty eight", "123" → "one twenty three".
    func sayHouseNumber(_ n: NumberLiteral) -> String {
        guard rules.spellNumbers, n.fraction == nil, !n.grouped, let v = n.value, n.integer.count == 3 || n.integer.count == 4,
              !n.hasLeadingZero else { return say(n) }
        let cardinal = CardinalVerbalizer(rules: rules)
        let high = v / 100, low = v % 100
        if low == 0 { return "\(cardinal.say(high)) hundred" }
        return "\(cardinal.say(high)) \(low < 10 ? "oh " : "")\(cardinal.say(low))"
    }

    /// The whole of `core` when it is a number with an optional suffix, read alone.
    func sayWhole(_ core: Substring, allowYear: Bool = true) -> String? {
        guard let n = NumberLiteral.parse(core, rules: rules) else { return nil }
        let suffix = core[n.end...]
        if suffix.isEmpty { return say(n, allowYear: allowYear) }
        return sayWithSuffix(n, suffix: suffix, core: core)
    }

    /// A number followed by letters or signs in the same word.
    func sayWithSuffix(_ n: NumberLiteral, suffix: Substring, core: Substring) -> String? {
        let lower = suffix.lowercased()
        // Ordinals: 1st, 22nd, 1,000th (only with the right suffix: "1th" is read as written).
        if n.isInteger, !n.negative, ["st", "nd", "rd", "th"].contains(lower),
           OrdinalVerbalizer.isValidSuffix(lower, for: Substring(n.integer)) {
            return OrdinalVerbalizer(rules: rules).say(n.integer)
        }
        // Decades: 1980s, 80s.
        if n.isInteger, !n.grouped, lower == "s", n.integer.last == "0", n.integer.count == 4 || n.integer.count == 2,
           let v = n.value {
            return YearVerbalizer(rules: rules).decade(v, digits: n.integer.count)
        }
        // Units glued to the number: 12kg, 8m², 5km/h, 21°C, 10%.
        if let unit = UnitParser(rules: rules).parse(suffix) {
            return "\(say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(unit, plural: !n.isOne))"
        }
        // "12's", "1990's" hmm: the number, then the suffix as it is.
        if suffix.first == "'" || suffix.first == "’" {
            return say(n) + suffix
        }
        // "7.2-millimeter", "100-car": the number, then the word.
        if suffix.first == "-", suffix.dropFirst().first?.isLetter == true {
            return "\(say(n, allowYear: false)) \(suffix.dropFirst())"
        }
        // "2x8": dimensions.
        if lower.first == "x" || lower.first == "×", suffix.count > 1, let m = NumberLiteral.parse(suffix.dropFirst(), rules: rules),
           m.end == suffix.endIndex {
            return "\(say(n, allowYear: false)) \(rules.word("by")) \(say(m, allowYear: false))"
        }
        return SerialReading(rules: rules).say(core)
    }
}

/// Reads a code of letters and digits ("B2A23C", "25d08A", "es3"): letters as written, numbers
/// as numbers when short, digit by digit when long ("ab9453"), signs by name.
struct SerialReading {
    let rules: LanguageRules

    func say(_ core: Substring) -> String? {
        var words: [String] = []
        var run = ""
        var runIsDigits = false
        func flush() {
            guard !run.isEmpty else { return }
            if runIsDigits {
                if run.count > 1, run.first == "0" { words.append(DigitsVerbalizer.say(run)) }
                else if run.count <= 3 || run.hasSuffix("000") { words.append(CardinalVerbalizer(rules: rules).say(run)) }
                else { words.append(DigitsVerbalizer.say(run)) }
            } else {
                words.append(run)
            }
            run = ""
        }
        for c in core {
            if c.isASCIIDigit || c.isLetter || c == "'" || c == "’" {
                let digit = c.isASCIIDigit
                if !run.isEmpty, digit != runIsDigits { flush() }
                runIsDigits = digit
                run.append(c)
            } else {
                flush()
                if c == "-" || c == "." || c == "/" { continue }
                if let s = rules.symbols[String(c)] { words.append(s) }
            }
        }
        flush()
        guard rules.spellNumbers || !core.contains(where: \.isASCIIDigit) else { return String(core) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
