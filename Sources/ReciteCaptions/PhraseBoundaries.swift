/// Where a phrase boundary falls, for breaking captions where no punctuation helps.
///
/// A line or cue reads best when it ends at a clause or phrase: before a conjunction, a relative
/// pronoun or a preposition. The list covers the languages Recite's rule tables cover (English,
/// French, German, Spanish); for others only punctuation helps, which is still fine.
enum PhraseBoundaries {
    static let starters: Set<String> = [
        // English
        "and", "or", "but", "nor", "so", "yet", "because", "although", "though", "while", "whereas", "if",
        "unless", "when", "whenever", "where", "which", "who", "whom", "whose", "that", "than", "as", "after",
        "before", "since", "until", "to", "of", "in", "on", "at", "for", "with", "without", "from", "by",
        "about", "into", "through", "over", "under", "between", "during", "like",
        // French
        "et", "ou", "mais", "donc", "car", "que", "qui", "quand", "pour", "avec", "sans", "dans", "sur",
        "de", "des", "du", "parce", "lorsque",
        // German
        "und", "oder", "aber", "denn", "weil", "dass", "wenn", "als", "mit", "für", "von", "zu", "auf",
        "bei", "nach", "ohne", "durch",
        // Spanish
        "y", "o", "pero", "porque", "cuando", "para", "con", "sin", "en", "por", "desde", "hasta",
    ]

    /// Words that lead into the next one: a line should not end with them.
    static let leaders: Set<String> = starters.union([
        "the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this", "these", "those",
        "le", "la", "les", "un", "une", "der", "die", "das", "den", "dem", "ein", "eine", "el", "los", "las", "una",
    ])

    /// Punctuation after which a break is natural.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "。", "！", "？"]
    static let clauseEnds: Set<Character> = [",", ";", ":", "—", "–", ")", "]", "”", "’", "»", "\"", "'", "、", "，"]
    static let openers: Set<Character> = ["(", "[", "“", "‘", "«", "\"", "¿", "¡"]

    /// The break strength after `word`, given the word that follows it (nil at the end).
    static func strength(after word: ShownWord, before next: ShownWord?) -> BreakStrength {
        guard let next else { return .sentence }
        if next.gluedToPrevious { return .never }
        if let last = word.text.last {
            if sentenceEnds.contains(last) { return .sentence }
            if clauseEnds.contains(last) { return .clause }
        }
        if let first = next.text.first, openers.contains(first) { return .phrase }
        if starters.contains(letters(next.text)) { return .phrase }
        return leaders.contains(letters(word.text)) ? .weak : .none
    }

    /// The letters of `text`, lowercased ("And," → "and"), as the word lists have them. ASCII
    /// text is answered byte by byte, without Unicode's tables (this runs twice per shown word).
    static func letters(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased().filter(\.isLetter) }
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var count = 0
            for byte in text.utf8 where (0x61...0x7A).contains(byte | 0x20) {
                buffer[count] = byte | 0x20
                count += 1
            }
            return count
        }
    }
}
