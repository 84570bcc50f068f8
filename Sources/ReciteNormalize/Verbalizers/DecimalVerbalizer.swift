/// Says a number with its sign and decimals: "-0.25" → "minus zero point two five".
///
/// The digits after the point are read one by one, as people read them. For a language that
/// keeps digits the number is written back with its own decimal separator and no group
/// separators ("1 250,5" → "1250,5"), which its voice reads without a pause.
struct DecimalVerbalizer {
    let rules: LanguageRules
    /// "four hundred sixty billion": no "and" before a magnitude word.
    var hundredAnd: Bool?

    func say(_ number: NumberLiteral) -> String {
        var words: [String] = []
        if number.negative { words.append(rules.word("minus")) }
        guard rules.spellNumbers else {
            var digits = number.integer.isEmpty ? "0" : number.integer
            if let f = number.fraction { digits += "\(rules.decimalSeparator)\(f)" }
            words.append(digits)
            return words.joined(separator: " ")
        }
        if !number.integer.isEmpty {
            words.append(number.indian && rules.numberWords == nil && rules.spellNumbers
                ? CardinalVerbalizer(rules: rules, hundredAnd: hundredAnd).sayIndian(number.integer)
                : number.groupedOrShort(rules) ? CardinalVerbalizer(rules: rules, hundredAnd: hundredAnd).say(number.integer)
                                                      : DigitsVerbalizer(rules: rules).say(number.integer))
        }
        if let fraction = number.fraction {
            words.append(rules.word("point"))
            words.append(rules.numberWords?.decimals(Substring(fraction)) ?? DigitsVerbalizer(rules: rules).say(fraction))
        }
        return words.joined(separator: " ")
    }
}
