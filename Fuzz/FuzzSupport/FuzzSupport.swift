import ReciteMarkdown
import ReciteNormalize
import RecitePronounce
import ReciteScript
import ReciteSegment

/// What every harness shares: turning libFuzzer's buffer into bytes, and the text stages that
/// follow a parse (normalize → pronounce → segment, as `DocumentRenderer.prepare` runs them).
/// Nothing here synthesizes, reads a file or writes one.
public enum Fuzz {
    /// libFuzzer's input as an array (`data` may be null when `size` is 0).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The built-in rules, made once for the whole run.
    public static let normalizer = Normalizer()

    /// A small lexicon of each kind of entry (phonemes in each alphabet, alias, case-sensitive,
    /// multi-word, not inflected), so the pronunciation stage has words to match.
    public static let pronouncer: Pronouncer = {
        let yaml = """
        language: en
        entries:
          lead: lɛd
          live: { x-sampa: laIv }
          tomato: { espeak: t@mA:toU }
          NATO: { alias: nay toe }
          US: { x-sampa: 'ju:"Es', case: sensitive }
          Albin counter gambit: { ipa: ˈælbɪn ˈkaʊntɚ ˈɡæmbɪt, inflect: false }
        """
        let lexicon = try! LexiconFile.read(Array(yaml.utf8), path: "fuzz-built-in.yml")
        return Pronouncer(lexicons: [lexicon])
    }()

    /// Runs the text stages after a parse; errors a stage reports (a bad `<phoneme>`, a lexicon
    /// that cannot be used) are expected results, not crashes.
    @discardableResult
    public static func textStages(_ script: Script, pronouncer: Pronouncer = Fuzz.pronouncer) -> [Segment] {
        let normalized = normalizer.normalize(script)
        guard let pronounced = try? pronouncer.pronounce(normalized) else { return [] }
        return Segmenter().segments(of: pronounced)
    }

    /// Reads a lexicon from bytes (the form chosen by `path`'s extension), checks every entry as
    /// `recite lexicon check` does, and when it compiles for its language, pronounces a document
    /// made of its own written forms.
    public static func lexicon(_ bytes: [UInt8], path: String) {
        guard let lexicon = try? LexiconFile.read(bytes, path: path) else { return }
        let language = lexicon.language ?? "en-US"
        _ = LexiconCheck.check(lexicon, language: language)
        let pronouncer = Pronouncer(lexicons: [lexicon])
        guard (try? pronouncer.index(for: language)) != nil else { return }
        let text = lexicon.entries.flatMap(\.graphemes).joined(separator: ", ")
        let script = MarkdownParser.parse(SourceText(path: "fuzz-lexicon.md", text: text),
                                          options: MarkdownOptions(defaultLanguage: language))
        textStages(script, pronouncer: pronouncer)
    }
}
