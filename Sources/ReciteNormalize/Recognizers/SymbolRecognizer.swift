/// Recognizes words made of signs: "&", "±", "§", "→", "#5", "±3", "~5", "n°" before a number,
/// and signs without a reading (emoji, dingbats), which are not said.
struct SymbolRecognizer {
    let rules: LanguageRules
    var emoji: Normalizer.EmojiReading = .skip

    func recognize(at i: Int, in context: Context) -> Match? {
        let piece = context.pieces[i]
        let core = piece.core
        let key = String(core)
        // "<br/>", "</b>": a markup tag in plain text is not read.
        if core.first == "<", core.last == ">", core.count >= 3, let second = core.dropFirst().first, second.isLetter || second == "/",
           core.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0.isNumber || "/-_".contains($0) }) {
            return Match(1, "")
        }
        // "*544#", "*170*1#": a phone's service code, said key by key.
        if core.count >= 2, core.first == "*", core.last == "#" || piece.trail.hasPrefix("#"), rules.numberWords == nil, rules.spellNumbers,
           case let keys = core.dropFirst().filter({ $0 != "#" }), keys.first?.isASCIIDigit == true, keys.allSatisfy({ $0.isASCIIDigit || $0 == "*" }) {
            let digits = DigitsVerbalizer(rules: rules)
            let said = keys.split(separator: "*").map { digits.say($0) }.joined(separator: " \(rules.word("star")) ")
            return Match(1, "\(rules.word("star")) \(said) \(rules.symbols["#"] ?? "hash")")
        }
        // "## 3.1.0": a Markdown heading's marks typed in plain text are not read.
        if i == 0, context.pieces.count > 1, core.count <= 6, core.allSatisfy({ $0 == "#" }), piece.trail.isEmpty {
            return Match(1, "")
        }
        // A sign before a number, glued ("#5", "±3", "~5") or as its own word ("n° 5", "± 3").
        if let reading = rules.symbolsBeforeNumber[key], context.joins(i), let next = context.core(i + 1),
           next.first?.isASCIIDigit == true {
            return Match(1, reading)
        }
        for length in [2, 1] where core.count > length {
            let prefix = String(core.prefix(length))
            // "~$5 million": the sign, then the amount with what follows it.
            if let reading = rules.symbolsBeforeNumber[prefix], !core.dropFirst(length).first!.isASCIIDigit {
                var pieces = context.pieces
                pieces[i].core = core.dropFirst(length)
                if let m = MoneyRecognizer(rules: rules).recognize(at: i, in: Context(rules: rules, pieces: pieces)) {
                    return Match(m.count, "\(reading) \(m.spoken)")
                }
            }
            guard let reading = rules.symbolsBeforeNumber[prefix], core.dropFirst(length).first?.isASCIIDigit == true else { continue }
            // "~30s": seconds, not the thirties.
            if reading == rules.symbolsBeforeNumber["~"], rules.numberWords == nil, case let rest = core.dropFirst(length), rest.last == "s",
               rest.dropLast().isAllDigits, rest.count <= 4, let seconds = rules.units["sec"] {
                let n = rest.dropLast()
                return Match(1, "\(reading) \(CardinalVerbalizer(rules: rules).say(String(n))) \(seconds.form(plural: n != "1"))")
            }
            // "~5 min", "~2.5 kg of": the number read with what follows it (its unit), after the sign.
            if context.joins(i) {
                var pieces = context.pieces
                pieces[i].core = core.dropFirst(length)
                var inner = Context(rules: rules, pieces: pieces)
                inner.previousWord = context.previousWord
                // "~23–5 million years": a range, read whole.
                let isRange = core.dropFirst(length).dropFirst().contains(where: { RangeRecognizer.dashes.contains($0) })
                if let m = NumberRecognizer(rules: rules).recognize(at: i, in: &inner), m.count > 1 || isRange, !m.spoken.isEmpty {
                    var said = m
                    said.spoken = "\(reading) \(m.spoken)"
                    return said
                }
            }
            // "#1105": the number sign's number names something.
            if reading == rules.symbolsBeforeNumber["#"] || reading == rules.symbolsBeforeNumber["§"], let n = NumberLiteral.parse(core.dropFirst(length), rules: rules), n.end == core.endIndex,
               let id = NumberReading(rules: rules).sayIdentifier(n) {
                return Match(1, "\(reading) \(id)")
            }
            guard let number = NumberReading(rules: rules).sayWhole(core.dropFirst(length), allowYear: false) else { continue }
            return Match(1, "\(reading) \(number)")
        }
        if let reading = rules.symbols[key] { return Match(1, reading) }
        // "#MeToo": a hashtag.
        if core.first == "#", core.count > 2, core.dropFirst().first?.isLetter == true, core.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber }) {
            return Match(1, "\(rules.word("hashtag")) \(core.dropFirst())")
        }
        // Signs with letters or digits: "#mytext#", "@mypizza", "f++" (nothing to read without a known sign).
        if core.contains(where: { $0.isLetter || $0.isNumber }) {
            guard core.unicodeScalars.contains(where: rules.symbolScalars.contains) else { return nil }
            var out = ""
            for c in core {
                if let reading = rules.symbols[String(c)] { out += " \(reading) " } else { out.append(c) }
            }
            let words = out.split(separator: " ").joined(separator: " ")
            return words == key ? nil : Match(1, words)
        }
        // Signs alone with no reading: an emoji is skipped or named; a word made of known signs is
        // read sign by sign.
        let readings = core.compactMap { rules.symbols[String($0)] }
        if readings.isEmpty, emoji == .name, let names = Self.emojiNames(core) { return Match(1, names) }
        return Match(1, readings.joined(separator: " "))
    }

    /// "grinning face", "woman technologist" for an emoji (a ZWJ sequence gives each part's name;
    /// skin tones, variation selectors and joiners say nothing); nil if `core` is not emoji.
    static func emojiNames(_ core: Substring) -> String? {
        var names: [String] = []
        for scalar in core.unicodeScalars {
            let p = scalar.properties
            if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) || p.isEmojiModifier { continue }
            guard p.isEmoji, !scalar.isASCII, let name = p.name else { return nil }
            names.append(name.lowercased())
        }
        return names.isEmpty ? nil : names.joined(separator: " ")
    }
}
