/// Recognizes everything that starts with a digit (or a sign and a digit): times, dates,
/// telephone numbers, fractions, ranges, amounts with a unit, ordinals, decades, plain numbers,
/// and the words after a number that belong to it ("8 m²", "2 bd.", "25 July", "4 million yuan").
struct NumberRecognizer {
    let rules: LanguageRules

    func recognize(at i: Int, in context: inout Context) -> Match? {
        let piece = context.pieces[i]
        let core = piece.core
        let reading = NumberReading(rules: rules)
        let ranges = RangeRecognizer(rules: rules)
        if let m = ranges.acrossWords(at: i, in: context) { return m }
        if let m = TimeRecognizer(rules: rules).recognize(at: i, in: context) { return m }
        let dates = DateRecognizer(rules: rules)
        if let spoken = dates.numeric(core) { return Match(1, spoken) }
        if let m = PhoneRecognizer(rules: rules).recognize(at: i, in: context) { return m }
        if let m = dates.dayFirst(at: i, in: context) { return m }
        if let m = fraction(at: i, in: context) { return m }
        if core.contains("=") || core.dropFirst().contains("+") { return math(core).map { Match(1, $0) } }
        if let m = ranges.inWord(at: i, in: context) { return m }

        var n: NumberLiteral
        var count = 1
        if core.first == "+" {
            guard let parsed = NumberLiteral.parse(core.dropFirst(), rules: rules) else { return nil }
            n = parsed
        } else if let parsed = NumberLiteral.parse(core, rules: rules) {
            n = parsed
        } else {
            return nil
        }
        let prefix = core.first == "+" ? "\(rules.word("plus")) " : ""
        // "1 250,5" in French: a group of three digits in the next word.
        if n.isInteger, !n.grouped, n.end == core.endIndex, n.integer.count <= 3, rules.groupSeparators.contains(" "),
           !rules.spellNumbers, context.joins(i), let next = context.core(i + 1),
           let more = NumberLiteral.parse(next, rules: rules), more.integer.count == 3, more.end == next.endIndex, !more.grouped {
            n.integer += more.integer
            n.fraction = more.fraction
            n.grouped = true
            count = 2
        }
        let lastCore = context.pieces[i + count - 1].core
        let suffix = count == 1 ? core[n.end...] : lastCore[lastCore.endIndex...]
        if !suffix.isEmpty {
            guard let spoken = reading.sayWithSuffix(n, suffix: suffix, core: core) else { return nil }
            return Match(1, prefix + spoken)
        }
        context.lastNumberIndex = i
        let j = i + count
        guard context.joins(j - 1), let next = context.core(j) else {
            return Match(count, prefix + reading.say(n))
        }
        let nextPiece = context.pieces[j]
        // Magnitude words: "100 million", "0.1 billion", then perhaps a unit or a currency word.
        if let magnitude = rules.magnitudes[String(next)], next.count > 2 {
            var spoken = "\(DecimalVerbalizer(rules: rules).say(n)) \(magnitude)"
            var total = count + 1
            if context.joins(j), let after = context.core(j + 1), let unit = UnitParser(rules: rules).parse(after),
               !rules.ambiguousUnits.contains(String(after)) {
                spoken += " " + UnitVerbalizer(rules: rules).say(unit, plural: true)
                total += 1
            }
            return Match(total, prefix + spoken)
        }
        // A unit in the next word: "8 m²", "5 km/h", "2 bd.", "21 °C".
        if let unit = unitAfter(j, in: context) {
            let spoken = "\(reading.say(n, allowYear: false)) \(UnitVerbalizer(rules: rules).say(unit.expression, plural: !n.isOne))"
            var m = Match(count + unit.count, prefix + spoken)
            m.consumesDot = unit.dotted
            return m
        }
        // A currency after the amount: "20 €", "20 USD".
        if let currency = rules.currencies[String(next)] {
            return Match(count + 1, prefix + MoneyVerbalizer(rules: rules).say(n, currency: currency, magnitude: nil))
        }
        // Mixed fractions: "2 1/2", "4 1/2 lbs".
        if n.isInteger, let m = fraction(at: j, in: context, whole: n.integer) {
            return Match(count + m.count, prefix + m.spoken)
        }
        // "340 A.D", "1980 s".
        if n.isInteger, let era = context.coreWithDot(j).flatMap({ rules.abbreviations[$0] }) ?? rules.abbreviations[String(next)],
           era == "AD" || era == "BC", let v = n.value {
            return Match(count + 1, "\(YearVerbalizer(rules: rules).say(v)) \(era)")
        }
        // A house number before a street: "1428 Elm St.".
        if isAddress(after: j, in: context) {
            return Match(count, reading.sayHouseNumber(n))
        }
        _ = nextPiece
        return Match(count, prefix + reading.say(n))
    }

    // MARK: - Parts

    /// A unit in piece `j` (and `j + 1` for "sq ft"), with the ambiguity rule for unit symbols
    /// that are also words ("5 in the box").
    func unitAfter(_ j: Int, in context: Context) -> (expression: UnitExpression, count: Int, dotted: Bool)? {
        let parser = UnitParser(rules: rules)
        let piece = context.pieces[j]
        var key = String(piece.core)
        var unit: UnitExpression?
        if let dotted = context.coreWithDot(j), let u = rules.allUnits[dotted] {
            unit = UnitExpression(numerator: [UnitTerm(reading: u, power: nil)])
            key = dotted
        } else {
            unit = parser.parse(key)
        }
        guard let unit else { return nil }
        if rules.ambiguousUnits.contains(key) || rules.ambiguousUnits.contains(String(piece.core)) {
            // A word follows without punctuation: "5 in the box", "grade 5 A students".
            if context.joins(j), let after = context.core(j + 1), after.first?.isLowercase == true { return nil }
        }
        return (unit, 1, key.hasSuffix(".") && key != String(piece.core))
    }

    /// "3/4", "1/4th", "½", "2 1/2" (with `whole`), "12/kg".
    func fraction(at i: Int, in context: Context, whole: String? = nil) -> Match? {
        let core = context.pieces[i].core
        let verbalizer = FractionVerbalizer(rules: rules)
        if core.count == 1, let first = core.first, let (n, d) = FractionVerbalizer.vulgar[first] {
            return Match(1, verbalizer.say(numerator: n, denominator: d, whole: whole))
        }
        if whole == nil, let first = core.first, core.count > 1, core.dropFirst().count == 1,
           let (n, d) = core.last.flatMap({ FractionVerbalizer.vulgar[$0] }), first.isASCIIDigit {
            return Match(1, verbalizer.say(numerator: n, denominator: d, whole: String(first)))
        }
        let parts = core.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].isAllDigits, !parts[1].isEmpty else { return nil }
        var denominator = parts[1]
        let lower = denominator.lowercased()
        if lower.hasSuffix("th") || lower.hasSuffix("rd") || lower.hasSuffix("nd") || lower.hasSuffix("st") {
            denominator = denominator.dropLast(2)
        }
        guard denominator.isAllDigits, denominator.first != "0", parts[0].count <= 6, denominator.count <= 6 else {
            // "12/kg": per unit.
            if whole == nil, let unit = UnitParser(rules: rules).parse(core[core.index(after: core.firstIndex(of: "/")!)...]) {
                let n = CardinalVerbalizer(rules: rules).say(parts[0])
                return Match(1, "\(n) \(rules.per) \(UnitVerbalizer(rules: rules).say(unit, plural: false))")
            }
            return nil
        }
        var count = 1
        var spoken = verbalizer.say(numerator: String(parts[0]), denominator: String(denominator), whole: whole)
        // "4 1/2 lbs": the unit after a mixed fraction is plural.
        if context.joins(i), i + 1 < context.pieces.count, let unit = unitAfter(i + 1, in: context) {
            spoken += " " + UnitVerbalizer(rules: rules).say(unit.expression, plural: true)
            count += 1
        }
        return Match(count, spoken)
    }

    /// "1-2=5", "2+3": numbers and operators.
    func math(_ core: Substring) -> String? {
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            words.append(NumberReading(rules: rules).sayWhole(Substring(current), allowYear: false) ?? current)
            current = ""
        }
        for c in core {
            let op: String? = switch c {
            case "=": rules.symbols["="]
            case "+": rules.word("plus")
            case "-", "−": current.isEmpty && words.isEmpty ? nil : rules.word("minus")
            case "×", "*": rules.word("times")
            case "÷": rules.symbols["÷"]
            default: nil
            }
            if let op { flush(); words.append(op) } else { current.append(c) }
        }
        flush()
        return words.joined(separator: " ")
    }

    /// Whether a street name starts at piece `j`: capitalized words ending in a street word.
    func isAddress(after j: Int, in context: Context) -> Bool {
        guard !rules.streets.isEmpty else { return false }
        var k = j
        while k < context.pieces.count, k < j + 4 {
            let core = context.pieces[k].core
            guard let first = core.first, first.isUppercase || first.isASCIIDigit else { return false }
            if k > j, rules.streets[String(core)] != nil, core.count > 1 { return true }
            if context.pieces[k].endsClause && k > j { return false }
            k += 1
        }
        return false
    }
}
