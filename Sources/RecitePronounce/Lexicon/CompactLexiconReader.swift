import ReciteScript
import Yams

/// The compact lexicon forms, for editing by hand.
///
/// YAML:
/// ```yaml
/// language: en-US          # optional: the lexicon applies to this language only
/// alphabet: ipa            # default alphabet of the entries (ipa, x-sampa, espeak)
/// entries:
///   lead: lɛd
///   US: { x-sampa: 'ju:"Es', case: sensitive }
///   NATO: { alias: nay toe }
///   Albin counter gambit: { ipa: ˈælbɪn ˈkaʊntɚ ˈɡæmbɪt, inflect: false }
/// ```
/// TSV: `word<TAB>alphabet<TAB>pronunciation[<TAB>options]`, alphabet `ipa`, `x-sampa`, `espeak`
/// or `alias`, options `case-sensitive` and `no-inflect` (comma-separated); `#` starts a comment,
/// and `# language: en-US` on a line of its own sets the language.
enum CompactLexiconReader {
    static func readYAML(_ text: String, path: String) throws(LexiconError) -> Lexicon {
        let root: Node
        if let problem = YAMLGuard.problem(in: text) {
            throw LexiconError(path: path, line: problem.line, message: "this lexicon \(problem.message) (column \(problem.column)); a YAML lexicon is a mapping with `entries:` (see `recite lexicon --help`).")
        }
        do {
            guard let node = try Yams.compose(yaml: text) else {
                return Lexicon(path: path, language: nil, entries: [])
            }
            root = node
        } catch {
            throw LexiconError(path: path, message: "not valid YAML: \(error).")
        }
        guard let top = root.mapping else {
            throw LexiconError(path: path, line: line(root), message: "a YAML lexicon is a mapping with `entries:` (see `recite lexicon --help`).")
        }
        let language = top["language"]?.string
        var alphabet = PhoneticAlphabet.ipa
        if let name = top["alphabet"]?.string {
            guard let a = PhoneticAlphabet(lexiconName: name) else {
                throw LexiconError(path: path, line: line(top["alphabet"]!), message: "unknown alphabet \"\(name)\"; use ipa, x-sampa or espeak.")
            }
            alphabet = a
        }
        for (key, _) in top where !["language", "alphabet", "entries"].contains(key.string ?? "") {
            throw LexiconError(path: path, line: line(key), message: "unknown key \"\(key.string ?? "")\"; a YAML lexicon has language, alphabet and entries.")
        }
        guard let list = top["entries"]?.mapping else {
            throw LexiconError(path: path, line: line(root), message: "no `entries:` mapping of word: pronunciation.")
        }
        var entries: [LexiconEntry] = []
        for (key, value) in list {
            let word = (key.string ?? "").trimmed
            let at = line(key)
            guard !word.isEmpty else { throw LexiconError(path: path, line: at, message: "an entry has an empty word.") }
            if let plain = value.string {
                entries.append(LexiconEntry(graphemes: [word], pronunciation: .phonemes(WrittenPronunciation(alphabet: alphabet, text: plain)), line: at))
                continue
            }
            guard let fields = value.mapping else {
                throw LexiconError(path: path, line: at, message: "the entry \"\(word)\" is neither a pronunciation nor a mapping.")
            }
            var pronunciation: LexiconEntry.Pronunciation?
            var caseSensitive = false, inflects = true
            for (fieldKey, fieldValue) in fields {
                let field = fieldKey.string ?? "", v = fieldValue.string ?? ""
                if let a = PhoneticAlphabet(lexiconName: field) {
                    pronunciation = .phonemes(WrittenPronunciation(alphabet: a, text: v))
                } else if field == "alias" {
                    pronunciation = .alias(v)
                } else if field == "case" {
                    guard v == "sensitive" || v == "insensitive" else {
                        throw LexiconError(path: path, line: line(fieldKey), message: "case is \"\(v)\" in \"\(word)\"; use sensitive or insensitive.")
                    }
                    caseSensitive = v == "sensitive"
                } else if field == "inflect" {
                    guard let b = fieldValue.bool else {
                        throw LexiconError(path: path, line: line(fieldKey), message: "inflect is \"\(v)\" in \"\(word)\"; use true or false.")
                    }
                    inflects = b
                } else {
                    throw LexiconError(path: path, line: line(fieldKey), message: "unknown field \"\(field)\" in \"\(word)\"; use ipa, x-sampa, espeak, alias, case or inflect.")
                }
            }
            guard let pronunciation else {
                throw LexiconError(path: path, line: at, message: "the entry \"\(word)\" has no pronunciation (ipa, x-sampa, espeak or alias).")
            }
            entries.append(LexiconEntry(graphemes: [word], pronunciation: pronunciation, caseSensitive: caseSensitive, inflects: inflects, line: at))
        }
        return Lexicon(path: path, language: language, entries: entries)
    }

    static func readTSV(_ text: String, path: String) throws(LexiconError) -> Lexicon {
        var language: String?
        var entries: [LexiconEntry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("#") {
                let comment = line.dropFirst().trimmingSpaces
                if comment.lowercased().hasPrefix("language:") {
                    language = String(comment.dropFirst("language:".count)).trimmed
                }
                continue
            }
            if line.allSatisfy(\.isWhitespace) { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).trimmed }
            guard columns.count >= 3, !columns[0].isEmpty, !columns[2].isEmpty else {
                throw LexiconError(path: path, line: lineNumber, message: "expected word<TAB>alphabet<TAB>pronunciation[<TAB>options], found \(columns.count) column(s).")
            }
            let pronunciation: LexiconEntry.Pronunciation
            if columns[1].lowercased() == "alias" {
                pronunciation = .alias(columns[2])
            } else if let a = PhoneticAlphabet(lexiconName: columns[1]) {
                pronunciation = .phonemes(WrittenPronunciation(alphabet: a, text: columns[2]))
            } else {
                throw LexiconError(path: path, line: lineNumber, message: "unknown alphabet \"\(columns[1])\" for \"\(columns[0])\"; use ipa, x-sampa, espeak or alias.")
            }
            var caseSensitive = false, inflects = true
            for option in (columns.count > 3 ? columns[3] : "").split(separator: ",").map({ String($0).trimmed }) where !option.isEmpty {
                switch option {
                case "case-sensitive": caseSensitive = true
                case "no-inflect": inflects = false
                default:
                    throw LexiconError(path: path, line: lineNumber, message: "unknown option \"\(option)\" for \"\(columns[0])\"; use case-sensitive or no-inflect.")
                }
            }
            entries.append(LexiconEntry(graphemes: [columns[0]], pronunciation: pronunciation, caseSensitive: caseSensitive, inflects: inflects, line: lineNumber))
        }
        return Lexicon(path: path, language: language, entries: entries)
    }

    private static func line(_ node: Node) -> Int { node.mark?.line ?? 0 }
}

extension Substring {
    var trimmingSpaces: Substring { drop(while: { $0 == " " }) }
}
