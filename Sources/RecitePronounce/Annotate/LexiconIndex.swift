import ReciteScript

/// Lexicons compiled for one language: every form they match, keyed by its first word, with the
/// eSpeak NG phonemes already converted. Matching a word is one hash lookup whatever the size of
/// the lexicons, and every conversion error surfaces when the index is built, not mid-run.
public struct LexiconIndex: Sendable {
    /// What a matched form becomes.
    public enum Result: Sendable, Equatable {
        case phonemes(String)
        case alias(String)
    }

    /// A form to match: its words (folded to lower case unless the entry is case-sensitive).
    struct Form: Sendable {
        var words: [String]
        var caseSensitive: Bool
        var result: Result
        /// Whether it was derived (a plural or possessive) rather than listed.
        var derived: Bool
    }

    public let language: String
    /// Forms by their first word, folded; longest forms first, exact-case before any-case.
    private(set) var byFirstWord: [String: [Form]] = [:]
    public private(set) var formCount = 0

    public init(lexicons: [Lexicon], language: String) throws(LexiconError) {
        self.language = language
        let converter = PhonemeConverter(language: language)
        let inflect = Inflections.apply(to: language)
        // Later lexicons override earlier ones; a listed form always beats a derived one.
        var listed: [String: Form] = [:]
        var derived: [String: Form] = [:]
        for lexicon in lexicons where lexicon.applies(to: language) {
            if let first = lexicon.unreadable.first { throw first }
            for entry in lexicon.entries {
                func compile(_ p: LexiconEntry.Pronunciation) throws(LexiconError) -> Result {
                    switch p {
                    case .alias(let text):
                        return .alias(text)
                    case .phonemes(let written):
                        do {
                            return .phonemes(try converter.mnemonics(written.text, alphabet: written.alphabet))
                        } catch {
                            throw LexiconError(path: lexicon.path, line: entry.line, message: "entry \"\(entry.name)\": \(error).")
                        }
                    }
                }
                let result = try compile(entry.pronunciation)
                for grapheme in entry.graphemes {
                    let words = Self.words(of: grapheme, caseSensitive: entry.caseSensitive)
                    guard !words.isEmpty else {
                        throw LexiconError(path: lexicon.path, line: entry.line, message: "entry \"\(grapheme)\" has no word in it to match.")
                    }
                    let form = Form(words: words, caseSensitive: entry.caseSensitive, result: result, derived: false)
                    listed[Self.key(form)] = form
                    guard inflect, entry.inflects, words.count == 1 else { continue }
                    let inflected: LexiconEntry.Pronunciation = switch entry.pronunciation {
                    case .alias(let text): .alias(text + "s")
                    case .phonemes(let written): .phonemes(Inflections.inflect(written))
                    }
                    let inflectedResult = try compile(inflected)
                    for variant in Inflections.forms(of: grapheme) {
                        let variantWords = Self.words(of: variant, caseSensitive: entry.caseSensitive)
                        guard variantWords.count == 1 else { continue }
                        var result = inflectedResult
                        if case .alias(let text) = entry.pronunciation, variant.hasSuffix("'s") { result = .alias(text + "'s") }
                        let form = Form(words: variantWords, caseSensitive: entry.caseSensitive, result: result, derived: true)
                        derived[Self.key(form)] = form
                    }
                }
            }
        }
        for (key, form) in derived where listed[key] == nil { listed[key] = form }
        for form in listed.values {
            byFirstWord[form.words[0].lowercased(), default: []].append(form)
        }
        for key in byFirstWord.keys {
            byFirstWord[key]!.sort { a, b in
                a.words.count != b.words.count ? a.words.count > b.words.count
                    : a.caseSensitive != b.caseSensitive ? a.caseSensitive
                    : a.words.joined(separator: " ") < b.words.joined(separator: " ")
            }
        }
        formCount = listed.count
    }

    /// The forms whose first word is `word` in any case.
    func candidates(forFolded word: String) -> [Form] {
        byFirstWord[word] ?? []
    }

    public var isEmpty: Bool { byFirstWord.isEmpty }

    static func words(of text: String, caseSensitive: Bool) -> [String] {
        WordBreaker.words(in: text).map { caseSensitive ? normalizeApostrophes($0.text) : fold($0.text) }
    }

    static func fold(_ word: String) -> String { normalizeApostrophes(word).lowercased() }

    /// Typographic apostrophes match straight ones ("lead’s" is "lead's").
    static func normalizeApostrophes(_ word: String) -> String {
        // Scalars, not `String.contains`, which Foundation turns into a locale-aware search.
        word.unicodeScalars.contains("\u{2019}") ? String(word.map { $0 == "\u{2019}" ? "'" : $0 }) : word
    }

    private static func key(_ form: Form) -> String {
        (form.caseSensitive ? "=" : "~") + form.words.joined(separator: " ")
    }
}
