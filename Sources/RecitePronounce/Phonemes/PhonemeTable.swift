import Foundation

/// How one language's IPA becomes the mnemonics of its eSpeak NG voices: the data a table file gives.
struct PhonemeTable: Sendable {
    /// The language's name in messages ("English").
    let name: String
    let rules: [PhonemeRule]
    /// Diacritics and modifiers that are dropped for this language, each with the reason.
    let ignorable: [Unicode.Scalar: String]

    /// Rules by first scalar, longest first, for the longest match.
    private let index: [Unicode.Scalar: [PhonemeRule]]

    init(name: String, rules: [PhonemeRule], ignorable: [Unicode.Scalar: String]) {
        self.name = name
        self.rules = rules
        self.ignorable = ignorable
        var index: [Unicode.Scalar: [PhonemeRule]] = [:]
        for rule in rules { index[rule.ipa[0], default: []].append(rule) }
        self.index = index.mapValues { $0.sorted { $0.ipa.count > $1.ipa.count } }
    }

    /// The rules that may start with `scalar`, longest first.
    func candidates(startingWith scalar: Unicode.Scalar) -> [PhonemeRule] {
        index[scalar] ?? []
    }

    /// Every mnemonic a rule can produce.
    var mnemonics: Set<String> {
        Set(rules.flatMap { [$0.mnemonic, $0.stressedMnemonic].compactMap { $0 } })
    }
}

/// One IPA sequence and the eSpeak NG mnemonic it becomes.
struct PhonemeRule: Sendable {
    /// Decomposed (NFD) IPA scalars.
    let ipa: [Unicode.Scalar]
    let mnemonic: String
    /// The mnemonic when the syllable is stressed, if different (English `i` → `i:`).
    let stressedMnemonic: String?
    /// Whether it makes a syllable (vowels, syllabic consonants): stress marks apply to these.
    let isSyllabic: Bool
    /// Applies only when no vowel follows (an English `ɑɹ` before a vowel is `ɑ` + linking `r`).
    let onlyBeforeNonVowel: Bool

    init(_ ipa: String, _ mnemonic: String, stressed: String? = nil, syllabic: Bool,
         onlyBeforeNonVowel: Bool = false) {
        self.ipa = Array(ipa.decomposedIPA.unicodeScalars)
        self.mnemonic = mnemonic
        self.stressedMnemonic = stressed
        self.isSyllabic = syllabic
        self.onlyBeforeNonVowel = onlyBeforeNonVowel
    }

    /// The string as written in tables, for tests and messages.
    var ipaString: String { String(String.UnicodeScalarView(ipa)) }
}

// MARK: - Helpers that keep the table files readable

/// A vowel (or diphthong) rule.
func vowel(_ ipa: String, _ mnemonic: String, stressed: String? = nil) -> PhonemeRule {
    PhonemeRule(ipa, mnemonic, stressed: stressed, syllabic: true)
}

/// A consonant rule; `syllabic` for `n̩` and the like.
func consonant(_ ipa: String, _ mnemonic: String, syllabic: Bool = false) -> PhonemeRule {
    PhonemeRule(ipa, mnemonic, syllabic: syllabic)
}

/// A vowel + r rule that applies only when no vowel follows; one rule per way of writing the r.
func rhotic(_ vowelIPA: String, _ mnemonic: String) -> [PhonemeRule] {
    ["ɹ", "r", "ɻ"].map { PhonemeRule(vowelIPA + $0, mnemonic, syllabic: true, onlyBeforeNonVowel: true) }
}

extension String {
    /// The canonical (NFD) form tables and input share.
    var decomposedIPA: String {
        var text = PhoneticText()
        for scalar in decomposedStringWithCanonicalMapping.unicodeScalars {
            IPAReader.append(scalar, from: .init(offset: 0, length: 1), to: &text)
        }
        return String(String.UnicodeScalarView(text.scalars))
    }
}
