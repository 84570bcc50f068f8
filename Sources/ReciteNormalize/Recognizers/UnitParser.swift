/// Recognizes a unit expression: "m²", "km/h", "MB/s", "m/s²", "mg/dL", "kWh", "°C".
///
/// It looks the whole text up first (so "km/h" and "mph" keep their own readings), then reads
/// NUMERATOR/DENOMINATOR, each a unit with an optional power (² ³, or a trailing 2 or 3).
struct UnitParser {
    let rules: LanguageRules

    func parse<S: StringProtocol>(_ text: S) -> UnitExpression? {
        let text = Substring(text)
        guard !text.isEmpty, text.count <= 12 else { return nil }
        if let term = term(text) { return UnitExpression(numerator: [term]) }
        if let slash = text.firstIndex(of: "/") {
            let top = text[..<slash]
            // "mg/kg/day": each unit after a slash divides.
            let bottoms = text[text.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false)
            guard bottoms.count <= 3, let denominator = term(bottoms[0]) else { return nil }
            var more: [UnitTerm] = []
            for bottom in bottoms.dropFirst() {
                guard let t = term(bottom) else { return nil }
                more.append(t)
            }
            // "a grade 7/A", "scored 9/B": a lone capital that is also a letter (an amp, a byte) is
            // no unit to count "per" without a unit above it.
            if top.isEmpty, bottoms.count == 1, bottoms[0].count == 1, bottoms[0].first?.isUppercase == true,
               rules.ambiguousUnits.contains(String(bottoms[0])) || rules.letterUnits.contains(String(bottoms[0])) { return nil }
            if top.isEmpty { return UnitExpression(numerator: [], denominator: denominator, moreDenominators: more) }
            guard let numerator = terms(top) else { return nil }
            return UnitExpression(numerator: numerator, denominator: denominator, moreDenominators: more)
        }
        return terms(text).map { UnitExpression(numerator: $0) }
    }

    /// Units multiplied: "kW·h", "N⋅m".
    private func terms(_ text: Substring) -> [UnitTerm]? {
        let parts = text.split(whereSeparator: { $0 == "·" || $0 == "⋅" })
        guard !parts.isEmpty else { return nil }
        var out: [UnitTerm] = []
        for part in parts {
            guard let t = term(part) else { return nil }
            out.append(t)
        }
        return out
    }

    private func term(_ text: Substring) -> UnitTerm? {
        if let reading = lookup(text) { return UnitTerm(reading: reading, power: nil) }
        guard let last = text.last, text.count > 1 else { return nil }
        let power: String
        switch last {
        case "²", "2": power = "2"
        case "³", "3": power = "3"
        default: return nil
        }
        guard let reading = lookup(text.dropLast()) else { return nil }
        return UnitTerm(reading: reading, power: power)
    }

    private func lookup(_ text: Substring) -> Inflected? {
        let key = String(text)
        if let r = rules.allUnits[key] { return r }
        // "64GBs", "2 TBs": a symbol in capitals given a plural "s".
        if key.count >= 3, key.last == "s", case let symbol = key.dropLast(), symbol.allSatisfy(\.isUppercase),
           !rules.ambiguousUnits.contains(String(symbol)), let r = rules.allUnits[String(symbol)] {
            return r
        }
        // "KG", "MBPS": units in capitals (or all lower case) fold; "Mb" and "mB" do not.
        // "44 US dollars", "2.25 billion GT": a country's code, gross tonnage (data: `notFolded`).
        if key.count > 1, !rules.unfoldedCapitals.contains(key), !key.contains(where: \.isLowercase) || !key.contains(where: \.isUppercase) {
            return rules.foldedUnits[key.lowercased()]
        }
        return nil
    }
}
