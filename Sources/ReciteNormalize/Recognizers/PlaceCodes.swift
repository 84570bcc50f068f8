/// A number and a letter after a word of place name the place ("Bus 38A", "Gate 23B", "Seat 14C",
/// "Runway 09L/27R"), never a measure ("thirty eight amps", "nine liters"); and a bare "C" glued to
/// a number is degrees Celsius only where the stretch speaks of temperature ("32C today").
extension NumberRecognizer {
    /// "Bus 38A", "Platform 9B": the letter said as a letter after a word of place before the number.
    func codeAfterPlace(_ n: NumberLiteral, suffix: Substring, at i: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, i > 0, suffix.count == 1, let letter = suffix.first, letter.isASCII, letter.isUppercase,
              n.isInteger, !n.grouped, !n.negative, n.integer.count <= 4, !context.pieces[i - 1].endsClause,
              case let place = context.pieces[i - 1].core.lowercased(), rules.pairedAfter.contains(place) || Self.codedPlaces.contains(place) else { return nil }
        let reading = NumberReading(rules: rules)
        let number = n.hasLeadingZero ? DigitsVerbalizer(rules: rules).say(n.integer) : reading.say(n, allowYear: false)
        return "\(number) \(NumberReading.sayLetter(letter))"
    }

    /// "Runway 09L/27R", "runways 16R/34L": both ends of one runway, each its number and its side.
    func runwayPair(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        guard rules.numberWords == nil, i > 0, core.utf8.count <= 9, core.contains("/"), !context.pieces[i - 1].endsClause,
              context.pieces[i - 1].core.lowercased().hasPrefix("runway") else { return nil }
        let ends = core.split(separator: "/", omittingEmptySubsequences: false)
        guard ends.count == 2 else { return nil }
        var said: [String] = []
        for end in ends {
            let digits = end.prefix(while: \.isASCIIDigit)
            let side = end.dropFirst(digits.count)
            guard (1...2).contains(digits.count), side.count <= 1, side.allSatisfy({ "LRC".contains($0) }) else { return nil }
            let number = digits.first == "0" ? DigitsVerbalizer(rules: rules).say(digits) : CardinalVerbalizer(rules: rules).say(digits)
            said.append(side.isEmpty ? number : "\(number) \(side)")
        }
        return Match(1, said.joined(separator: ", "))
    }

    /// Whether piece `i` follows a US state's code, as a ZIP code does: "Santa Clara, CA 95051",
    /// "Washington, D.C. 20543" (one piece, "D.C") or "D. C. 20543" (two).
    func isAfterState(_ i: Int, in context: Context) -> Bool {
        // Only rules whose language has a table of states.
        guard i > 0, !rules.regions.isEmpty else { return false }
        let previous = context.pieces[i - 1]
        if rules.regions[String(previous.core)] != nil || previous.core == "D.C" || previous.core == "DC" { return true }
        return i > 1 && previous.core == "C" && previous.trail == "." && context.pieces[i - 2].core == "D" && context.pieces[i - 2].trail == "."
    }

    /// "Austin, TX 78701-1234": a ZIP code and its four more digits after a state, digit by digit.
    func zipPlusFour(_ core: Substring, at i: Int, in context: Context) -> String? {
        let parts = core.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 5, parts[1].count == 4, parts.allSatisfy(\.isAllDigits),
              isAfterState(i, in: context) else { return nil }
        let digits = DigitsVerbalizer(rules: rules)
        return "\(digits.say(parts[0])) \(digits.say(parts[1]))"
    }

    /// "32C today", "highs of 25C": degrees Celsius with a word of temperature in the stretch.
    func celsius(_ n: NumberLiteral, suffix: Substring, at i: Int, in context: Context) -> String? {
        guard suffix == "C" || suffix == "c", rules.numberWords == nil, n.integer.count <= 3, !n.grouped,
              let reading = rules.allUnits["°C"] else { return nil }
        // The words may stand a sentence away ("Temperatures reaching 19 to 22C …, or just 13C").
        let window = max(0, i - 40)..<min(context.pieces.count, i + 41)
        guard window.contains(where: { k in
            let core = context.pieces[k].core
            return core.utf8.count >= 3 && core.utf8.count <= 12 && core.first?.isLetter == true && rules.temperatureWords.contains(core.lowercased())
        }) else { return nil }
        let name = reading.form(plural: !n.isOne)
        return "\(NumberReading(rules: rules).count(n, noun: name)) \(name)"
    }
}
