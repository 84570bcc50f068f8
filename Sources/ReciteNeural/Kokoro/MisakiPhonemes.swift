import ReciteEspeak

/// eSpeak NG's IPA turned into the phoneme set Kokoro was trained on: misaki's.
///
/// misaki writes each diphthong and affricate as one symbol (A = eɪ, I = aɪ, O = oʊ, Q = əʊ,
/// W = aʊ, Y = ɔɪ, ʤ, ʧ), a syllabic consonant with a small schwa before it (ᵊn, ᵊl), and drops
/// eSpeak NG's length marks in American English. eSpeak NG marks the letters of one phoneme with
/// a tie (`^`, asked for with `espeakPHONEMES_TIE`), which tells "eɪ" as one phoneme from "e" + "ɪ"
/// across a syllable. The rules follow misaki's own description of its eSpeak NG fallback
/// (hexgrad/misaki), American for `a*` voices and British for `b*`.
public enum MisakiPhonemes {
    public enum Accent: String, Sendable, Codable {
        case american, british
    }

    /// `ipa` (eSpeak NG's, with ties) in misaki's symbols for a voice of `language`.
    public static func convert(_ ipa: String, language: KokoroLanguage) -> String {
        switch language {
        case .americanEnglish: convert(ipa, accent: .american)
        case .britishEnglish: convert(ipa, accent: .british)
        default: convertOther(ipa)
        }
    }

    /// Other languages, as misaki's `EspeakG2P` writes them for Kokoro v1.0: a tied diphthong or
    /// affricate becomes its one symbol, other ties and eSpeak NG's hyphens go, nasal vowels keep
    /// their tilde (the vocabulary has it).
    static func convertOther(_ ipa: String) -> String {
        let scalars = Array(ipa.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        scan: while i < scalars.count {
            if i + 2 < scalars.count, scalars[i + 1] == tieScalar {
                for (first, second, symbol) in otherTied where scalars[i] == first && scalars[i + 2] == second {
                    out.append(symbol)
                    i += 3
                    continue scan
                }
            }
            if scalars[i] != tieScalar && scalars[i] != "-" { out.append(scalars[i]) }
            i += 1
        }
        return String(out)
    }

    private static let tieScalar: Unicode.Scalar = "^"

    /// misaki's one-symbol forms of tied pairs outside English (`EspeakG2P.e2m`).
    private static let otherTied: [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)] = [
        ("a", "ɪ", "I"), ("a", "ʊ", "W"), ("d", "z", "ʣ"), ("d", "ʒ", "ʤ"), ("e", "ɪ", "A"),
        ("o", "ʊ", "O"), ("ə", "ʊ", "Q"), ("s", "s", "S"), ("t", "s", "ʦ"), ("t", "ʃ", "ʧ"), ("ɔ", "ɪ", "Y"),
    ]

    /// The tie eSpeak NG is asked to put inside a multi-letter phoneme.
    public static let tie: Character = "^"

    /// Replacements for both accents, tried longest first at each position.
    private static let common: [(String, String)] = [
        ("ʔˌn\u{329}", "tᵊn"), ("ʔn\u{329}", "tᵊn"), ("ʔn", "tᵊn"), ("ʔ", "t"),
        ("a^ɪ", "I"), ("a^ʊ", "W"), ("e^ɪ", "A"), ("ɔ^ɪ", "Y"), ("d^ʒ", "ʤ"), ("t^ʃ", "ʧ"),
        ("ə^l", "ᵊl"), ("ɚ", "əɹ"), ("r", "ɹ"), ("x", "k"), ("ç", "k"), ("ɐ", "ə"), ("ɬ", "l"),
        ("\u{303}", ""),
    ]

    private static let american: [(String, String)] = [
        ("ʲo^ʊ", "jO"), ("o^ʊ", "O"), ("ɜːɹ", "ɜɹ"), ("ɜː^ɹ", "ɜɹ"), ("ɜː", "ɜɹ"), ("ɪ^ə", "iə"), ("ɪə", "iə"), ("e", "A"), ("ː", ""),
    ]

    private static let british: [(String, String)] = [
        ("ʲə^ʊ", "jQ"), ("ə^ʊ", "Q"), ("e^ə", "ɛː"), ("eə", "ɛː"), ("i^ə", "ɪə"), ("iə", "ɪə"), ("e", "A"),
    ]

    /// Whole words misaki writes its own way, whatever the context: the article "a" (eSpeak NG's
    /// ɐ) and "an" keep misaki's ɐ, which it gives them alone (ɐ elsewhere becomes ə); the pronoun
    /// "I" and "I'm", "I've", "I'd", "I'll", which eSpeak NG leaves unstressed, have misaki's
    /// secondary stress (ˌI).
    private static let words: [String: String] = [
        "ɐ": "ɐ", "ɐn": "ɐn",
        "a^ɪ": "ˌI", "a^ɪm": "ˌIm", "a^ɪv": "ˌIv", "a^ɪd": "ˌId", "a^ɪl": "ˌIl",
    ]

    /// Each accent's replacements with the common ones, longest first, as scalars (built once).
    private static let americanRules = longestFirst(american + common)
    private static let britishRules = longestFirst(british + common)

    private static func longestFirst(_ rules: [(String, String)]) -> [(from: [Unicode.Scalar], to: String)] {
        rules.map { (Array($0.0.unicodeScalars), $0.1) }.sorted { $0.from.count > $1.from.count }
    }

    /// `ipa` (eSpeak NG's, with ties) in misaki's symbols for `accent`.
    public static func convert(_ ipa: String, accent: Accent) -> String {
        let sorted = accent == .american ? americanRules : britishRules
        let scalars = Array(ipa.unicodeScalars)
        var out = String.UnicodeScalarView()
        func append<S: Sequence<Unicode.Scalar>>(_ symbols: S) {
            for symbol in symbols {
                // eSpeak NG says an r-coloured vowel before an r as both ("memory" mˈɛmɚɹi,
                // "curious" kjˈʊ^ɹɹi^əs): misaki has one ɹ (mˈɛməɹi, kjˈʊɹiəs).
                if symbol == "ɹ", out.last == "ɹ" { continue }
                out.append(symbol)
            }
        }
        var i = 0
        scan: while i < scalars.count {
            // A whole word (between spaces, before its clause punctuation) misaki writes its own way.
            if i == 0 || scalars[i - 1] == " " {
                let end = scalars[i...].firstIndex(of: " ") ?? scalars.count
                let core = scalars[i..<end].lastIndex { !clauseMarks.contains($0) }.map { $0 + 1 } ?? i
                if let word = words[String(String.UnicodeScalarView(scalars[i..<core]))] {
                    append(word.unicodeScalars)
                    i = core
                    continue
                }
            }
            // A syllabic consonant (U+0329 after it) is said with a small schwa before it.
            if i + 1 < scalars.count, scalars[i + 1] == "\u{329}", scalars[i] != "ʔ" {
                append(["ᵊ", scalars[i]])
                i += 2
                continue
            }
            for (pattern, to) in sorted {
                if i + pattern.count <= scalars.count, Array(scalars[i..<(i + pattern.count)]) == pattern {
                    append(to.unicodeScalars)
                    i += pattern.count
                    continue scan
                }
            }
            switch scalars[i] {
            case "^", "\u{329}", "ʲ": break
            // eSpeak NG before 1.52 writes "o" where misaki has "ɔ".
            case "o": append(["ɔ"])
            default: append([scalars[i]])
            }
            i += 1
        }
        return String(out)
    }

    /// The clause punctuation eSpeak NG's IPA keeps after a word.
    private static let clauseMarks: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?"]
}
