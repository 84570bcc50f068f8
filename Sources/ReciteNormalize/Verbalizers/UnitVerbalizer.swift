/// Says a unit expression agreeing with its number: "m²" after 8 → "square meters",
/// "km/h" after 1 → "kilometer per hour", "m/s²" → "meters per second squared".
///
/// English puts the power word first ("square meters"), French after ("mètres carrés"), German
/// joins it ("Quadratmeter"); the language's units file says which.
struct UnitVerbalizer {
    let rules: LanguageRules

    func say(_ unit: UnitExpression, plural: Bool) -> String {
        var parts: [String] = []
        for term in unit.numerator {
            parts.append(say(term, plural: plural, inDenominator: false))
        }
        if let denominator = unit.denominator {
            parts.append(rules.per)
            parts.append(say(denominator, plural: false, inDenominator: true))
        }
        for term in unit.moreDenominators {
            parts.append(rules.per)
            parts.append(say(term, plural: false, inDenominator: true))
        }
        return parts.joined(separator: " ")
    }

    func say(_ term: UnitTerm, plural: Bool, inDenominator: Bool) -> String {
        let name = term.reading.form(plural: plural)
        guard let power = term.power, let powerWord = rules.powers[power] else { return name }
        if rules.powerJoined { return powerWord.singular + name.lowercased() }
        if rules.powerAfter { return "\(name) \(powerWord.form(plural: plural))" }
        return inDenominator ? "\(name) \(powerWord.plural)" : "\(powerWord.singular) \(name)"
    }
}

/// A parsed unit: the terms of its numerator and at most one denominator.
struct UnitExpression {
    var numerator: [UnitTerm]
    var denominator: UnitTerm?
    /// The units after a second or third slash ("day" in "mg/kg/day").
    var moreDenominators: [UnitTerm] = []
}

/// One unit with an optional power ("m" and "2" for "m²").
struct UnitTerm {
    var reading: Inflected
    var power: String?
}
