import Foundation

/// The rules of every language the normalizer knows, built from one set of rule files.
///
/// Rule files are named `LANG.KIND.yml` (`en.units.yml`, `en-GB.numbers.yml`). The rules for a
/// regional tag start from the language's own files, then apply the region's, so `en-GB` only says
/// what differs from `en`.
struct RuleBook: Sendable {
    /// Keyed by lowercased tag: "en", "en-gb", "fr" …
    private(set) var languages: [String: LanguageRules]

    /// Builds every language from `files` (file name → YAML text).
    init(files: [String: String]) throws {
        var byTag: [String: [(kind: String, name: String, text: String)]] = [:]
        for (name, text) in files {
            let parts = name.split(separator: ".")
            guard parts.count == 3, parts[2] == "yml" else { continue }
            byTag[parts[0].lowercased(), default: []].append((String(parts[1]), name, text))
        }
        var languages: [String: LanguageRules] = [:]
        // Languages first, so that regions can start from them.
        for tag in byTag.keys.sorted(by: { ($0.count, $0) < ($1.count, $1) }) {
            let base = tag.split(separator: "-").first.map(String.init) ?? tag
            let rules = tag == base ? LanguageRules() : (languages[base]?.copy() ?? LanguageRules())
            rules.language = tag
            for file in byTag[tag]!.sorted(by: { $0.name < $1.name }) {
                try RuleFileParser.apply(file.text, kind: file.kind, fileName: file.name, to: rules)
            }
            languages[tag] = rules
        }
        for rules in languages.values { rules.derive() }
        self.languages = languages
    }

    /// The rule files of a folder (`Pipelines/rules`), by file name.
    static func files(in folder: URL) throws -> [String: String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw RuleFileError(file: folder.path, message: "cannot be read as a folder of rule files")
        }
        var files: [String: String] = [:]
        for name in names where name.hasSuffix(".yml") {
            let url = folder.appendingPathComponent(name)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw RuleFileError(file: url.path, message: "cannot be read as UTF-8 text")
            }
            files[name] = text
        }
        return files
    }

    /// The built-in rules, parsed once per process (the one global of this module).
    static let builtIn: RuleBook = {
        do {
            return try RuleBook(files: EmbeddedRuleFiles.files)
        } catch {
            fatalError("The built-in rule files are broken: \(error)")
        }
    }()

    /// The rules for a BCP 47 tag: the region's if there are any, else the language's, else none.
    func rules(for tag: String) -> LanguageRules {
        // Called once per stretch of words: no Foundation string search here.
        let lower = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
        if let rules = languages[lower] { return rules }
        let base = lower.split(separator: "-").first.map(String.init) ?? lower
        if let rules = languages[base] { return rules }
        // A language without rule files gets no English words: its text is left as written for
        // eSpeak NG, which reads digits, dates and symbols in the language itself.
        return neutral
    }

    /// The rules of a language Recite has no files for: nothing to verbalize.
    private let neutral: LanguageRules = {
        let rules = LanguageRules()
        rules.language = "und"
        rules.verbalizes = false
        return rules
    }()
}
