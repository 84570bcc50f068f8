import Foundation

/// A user's own rewriting rules: regular expressions with capture groups, one per line.
///
/// ```
/// # comment
/// \bACME\b → Acme Corporation
/// ^(\d+)sqm$ → $1 square meters
/// ```
///
/// A rule applies to one source word (with its punctuation) at a time, before the built-in rules,
/// which then read what it wrote ("12 square meters" → "twelve square meters"); the words it
/// writes keep that word's source. `\1` and `$1` both name a capture group; the arrow may be
/// `→` or `->`.
public struct UserRules: Sendable {
    struct Rule: @unchecked Sendable {
        // NSRegularExpression is immutable and documented as safe to use from several threads.
        let regex: NSRegularExpression
        let template: String
    }

    let rules: [Rule]

    public var isEmpty: Bool { rules.isEmpty }

    public init() { rules = [] }

    /// Parses a rules file's text; `file` names it in errors.
    public init(text: String, file: String) throws {
        var rules: [Rule] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let arrow = line.range(of: " → ") ?? line.range(of: " -> ") ?? line.range(of: "→") else {
                throw RuleFileError(file: "\(file):\(index + 1)", message: "has no arrow; write PATTERN → REPLACEMENT")
            }
            let pattern = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
            var template = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            template = template.replacingOccurrences(of: #"\\([0-9])"#, with: "\\$$1", options: .regularExpression)
            do {
                rules.append(Rule(regex: try NSRegularExpression(pattern: pattern), template: template))
            } catch {
                throw RuleFileError(file: "\(file):\(index + 1)", message: "has a pattern that is not a valid regular expression: \(pattern)")
            }
        }
        self.rules = rules
    }

    /// Reads and parses rules files, in order.
    public init(contentsOf urls: [URL]) throws {
        var all: [Rule] = []
        for url in urls {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw RuleFileError(file: url.path, message: "cannot be read as UTF-8 text")
            }
            all += try UserRules(text: text, file: url.path).rules
        }
        rules = all
    }

    /// `word` rewritten by every rule that matches it, or nil when none does.
    func apply(to word: String) -> String? {
        var text = word
        var changed = false
        for rule in rules {
            let range = NSRange(text.startIndex..., in: text)
            guard rule.regex.firstMatch(in: text, range: range) != nil else { continue }
            text = rule.regex.stringByReplacingMatches(in: text, range: range, withTemplate: rule.template)
            changed = true
        }
        return changed ? text : nil
    }
}
