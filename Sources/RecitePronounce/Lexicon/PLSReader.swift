import ReciteScript
import ReciteXML

/// Reads W3C Pronunciation Lexicon Specification 1.0 files: `lexeme` elements with one or more
/// `grapheme`s and a `phoneme` (IPA or X-SAMPA) or an `alias`, through the same safe libxml2
/// parse as SSML (no network, no DTD, no entity expansion).
///
/// PLS has no notion of case; an entry asks for exact case with `recite:case="sensitive"` on its
/// `lexeme` (any prefix bound to Recite's namespace works, but `recite` is the documented one).
enum PLSReader {
    static func read(_ bytes: [UInt8], path: String) throws(LexiconError) -> Lexicon {
        if let line = entityDeclarationLine(bytes) {
            throw LexiconError(path: path, line: line, message: "the lexicon declares an entity (<!ENTITY …>); Recite does not expand entities, for safety. Write the text out instead.")
        }
        let root: XMLElement
        do {
            root = try LibXML2.parse(bytes, path: path)
        } catch {
            throw LexiconError(path: path, line: error.line, message: "malformed XML: \(error.message).")
        }
        guard root.name == "lexicon" else {
            throw LexiconError(path: path, line: root.line, message: "the root element is <\(root.name)>, not <lexicon>; is this a PLS file?")
        }
        let defaultAlphabet = root.attributes["alphabet"]
        var entries: [LexiconEntry] = []
        var unreadable: [LexiconError] = []
        for lexeme in root.childElements where lexeme.name == "lexeme" {
            do {
                entries.append(try entry(lexeme, defaultAlphabet: defaultAlphabet, path: path))
            } catch let error where error.isUnknownAlphabet {
                unreadable.append(error)
            }
        }
        return Lexicon(path: path, language: root.attributes["xml:lang"], entries: entries, unreadable: unreadable)
    }

    private static func entry(_ lexeme: XMLElement, defaultAlphabet: String?, path: String) throws(LexiconError) -> LexiconEntry {
        let graphemes = lexeme.childElements.filter { $0.name == "grapheme" }.map { $0.textContent.trimmed }.filter { !$0.isEmpty }
        guard !graphemes.isEmpty else {
            throw LexiconError(path: path, line: lexeme.line, message: "a <lexeme> has no <grapheme>; give the written form it matches.")
        }
        // The pronunciation used is the first one marked prefer="true", else the first one; among
        // those in an alphabet Recite can say, when there are any.
        let all = lexeme.childElements.filter { $0.name == "phoneme" || $0.name == "alias" }
        let sayable = all.filter { $0.name == "alias" || PhoneticAlphabet(lexiconName: $0.attributes["alphabet"] ?? defaultAlphabet ?? "") != nil }
        let candidates = sayable.isEmpty ? all : sayable
        guard let chosen = candidates.first(where: { $0.attributes["prefer"] == "true" }) ?? candidates.first else {
            throw LexiconError(path: path, line: lexeme.line, message: "the entry \"\(graphemes[0])\" has no <phoneme> or <alias>.")
        }
        let pronunciation: LexiconEntry.Pronunciation
        if chosen.name == "alias" {
            pronunciation = .alias(chosen.textContent.trimmed)
        } else {
            let name = chosen.attributes["alphabet"] ?? defaultAlphabet
            guard let name, let alphabet = PhoneticAlphabet(lexiconName: name) else {
                throw LexiconError(path: path, line: chosen.line, message: "the entry \"\(graphemes[0])\" uses alphabet \"\(name ?? "")\" (\(chosen.textContent.trimmed)), which Recite cannot say; use ipa or x-sampa (alphabet attribute on <lexicon> or <phoneme>).",
                                   isUnknownAlphabet: true)
            }
            pronunciation = .phonemes(WrittenPronunciation(alphabet: alphabet, text: chosen.textContent.trimmed))
        }
        let exact = lexeme.attributes.contains { $0.key.hasSuffix(":case") && $0.value == "sensitive" }
        return LexiconEntry(graphemes: graphemes, pronunciation: pronunciation, caseSensitive: exact, line: lexeme.line)
    }

    /// The line of a `<!ENTITY` declaration, if the file has one.
    private static func entityDeclarationLine(_ bytes: [UInt8]) -> Int? {
        let pattern = Array("<!ENTITY".utf8)
        guard bytes.count >= pattern.count else { return nil }
        var line = 1
        for i in 0...(bytes.count - pattern.count) {
            if bytes[i] == 0x0A { line += 1 }
            if bytes[i] == 0x3C && Array(bytes[i..<i + pattern.count]) == pattern { return line }
        }
        return nil
    }
}

extension PhoneticAlphabet {
    /// The alphabet for a name as lexicons and SSML write it (`ipa`, `x-sampa`, `espeak`), any case.
    public init?(lexiconName: String) {
        switch lexiconName.lowercased() {
        case "ipa": self = .ipa
        case "x-sampa", "xsampa": self = .xsampa
        case "espeak", "x-espeak": self = .espeak
        default: return nil
        }
    }
}


extension String {
    var trimmed: String {
        String(unicodeScalars.drop(while: { $0.properties.isWhitespace }).reversed()
            .drop(while: { $0.properties.isWhitespace }).reversed().map(Character.init))
    }
}
