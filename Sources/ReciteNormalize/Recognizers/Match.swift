/// What a recognizer found at a position: how many pieces it reads together and what to say.
struct Match {
    /// Pieces consumed, at least one.
    var count: Int
    /// The spoken words, without the punctuation around the pieces; empty to say nothing.
    var spoken: String
    /// The match read the period after its last piece as part of an abbreviation ("Dr.", "bd."):
    /// it is dropped unless the stretch ends there, where it still ends the sentence.
    var consumesDot = false
    /// The match read the quote mark after its last piece as its unit (12" → "inches").
    var consumesQuote = false

    init(_ count: Int, _ spoken: String) {
        self.count = count
        self.spoken = spoken
    }

    /// This match, marked as having read the quote mark after its last piece when `consumes`.
    func consumingQuote(_ consumes: Bool) -> Match {
        var m = self
        m.consumesQuote = consumes
        return m
    }
}

/// What recognizers read: the pieces of one stretch of speech (between two pauses or marks),
/// the language's rules, and what was said just before.
struct Context {
    let rules: LanguageRules
    let pieces: [Piece]
    /// The last word said before the current position ("from" in "from 2 - 3").
    var previousWord: Substring?
    /// What the whole document speaks of (empty for a line read alone).
    var subjects: Set<DocumentSubject> = []

    /// `previousWord` in lower case, for the few rules that look at it.
    var previousLowercased: Substring? { previousWord.map { Substring($0.lowercased()) } }
    /// Whether `previousWord` is `word` (in lower case), answered without making a string for most words.
    func previousIs(_ word: String) -> Bool {
        guard let previous = previousWord, previous.utf8.count == word.utf8.count else { return false }
        return previous.lowercased() == word
    }
    /// Index of the last piece read as a number (a house number before a street name).
    var lastNumberIndex = -100
    /// The last decimal read as a version, and its shape ("18.04": two digits, two digits).
    var lastVersion: (index: Int, integerDigits: Int, fractionDigits: Int)?

    func core(_ i: Int) -> Substring? { i >= 0 && i < pieces.count ? pieces[i].core : nil }

    /// The core of piece `i` with the period that follows it ("St." from "St" + ".").
    func coreWithDot(_ i: Int) -> String? {
        guard i >= 0, i < pieces.count, pieces[i].trail.utf8.first == UInt8(ascii: ".") else { return nil }
        return pieces[i].core + "."
    }

    /// True when piece `i` is followed by another with no clause punctuation between them.
    func joins(_ i: Int) -> Bool { i + 1 < pieces.count && !pieces[i].endsClause }
}
