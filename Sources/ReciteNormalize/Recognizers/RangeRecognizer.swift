import ReciteScript
/// Recognizes ranges: "2010–2015", "pages 10-12", "1980-1986", "2-5lb", "$250-$300",
/// "1960s-80s", "5pm-7 pm", and spaced ones across words: "1 - 2 bedrooms", "08:00 - 09:00",
/// "4:00 am - 8:12 pm".
///
/// Each end is read on its own (a year as a year, an amount as money); a unit after the second
/// end is said once, at the end. A hyphen between letters ("covid-19") is not a range.
struct RangeRecognizer {
    let rules: LanguageRules
    static let dashes: Set<Character> = ["-", "–", "—", "‒"]

    /// A range inside one word: "2010–2015", "2-5lb".
    func inWord(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        let range = RangeVerbalizer(rules: rules)
        if let dash = core.dropFirst().firstIndex(where: { Self.dashes.contains($0) }) {
            let low = core[..<dash]
            var high = core[core.index(after: dash)...]
            // "100-250+ mm": the high end open, "plus".
            let plus = high.count > 1 && high.last == "+" && high.dropLast().isAllDigits
            if plus { high = high.dropLast() }
            // "1-800-GO-U-HAUL", "1-413-te-b": a code of three parts or more is not a range.
            guard !high.contains(where: { Self.dashes.contains($0) }) else { return nil }
            guard let first = high.first, first.isASCIIDigit || rules.currencies[String(first)] != nil || first == "'" else { return nil }
            // "6-3, 230 lbs.": a player's height in feet and inches, before the weight.
            if context.pieces[i].trail == ",", low.utf8.count == 1, let feet = Int(low), let inches = Int(high), (4...7).contains(feet), (0...11).contains(inches), let weight = context.core(i + 1), weight.first?.isASCIIDigit == true,
               let pounds = context.core(i + 2), rules.allUnits[String(pounds)]?.singular == rules.units["lb"]?.singular, rules.numberWords == nil {
                let cardinal = CardinalVerbalizer(rules: rules)
                return Match(1, "\(cardinal.say(low)) \(cardinal.say(high))")
            }
            if let figures = CricketFigures.say(low, high, rules: rules), CricketFigures.isCricket(around: i, in: context) {
                return Match(1, figures)
            }
            // "won 6-1, 6-4": a tennis set's games, "six one".
            if let set = SportsContext.tennisSet(low, high, at: i, in: context) { return Match(1, set) }
            // "1-8090": a one before a number of four digits (not round) is a code's prefix, not a range's low end.
            if low == "1", high.count >= 4, high.isAllDigits, !high.hasSuffix("00"), rules.numberWords == nil {
                let cardinal = CardinalVerbalizer(rules: rules)
                return Match(1, "\(cardinal.say(low)) \(cardinal.say(String(high)))")
            }
            // "Ghim Moh Road (01-213)", "unit 03-15": a low end with a leading zero is a code's part, not
            // an amount; both parts are said digit by digit. A unit after them makes them amounts
            // ("wind speed of up to 08-12 kmph").
            if low.count >= 2, low.first == "0", low.isAllDigits, high.isAllDigits, rules.numberWords == nil,
               !(context.joins(i) && NumberRecognizer(rules: rules).unitAfter(i + 1, in: context) != nil) {
                let digits = DigitsVerbalizer(rules: rules)
                return Match(1, "\(digits.say(low)) \(digits.say(high))")
            }
            // "978-0": a code, not a range down to zero.
            guard high.contains(where: { $0 != "0" && $0.isASCIIDigit }) else { return nil }
            // "1980-1970 kg": a unit after the range makes both ends amounts, said once at the end.
            // "1,050–1,250 sq ft": grouped ends too.
            let whole = { (end: Substring) in NumberLiteral.parse(end, rules: rules).map { $0.end == end.endIndex } ?? false }
            // "4-7 pm": hours, the meridiem after the second (not picometers).
            if context.joins(i), let next = context.core(i + 1), next.utf8.count <= 4, next.utf8.first.map({ $0 | 0x20 == UInt8(ascii: "a") || $0 | 0x20 == UInt8(ascii: "p") }) == true,
               let meridiem = rules.meridiems[next.lowercased()], let a = Int(low), let b = Int(high), (1...12).contains(a), (1...12).contains(b) {
                let cardinal = CardinalVerbalizer(rules: rules)
                return Match(2, range.say(cardinal.say(low), "\(cardinal.say(high)) \(meridiem)", withFrom: false, after: context.previousLowercased))
            }
            let unit = context.joins(i) && whole(high) && whole(low) ? NumberRecognizer(rules: rules).unitAfter(i + 1, in: context) : nil
            // "08-12 kmph": the leading zero of an amount is not said.
            let lowAmount = unit != nil && low.count > 1 && low.first == "0" && low.isAllDigits && low.contains { $0 != "0" } ? low.drop { $0 == "0" } : low
            guard let lowSpoken = end(lowAmount, pairedWith: high, allowYear: unit == nil),
                  var highSpoken = end(high, pairedWith: low, allowYear: unit == nil) else { return nil }
            if plus { highSpoken += " " + rules.word("plus") }
            // "3-4x a week": times.
            if high.last == "x", high.dropLast().isAllDigits, NumberRecognizer(rules: rules).isTimesAfter(i, in: context) {
                highSpoken = end(high.dropLast(), pairedWith: low, allowYear: false).map { "\($0) \(rules.word("times"))" } ?? highSpoken
            }
            if let unit {
                highSpoken += " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: true)
                var m = Match(1 + unit.count, range.say(lowSpoken, highSpoken, withFrom: false, after: context.previousLowercased))
                m.consumesDot = unit.dotted
                return m
            }
            // "16-24" apart": the mark's unit after the high end.
            if let mark = context.pieces[i].trail.first, let unit = NumberReading(rules: rules).markUnit(mark), rules.numberWords == nil,
               context.pieces[i].core.last?.isASCIIDigit == true, whole(high), whole(low) {
                return Match(1, range.say(lowSpoken, highSpoken + " " + unit.plural, withFrom: false, after: context.previousLowercased))
                    .consumingQuote(true)
            }
            return Match(1, range.say(lowSpoken, highSpoken, withFrom: false, after: context.previousLowercased))
        }
        return nil
    }

    /// A range across words: LOW - HIGH, where LOW may be a time with its meridiem.
    /// "700 sqft - 1700 sqft", "5 km - 10 km": a measure, a dash standing alone, a measure in the
    /// same unit: one range, not two measures with a pause between them.
    func measureToMeasure(at i: Int, in context: Context) -> Match? {
        let numbers = NumberRecognizer(rules: rules)
        let core = context.pieces[i].core
        guard rules.spellNumbers, context.joins(i), let low = NumberLiteral.parse(core, rules: rules), low.end == core.endIndex,
              let lowUnit = numbers.unitAfter(i + 1, in: context, number: low) else { return nil }
        let dash = i + 1 + lowUnit.count
        guard dash + 2 < context.pieces.count, context.joins(dash - 1), context.joins(dash), context.joins(dash + 1),
              case let dashCore = context.pieces[dash].core, dashCore.count == 1, Self.dashes.contains(dashCore.first!), dashCore != "—",
              let highCore = context.core(dash + 1), let high = NumberLiteral.parse(highCore, rules: rules), high.end == highCore.endIndex,
              let highUnit = numbers.unitAfter(dash + 2, in: context, number: high) else { return nil }
        let units = UnitVerbalizer(rules: rules)
        let lowName = units.say(lowUnit.expression, plural: !low.isOne), highName = units.say(highUnit.expression, plural: !high.isOne)
        guard units.say(lowUnit.expression, plural: true) == units.say(highUnit.expression, plural: true) else { return nil }
        let reading = NumberReading(rules: rules)
        let said = RangeVerbalizer(rules: rules).say("\(reading.say(low, allowYear: false)) \(lowName)", "\(reading.say(high, allowYear: false)) \(highName)",
                                                      withFrom: false, after: context.previousLowercased)
        var m = Match(dash + 2 + highUnit.count - i, said)
        m.consumesDot = highUnit.dotted
        return m
    }

    func acrossWords(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        let range = RangeVerbalizer(rules: rules)
        var j = i + 1
        let times = TimeRecognizer(rules: rules)
        var lowSpoken: String?
        var isTime = false
        if let t = times.recognize(at: i, in: context) {
            lowSpoken = t.spoken
            j = i + t.count
            isTime = true
        } else if context.pieces[i].trail.isEmpty || Self.dashes.contains(context.pieces[i].trail.last ?? " ") {
            lowSpoken = end(core, pairedWith: nil)
        }
        guard let lowSpoken, context.joins(j - 1) || context.pieces[j - 1].trail.allSatisfy({ Self.dashes.contains($0) }),
              j + 1 < context.pieces.count else { return nil }
        let dashPiece = context.pieces[j]
        // "#1105 — 80 Cumberland St.": a spaced em dash sets words apart; it joins no range.
        let dashIsOwnWord = dashPiece.core.count == 1 && Self.dashes.contains(dashPiece.core.first!) && dashPiece.core != "—"
        guard dashIsOwnWord, context.joins(j) else { return nil }
        let highIndex = j + 1
        var highSpoken: String?
        var count = highIndex - i + 1
        if let t = TimeRecognizer(rules: rules, shortMeridiem: isTime).recognize(at: highIndex, in: context) {
            guard isTime else { return nil }
            highSpoken = t.spoken
            count = highIndex - i + t.count
        } else if !isTime {
            let highCore = context.pieces[highIndex].core
            guard highCore.first?.isASCIIDigit == true else { return nil }
            highSpoken = end(highCore, pairedWith: core)
            // A unit after the high end: "5 - 10 km".
            if let hs = highSpoken, context.joins(highIndex), highIndex + 1 < context.pieces.count,
               let unit = NumberRecognizer(rules: rules).unitAfter(highIndex + 1, in: context) {
                highSpoken = hs + " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: true)
                count += unit.count
            }
        }
        guard let highSpoken else { return nil }
        // "M 4.2 - 1 km WNW": a high end below a decimal low one (not "1960 - 80", not a score "4 - 2")
        // is no range; the dash is a pause.
        let highCore = context.pieces[highIndex].core
        if !isTime, core.contains("."), let low = Double(core), let high = Double(highCore), high < low,
           highCore.prefix(while: \.isASCIIDigit).count >= core.prefix(while: \.isASCIIDigit).count { return nil }
        // "the toll to 199 - 12 more than last year": a dash before a comparison is a pause.
        if !isTime, context.joins(highIndex), let after = context.core(highIndex + 1), ["more", "less", "fewer", "higher", "lower", "up", "down"].contains(after.lowercased()) {
            return nil
        }
        // "from about 1915 – 1940": the sentence already has its "from".
        let fromBefore = (max(0, i - 3)..<i).contains { context.pieces[$0].core.lowercased() == rules.word("from") }
        return Match(count, range.say(lowSpoken, highSpoken, withFrom: !isTime && !fromBefore, after: context.previousLowercased))
    }

    /// One end of a range read alone: a number (a year when both ends look like years), a number
    /// with a unit, an amount of money, a decade, a time.
    private func end(_ text: Substring, pairedWith other: Substring?, allowYear: Bool = true) -> String? {
        let reading = NumberReading(rules: rules)
        if let first = text.first, !first.isASCIIDigit {
            return MoneyRecognizer(rules: rules).sayAlone(text) ?? (first == "'" ? reading.sayWhole(text.dropFirst()) : nil)
        }
        guard let n = NumberLiteral.parse(text, rules: rules) else { return nil }
        let suffix = text[n.end...]
        if suffix.isEmpty {
            // "1881-3", "1960-80": a year and the end of another.
            let otherIsYear = allowYear && other.map { $0.count == 4 || ($0.count <= 2 && $0.isAllDigits && n.integer.count == 4) || $0.hasSuffix("s") } ?? true
            if n.integer.count == 2, n.isInteger, let other, other.count >= 4, other.isAllDigits {
                return CardinalVerbalizer(rules: rules).say(n.integer)  // 1960-80
            }
            return reading.say(n, allowYear: otherIsYear)
        }
        if let t = TimeRecognizer(rules: rules).recognize(at: 0, in: Context(rules: rules, pieces: [Piece(core: text, lead: "", trail: "", span: .init(offset: 0, length: 0, line: 1, column: 1), style: .init())])) {
            return t.spoken
        }
        return reading.sayWithSuffix(n, suffix: suffix, core: text)
    }
}
