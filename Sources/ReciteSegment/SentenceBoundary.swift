/// Where a paragraph may be cut into segments: after a sentence, or, in a long sentence, after a
/// clause. A cut is where eSpeak NG itself would end a sentence, so the cut paragraph sounds as
/// the whole one did (each segment still ends with the sentence's own fall and pause).
enum SentenceBoundary: Equatable {
    /// Not at a place to cut.
    case none
    /// After clause punctuation (`,` `;` `:` and dashes): cut only in a long sentence.
    case clause
    /// After sentence punctuation (`.` `!` `?` `…` and the CJK full stops), when the word before
    /// is not an abbreviation: cut if the next word starts a sentence too.
    case sentence

    /// What the end of a spoken word makes of the place after it.
    static func after(_ word: Substring) -> SentenceBoundary {
        // Closing quotes and brackets may follow the punctuation: "end.)" and «fin.» end sentences too.
        // (Indices, not `dropLast`, which counts the whole word each time: a token may be 100 KB.)
        let scalars = word.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex, closers.contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        guard end > scalars.startIndex else { return .none }
        let lastIndex = scalars.index(before: end)
        let last = scalars[lastIndex]
        if alwaysFullStops.contains(last) { return .sentence }
        if sentenceEnders.contains(last) {
            let core = scalars[..<lastIndex].drop { openers.contains($0) }
            return isAbbreviation(core) ? .none : .sentence
        }
        return clauseEnders.contains(last) ? .clause : .none
    }

    /// Whether a word can be the first of a sentence after a full stop: as in eSpeak NG, a full
    /// stop before a lower-case letter ("approx. three") does not end a sentence.
    static func startsSentence(_ word: Substring) -> Bool {
        for scalar in word.unicodeScalars {
            if openers.contains(scalar) { continue }
            if scalar.properties.isLowercase { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        return false
    }

    /// A single letter ("J." of "J. Smith") or a title or Latin abbreviation that normalization
    /// left: eSpeak NG reads on through it, so no cut.
    private static func isAbbreviation(_ core: Substring.UnicodeScalarView.SubSequence) -> Bool {
        let count = core.count
        if count <= 1 { return true }
        if core.contains(".") { return true }  // "e.g", "U.S"
        guard count <= 4 else { return false }
        return abbreviations.contains(String(String.UnicodeScalarView(core)).lowercased())
    }

    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "sr", "jr", "prof", "rev", "gen", "col", "capt", "lt", "sgt",
        "vs", "etc", "cf", "no", "nos", "fig", "figs", "vol", "ch", "p", "pp", "ed", "al", "approx",
        "dept", "est", "inc", "ltd", "co", "corp", "mt", "ft", "av", "ave",
    ]
    private static let sentenceEnders: Set<Unicode.Scalar> = [".", "!", "?", "\u{2026}", "\u{203C}", "\u{2047}", "\u{2048}", "\u{2049}"]
    /// Full stops that never end an abbreviation: always a sentence end. Those of scripts without
    /// spaces between words (。！？．), the Devanagari danda and double danda (Hindi, Marathi,
    /// Nepali), the Arabic question mark, the Urdu full stop, the Armenian and Ethiopic full stops.
    /// Without the danda a Hindi paragraph was cut only at commas past 60 words.
    private static let alwaysFullStops: Set<Unicode.Scalar> = ["\u{3002}", "\u{FF01}", "\u{FF1F}", "\u{FF0E}",
                                                               "\u{0964}", "\u{0965}", "\u{061F}", "\u{06D4}", "\u{0589}", "\u{1362}"]
    private static let clauseEnders: Set<Unicode.Scalar> = [",", ";", ":", "\u{2013}", "\u{2014}", "\u{3001}", "\u{FF0C}", "\u{FF1B}", "\u{FF1A}"]
    private static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "}", "\u{2019}", "\u{201D}", "\u{00BB}", "\u{203A}", "\u{300D}", "\u{300F}"]
    private static let openers: Set<Unicode.Scalar> = ["\"", "'", "(", "[", "{", "\u{2018}", "\u{201C}", "\u{00AB}", "\u{2039}", "\u{300C}", "\u{300E}", "\u{00BF}", "\u{00A1}"]
}
