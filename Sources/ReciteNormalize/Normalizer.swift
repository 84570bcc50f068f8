import Foundation
import ReciteScript

/// Normalization stage: rewrites the script's words so they are read as a person would read
/// them ("8 m²" → "eight square meters", "12/05/2020" → "December fifth twenty twenty"), and keeps
/// every spoken word pointing at the source bytes it came from.
///
/// Words read together become one run whose `source` spans all of them. The rules are data
/// (`Pipelines/rules/LANG.*.yml`, compiled in as well), chosen by the document's or the run's
/// language; a user's own regex rules run first. The work is one pass over each stretch of words
/// between two pauses or marks, never one scan per rule.
public struct Normalizer: Sendable {
    let book: RuleBook
    let userRules: UserRules
    /// What an emoji says: nothing (the default), or its Unicode name ("grinning face").
    public var emoji: EmojiReading = .skip

    public enum EmojiReading: String, Sendable, Codable, CaseIterable {
        case skip
        case name
    }

    /// The built-in rules, the language taken from the script (or a run's style).
    public init() {
        book = .builtIn
        userRules = UserRules()
    }

    /// The built-in rules (or those of `rulesFolder`, such as `Pipelines/rules`), after `userRules`.
    public init(rulesFolder: URL? = nil, userRules: UserRules) throws {
        book = try rulesFolder.map { try RuleBook(files: RuleBook.files(in: $0)) } ?? .builtIn
        self.userRules = userRules
    }

    /// Loads a normalizer from rule files: the folder's tables (or the built-in ones) and the
    /// user's rules files, in order.
    public static func load(rulesFolder: URL? = nil, userRuleFiles: [URL] = [], emoji: EmojiReading = .skip) throws -> Normalizer {
        var normalizer = try Normalizer(rulesFolder: rulesFolder, userRules: UserRules(contentsOf: userRuleFiles))
        normalizer.emoji = emoji
        return normalizer
    }

    /// A stretch this long is read in parts, each ending at a sentence end: a paragraph of a
    /// megabyte is otherwise held as one stretch of pieces, hundreds of bytes each.
    static let longStretch = 512

    public func normalize(_ script: consuming Script) -> Script {
        var result = script
        let subjects = DocumentSubject.subjects(of: result)
        for b in result.blocks.indices {
            // Taken out of the script, so that each block's old runs are freed once it is read.
            let runs = result.blocks[b].runs
            result.blocks[b].runs = []
            var out: [Run] = []
            out.reserveCapacity(runs.count)
            var stretch: [Piece] = []
            var language = result.language
            for run in runs {
                guard let spoken = run.spoken else {
                    flush(&stretch, language: language, subjects: subjects, into: &out)
                    out.append(run)
                    continue
                }
                let runLanguage = run.style.language ?? result.language
                if runLanguage != language {
                    flush(&stretch, language: language, subjects: subjects, into: &out)
                    language = runLanguage
                }
                if let sayAs = run.style.sayAs, !sayAs.isSpelled {
                    flush(&stretch, language: language, subjects: subjects, into: &out)
                    if let read = readSayAs(run, spoken: spoken, as: sayAs, language: language) {
                        out.append(read)
                        continue
                    }
                    // Not of its type after all: its words are read as any others, all pointing at it.
                    for word in spoken.split(separator: " ") {
                        PieceSplitter.pieces(of: word, span: run.source, style: run.style, into: &stretch)
                    }
                    continue
                }
                if run.style.spellOut || run.style.phonemes != nil || run.style.written != nil {
                    // Said letter by letter or from phonemes: the text is not ours to change.
                    flush(&stretch, language: language, subjects: subjects, into: &out)
                    out.append(run)
                    continue
                }
                pieces(of: spoken, run: run, into: &stretch)
                if stretch.count >= Self.longStretch, let last = stretch.last, last.endsSentence {
                    flush(&stretch, language: language, subjects: subjects, into: &out)
                }
            }
            flush(&stretch, language: language, subjects: subjects, into: &out)
            result.blocks[b].runs = out
        }
        return result
    }

    /// One line of plain text normalized (for `recite normalize`): its words, read as a stretch,
    /// as `normalize(_:)` reads a paragraph of plain runs. Only the words come back, so the
    /// pieces are cut straight from the line, without a script around them.
    public func normalize(line: String, language: String) -> String {
        if !userRules.isEmpty {
            return normalizeAsScript(line: line, language: language)
        }
        let style = RunStyle()
        var stretch: [Piece] = []
        var out: [Run] = []
        var offset = 0
        for word in line.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false) {
            defer { offset += word.count + 1 }
            let text = Substring(word)
            guard !text.isEmpty, !text.allSatisfy(\.isWhitespace) else { continue }
            let (lead, core, _) = PieceSplitter.edges(text)
            let span = SourceSpan(offset: offset + lead.utf8.count, length: core.utf8.count, line: 1, column: 1)
            PieceSplitter.pieces(of: text, span: span, style: style, into: &stretch)
            if stretch.count >= Self.longStretch, let last = stretch.last, last.endsSentence {
                flush(&stretch, language: language, into: &out)
            }
        }
        flush(&stretch, language: language, into: &out)
        var spoken = ""
        for run in out {
            guard let words = run.spoken else { continue }
            if !spoken.isEmpty { spoken += " " }
            spoken += words
        }
        return spoken
    }

    /// A line read through a whole script, for user rules (which rewrite runs).
    private func normalizeAsScript(line: String, language: String) -> String {
        var runs: [Run] = []
        var offset = 0
        var column = 1
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            defer {
                offset += word.utf8.count + 1
                column += word.unicodeScalars.count + 1
            }
            guard !word.isEmpty, !word.allSatisfy(\.isWhitespace) else { continue }
            let (lead, core, _) = PieceSplitter.edges(word)
            runs.append(Run(.speech(String(word)), source: SourceSpan(offset: offset + lead.utf8.count, length: core.utf8.count,
                                                                line: 1, column: column + lead.unicodeScalars.count)))
        }
        guard !runs.isEmpty else { return "" }
        let script = Script(path: "-", language: language, blocks: [Block(kind: .paragraph, source: runs[0].source, runs: runs)])
        return normalize(script).blocks[0].runs.compactMap(\.spoken).joined(separator: " ")
    }

    // MARK: - say-as

    /// Reads `text` as an SSML `<say-as>` asks, in `language`: words, a silence (an expletive),
    /// or nil when the text is not of the type (the caller then reads it as usual).
    public func verbalize(_ text: String, as sayAs: SayAs, language: String) -> SayAsReading? {
        let rules = book.rules(for: language)
        // A language without rules has no words of its own here: eSpeak NG reads the text.
        guard rules.verbalizes else { return nil }
        return SayAsReader(rules: rules).read(text, as: sayAs)
    }

    /// A `<say-as>` run read by its type, keeping the sentence punctuation written after it.
    private func readSayAs(_ run: Run, spoken: String, as sayAs: SayAs, language: String) -> Run? {
        let (_, core, trail) = PieceSplitter.edges(Substring(spoken))
        // A telephone number may start or end with its brackets: "(555) 123-4567".
        let text = sayAs.interpretAs == "telephone" ? spoken.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?")) : String(core)
        switch verbalize(text, as: sayAs, language: language) {
        case .words(let words):
            let punctuation = sayAs.interpretAs == "telephone" ? "" : trail.filter { ".,;:!?".contains($0) }
            var style = run.style
            style.sayAs = nil
            return Run(.speech(Reader(rules: book.rules(for: language)).clean(words + punctuation)), source: run.source, style: style)
        case .silence(let seconds):
            return Run(.pause(seconds), source: run.source, style: run.style)
        case nil:
            return nil
        }
    }

    // MARK: - Stretches

    private func pieces(of spoken: String, run: Run, into stretch: inout [Piece]) {
        if !userRules.isEmpty, let rewritten = userRules.apply(to: spoken) {
            // The user's words all stand for this run's bytes.
            for word in rewritten.split(separator: " ") {
                let (lead, core, trail) = PieceSplitter.edges(word)
                stretch.append(Piece(core: core, lead: lead, trail: trail, span: run.source, style: run.style))
            }
            return
        }
        PieceSplitter.pieces(of: Substring(spoken), span: run.source, style: run.style, into: &stretch)
    }

    private func flush(_ stretch: inout [Piece], language: String, subjects: Set<DocumentSubject> = [], into out: inout [Run]) {
        guard !stretch.isEmpty else { return }
        Reader(rules: book.rules(for: language), emoji: emoji, subjects: subjects).read(stretch, into: &out)
        stretch.removeAll(keepingCapacity: true)
    }
}
