import ReciteScript

/// The one pass over a stretch of speech: at each piece, the recognizers for that kind of piece
/// (number, currency, word, symbol) try to read it together with the pieces after it; the first
/// that matches says how many pieces it takes and what to say. Pieces nobody recognizes are kept.
///
/// Dispatching on the first character keeps the cost low: a plain word meets a few dictionary
/// lookups and never a regular expression.
struct Reader {
    let rules: LanguageRules
    var emoji: Normalizer.EmojiReading = .skip
    var subjects: Set<DocumentSubject> = []

    /// Reads `pieces` and appends one run per match (or per kept piece) to `out`.
    func read(_ written: [Piece], into out: inout [Run]) {
        let unmarked = rules.verbalizes ? Self.withoutMarks(written) : written
        let pieces = rules.verbalizes && rules.groupSeparators.contains(",") ? SpacedThousands.joined(unmarked) : unmarked
        var context = Context(rules: rules, pieces: pieces)
        context.subjects = subjects
        let numbers = NumberRecognizer(rules: rules)
        let money = MoneyRecognizer(rules: rules)
        let words = WordRecognizer(rules: rules)
        let letterMoney = LetterCurrencyRecognizer(rules: rules)
        let symbols = SymbolRecognizer(rules: rules, emoji: emoji)
        let firstOut = out.count
        // Whether the text spells "metre": looked for only once a reading names a meter or a liter.
        var british: Bool?
        var i = 0
        while i < pieces.count {
            let piece = pieces[i]
            guard let first = piece.core.first else {
                // Punctuation alone ("…", "?,"): it goes to the previous word, where it makes a pause.
                appendPunctuation(piece.lead + piece.trail, to: &out, after: firstOut)
                i += 1
                continue
            }
            // Most pieces start with an ASCII letter: answered from the byte, not Unicode's tables.
            let asciiLetter = piece.core.utf8.first.map { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") } ?? false
            let isLetter = asciiLetter || first.isLetter
            // "(15 October 1542 – 27 October 1605)": a dash between a year and the next date is "to".
            if piece.core.count == 1, piece.core == "–" || piece.core == "-" || piece.core == "—", rules.verbalizes, rules.numberWords == nil,
               i > 0, i + 1 < pieces.count, pieces[i - 1].core.count == 4, let year = Int(pieces[i - 1].core), (1000...2099).contains(year),
               pieces[i + 1].core.count <= 4, pieces[i + 1].core.isAllDigits, !pieces[i - 1].endsClause {
                out.append(Run(.speech(rules.word("to")), source: piece.span, style: piece.style))
                i += 1
                continue
            }
            // "from 7 a.m. – 5 p.m.": a dash between a time's meridiem and the next time is "to".
            if piece.core.utf8.count <= 3, piece.core == "–" || piece.core == "-" || piece.core == "—", rules.verbalizes, rules.numberWords == nil,
               i > 0, i + 1 < pieces.count, pieces[i + 1].core.first?.isASCIIDigit == true, Self.endsWithMeridiem(pieces[i - 1].core),
               // "9am - 12.30pm - 2pm": after a range's high end, the next dash parts two ranges.
               i < 2 || !["–", "-", "—"].contains(pieces[i - 2].core) {
                out.append(Run(.speech(rules.word("to")), source: piece.span, style: piece.style))
                i += 1
                continue
            }
            if !isLetter, !first.isASCIIDigit, rules.pauses.contains(String(piece.core)) {
                appendPunctuation(",", to: &out, after: firstOut)
                i += 1
                continue
            }
            // "3 bd / 2 ba": a slash between two measures is a pause, not "slash".
            // "min 40° / max 60°", "5 kg / 11 lb": between two measures too.
            if piece.core.utf8.count == 1, piece.core.utf8.first == UInt8(ascii: "/"), rules.verbalizes, i > 0, i + 1 < pieces.count,
               pieces[i + 1].core.first?.isASCIIDigit == true && (pieces[i - 1].core.last?.isLetter == true && i > 1 && pieces[i - 2].core.first?.isASCIIDigit == true)
                || isMeasure(pieces[i - 1].core) && (pieces[i + 1].core.first?.isASCIIDigit == true || i + 2 < pieces.count && pieces[i + 1].core.first?.isLetter == true && pieces[i + 2].core.first?.isASCIIDigit == true) {
                appendPunctuation(",", to: &out, after: firstOut)
                i += 1
                continue
            }
            // ".NET 6.0", "a .csv file": a word written after a dot is said "dot", not a sentence's end
            // (in capitals, or in lower case after a word with nothing between them).
            if piece.lead.utf8.count == 1, piece.lead.utf8.first == UInt8(ascii: "."), rules.verbalizes, rules.numberWords == nil, asciiLetter, (2...6).contains(piece.core.utf8.count),
               piece.core.allSatisfy({ $0.isASCII && $0.isUppercase }) && (i == 0 || pieces[i - 1].trail.isEmpty)
                || i > 0 && pieces[i - 1].trail.isEmpty && piece.core.allSatisfy({ $0.isASCII && $0.isLowercase }) {
                out.append(Run(.speech("\(rules.word("dot")) \(piece.core)" + piece.trail), source: piece.span, style: piece.style))
                context.previousWord = piece.core
                i += 1
                continue
            }
            // "the top grade A*": a grade and its star.
            if asciiLetter, piece.core.utf8.count <= 8, piece.core.utf8.dropFirst().first == UInt8(ascii: "*"),
               let grade = Grades.say(piece.core, rules: rules) {
                emit(Match(1, grade), at: i, pieces: pieces, into: &out, after: firstOut)
                i += 1
                continue
            }
            // "Office / professional work": a slash standing between two words is a choice, "or".
            if piece.core.utf8.count == 1, piece.core.utf8.first == UInt8(ascii: "/"), rules.verbalizes, i > 0, i + 1 < pieces.count,
               !pieces[i - 1].endsClause,
               words.alternatives(pieces[i - 1].core, pieces[i + 1].core, before: i > 1 && !pieces[i - 2].endsClause ? pieces[i - 2].core : nil,
                                  after: i + 2 < pieces.count && !pieces[i + 1].endsClause ? pieces[i + 2].core : nil) != nil {
                out.append(Run(.speech(rules.word("or")), source: piece.span, style: piece.style))
                i += 1
                continue
            }
            // "160 mg x 8 = 1,280 mg": an "x" before a number and an equals sign is a product, "times".
            if piece.core == "x" || piece.core == "×", rules.verbalizes, rules.numberWords == nil, i > 0, i + 2 < pieces.count,
               !pieces[i - 1].endsClause, pieces[i + 1].core.first?.isASCIIDigit == true,
               (i + 2...min(i + 3, pieces.count - 1)).contains(where: { pieces[$0].core == "=" }) {
                out.append(Run(.speech(rules.word("times")), source: piece.span, style: piece.style))
                i += 1
                continue
            }
            // "17.32″ x 4.13″": an "x" between two measures is "by".
            if piece.core == "x" || piece.core == "×", rules.verbalizes, rules.numberWords == nil, i > 0, i + 1 < pieces.count,
               pieces[i - 1].core.first?.isASCIIDigit == true,
               ((pieces[i - 1].trail.first ?? pieces[i - 1].core.last).map({ "″\"”′'".contains($0) }) == true || pieces[i - 1].trail.isEmpty && pieces[i - 1].core.last.map({ "″\"”′'".contains($0) }) == true),
               pieces[i + 1].core.first?.isASCIIDigit == true {
                out.append(Run(.speech(rules.word("by")), source: piece.span, style: piece.style))
                i += 1
                continue
            }
            var match: Match?
            if !rules.verbalizes {
                // A language without rules: every piece is kept as written.
            } else if first.isASCIIDigit || (!asciiLetter && (FractionVerbalizer.vulgar[first] != nil
                || ("-−.+".contains(first) && piece.core.dropFirst().first?.isASCIIDigit == true)
                || (first == "–" && piece.core.dropFirst().first?.isASCIIDigit == true && (i == 0 || pieces[i - 1].core.last?.isASCIIDigit != true)))) {
                match = numbers.recognize(at: i, in: &context)
            } else if isLetter {
                // "R59", "Sh5 million", "KSh. 46 billion": letters that name a currency before an amount.
                if asciiLetter, piece.core.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 })
                    || piece.core.utf8.count <= 5 && i + 1 < pieces.count && pieces[i + 1].core.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true {
                    match = letterMoney.recognize(at: i, in: context)
                }
                // "s179", "S.243(2)": a section of an act.
                if match == nil, first == "s" || first == "S", piece.core.utf8.count <= 9,
                   piece.core.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) {
                    match = StatuteSections.read(at: i, in: context)
                }
                if match == nil { match = words.recognize(at: i, in: context) }
            }
            // "USD 20", "Rs 25", "Rs. 500": a code of three letters, or of two before a number or with a period.
            let codeLength = piece.core.utf8.count
            let lowercase = piece.core.utf8.first.map { $0 >= 0x61 } ?? false
            var beforeNumber: Bool { i + 1 < pieces.count && pieces[i + 1].core.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } == true }
            if match == nil, rules.verbalizes, isLetter, WordShape.isPlain(piece.core),
               codeLength != 3 || lowercase && !beforeNumber,
               codeLength != 2 || piece.trail.utf8.first != UInt8(ascii: ".") && (lowercase || !beforeNumber) {
                // A plain word that is no currency code: nothing more to try.
            } else if match == nil, rules.verbalizes {
                // A plain word can only be a currency code ("USD 20"); only other words can hold signs.
                let plain = piece.core.utf8.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
                if !plain || codeLength == 3 || codeLength == 2 { match = money.recognize(at: i, in: context) }
                if match == nil, !plain, !(isLetter && piece.core.allSatisfy(\.isLetter)) {
                    match = symbols.recognize(at: i, in: context)
                }
            }
            guard let match else {
                let text = piece.lead.isEmpty && piece.trail.isEmpty ? String(piece.core)
                    : String(leading(piece.lead, into: &out, after: firstOut)) + piece.core + piece.trail
                out.append(Run(.speech(clean(text)), source: piece.span, style: piece.style))
                context.previousWord = piece.core
                i += 1
                continue
            }
            if match.spoken.isEmpty {
                // Said by nothing (an emoji): its punctuation still makes a pause.
                appendPunctuation(pieces[i + match.count - 1].trail, to: &out, after: firstOut)
            } else {
                var match = match
                if rules.numberWords == nil, BritishSpelling.namesMeterOrLiter(match.spoken) {
                    if british == nil {
                        british = subjects.contains(.britishSpelling) || pieces.indices.contains { BritishSpelling.spells(pieces[$0].core) }
                    }
                    if british == true { match.spoken = BritishSpelling.respell(match.spoken) }
                }
                emit(match, at: i, pieces: pieces, into: &out, after: firstOut)
                context.previousWord = match.spoken.split(separator: " ").last
            }
            i += match.count
        }
    }

    /// Marks that are written but not said, glued to a word: a footnote's asterisk, dagger or
    /// bracketed number ("*10 minutes", "price*", "Smith†", "methane[1]") and a trademark sign
    /// ("Acme®", "Windows™"). A sign standing alone ("© 2024", "*") is still read or paused on.
    static func withoutMarks(_ pieces: [Piece]) -> [Piece] {
        // Most stretches have none: checked on bytes ("*" 2A; "†‡" E2 80 A0/A1; "™" E2 84 A2; "®" C2 AE; "[" 5B).
        guard pieces.contains(where: { p in p.core.utf8.contains { $0 == 0x2A || $0 == 0xE2 || $0 == 0xC2 || $0 == 0x5B } }) else { return pieces }
        var out = pieces
        for k in out.indices {
            var core = out[k].core
            // "methane[1]", "as shown[12],": a footnote's number glued to a word (not "a[1]", an index).
            if let open = core.lastIndex(of: "["), out[k].trail.hasPrefix("]"), core.distance(from: core.startIndex, to: open) >= 3,
               core[..<open].allSatisfy(\.isLetter), case let digits = core[core.index(after: open)...], (1...3).contains(digits.count), digits.isAllDigits {
                out[k].core = core[..<open]
                out[k].trail = out[k].trail.dropFirst()
                continue
            }
            // "*10", "**5,000" (emphasis marks left in plain text): the marks before a word.
            let leading = core.prefix(while: { Self.footnoteMarks.contains($0) })
            // "*544#": a phone's service code keeps its star.
            if core.first == "*", core.last == "#" || out[k].trail.hasPrefix("#") { continue }
            if !leading.isEmpty, leading.count <= 3, core.dropFirst(leading.count).first.map({ $0.isLetter || $0.isASCIIDigit }) == true {
                core = core.dropFirst(leading.count)
            }
            let trailing = core.reversed().prefix(while: { Self.footnoteMarks.contains($0) || Self.trademarks.contains($0) })
            if !trailing.isEmpty, trailing.count <= 3, core.count > trailing.count, !Grades.isGrade(core),
               core.dropLast(trailing.count).last.map({ $0.isLetter || $0.isASCIIDigit || $0 == "." || $0 == ")" || $0 == "%" }) == true {
                core = core.dropLast(trailing.count)
            }
            // "mo.*": the period the mark followed is punctuation again.
            if core.count > 1, core.last == ".", core.endIndex != out[k].core.endIndex {
                out[k].trail = Substring("." + out[k].trail)
                core = core.dropLast()
            }
            out[k].core = core
        }
        return out
    }

    /// Whether `core` ends a clock time: "a.m", "PM", or glued to its digits ("7am", "9.30pm").
    static func endsWithMeridiem(_ core: Substring) -> Bool {
        guard core.count >= 2, core.count <= 8 else { return false }
        let lower = core.lowercased()
        if ["am", "pm", "a.m", "p.m", "a.m.", "p.m."].contains(lower) { return true }
        return (lower.hasSuffix("am") || lower.hasSuffix("pm")) && lower.dropLast(2).last?.isASCIIDigit == true
    }

    /// A number with a sign or unit glued after it ("40°", "5kg", "20%").
    private func isMeasure(_ core: Substring) -> Bool {
        core.first?.isASCIIDigit == true && core.last.map { !$0.isASCIIDigit } == true
    }

    static let footnoteMarks: Set<Character> = ["*", "†", "‡"]
    static let trademarks: Set<Character> = ["®", "™", "℠"]

    private func emit(_ match: Match, at i: Int, pieces: [Piece], into out: inout [Run], after firstOut: Int) {
        let first = pieces[i], last = pieces[i + match.count - 1]
        var trail = last.trail
        if match.consumesQuote, let q = trail.first, "\"'’″′”".contains(q) { trail = trail.dropFirst() }
        if match.consumesDot, i + match.count < pieces.count, trail.hasPrefix(".") { trail = trail.dropFirst() }
        // "401(k)": a bracket opened inside what the match read closes with it, and is not said.
        if trail.hasPrefix(")"), match.count > 1, pieces[(i + 1)..<(i + match.count)].contains(where: { $0.lead.contains("(") }) {
            trail = trail.dropFirst()
        }
        var lead = leading(first.lead, into: &out, after: firstOut)
        // "'90s", "’20": the apostrophe stood for the century, which is not said.
        if lead == "'" || lead == "’", first.core.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true { lead = "" }
        let text = String(lead) + match.spoken + trail
        var span = first.span
        if last.span.end > span.end { span.length = last.span.end - span.offset }
        out.append(Run(.speech(clean(text)), source: span, style: first.style))
    }

    /// A word's leading punctuation without periods (".b@gmail.com" would be read "dot b"): a
    /// period there ends the previous word's sentence.
    private func leading(_ lead: Substring, into out: inout [Run], after firstOut: Int) -> Substring {
        guard lead.contains("." as Character) else { return lead }
        appendPunctuation(lead.contains("..") || lead.contains("…" as Character) ? "..." : ".", to: &out, after: firstOut)
        return lead.filter { $0 != "." }[...]
    }

    /// Adds punctuation to the last run said in this stretch; nothing when none came before.
    private func appendPunctuation<S: StringProtocol>(_ punctuation: S, to out: inout [Run], after firstOut: Int) {
        guard out.count > firstOut, let spoken = out[out.count - 1].spoken, !punctuation.isEmpty else { return }
        if punctuation == ",", spoken.last.map({ ",.;:!?".contains($0) }) == true { return }
        out[out.count - 1].content = .speech(spoken + punctuation)
    }

    /// Text without the characters that eSpeak NG's SSML input takes as markup.
    func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return text
        }
        var out = ""
        for c in text {
            switch c {
            case "&": out += " \(rules.symbols["&"] ?? "and") "
            case "<", ">": out += " "
            default: out.append(c)
            }
        }
        return out.split(separator: " ").joined(separator: " ")
    }
}
