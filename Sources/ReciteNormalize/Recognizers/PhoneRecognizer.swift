/// Recognizes telephone numbers (123-123-5678, +1 (123) 123-5678, 555.555.5555, 111-11-1111) and
/// dotted addresses (123.123.0.40), which are read digit by digit.
struct PhoneRecognizer {
    let rules: LanguageRules

    func recognize(at i: Int, in context: Context) -> Match? {
        // Gather the words made only of digits and telephone signs: "+1", "(123)", "123-5678".
        var text = ""
        var count = 0
        var k = i
        while k < context.pieces.count, k < i + 4 {
            let piece = context.pieces[k]
            let whole = piece.lead + piece.core + (piece.trail.hasPrefix(")") ? ")" : "")
            guard whole.allSatisfy({ $0.isASCIIDigit || "+-.()".contains($0) }) else { break }
            text += (text.isEmpty ? "" : " ") + whole
            count += 1
            if !context.joins(k) { break }
            k += 1
        }
        guard count > 0 else { return nil }
        // Try the longest run of words first.
        var words = text.split(separator: " ")
        if words.count >= 2, let spoken = localNumber(words[0], words[1], cued: isCued(before: i, in: context)) { return Match(2, spoken) }
        while !words.isEmpty {
            if let spoken = read(words.joined(separator: " ")) { return Match(words.count, spoken) }
            words.removeLast()
        }
        return nil
    }

    /// "Cairns Police on 4030 7000": two groups of four digits after a word that asks for a
    /// number to call. Two such groups are no number grouped by spaces (its groups have three
    /// digits); without the cue they may be two numbers of a table's row. Years stay years.
    private func localNumber(_ first: Substring, _ second: Substring, cued: Bool) -> String? {
        guard cued, rules.numberWords == nil, first.count == 4, second.count == 4, first.isAllDigits, second.isAllDigits,
              !(first.hasPrefix("19") || first.hasPrefix("20")) else { return nil }
        return TelephoneVerbalizer(rules: rules).say(countryCode: nil, groups: [first, second])
    }

    /// Whether the word before piece `i` asks for a telephone number ("call", "on", "tel:").
    private func isCued(before i: Int, in context: Context) -> Bool {
        guard i > 0 else { return false }
        let before = context.pieces[i - 1]
        return (before.trail.isEmpty || before.trail == ":" || before.trail == ".:") && Self.cues.contains(before.core.lowercased())
    }

    private static let cues: Set<String> = ["on", "call", "phone", "telephone", "tel", "ring", "dial", "contact", "fax",
                                            "mobile", "hotline", "helpline", "whatsapp", "sms", "text", "line"]

    private func read(_ text: String) -> String? {
        var body = Substring(text)
        var country: Substring?
        let verbalizer = TelephoneVerbalizer(rules: rules)
        // "(+65) 6466 8078", "(+44) 20 7946 0958": the country code may stand in brackets.
        let bracketed = body.hasPrefix("(+")
        if bracketed { body = body.dropFirst() }
        if body.first == "+" {
            let digits = body.dropFirst().prefix(while: \.isASCIIDigit)
            guard (1...3).contains(digits.count) else { return nil }
            country = digits
            body = body.dropFirst(1 + digits.count)
            if bracketed {
                guard body.first == ")" else { return nil }
                body = body.dropFirst()
            }
            guard !body.isEmpty else { return nil }
        }
        let groups = body.split(whereSeparator: { !$0.isASCIIDigit })
        // "+3----------": signs and no digits after the country code.
        guard !groups.isEmpty else { return nil }
        if country == nil, !body.contains(" " as Character), groups.count == 4, body.filter({ $0 == "." }).count == 3,
           groups.allSatisfy({ $0.count <= 3 }),
           // "1.000.000.000" where a period groups thousands is a number.
           !(rules.groupSeparators.contains(".") && groups.dropFirst().allSatisfy { $0.count == 3 } && groups[0].first != "0") {
            return verbalizer.sayDotted(groups)
        }
        // "555-1234": a local number (a range's ends would be round: "200-1500").
        if country == nil, groups.count == 2, body.contains("-" as Character), !body.contains(" " as Character), groups[0].count == 3, groups[1].count == 4,
           groups[0].first.map({ $0 != "0" && $0 != "1" }) == true, groups[0].last != "0", groups[1].last != "0" {
            return verbalizer.say(countryCode: nil, groups: Array(groups))
        }
        // The world's shapes, groups apart: "1300 746 754", "(03) 474 0287", "+65 6534 8880",
        // "+254 0725-624489"; not a number grouped by spaces ("1 250 000", "110 000").
        let total = groups.reduce(0) { $0 + $1.count }
        let spaceGrouped = groups[0].count <= 3 && groups[0].first != "0" && groups.dropFirst().allSatisfy { $0.count == 3 }
            || groups.allSatisfy { $0.count == 4 && ($0.hasPrefix("19") || $0.hasPrefix("20")) }  // "2019 2020 2021": years
        if rules.numberWords == nil, !spaceGrouped, (8...13).contains(total), groups.count >= 2, groups.allSatisfy({ ((country == nil ? 2 : 1)...6).contains($0.count) }),
           country != nil || groups.count >= 3 && body.contains(" " as Character) || body.hasPrefix("(0") || groups[0].first == "0" && groups[0].count <= 5 {
            return verbalizer.say(countryCode: country, groups: Array(groups))
        }
        guard groups.count >= 3 else { return nil }
        var g = groups[...]
        var lead: [Substring] = []
        if g.first?.count == 1, g.count >= 4 { lead.append(g.removeFirst()) }  // 1-800-…
        let shapeOK = g.count >= 3 && g[g.startIndex].count == 3 && (2...3).contains(g[g.startIndex + 1].count)
            && g[g.startIndex + 2].count == 4
        guard shapeOK else { return nil }
        // "1-800" is said "one, eight hundred" by habit; keep digits for the rest.
        return verbalizer.say(countryCode: country, groups: lead + Array(g))
    }
}
