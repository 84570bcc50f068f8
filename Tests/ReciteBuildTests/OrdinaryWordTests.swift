import Foundation
import ReciteTestSupport
import Testing

/// The normalizer is never worse than eSpeak NG alone on ordinary words (issue 39): over all the
/// English prose at hand it rewrites no dictionary word (Debian's `wamerican` and `wbritish`)
/// that has no number or symbol beside it, but for the abbreviations a reader expands.
@Suite struct OrdinaryWordTests {
    static let dictionaries = ["/usr/share/dict/american-english", "/usr/share/dict/british-english"]
    static let available = dictionaries.allSatisfy { FileManager.default.fileExists(atPath: $0) }

    /// Words a reader expands although they stand alone; "v" (only between two names, "Lawrence v
    /// Kent"), "feat." and list markers in brackets ("(ii)" → "two") too.
    static let expanded: Set<String> = ["vs", "etc", "eg", "ie", "approx", "dept", "govt", "ft", "sq", "thru",
                                        "v", "feat", "i", "ii", "iii", "iv", "vi", "vii", "viii", "ix", "x", "xi", "xii"]

    /// English prose: the shared corpus's Markdown and the HTML development pages' articles
    /// (their text, tags gone), and the inputs of the development sets in Eval/ (not the held-out one).
    static func prose() throws -> [String] {
        var lines: [String] = []
        let shared = (Fixtures.shared ?? Fixtures.repositoryRoot).appendingPathComponent("corpus")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("markdown").path) {
            for name in names.sorted() where name.hasSuffix(".md") {
                let text = try String(contentsOf: shared.appendingPathComponent("markdown/\(name)"), encoding: .utf8)
                var fenced = false
                for line in text.split(separator: "\n") {
                    if line.hasPrefix("```") { fenced.toggle(); continue }
                    if !fenced { lines.append(String(line)) }
                }
            }
        }
        if let pages = try? FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("html").path) {
            for page in pages.sorted() {
                guard let html = try? String(contentsOf: shared.appendingPathComponent("html/\(page)/expected.html"), encoding: .utf8) else { continue }
                let text = html.replacingOccurrences(of: "<[^>]*>", with: "\n", options: .regularExpression)
                lines += text.split(separator: "\n").map(String.init)
            }
        }
        for set in ["en-real.tsv", "en-kinds.tsv", "en-world-dev.tsv"] {
            let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Eval/\(set)"), encoding: .utf8)
            for line in text.split(separator: "\n").dropFirst() where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count >= 2 { lines.append(String(fields[1])) }
            }
        }
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A token as a word: its letters, lowercased (punctuation around it dropped).
    static func word(_ token: Substring) -> String {
        token.trimmingCharacters(in: .punctuationCharacters.union(.symbols)).lowercased()
    }

    /// Whether a token is or holds a number or a symbol (what makes a neighbour "proof").
    static func isEvidence(_ token: Substring) -> Bool {
        token.contains { $0.isNumber || ($0.isSymbol && $0 != "'") || "%&@#/+=~°$€£¥₹§".contains($0) }
    }

    /// The dictionary words of `line` that `output` no longer has, with no number or symbol in
    /// them or beside them, written in lowercase (capitals, "NASA", may be spelled out; a
    /// capitalized abbreviation, "Sgt." or "Hwy", stands for a title or a name), and not `expanded`.
    static func rewrites(of line: String, into output: String, words: Set<String>) -> [String] {
        let before = line.split(whereSeparator: \.isWhitespace), after = output.split(whereSeparator: \.isWhitespace)
        var found: [String] = []
        for case let .remove(offset, element, _) in after.map(word).difference(from: before.map(word)) {
            guard !element.isEmpty, element.allSatisfy(\.isLetter), words.contains(element), !expanded.contains(element) else { continue }
            let around = [offset - 1, offset, offset + 1].filter { before.indices.contains($0) }
            guard !around.contains(where: { isEvidence(before[$0]) }),
                  before[offset].filter(\.isLetter).allSatisfy(\.isLowercase) else { continue }
            found.append(element)
        }
        return found
    }

    /// The check catches what it is for, and lets through what it must.
    @Test func theCheckTellsARewriteFromAReading() {
        let words: Set<String> = ["telling", "me", "no", "number", "five", "room", "he", "sat", "down", "saturday"]
        #expect(Self.rewrites(of: "telling me no.", into: "telling me number.", words: words) == ["no"])
        #expect(Self.rewrites(of: "he sat down", into: "he Saturday down", words: words) == ["sat"])
        #expect(Self.rewrites(of: "room no. 5", into: "room number five", words: words).isEmpty)
        #expect(Self.rewrites(of: "NASA said", into: "N A S A said", words: ["nasa", "said"]).isEmpty)
    }

    @Test(.enabled(if: available, "needs Debian's wamerican and wbritish (/usr/share/dict)"))
    func noOrdinaryWordIsRewrittenWithoutANumberOrSymbolBesideIt() throws {
        let words = Set(try Self.dictionaries.flatMap { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n") }
            .filter { !$0.contains("'") }.map { $0.lowercased() })
        let lines = try Self.prose()
        #expect(lines.count > 1_000, "too little prose to prove anything: \(lines.count) lines")
        let run = try RunSupport.recite(["normalize"], input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        let outputs = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(outputs.count >= lines.count)
        var rewritten: [String] = []
        for (line, output) in zip(lines, outputs) {
            for word in Self.rewrites(of: line, into: String(output), words: words) { rewritten.append("\(word): \(line) → \(output)") }
        }
        let listed = rewritten.prefix(40).joined(separator: "\n")
        #expect(rewritten.isEmpty, "\(rewritten.count) ordinary words rewritten:\n\(listed)")
    }
}
