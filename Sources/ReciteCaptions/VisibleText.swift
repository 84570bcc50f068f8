import ReciteCmarkGFM
import ReciteScript

/// What a reader sees of a word's own source text: its tags removed (SSML inside a word, such as
/// `<token>` between CJK words, or inline HTML), its character references decoded.
enum VisibleText {
    /// `decoding`: whether `source` is raw text whose references are to be decoded (a sidecar's
    /// text is decoded already).
    static func of(_ source: String, decoding: Bool = true) -> String {
        let decode = { (text: String) in decoding ? CharacterReferences.html5.decode(text) : text }
        guard source.contains("<" as Character) else { return decode(source) }
        var out = ""
        var rest = source[...]
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let first = after.first, first.isLetter || first == "/" || first == "!" || first == "?",
                  let close = after.firstIndex(of: ">") else {
                // Not a tag ("3 < 4"): the character stays.
                out += rest[...open]
                rest = after
                continue
            }
            out += rest[..<open]
            rest = after[after.index(after: close)...]
        }
        return decode(out + rest)
    }

    /// Whether the source text of a word is too long to stand for what was said, as when a span
    /// took in the markup around the word: then the spoken words are shown instead. Expansions run
    /// the other way ("8 m²" is said in more characters than it is written), and a long URL may be
    /// read short, so without tags only an absurd length counts.
    static func isImplausible(source: String, shown: String, spoken: String, decoding: Bool = true) -> Bool {
        let hadTags = shown != (decoding ? CharacterReferences.html5.decode(source) : source)
        return (hadTags && shown.count > 2 * spoken.count + 10) || shown.count > max(3 * spoken.count, spoken.count + 80)
    }
}
