/// "40 km/h" in a text that writes "one kilometre": the unit is said in the text's own spelling,
/// "kilometres" (eSpeak NG's American voice says "meter" and "metre" apart, and a listener hears
/// the switch). The proof is a word of the text spelled "-metre" or "-litre"; without one the
/// tables' American spelling stays.
enum BritishSpelling {
    /// Whether `core` is spelled the British way: "kilometre", "Litres", "millilitre".
    static func spells(_ core: Substring) -> Bool {
        // On bytes first: most words do not end in "tre" or "tres".
        let bytes = core.utf8
        guard bytes.count >= 5, let last = bytes.last else { return false }
        // "litres/100": the word before a rate's slash.
        if last >= UInt8(ascii: "0"), last <= UInt8(ascii: "9") {
            guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
            return spells(core[..<slash])
        }
        let end = last == UInt8(ascii: "s") ? bytes.dropLast() : bytes[...]
        guard end.count >= 5, end.last == UInt8(ascii: "e"), end.dropLast().last == UInt8(ascii: "r"),
              end.dropLast(2).last == UInt8(ascii: "t") else { return false }
        let lower = core.lowercased()
        return lower.hasSuffix("metre") || lower.hasSuffix("metres") || lower.hasSuffix("litre") || lower.hasSuffix("litres")
    }

    /// Whether `spoken` may name a meter or a liter: "ter" in its bytes (one pass, no string made).
    static func namesMeterOrLiter(_ spoken: String) -> Bool {
        var a: UInt8 = 0, b: UInt8 = 0
        for c in spoken.utf8 {
            if a == UInt8(ascii: "t"), b == UInt8(ascii: "e"), c == UInt8(ascii: "r") { return true }
            a = b
            b = c
        }
        return false
    }

    /// `spoken` with the units of length and volume it names respelled: "meter" → "metre".
    static func respell(_ spoken: String) -> String {
        guard spoken.contains("meter") || spoken.contains("liter") else { return spoken }
        return spoken.split(separator: " ", omittingEmptySubsequences: false).map { word -> Substring in
            for (american, british) in [("meter", "metre"), ("liter", "litre")] {
                for ending in ["", "s"] where word.hasSuffix(american + ending) {
                    let prefix = word.dropLast(american.count + ending.count)
                    if prefixes.contains(String(prefix)) { return prefix + british + ending }
                }
            }
            return word
        }.joined(separator: " ")
    }

    static let prefixes: Set<String> = ["", "kilo", "centi", "milli", "micro", "nano", "deci", "hecto", "deca"]
}
