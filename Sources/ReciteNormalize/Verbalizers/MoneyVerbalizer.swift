/// Says an amount of money: "$3.50" → "three dollars fifty cents", "$4.5M" → "four point five
/// million dollars", "$0.02" → "two cents", "$1" → "one dollar".
///
/// Cents are said when the amount has two decimals (or three ending in zero, "$20.500"); other
/// decimals are read as a decimal number before the currency name.
struct MoneyVerbalizer {
    let rules: LanguageRules
    /// Said before a noun ("a $20 bill", "a $5 million budget"): the currency in the singular.
    var adjective = false

    func say(_ amount: NumberLiteral, currency: Currency, magnitude: String?) -> String {
        let reading = NumberReading(rules: rules)
        if let magnitude {
            // "four hundred sixty billion won": no "and" before a magnitude word.
            let decimal = DecimalVerbalizer(rules: rules, hundredAnd: false)
            let counted = rules.numberWords?.joining("\(decimal.say(amount)) \(magnitude)") ?? "\(decimal.say(amount)) \(magnitude)"
            return "\(counted) \(currency.major.form(plural: !adjective))"
        }
        var cents: Int?
        if let f = amount.fraction, rules.spellNumbers {
            var digits = f
            while digits.count > 2, digits.last == "0" { digits.removeLast() }
            if digits.count <= 2 {
                if digits.count == 1 { digits += "0" }
                cents = Int(digits)
            }
        }
        guard let cents else {
            let name = currency.major.form(plural: !amount.isOne && !adjective)
            return "\(reading.count(amount, noun: name)) \(name)"
        }
        let cardinal = CardinalVerbalizer(rules: rules)
        var words: [String] = []
        if amount.negative { words.append(rules.word("minus")) }
        let integer = amount.integer.isEmpty ? "0" : amount.integer
        if integer.contains(where: { $0 != "0" }) || cents == 0 {
            let name = currency.major.form(plural: integer != "1" && !adjective)
            var whole = amount
            whole.negative = false
            whole.fraction = nil
            whole.integer = integer
            words.append(amount.groupedOrShort(rules) ? reading.count(whole, noun: name) : DigitsVerbalizer(rules: rules).say(integer))
            words.append(name)
            // "cinco euros con veinte", "due euro e cinquanta centesimi".
            if cents > 0 { words.append(rules.word("andCents")) }
        }
        if cents > 0 {
            let name = currency.minor.form(plural: cents != 1)
            words += [cardinal.say(cents, gender: rules.gender(before: name)), name]
        }
        words.removeAll { $0.isEmpty }
        return words.joined(separator: " ")
    }
}
