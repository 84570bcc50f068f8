import Foundation
/// Spanish numbers: "setenta y cinco", "veintiún euros", "doscientas personas", "mil doscientos
/// cincuenta", "un millón de euros" (long scale: "mil millones", then "billón").
struct SpanishNumberWords: NumberWords {
    static let ones = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
                       "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve",
                       "veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis",
                       "veintisiete", "veintiocho", "veintinueve"]
    static let tens = ["", "", "veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"]
    static let hundreds = ["", "ciento", "doscient", "trescient", "cuatrocient", "quinient", "seiscient", "setecient",
                           "ochocient", "novecient"]
    /// Names of powers of a million, singular and plural.
    static let millions = [("millón", "millones"), ("billón", "billones"), ("trillón", "trillones")]

    func cardinal(_ digits: Substring, gender: NumberGender) -> String {
        guard let groups = Self.groups(digits, max: 24 / 3) else { return self.digits(digits) }
        if groups.allSatisfy({ $0 == 0 }) { return "cero" }
        // Blocks of six digits: thousands and units, then a power of a million.
        var words: [String] = []
        var blocks: [Int] = []
        var index = groups.count
        while index > 0 {
            let low = groups[index - 1], high = index >= 2 ? groups[index - 2] : 0
            blocks.insert(high * 1000 + low, at: 0)
            index -= 2
        }
        for (position, block) in blocks.enumerated() where block != 0 {
            let power = blocks.count - 1 - position
            // A count of millions is masculine: "veintiún millones", "doscientos millones".
            let blockGender: NumberGender = power == 0 ? gender : .masculine
            words.append(underMillion(block, gender: blockGender))
            if power > 0 {
                let name = Self.millions[power - 1]
                words.append(block == 1 ? name.0 : name.1)
            }
        }
        return words.joined(separator: " ")
    }

    private func underMillion(_ n: Int, gender: NumberGender) -> String {
        let thousands = n / 1000, rest = n % 1000
        var words: [String] = []
        if thousands == 1 {
            words.append("mil")
        } else if thousands > 1 {
            // "veintiún mil", "doscientas mil personas".
            words.append(underThousand(thousands, gender: gender == .feminine ? .feminine : .masculine))
            words.append("mil")
        }
        if rest > 0 { words.append(underThousand(rest, gender: gender)) }
        return words.joined(separator: " ")
    }

    private func underThousand(_ n: Int, gender: NumberGender) -> String {
        let h = n / 100, rest = n % 100
        var words: [String] = []
        if h == 1 {
            words.append(rest == 0 ? "cien" : "ciento")
        } else if h > 1 {
            words.append(Self.hundreds[h] + (gender == .feminine ? "as" : "os"))
        }
        if rest > 0 { words.append(underHundred(rest, gender: gender)) }
        return words.joined(separator: " ")
    }

    private func underHundred(_ n: Int, gender: NumberGender) -> String {
        if n < 30 {
            guard n % 10 == 1, n != 11 else { return Self.ones[n] }
            return Self.agreeing(Self.ones[n], gender: gender)
        }
        let ten = Self.tens[n / 10]
        guard n % 10 != 0 else { return ten }
        return "\(ten) y \(n % 10 == 1 ? Self.agreeing("uno", gender: gender) : Self.ones[n % 10])"
    }

    /// "uno" before a noun: "un" (masculine), "una" (feminine); "veintiuno" → "veintiún".
    private static func agreeing(_ word: String, gender: NumberGender) -> String {
        switch gender {
        case .none: return word
        case .feminine: return word.dropLast() + "a"
        case .masculine: return word == "veintiuno" ? "veintiún" : String(word.dropLast())
        }
    }

    static let ordinalUnits = ["", "primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno"]
    static let ordinalTens = ["", "décimo", "vigésimo", "trigésimo", "cuadragésimo", "quincuagésimo", "sexagésimo",
                              "septuagésimo", "octogésimo", "nonagésimo"]
    static let ordinalHundreds = ["", "centésimo", "ducentésimo", "tricentésimo", "cuadringentésimo", "quingentésimo",
                                  "sexcentésimo", "septingentésimo", "octingentésimo", "noningentésimo"]

    func ordinal(_ digits: Substring, gender: NumberGender) -> String? {
        guard let n = Int(digits), n > 0, n < 1000 else { return nil }
        var words: [String] = []
        if n / 100 > 0 { words.append(Self.ordinalHundreds[n / 100]) }
        let rest = n % 100
        switch rest {
        case 0: break
        case 11: words.append("undécimo")
        case 12: words.append("duodécimo")
        case 13...19: words.append("decimo" + Self.ordinalUnits[rest - 10])
        case 21...29 where rest % 10 != 0:
            // "vigesimoprimero": the twenties are one word.
            words.append("vigesimo" + Self.ordinalUnits[rest % 10])
        default:
            if rest / 10 > 0 { words.append(Self.ordinalTens[rest / 10]) }
            if rest % 10 > 0 { words.append(Self.ordinalUnits[rest % 10]) }
        }
        if gender == .feminine { words = words.map { $0.dropLast() + "a" } }
        guard var last = words.popLast() else { return nil }
        switch gender {
        case .feminine: break
        // "primer piso", "tercer lugar".
        case .masculine where last.hasSuffix("primero") || last.hasSuffix("tercero"): last = String(last.dropLast())
        default: break
        }
        return (words + [last]).joined(separator: " ")
    }

    func decimals(_ fraction: Substring) -> String { zerosThenNumber(fraction, longest: 3, pairs: true) }

    func half(_ gender: NumberGender) -> String { gender == .feminine ? "media" : "medio" }

    func fraction(denominator: Substring, plural: Bool) -> String {
        let d = Int(denominator) ?? 0
        var name: String
        switch d {
        case 2: name = "medio"
        case 3: name = "tercio"
        case 4...10, 100, 1000: name = ordinal(denominator, gender: .none) ?? cardinal(denominator, gender: .none)
        case 101...: return "sobre " + cardinal(denominator, gender: .none)
        default:
            // "onceavo", "treintavo".
            name = cardinal(denominator, gender: .none).replacingOccurrences(of: " y ", with: "i")
            if name.hasSuffix("a") || name.hasSuffix("o") || name.hasSuffix("e") && d > 20 { name.removeLast() }
            name += "avo"
        }
        return plural ? name + "s" : name
    }

    func before(_ noun: String, _ spoken: String) -> String { spoken }

    func joining(_ spoken: String) -> String {
        Self.millions.contains { spoken.hasSuffix($0.0) || spoken.hasSuffix($0.1) } ? spoken + " de" : spoken
    }
}
