import ReciteScript

/// English plurals and possessives derived from an entry, so that a lexicon says "lead" once and
/// "leads", "lead's" follow. The spoken suffix follows the last phoneme, as English does:
/// /ɪz/ after a sibilant ("church's"), /s/ after another voiceless consonant ("Winawer's" gets /z/).
enum Inflections {
    /// Whether `language` inflects this way (English only; other languages list their forms).
    static func apply(to language: String) -> Bool {
        let tag = language.lowercased()
        return tag == "en" || tag.hasPrefix("en-")
    }

    /// The derived written forms of a one-word grapheme and the pronunciation suffix class of each.
    static func forms(of word: String) -> [String] {
        let lower = word.lowercased()
        let plural: String
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) {
            plural = word + (isUpper(word) ? "ES" : "es")
        } else if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            plural = String(word.dropLast()) + (isUpper(word) ? "IES" : "ies")
        } else {
            plural = word + (isUpper(word) && word.count > 1 ? "S" : "s")
        }
        return [plural, word + "'s"]
    }

    /// The pronunciation with the suffix of a plural or possessive appended.
    static func inflect(_ written: WrittenPronunciation) -> WrittenPronunciation {
        let last = lastPhoneme(written)
        let (sibilants, voiceless): (Set<Character>, Set<Character>)
        let syllabic: String
        switch written.alphabet {
        case .ipa:
            sibilants = ["s", "z", "ʃ", "ʒ"]; voiceless = ["p", "t", "k", "f", "θ"]; syllabic = "ɪz"
        case .xsampa, .espeak:
            sibilants = ["s", "z", "S", "Z"]; voiceless = ["p", "t", "k", "f", "T"]; syllabic = "Iz"
        }
        let suffix = last.map { sibilants.contains($0) ? syllabic : voiceless.contains($0) ? "s" : "z" } ?? "z"
        return WrittenPronunciation(alphabet: written.alphabet, text: written.text + suffix)
    }

    /// The last letter of the pronunciation that names a sound (marks of stress, length, syllable
    /// and diacritics skipped).
    private static func lastPhoneme(_ written: WrittenPronunciation) -> Character? {
        let marks: Set<Character> = ["ˈ", "ˌ", "ː", "ˑ", ".", " ", "'", ",", ":", "\"", "%", "=", "`", "#", "_", "|"]
        return written.text.reversed().first { c in
            !marks.contains(c) && !c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
        }
    }

    private static func isUpper(_ word: String) -> Bool {
        word.contains(where: \.isLetter) && word == word.uppercased()
    }
}
