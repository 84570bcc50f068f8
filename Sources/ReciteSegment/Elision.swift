/// A French or Italian word written with an elided article, pronoun or preposition in front
/// ("l'avait", "qu'il", "dell'anno"): two words to a listener, and to a recognizer, which
/// times "l'" and "avait" apart. eSpeak NG reads the token as one word and reports one word
/// event, so the sidecar cuts it here and times the second word from the phonemes.
public struct Elision: Equatable {
    /// The elided word with its apostrophe ("l'").
    public var clitic: String
    /// The word after the apostrophe ("avait").
    public var word: String
    /// About how many phonemes the clitic is said with ("qu'" one, "jusqu'" four): the second
    /// word starts at that phoneme.
    public var cliticPhonemes: Int

    /// The cut of `spoken` in `language` (a BCP 47 tag), or nil when it is not such a word.
    /// French cuts only after its closed list of elided words, so "aujourd'hui" and
    /// "presqu'île" stay whole; in Italian an inner apostrophe before a vowel or an "h" is an
    /// elision ("quest'anno", "un'altra", "c'è").
    public init?(_ spoken: String, language: String) {
        // Most words have no apostrophe: that is asked first, the language after.
        guard let apostrophe = spoken.firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }) else { return nil }
        let base = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
        guard base == "fr" || base == "it" else { return nil }
        let head = spoken[..<apostrophe]
        let tail = spoken[spoken.index(after: apostrophe)...]
        guard let first = tail.first, first.isLetter, !head.isEmpty, head.count <= 7,
              head.allSatisfy(\.isLetter) else { return nil }
        let lowered = head.lowercased()
        if base == "fr" {
            guard Self.frenchClitics.contains(lowered) else { return nil }
        } else {
            guard Self.italianVowels.contains(first.lowercased().first!) else { return nil }
        }
        clitic = String(spoken[...apostrophe])
        word = String(tail)
        cliticPhonemes = Self.phonemeCount(lowered, quIsOne: base == "fr")
    }

    /// French words that elide before a vowel (Grevisse's list, less the compounds written as
    /// one word).
    static let frenchClitics: Set<String> = [
        "l", "d", "j", "m", "n", "s", "t", "c", "ç", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu",
    ]

    static let italianVowels: Set<Character> = ["a", "e", "i", "o", "u", "h", "à", "è", "é", "ì", "ò", "ù"]

    /// Letters, a doubled letter counted once ("dell" is d-e-l), "qu" one phoneme in French
    /// (k) and two in Italian (kw).
    static func phonemeCount(_ letters: String, quIsOne: Bool) -> Int {
        var count = 0
        var previous: Character?
        for letter in letters {
            defer { previous = letter }
            if letter == previous { continue }
            if letter == "u", previous == "q", quIsOne { continue }
            count += 1
        }
        return max(1, count)
    }
}
