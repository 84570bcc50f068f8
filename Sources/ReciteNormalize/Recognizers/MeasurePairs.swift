/// Two measures written as one: a size ("a 60cm x 60cm opening" → "sixty centimeter by sixty
/// centimeter"), the same amount in two systems with a slash ("912,000 liters/240,000 gallons" →
/// "… liters or … gallons"), and an oven's temperature with its gas mark ("180°C/gas mark 4").
extension NumberRecognizer {
    /// "60cm x 60cm": the glued measure at `i`, "x", and another glued measure; both units in the
    /// number the noun after them takes ("a 60cm x 60cm opening": singular).
    func gluedDimensions(_ n: NumberLiteral, unit: UnitExpression, at i: Int, in context: Context) -> Match? {
        guard rules.numberWords == nil, context.joins(i), let x = context.core(i + 1), x == "x" || x == "×", context.joins(i + 1),
              isGluedMeasure(i + 2, in: context), let other = context.core(i + 2),
              let m = NumberLiteral.parse(other, rules: rules), let second = UnitParser(rules: rules).parse(other[m.end...]) else { return nil }
        let reading = NumberReading(rules: rules)
        let units = UnitVerbalizer(rules: rules)
        let describes = isAdjective(at: i, unitEnd: i + 3, in: context, unit: second)
        return Match(3, "\(reading.say(n, allowYear: false)) \(units.say(unit, plural: !describes && !n.isOne)) \(rules.word("by")) "
                        + "\(reading.say(m, allowYear: false)) \(units.say(second, plural: !describes && !m.isOne))")
    }

    /// "912,000 liters/240,000 gallons": a unit, a slash and the next amount in one word, then that
    /// amount's unit, of the same kind: "or". The match counts the pieces from `j` on. Units of different kinds are left to the rest
    /// ("25 mg/5 ml" is a concentration).
    func sameAmountTwice(_ n: NumberLiteral, next j: Int, in context: Context) -> Match? {
        guard rules.numberWords == nil, let word = context.core(j), let slash = word.firstIndex(of: "/"), context.joins(j) else { return nil }
        let other = word[word.index(after: slash)...]
        // "2.1 meters/seven feet": the second amount may be written in words.
        let m = other.first?.isASCIIDigit == true ? NumberLiteral.parse(other, rules: rules) : nil
        guard m.map({ $0.end == word.endIndex }) ?? Self.numberNames.contains(other),
              let first = UnitParser(rules: rules).parse(word[..<slash]) ?? rules.writtenUnit(word[..<slash]),
              // "gallons" written out, which `unitAfter` leaves to the words after a number.
              let second = m.flatMap({ unitAfter(j + 1, in: context, number: $0) })
                ?? context.core(j + 1).flatMap({ rules.writtenUnit($0) }).map({ ($0, 1, false) }),
              let kind = kind(of: first), kind == self.kind(of: second.expression) else { return nil }
        let reading = NumberReading(rules: rules)
        let units = UnitVerbalizer(rules: rules)
        let amount = m.map { reading.say($0, allowYear: false) } ?? String(other)
        let one = m.map(\.isOne) ?? (other == "one")
        var match = Match(1 + second.count, "\(reading.say(n, allowYear: false)) \(units.say(first, plural: !n.isOne)) \(rules.word("or")) "
                                            + "\(amount) \(units.say(second.expression, plural: !one))")
        match.consumesDot = second.dotted
        return match
    }

    /// "180°C/gas": a temperature glued to the oven's gas mark that follows it, a pause between.
    func gasMark(_ n: NumberLiteral, suffix: Substring, at i: Int, in context: Context) -> Match? {
        guard rules.numberWords == nil, suffix.utf8.count >= 5, suffix.lowercased().hasSuffix("/gas"), context.joins(i),
              context.core(i + 1)?.lowercased() == "mark",
              let unit = UnitParser(rules: rules).parse(suffix.dropLast(4)) else { return nil }
        let name = UnitVerbalizer(rules: rules).say(unit, plural: !n.isOne)
        return Match(1, "\(NumberReading(rules: rules).count(n, noun: name)) \(name), gas")
    }

    /// Numbers written in words that may follow the slash ("meters/seven feet").
    static let numberNames: Set<Substring> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                                              "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred"]

    /// What a unit alone measures ("length" for kilometers), from the end of its singular reading.
    private func kind(of unit: UnitExpression) -> String? {
        guard unit.denominator == nil, unit.numerator.count == 1, unit.numerator[0].power == nil else { return nil }
        let singular = unit.numerator[0].reading.singular
        for (ending, kind) in rules.measureKinds where singular.hasSuffix(ending) { return kind }
        return nil
    }
}
