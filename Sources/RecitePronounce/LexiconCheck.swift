import ReciteScript

/// What `recite lexicon check` reports for each entry: its eSpeak NG phonemes (or alias), or why
/// it cannot be said. Every entry is checked, so one run lists every mistake.
public enum LexiconCheck {
    public struct Report: Sendable {
        public var entry: LexiconEntry
        /// `[[mnemonics]]` or the alias text; nil when the entry is in error.
        public var result: String?
        public var error: String?
    }

    public static func check(_ lexicon: Lexicon, language: String) -> [Report] {
        let converter = PhonemeConverter(language: language)
        return lexicon.entries.map { entry in
            switch entry.pronunciation {
            case .alias(let text):
                return Report(entry: entry, result: "alias \"\(text)\"", error: text.isEmpty ? "the alias is empty" : nil)
            case .phonemes(let written):
                do {
                    return Report(entry: entry, result: "[[\(try converter.mnemonics(written.text, alphabet: written.alphabet))]]", error: nil)
                } catch {
                    return Report(entry: entry, result: nil, error: "\(error)")
                }
            }
        }
    }
}
