import Foundation
import ReciteScript

/// The pronunciation stage: gives words the phonemes (or the alias) their lexicons ask for, and
/// converts pronunciations the markup wrote in IPA or X-SAMPA (SSML `<phoneme>`) to eSpeak NG's.
///
/// Lexicons are compiled once per language and shared by every document of a run; a document's
/// own lexicons (SSML `<lexicon>`) are compiled for that document only, over the shared ones.
public final class Pronouncer: Sendable {
    public let lexicons: [Lexicon]
    private let indexes = IndexCache()

    public init(lexicons: [Lexicon] = []) {
        self.lexicons = lexicons
    }

    /// Loads lexicon files in order of precedence (a later file overrides an earlier one).
    public convenience init(lexiconFiles: [String]) throws(LexiconError) {
        var loaded: [Lexicon] = []
        for path in lexiconFiles { loaded.append(try LexiconFile.load(path: path)) }
        self.init(lexicons: loaded)
    }

    /// The shared index for `language`, built on first use.
    public func index(for language: String) throws(LexiconError) -> LexiconIndex {
        try indexes.index(for: language) { () throws(LexiconError) in try LexiconIndex(lexicons: lexicons, language: language) }
    }

    public func pronounce(_ script: Script) throws(DocumentError) -> Script {
        var own: [Lexicon] = []
        for path in script.lexicons {
            do {
                own.append(try LexiconFile.load(path: path))
            } catch {
                throw DocumentError(path: script.path, message: "Cannot use the lexicon it names: \(error)")
            }
        }
        var documentIndexes: [String: LexiconIndex] = [:]
        let lookup = { (language: String) throws(LexiconError) -> LexiconIndex in
            guard !own.isEmpty else { return try self.index(for: language) }
            if let index = documentIndexes[language] { return index }
            let index = try LexiconIndex(lexicons: self.lexicons + own, language: language)
            documentIndexes[language] = index
            return index
        }
        var result = script
        for b in result.blocks.indices {
            try convertWrittenPronunciations(&result.blocks[b], language: script.language, path: script.path)
            let annotator = BlockAnnotator(index: lookup, documentLanguage: script.language)
            do {
                result.blocks[b].runs = try annotator.annotate(result.blocks[b].runs)
            } catch {
                throw DocumentError(path: script.path, location: SourceLocation(line: result.blocks[b].source.line, column: result.blocks[b].source.column),
                                    message: "A lexicon cannot be used for this document's language: \(error)")
            }
        }
        return result
    }

    /// SSML `<phoneme>` pronunciations into eSpeak NG mnemonics; an unknown symbol is an error
    /// at the element's text.
    private func convertWrittenPronunciations(_ block: inout Block, language: String, path: String) throws(DocumentError) {
        for r in block.runs.indices {
            guard let written = block.runs[r].style.written else { continue }
            let runLanguage = block.runs[r].style.language ?? language
            do {
                block.runs[r].style.phonemes = try PhonemeConverter(language: runLanguage).mnemonics(written.text, alphabet: written.alphabet)
                block.runs[r].style.written = nil
            } catch {
                let source = block.runs[r].source
                throw DocumentError(path: path, location: SourceLocation(line: source.line, column: source.column),
                                    message: "The pronunciation \"\(written.text)\" cannot be spoken: \(error). Fix the ph attribute.")
            }
        }
    }
}

/// Compiled indexes by language, shared by the documents of a run (which may be prepared on
/// several threads at once).
private final class IndexCache: @unchecked Sendable {
    private var byLanguage: [String: LexiconIndex] = [:]
    private let lock = NSLock()

    func index(for language: String, build: () throws(LexiconError) -> LexiconIndex) throws(LexiconError) -> LexiconIndex {
        lock.lock()
        defer { lock.unlock() }
        let key = language.lowercased()
        if let index = byLanguage[key] { return index }
        let index = try build()
        byLanguage[key] = index
        return index
    }
}
