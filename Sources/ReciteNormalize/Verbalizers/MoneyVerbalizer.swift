/// Says an amount of money: "$3.50" → "three dollars fifty cents", "$4.5M" → "four point five
/// million dollars", "$0.02" → "two cents", "$1" → "one dollar".
///
/// Cents are said when the amount has two decimals (or three ending in zero, "$20.500"); other
/// decimals are read as a decimal number before the currency name.
struct MoneyVerbalizer {
    let rules: LanguageRules

    func say(_ amount: NumberLiteral, currency: Currency, magnitude: String?) -> String {
        let decimal = DecimalVerbalizer(rules: rules)
        if let magnitude {
            return "\(decimal.say(amount)) \(magnitude) \(currency.major.plural)"
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
            return "\(decimal.say(amount)) \(currency.major.form(plural: !amount.isOne))"
        }
        let cardinal = CardinalVerbalizer(rules: rules)
        var words: [String] = []
        if amount.negative { words.append(rules.word("minus")) }
        let integer = amount.integer.isEmpty ? "0" : amount.integer
        if integer.contains(where: { $0 != "0" }) || cents == 0 {
            words.append(amount.groupedOrShort(rules) ? cardinal.say(integer) : DigitsVerbalizer.say(integer))
            words.append(currency.major.form(plural: integer != "1"))
        }
        if cents > 0 {
            words += [cardinal.say(cents), currency.minor.form(plural: cents != 1)]
        }
        return words.joined(separator: " ")
    }
}
