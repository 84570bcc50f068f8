import ReciteScript

/// Character tests on the written text of speech, shared by the segmenter, eSpeak NG's markup
/// and the neural voices.
public enum SpeechText {
    /// Letters and digits: what makes a piece a word eSpeak NG will report (ASCII answered
    /// without Unicode's property tables).
    public static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value | 0x20
            return (0x61...0x7A).contains(v) || (0x30...0x39).contains(scalar.value)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Text with the characters that SSML would take as markup replaced by spaces (normalization
    /// has already read out any that mean something).
    public static func escapeFree(_ text: String) -> String {
        // Most words hold none of them: no control byte, no <, > or &, and none of the bytes
        // that end U+0085, U+2028 or U+2029 (a byte test that also lets some others through
        // to the full check below).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }) {
            return text
        }
        return String(text.map { $0 == "<" || $0 == ">" || $0 == "&" || $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// Where the punctuation at the end of `piece` starts, if it has some and something before it.
    public static func trailingPunctuationStart(_ piece: Substring) -> Substring.Index? {
        var cut = piece.endIndex
        while cut > piece.startIndex {
            let before = piece.index(before: cut)
            guard piece[before].unicodeScalars.allSatisfy({ wordEdgePunctuation.contains($0) }) else { break }
            cut = before
        }
        return cut < piece.endIndex && cut > piece.startIndex ? cut : nil
    }

    /// The punctuation at the edges of `text` ("(lead)," → "(", "),").
    public static func edgePunctuation(_ text: String) -> (lead: String, trail: String) {
        let scalars = text.unicodeScalars
        let lead = scalars.prefix { wordEdgePunctuation.contains($0) || $0 == " " }
        let rest = scalars.dropFirst(lead.count)
        let trail = rest.reversed().prefix { wordEdgePunctuation.contains($0) || $0 == " " }
        return (String(String.UnicodeScalarView(lead)).trimmingSpaces,
                String(String.UnicodeScalarView(trail.reversed())).trimmingSpaces)
    }
}

private extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
