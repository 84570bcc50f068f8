/// Finds words by the Unicode word-boundary rules (UAX #29), so that a lexicon entry matches whole
/// words only: "lead" is a word in "lead's" and "lead/gold", never inside "leadership" or "unleaded".
///
/// Foundation's `byWords` enumeration is unavailable on Linux, so the rules are applied here to
/// Word_Break classes derived from the Unicode properties Swift exposes (see `WordBreakClass`).
/// Dictionary-based segmentation of Thai or Khmer is out of scope: such runs count as letters.
public enum WordBreaker {
    /// A word of `text`: its code-point range and its characters.
    public struct Word: Sendable, Equatable {
        public var range: Range<Int>
        public var text: String
    }

    /// The words of `text` (segments holding a letter, digit or ideograph), in order.
    public static func words(in text: String) -> [Word] {
        let scalars = Array(text.unicodeScalars)
        return words(in: scalars)
    }

    public static func words(in scalars: [Unicode.Scalar]) -> [Word] {
        var result: [Word] = []
        var start = 0
        for end in boundaries(scalars).dropFirst() {
            let piece = scalars[start..<end]
            if piece.contains(where: { WordBreakClass($0).isWordMaterial || $0.properties.isIdeographic }) {
                result.append(Word(range: start..<end, text: string(piece)))
            }
            start = end
        }
        return result
    }

    /// A word's text; ASCII straight from the code points' values, without decoding them.
    static func string(_ piece: ArraySlice<Unicode.Scalar>) -> String {
        guard piece.allSatisfy(\.isASCII) else {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: piece)
            return String(text)
        }
        return String(unsafeUninitializedCapacity: piece.count) { buffer in
            for (k, scalar) in piece.enumerated() { buffer[k] = UInt8(truncatingIfNeeded: scalar.value) }
            return piece.count
        }
    }

    /// Boundary positions (code-point indexes), including 0 and the end.
    static func boundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        guard !scalars.isEmpty else { return [0] }
        // WB4: Extend, Format and ZWJ attach to what precedes them (unless that is a line break);
        // the rules then look at the remaining "units" only.
        var units: [(start: Int, kind: WordBreakClass)] = []
        for (i, scalar) in scalars.enumerated() {
            let kind = WordBreakClass(scalar)
            if kind.isIgnorable, let last = units.last, !last.kind.isLineBreak { continue }
            units.append((i, kind))
        }
        let kinds = units.map(\.kind)
        var result = [0]
        for u in 1..<units.count where breaks(between: u - 1, and: u, kinds) {
            result.append(units[u].start)
        }
        result.append(scalars.count)
        return result
    }

    /// Whether there is a word boundary between unit `a` and unit `b` (= a + 1).
    private static func breaks(between a: Int, and b: Int, _ k: [WordBreakClass]) -> Bool {
        let left = k[a], right = k[b]
        let before: WordBreakClass? = a > 0 ? k[a - 1] : nil
        let after: WordBreakClass? = b + 1 < k.count ? k[b + 1] : nil
        if left == .cr && right == .lf { return false }                                  // WB3
        if left.isLineBreak || right.isLineBreak { return true }                         // WB3a, WB3b
        if left == .space && right == .space { return false }                           // WB3d
        if left.isAHLetter && right.isAHLetter { return false }                          // WB5
        if left.isAHLetter && right.isMidLetterLike && after?.isAHLetter == true { return false }   // WB6
        if before?.isAHLetter == true && left.isMidLetterLike && right.isAHLetter { return false } // WB7
        if left == .hebrewLetter && right == .singleQuote { return false }               // WB7a
        if left == .hebrewLetter && right == .doubleQuote && after == .hebrewLetter { return false } // WB7b
        if before == .hebrewLetter && left == .doubleQuote && right == .hebrewLetter { return false } // WB7c
        if left == .numeric && right == .numeric { return false }                        // WB8
        if left.isAHLetter && right == .numeric { return false }                         // WB9
        if left == .numeric && right.isAHLetter { return false }                         // WB10
        if before == .numeric && left.isMidNumLike && right == .numeric { return false } // WB11
        if left == .numeric && right.isMidNumLike && after == .numeric { return false }  // WB12
        if left == .katakana && right == .katakana { return false }                      // WB13
        if (left.isAHLetter || left == .numeric || left == .katakana || left == .extendNumLet)
            && right == .extendNumLet { return false }                                   // WB13a
        if left == .extendNumLet && (right.isAHLetter || right == .numeric || right == .katakana) {
            return false                                                                 // WB13b
        }
        if left == .regionalIndicator && right == .regionalIndicator {                  // WB15, WB16
            var run = 0, i = a
            while i >= 0 && k[i] == .regionalIndicator { run += 1; i -= 1 }
            return run % 2 == 0
        }
        return true                                                                      // WB999
    }
}
