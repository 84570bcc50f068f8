import ReciteScript

/// Cuts runs into pieces: a run's core, and where punctuation glues words together without a
/// space ("Hi,no,34!", "(1)Hello", "1!hello"), one piece per glued word.
///
/// A comma between digits ("1,250") and a period inside a word ("e.g.", "3.5", "a.b@c.com") do not
/// cut. Each piece's source span is its own slice of the run's span when the run's spoken text is
/// still its source text; otherwise (an SSML `<sub alias>`) every piece keeps the whole span.
enum PieceSplitter {
    static let cutAfter: Set<Character> = [",", ";", "!", "?", ")"]
    /// The bytes below 0x40 that may glue words (",;!?()"), as bits of one mask: a word is checked
    /// byte by byte without hashing.
    static let gluingBytes: UInt64 = ",;!?()".utf8.reduce(0) { $0 | (1 << UInt64($1)) }

    /// Whether a word may hold glued words: a gluing sign, an em dash (E2 80 94: no ASCII byte is
    /// 0x94), a colon before a capital ("Winds:NE"; not "https://") or after a letter before a digit
    /// or a star ("Time:2000-04-28", "channels:*138#"; not "10:30"), a period between a letter and a digit ("approx.10k"),
    /// a word after an amount's "/=" ("200,000/=plus"), or a period between a small letter and a
    /// capital ("flame.Wait"). One pass over the bytes.
    static func mayGlue(_ core: Substring) -> Bool {
        // The two bytes before the current one: enough for "x:9" and "x.W" without more state.
        var prev: UInt8 = 0, prev2: UInt8 = 0
        for b in core.utf8 {
            if b < 0x40 {
                if gluingBytes & (1 << UInt64(b)) != 0 { return true }
                if prev == UInt8(ascii: ":") || prev == UInt8(ascii: "."), b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") || prev == UInt8(ascii: ":") && b == UInt8(ascii: "*"),
                   (prev2 | 0x20) >= UInt8(ascii: "a"), (prev2 | 0x20) <= UInt8(ascii: "z") { return true }
            } else {
                // 0xA0, 0xAF, 0x89: the last byte of a no-break, narrow no-break or thin space
                // (C2 A0, E2 80 AF, E2 80 89), which join a number to its word ("$2.4 million").
                if b == 0x94 || b == 0xA0 || b == 0xAF || b == 0x89 || prev == UInt8(ascii: ":") && b <= UInt8(ascii: "Z") { return true }
                if prev == UInt8(ascii: "."), b <= UInt8(ascii: "Z"), prev2 >= UInt8(ascii: "a"), prev2 <= UInt8(ascii: "z") { return true }
                if prev == UInt8(ascii: "="), prev2 == UInt8(ascii: "/") { return true }
            }
            prev2 = prev
            prev = b
        }
        return false
    }

    static func pieces(of text: Substring, span: SourceSpan, style: RunStyle, into out: inout [Piece]) {
        let (lead, core, trail) = edges(text)
        let exact = core.utf8.count == span.length
        // Fast path: nothing glued.
        guard exact, mayGlue(core) else {
            out.append(Piece(core: core, lead: lead, trail: trail, span: span, style: style))
            return
        }
        var parts: [Substring] = []
        var start = core.startIndex
        var i = core.startIndex
        while i < core.endIndex {
            let c = core[i]
            let next = core.index(after: i)
            if Self.joiningSpaces.contains(c) {
                // "$2.4 million", "10 kg": a space that only forbids a line break still parts words.
                if i > start { parts.append(core[start..<i]) }
                start = next
            } else if c == "(", i > start, core[core.index(before: i)].isLetterOrNumber || isMarkAfterDigit(core, before: i, from: start) {
                parts.append(core[start..<i])
                start = i
            } else if c == ".", core.distance(from: start, to: i) >= 2, next < core.endIndex, core[next].isASCIIDigit,
                      core[start..<i].allSatisfy(\.isLetter), !core[next...].contains(where: { ".@/:".contains($0) }) {
                // "approx.10k", "No.5", "Fig.2": an abbreviation's period typed without its space.
                parts.append(core[start..<next])
                start = next
            } else if c == "=", i > start, core[core.index(before: i)] == "/", next < core.endIndex, core[next].isLetter {
                // "Ksh.200,000/=plus": East Africa's mark after an amount, then the next word unspaced.
                parts.append(core[start..<next])
                start = next
            } else if c == ".", i > start, core[core.index(before: i)] == ")", next < core.endIndex, core[next].isLetter {
                // "2014).and": a sentence ends inside the word.
                parts.append(core[start..<next])
                start = next
            } else if c == "—", i > start, next < core.endIndex, case let before = core[core.index(before: i)],
                      before.isLetter && core[next].isLetterOrNumber || before.isNumber && core[next].isLetter {
                // "raises—are", "sieved—115g": a dash between words (not between two numbers), a pause of its own.
                parts.append(core[start..<i])
                parts.append(core[i..<next])
                start = next
            } else if c == ":", core.distance(from: start, to: i) >= 2, next < core.endIndex, core[next].isASCIIDigit || core[next] == "*",
                      core[start..<i].allSatisfy(\.isLetter) {
                // "Time:2000-04-28", "channels:*138#": a label glued to a number or a phone code.
                parts.append(core[start..<next])
                start = next
            } else if c == ".", core.distance(from: start, to: i) >= 2, next < core.endIndex, core[next].isUppercase,
                      core[start..<i].allSatisfy({ $0.isLetter && $0.isLowercase }), core.distance(from: next, to: core.endIndex) >= 2,
                      core[core.index(after: next)...].allSatisfy({ $0.isLetter && $0.isLowercase }) {
                // "whistles.Then off the flame.Wait": a sentence's end typed without its space.
                parts.append(core[start..<next])
                start = next
            } else if c == ":", i > start, next < core.endIndex, core[core.index(before: i)].isLetter, core[next].isUppercase {
                // "Winds:NE": a label glued to its value.
                parts.append(core[start..<next])
                start = next
            } else if cutAfter.contains(c), next < core.endIndex {
                let before = i > core.startIndex ? core[core.index(before: i)] : " "
                let after = core[next]
                let digitComma = c == "," && before.isNumber && after.isNumber
                // "(90cm)-": a dash that ends the word after a bracket is a pause, not a joint.
                let glued = c == ")" && (after == "-" && core.index(after: next) < core.endIndex || after.isNumber)
                // "!=": an operator.
                if !digitComma, !glued, !cutAfter.contains(after), after != ".", !(c == "!" && after == "=") {
                    parts.append(core[start..<next])
                    start = next
                }
            }
            i = next
        }
        if start < core.endIndex { parts.append(core[start..<core.endIndex]) }
        guard parts.count > 1 else {
            out.append(Piece(core: parts.first ?? core, lead: lead, trail: trail, span: span, style: style))
            return
        }
        for (n, part) in parts.enumerated() {
            let (pl, pc, pt) = edges(part)
            // Each part's place in the core, so that the spaces between parts are skipped.
            let bytesBefore = core.utf8.distance(from: core.startIndex, to: part.startIndex)
            let scalarsBefore = core.unicodeScalars.distance(from: core.startIndex, to: part.startIndex)
            let piece = SourceSpan(offset: span.offset + bytesBefore + pl.utf8.count, length: pc.utf8.count, line: span.line,
                                   column: span.column + scalarsBefore + pl.unicodeScalars.count)
            out.append(Piece(core: pc, lead: n == 0 ? Substring(String(lead) + pl) : pl,
                             trail: n == parts.count - 1 ? Substring(String(pt) + trail) : pt,
                             span: piece, style: style))
        }
    }

    /// Splits edge punctuation off a word: ("(", "word", "),").
    static func edges(_ word: Substring) -> (Substring, Substring, Substring) {
        // Fast path: a word that starts and ends with an ASCII letter or digit has no edges.
        if let f = word.utf8.first, let l = word.utf8.last, isASCIIAlphanumeric(f), isASCIIAlphanumeric(l) {
            return (word[word.startIndex..<word.startIndex], word, word[word.endIndex..<word.endIndex])
        }
        var lo = word.startIndex
        var hi = word.endIndex
        while lo < hi, isEdge(word[lo]) {
            // ".5", ".1665": a decimal point that starts a number is part of it.
            let next = word.index(after: lo)
            if word[lo] == ".", next < hi, word[next].isASCIIDigit { break }
            // "!=", "!==": an operator, not an exclamation mark before "=".
            if word[lo] == "!", next < hi, word[next] == "=" { break }
            lo = next
        }
        while hi > lo {
            let p = word.index(before: hi)
            guard isEdge(word[p]) else { break }
            hi = p
        }
        return (word[word.startIndex..<lo], word[lo..<hi], word[hi..<word.endIndex])
    }

    /// 13"(13.3"): an inch or foot mark after a digit ends a measure, as a letter ends a word.
    private static func isMarkAfterDigit(_ core: Substring, before i: Substring.Index, from start: Substring.Index) -> Bool {
        let mark = core.index(before: i)
        guard mark > start, "\"”″'’′".contains(core[mark]) else { return false }
        return core[core.index(before: mark)].isASCIIDigit
    }

    /// Spaces that forbid a line break: no-break, narrow no-break, thin and figure spaces.
    static let joiningSpaces: Set<Character> = ["\u{00A0}", "\u{202F}", "\u{2009}", "\u{2007}"]

    private static func isASCIIAlphanumeric(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z"))
    }

    private static func isEdge(_ c: Character) -> Bool {
        guard c != "~", c != "*", let s = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        return wordEdgePunctuation.contains(s)
    }
}

extension Character {
    var isLetterOrNumber: Bool { isLetter || isNumber }
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    var isAllDigits: Bool { !isEmpty && allSatisfy { $0.isASCII && $0.isNumber } }
}
