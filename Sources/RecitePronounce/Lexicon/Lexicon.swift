import ReciteScript

/// A pronunciation lexicon as read from one file: PLS, or the compact YAML/TSV forms.
public struct Lexicon: Sendable, Equatable {
    /// The file it came from, as named by the user (for error messages).
    public var path: String
    /// The language it is for (BCP 47); nil for every language.
    public var language: String?
    public var entries: [LexiconEntry]
    /// Entries that were read but cannot be said (a pronunciation alphabet Recite does not know,
    /// such as PLS's Japanese `x-JEITA` example): `lexicon check` lists them, a build refuses them.
    public var unreadable: [LexiconError]

    public init(path: String, language: String?, entries: [LexiconEntry], unreadable: [LexiconError] = []) {
        self.path = path
        self.language = language
        self.entries = entries
        self.unreadable = unreadable
    }

    /// Whether this lexicon applies to text in `tag`: same language, with either one more
    /// specific ("en" applies to "en-US"; "en-GB" does not apply to "en-US").
    public func applies(to tag: String) -> Bool {
        guard let language else { return true }
        let mine = language.lowercased(), theirs = tag.lowercased()
        return mine == theirs || theirs.hasPrefix(mine + "-") || mine.hasPrefix(theirs + "-")
    }
}

/// One lexicon entry: the written forms it matches and how they are said.
public struct LexiconEntry: Sendable, Equatable {
    public enum Pronunciation: Sendable, Equatable {
        /// Said with these phonemes.
        case phonemes(WrittenPronunciation)
        /// Said as this text instead (PLS `<alias>`).
        case alias(String)
    }

    /// The forms that match ("lead", "Albin counter gambit"); several PLS graphemes share one entry.
    public var graphemes: [String]
    public var pronunciation: Pronunciation
    /// Match the graphemes' case exactly ("US" the country, not "us").
    public var caseSensitive: Bool
    /// Derive plurals and possessives ("leads", "lead's") when the lexicon does not list them.
    public var inflects: Bool
    /// Line of the entry in its file, for errors.
    public var line: Int

    public init(graphemes: [String], pronunciation: Pronunciation, caseSensitive: Bool = false,
                inflects: Bool = true, line: Int = 0) {
        self.graphemes = graphemes
        self.pronunciation = pronunciation
        self.caseSensitive = caseSensitive
        self.inflects = inflects
        self.line = line
    }

    /// How the entry is named in messages: its first grapheme.
    public var name: String { graphemes.first ?? "" }
}

/// A lexicon that cannot be read or used: names the file, the line, the entry and what is wrong.
public struct LexiconError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String
    /// The entry is well formed but written in an alphabet Recite cannot say: the rest of the
    /// file still loads.
    public var isUnknownAlphabet: Bool

    public init(path: String, line: Int = 0, message: String, isUnknownAlphabet: Bool = false) {
        self.path = path
        self.line = line
        self.message = message
        self.isUnknownAlphabet = isUnknownAlphabet
    }

    public var description: String {
        line > 0 ? "\(path):\(line): error: \(message)" : "\(path): error: \(message)"
    }
}
