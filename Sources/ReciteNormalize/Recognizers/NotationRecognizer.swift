/// Numbers written in a notation rather than as a quantity: "0xFF", "10^6", "1-3/4 cups",
/// "3pp", "18 kWh/100 km", "120 g CO2/km". English readings (the callers check the language).
extension NumberRecognizer {
    /// "0xFF" → "hex F F", "0x1F" → "hex one F": a hexadecimal literal, digit by digit.
    func hexadecimal(_ core: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, core.count > 2, core.hasPrefix("0x") || core.hasPrefix("0X") else { return nil }
        let digits = core.dropFirst(2)
        guard digits.count <= 16, digits.allSatisfy(\.isHexDigit) else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        let said = digits.map { $0.isASCIIDigit ? cardinal.say(String($0)) : NumberReading.sayLetter(Character($0.uppercased())) }
        return "hex " + said.joined(separator: " ")
    }

    /// "10^6" → "ten to the power of six", "2^10", "10^-3", "x²" aside: a base and an exponent
    /// with a caret or in superscript digits ("10⁶"). Squares and cubes are said so.
    func power(_ core: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers else { return nil }
        let written: Substring, exponent: String
        if let caret = core.firstIndex(of: "^") {
            written = core[..<caret]
            exponent = String(core[core.index(after: caret)...])
        } else if let first = core.firstIndex(where: { Self.superscripts[$0] != nil }) {
            written = core[..<first]
            let rest = core[first...]
            let digits = rest.compactMap { Self.superscripts[$0] }
            guard digits.count == rest.count else { return nil }
            exponent = String(digits)
        } else {
            return nil
        }
        let negative = exponent.first == "-" || exponent.first == "−"
        let magnitude = negative ? exponent.dropFirst() : Substring(exponent)
        // "2×10^7", "1x10^5": a coefficient times the power.
        var coefficient = ""
        var base = written
        if let times = base.firstIndex(where: { $0 == "×" || $0 == "x" || $0 == "*" }) {
            let left = base[..<times]
            guard let c = NumberLiteral.parse(left, rules: rules), c.end == left.endIndex else { return nil }
            coefficient = "\(NumberReading(rules: rules).say(c, allowYear: false)) \(rules.word("times")) "
            base = base[base.index(after: times)...]
        }
        guard !base.isEmpty, base.count <= 12, !magnitude.isEmpty, magnitude.count <= 3, magnitude.isAllDigits,
              let n = NumberLiteral.parse(base, rules: rules), n.end == base.endIndex else { return nil }
        let reading = NumberReading(rules: rules)
        let said = coefficient + reading.say(n, allowYear: false)
        if !negative, magnitude == "2" { return "\(said) squared" }
        if !negative, magnitude == "3" { return "\(said) cubed" }
        let exponentSaid = (negative ? "\(rules.word("minus")) " : "") + CardinalVerbalizer(rules: rules).say(String(magnitude))
        return "\(said) to the power of \(exponentSaid)"
    }

    static let superscripts: [Character: Character] = ["⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6",
                                                       "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-"]

    /// "3pp", "0.5 pp": percentage points after a share; "a 320pp book" stays pages.
    func percentagePoints(_ n: NumberLiteral) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, let value = Double(n.integer + "." + (n.fraction ?? "0")), value <= 100,
              !n.isInteger || value <= 50 else { return nil }
        let said = NumberReading(rules: rules).say(n, allowYear: false)
        return "\(said) percentage point\(n.isOne ? "" : "s")"
    }

    /// "1-3/4 cups", "2-1/2": a whole number and a proper fraction joined by a hyphen, as carpenters
    /// and cooks write a mixed number; the unit after it is plural.
    func mixedNumber(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        guard rules.numberWords == nil, let dash = core.firstIndex(of: "-"), dash > core.startIndex else { return nil }
        let whole = core[..<dash], fraction = core[core.index(after: dash)...]
        let parts = fraction.split(separator: "/", omittingEmptySubsequences: false)
        guard whole.isAllDigits, whole.count <= 3, parts.count == 2, parts.allSatisfy({ $0.isAllDigits && $0.count <= 2 }),
              let top = Int(parts[0]), let bottom = Int(parts[1]), top > 0, top < bottom, bottom <= 64 else { return nil }
        var pieces = context.pieces
        pieces[i].core = fraction
        var inner = Context(rules: rules, pieces: pieces)
        inner.previousWord = context.previousWord
        return self.fraction(at: i, in: inner, whole: String(whole))
    }

    /// "18 kWh/100 km", "6.5 L/100 km": a measure per a hundred of another unit. `j` is the piece
    /// after the number ("kWh/100"), whose unit comes after the slash in the next piece.
    func perHundred(_ n: NumberLiteral, next j: Int, in context: Context) -> (spoken: String, count: Int)? {
        guard rules.numberWords == nil, let written = context.core(j), let slash = written.firstIndex(of: "/"),
              // "4.2 litres/100 km": the unit may be written out (not "2.1 meters/7 feet", a pair of measures).
              let top = UnitParser(rules: rules).parse(written[..<slash])
                ?? (written[written.index(after: slash)...].hasPrefix("100") ? rules.writtenUnit(written[..<slash]) : nil) else { return nil }
        // "kWh/100 km", or glued: "kWh/100km".
        let below = written[written.index(after: slash)...]
        let amount = below.prefix(while: \.isASCIIDigit)
        guard !amount.isEmpty, amount.count <= 4 else { return nil }
        let bottom: UnitExpression
        var taken = 2
        if amount.endIndex < below.endIndex {
            guard let glued = UnitParser(rules: rules).parse(below[amount.endIndex...]) else { return nil }
            bottom = glued
            taken = 1
        } else {
            guard context.joins(j), let after = context.core(j + 1), let apart = UnitParser(rules: rules).parse(after) else { return nil }
            bottom = apart
        }
        let units = UnitVerbalizer(rules: rules)
        let name = units.say(top, plural: !n.isOne)
        let per = amount == "100" ? "hundred" : amount == "1000" ? "thousand" : CardinalVerbalizer(rules: rules).say(String(amount))
        let reading = NumberReading(rules: rules)
        return ("\(reading.count(n, noun: name)) \(name) \(rules.per) \(per) \(units.say(bottom, plural: true))", taken)
    }

    /// "120 g CO2/km", "95 g CO₂/km": a mass of a substance per unit; `j` is the unit's piece.
    func substancePerUnit(_ n: NumberLiteral, next j: Int, in context: Context) -> (spoken: String, count: Int)? {
        guard rules.numberWords == nil, let written = context.core(j), let mass = rules.allUnits[String(written)],
              context.joins(j), let rate = context.core(j + 1), let slash = rate.firstIndex(of: "/"),
              case let substance = rate[..<slash], substance.count >= 2, substance.count <= 6, substance.first?.isUppercase == true,
              substance.contains(where: { $0.isASCIIDigit || ("₀"..."₉").contains($0) }),
              substance.allSatisfy({ $0.isLetter || $0.isASCIIDigit || ("₀"..."₉").contains($0) }),
              let unit = UnitParser(rules: rules).parse(rate[rate.index(after: slash)...]) else { return nil }
        var said: [String] = []
        var digits = ""
        let cardinal = CardinalVerbalizer(rules: rules)
        for c in substance {
            if let sub = "₀₁₂₃₄₅₆₇₈₉".firstIndex(of: c) {
                digits.append(String("₀₁₂₃₄₅₆₇₈₉".distance(from: "₀₁₂₃₄₅₆₇₈₉".startIndex, to: sub)))
            } else if c.isASCIIDigit {
                digits.append(c)
            } else {
                if !digits.isEmpty { said.append(cardinal.say(digits)); digits = "" }
                if c.isUppercase { said.append(String(c)) } else if let last = said.popLast() { said.append(last + String(c)) }
            }
        }
        if !digits.isEmpty { said.append(cardinal.say(digits)) }
        let name = mass.form(plural: !n.isOne)
        return ("\(NumberReading(rules: rules).count(n, noun: name)) \(name) \(rules.word("of")) \(said.joined(separator: " ")) \(rules.per) \(UnitVerbalizer(rules: rules).say(unit, plural: false))", 2)
    }

    /// "3x faster", "10x more", "2x the price", "4x as much": a multiple before a comparison.
    func isTimesBeforeComparison(_ i: Int, in context: Context) -> Bool {
        guard rules.numberWords == nil, context.joins(i), let next = context.core(i + 1)?.lowercased(), next.count > 1 else { return false }
        if ["more", "less", "fewer", "as", "the", "that", "over"].contains(next) { return true }
        return next.hasSuffix("er") && next.allSatisfy(\.isLetter) && !["under", "over", "after", "other", "never", "whether", "either", "neither"].contains(next)
    }

    /// "25bps", "50 bp": basis points (finance writes rates in them); a number above a thousand
    /// is bits per second ("9600 bps").
    func basisPoints(_ n: NumberLiteral) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, !n.negative, let v = n.value, v <= 1000 else { return nil }
        return "\(NumberReading(rules: rules).say(n, allowYear: false)) basis point\(n.isOne ? "" : "s")"
    }

    /// "1e-5", "3.2e6", "6.02E23": a number times a power of ten.
    func scientific(_ n: NumberLiteral, exponent: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers else { return nil }
        var digits = exponent
        var sign = ""
        if let f = digits.first, f == "-" || f == "−" || f == "+" {
            sign = f == "+" ? "" : "\(rules.word("minus")) "
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 3, digits.isAllDigits else { return nil }
        let cardinal = CardinalVerbalizer(rules: rules)
        return "\(NumberReading(rules: rules).say(n, allowYear: false)) \(rules.word("times")) ten to the power of \(sign)\(cardinal.say(String(digits.drop(while: { $0 == "0" }).isEmpty ? "0" : String(digits.drop(while: { $0 == "0" })))))"
    }

    /// "2023/24", "2019-20", "2019/2020": a season or a fiscal year that spans two calendar years
    /// (a whole second year only when it is the next: "2019/2023" is no season).
    func splitYear(_ core: Substring) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, core.count == 7 || core.count == 9, let sep = core.dropFirst(4).first, sep == "/" || sep == "-" || sep == "–",
              case let first = core.prefix(4), first.isAllDigits, case let second = core.dropFirst(5), second.isAllDigits,
              let y = Int(first), let z = Int(second), (1800...2199).contains(y),
              second.count == 2 ? (y + 1) % 100 == z : z == y + 1 else { return nil }
        let years = YearVerbalizer(rules: rules)
        if second.count == 4 { return "\(years.say(y)) \(rules.word("to")) \(years.say(z))" }
        return "\(years.say(y)) \(rules.word("to")) \(CardinalVerbalizer(rules: rules).say(second.first == "0" ? String(second.dropFirst()) : String(second)))"
    }
}
