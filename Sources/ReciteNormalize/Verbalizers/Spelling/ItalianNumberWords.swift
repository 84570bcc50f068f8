/// Italian numbers, written as one word below a million as Italian writes them:
/// "settantacinque", "milleduecentocinquanta", "duemilaventi", "un milione duecentomila".
struct ItalianNumberWords: NumberWords {
    static let ones = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci",
                       "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto",
                       "diciannove"]
    static let tens = ["", "", "venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"]
    static let large = [("milione", "milioni"), ("miliardo", "miliardi"), ("bilione", "bilioni"), ("biliardo", "biliardi")]

    func cardinal(_ digits: Substring, gender: NumberGender) -> String {
        guard let groups = Self.groups(digits, max: 1 + Self.large.count) else { return self.digits(digits) }
        if groups.allSatisfy({ $0 == 0 }) { return "zero" }
        var words: [String] = []
        var below = ""
        for (position, group) in groups.enumerated() where group != 0 {
            let power = groups.count - 1 - position
            switch power {
            case 0: below += compound(group, final: true)
            case 1: below += group == 1 ? "mille" : compound(group, final: false) + "mila"
            default:
                let name = Self.large[power - 2]
                words.append(group == 1 ? "un \(name.0)" : "\(compound(group, final: true)) \(name.1)")
            }
        }
        if !below.isEmpty { words.append(below) }
        var spoken = words.joined(separator: " ")
        // "un libro", "una casa"; "uno" alone.
        if spoken == "uno" {
            switch gender {
            case .none: break
            case .masculine: spoken = "un"
            case .feminine: spoken = "una"
            }
        }
        return spoken
    }

    /// 1…999 as one word; "tre" takes its accent at the end of a compound ("ventitré"), and
    /// "uno" loses its vowel before "mila" ("ventunmila").
    private func compound(_ n: Int, final: Bool) -> String {
        var word = ""
        let h = n / 100, rest = n % 100
        if h > 0 { word = (h == 1 ? "" : Self.ones[h]) + "cento" }
        if rest > 0 {
            var tail: String
            if rest < 20 {
                tail = Self.ones[rest]
            } else {
                let unit = rest % 10
                var ten = Self.tens[rest / 10]
                // "ventuno", "trentotto": the vowel of the ten falls before "uno" and "otto".
                if unit == 1 || unit == 8 { ten.removeLast() }
                tail = ten + (unit == 0 ? "" : Self.ones[unit])
            }
            if tail.hasSuffix("tre"), tail != "tre" || h > 0 { tail = tail.dropLast() + "é" }
            if !final, tail.hasSuffix("uno"), n > 1 { tail.removeLast() }
            // "centotto", "centottanta": the o of "cento" falls before "otto".
            if h > 0, tail.hasPrefix("ott") { word.removeLast() }
            word += tail
        }
        return word
    }

    static let ordinalUnits = ["", "primo", "secondo", "terzo", "quarto", "quinto", "sesto", "settimo", "ottavo", "nono", "decimo"]

    func ordinal(_ digits: Substring, gender: NumberGender) -> String? {
        guard let n = Int(digits), n > 0, n < 1_000_000 else { return nil }
        var word: String
        if n <= 10 {
            word = Self.ordinalUnits[n]
        } else {
            // "undicesimo", "ventitreesimo", "ventiseiesimo", "millesimo".
            word = cardinal(digits, gender: .none)
            if word.hasSuffix("tré") { word = word.dropLast() + "e" }
            else if !word.hasSuffix("sei") { word.removeLast() }
            if word.hasSuffix("mill") == false, word.hasSuffix("mil") { word += "l" }
            word += "esimo"
        }
        if gender == .feminine { word = word.dropLast() + "a" }
        return word
    }

    func decimals(_ fraction: Substring) -> String { zerosThenNumber(fraction, longest: 3, pairs: false) }

    func half(_ gender: NumberGender) -> String { gender == .feminine ? "mezza" : "mezzo" }

    func fraction(denominator: Substring, plural: Bool) -> String {
        let name = denominator == "2" ? "mezzo" : ordinal(denominator, gender: .none) ?? cardinal(denominator, gender: .none)
        return plural && name.hasSuffix("o") ? name.dropLast() + "i" : name
    }

    func times(_ spoken: String, _ magnitude: String) -> String {
        guard magnitude == "mila", !spoken.contains(" ") else { return "\(spoken) \(magnitude)" }
        return (spoken.hasSuffix("uno") ? String(spoken.dropLast()) : spoken) + magnitude
    }

    func before(_ noun: String, _ spoken: String) -> String {
        guard spoken == "un" || spoken.hasSuffix(" un"), let first = noun.lowercased().first else { return spoken }
        let second = noun.lowercased().dropFirst().first
        let strong = "zyx".contains(first) || noun.lowercased().hasPrefix("gn") || noun.lowercased().hasPrefix("ps")
            || (first == "s" && second.map { !"aeiouàèéìòù".contains($0) } == true)
        return strong ? spoken + "o" : spoken
    }

    func joining(_ spoken: String) -> String {
        Self.large.contains { spoken.hasSuffix($0.0) || spoken.hasSuffix($0.1) } ? spoken + " di" : spoken
    }
}
