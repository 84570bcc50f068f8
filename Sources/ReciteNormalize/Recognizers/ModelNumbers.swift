/// Numbers that name a flight or a product's model, said in pairs ("sixty one oh one", "ninety
/// eight ten") rather than as a quantity ("six thousand one hundred and one").
///
/// The number alone proves nothing ("6101 passengers"), so each reading needs the words around it:
/// an airline's code between "flight" and the number ("Flight 6E 6101", "flight BA 117"), or a
/// name before it and the kind of product after it ("the Exynos 9810 SoC", "Samsung 7420 chipset";
/// the kinds are `modelNouns` in the rules, all singular, since a plural may be counted).
extension NumberRecognizer {
    func modelNumber(_ n: NumberLiteral, at i: Int, in context: Context) -> String? {
        guard rules.numberWords == nil, rules.spellNumbers, i > 0, n.isInteger, !n.grouped, !n.negative, !n.hasLeadingZero,
              (3...4).contains(n.integer.count), !context.pieces[i - 1].endsClause else { return nil }
        let reading = NumberReading(rules: rules)
        let name = context.pieces[i - 1].core
        if isAirlineCode(name), i > 1, !context.pieces[i - 2].endsClause,
           case let word = context.pieces[i - 2].core, word.utf8.count == 6 || word.utf8.count == 7,
           word.lowercased() == "flight" || word.lowercased() == "flights" {
            return reading.sayHouseNumber(n)
        }
        // A name in capitals before it first (checked on its first byte), then the kind of product.
        guard name.utf8.count >= 3, let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
              context.joins(i), let noun = context.core(i + 1), (3...11).contains(noun.utf8.count),
              rules.modelNouns.contains(noun.lowercased()), name.allSatisfy(\.isLetter),
              rules.months[name.lowercased()] == nil else { return nil }
        return reading.sayHouseNumber(n)
    }

    /// "flight 9W 339": an airline's code that starts with a digit is said as its characters, not
    /// as a measure ("nine watts").
    func airlineCode(at i: Int, in context: Context) -> Match? {
        let core = context.pieces[i].core
        // The word before first: most two-character numbers follow no "flight".
        guard core.utf8.count == 2, i > 0, case let before = context.pieces[i - 1].core, before.utf8.count == 6 || before.utf8.count == 7,
              case let word = before.lowercased(), word == "flight" || word == "flights", isAirlineCode(core),
              rules.numberWords == nil, rules.spellNumbers, !context.pieces[i - 1].endsClause, context.joins(i),
              context.core(i + 1)?.isAllDigits == true else { return nil }
        return Match(1, core.map { $0.isASCIIDigit ? CardinalVerbalizer(rules: rules).say(String($0)) : String($0) }.joined(separator: " "))
    }

    /// An airline's two-character code in capitals: "BA", "NZ", "6E", "U2" (not two digits).
    private func isAirlineCode(_ code: Substring) -> Bool {
        guard code.utf8.count == 2 else { return false }
        let isCapital = { (b: UInt8) in b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        return code.utf8.allSatisfy { isCapital($0) || isDigit($0) } && code.utf8.contains(where: isCapital)
    }
}
