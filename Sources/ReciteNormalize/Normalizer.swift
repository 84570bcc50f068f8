import ReciteScript

/// Normalization stage: rewrites each word's `spoken` text so it is read as a person would read
/// it, and keeps its `source`.
///
/// This first version replaces stand-alone symbols by words and removes characters that would be
/// read as their names (bullets, markup leftovers). Units, numbers, dates and ranges come with
/// the rule tables of the normalization issue.
public struct Normalizer: Sendable {
    /// Whole-word symbol readings, by language prefix ("en").
    public var symbols: [String: [String: String]]

    public init(symbols: [String: [String: String]] = Normalizer.builtInSymbols) {
        self.symbols = symbols
    }

    public static let builtInSymbols: [String: [String: String]] = [
        "en": ["&": "and", "+": "plus", "=": "equals", "@": "at", "%": "percent", "#": "number",
               "<": "less than", ">": "greater than", "×": "times", "±": "plus or minus", "→": "to",
               "≈": "approximately", "§": "section", "/": "or", "~": "about", "$": "dollars",
               "€": "euros", "£": "pounds", "°": "degrees"],
        "fr": ["&": "et", "+": "plus", "=": "égale", "@": "arobase", "%": "pour cent", "→": "vers",
               "/": "ou", "~": "environ", "€": "euros", "$": "dollars", "°": "degrés"],
        "de": ["&": "und", "+": "plus", "=": "gleich", "@": "at", "%": "Prozent", "→": "nach",
               "/": "oder", "~": "etwa", "€": "Euro", "$": "Dollar", "°": "Grad"],
    ]

    public func normalize(_ script: Script) -> Script {
        var result = script
        for b in result.blocks.indices {
            let language = script.language
            result.blocks[b].runs = script.blocks[b].runs.compactMap { run in
                guard let spoken = run.spoken else { return run }
                let table = symbolTable(for: run.style.language ?? language)
                guard let replaced = normalizeWord(spoken, table: table) else { return nil }
                var out = run
                out.content = .speech(replaced)
                return out
            }
        }
        return result
    }

    /// One word's spoken form, or nil when the word says nothing.
    ///
    /// A word of symbols alone is read from the table, or else dropped: left to eSpeak NG it would
    /// be read by its Unicode name ("white heavy check mark"), which is seldom what the writer meant
    /// and would be speech that no word of the timing sidecar accounts for.
    func normalizeWord(_ word: String, table: [String: String]) -> String? {
        let core = wordCore(word)
        if let reading = table[core] { return reading }
        if core.unicodeScalars.allSatisfy({ !$0.properties.isAlphabetic && $0.properties.numericType == nil }) {
            return nil
        }
        // eSpeak's SSML input would take these as markup.
        var text = word
        for (symbol, reading) in [("&", table["&"] ?? "and"), ("<", " "), (">", " ")] where text.contains(symbol) {
            text = text.replacingAll(symbol, with: symbol == "&" ? " \(reading) " : reading)
        }
        return text
    }

    func symbolTable(for language: String) -> [String: String] {
        let prefix = language.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        return symbols[prefix] ?? symbols["en"] ?? [:]
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
