import Foundation
import ReciteTestSupport
import Testing

/// Every line of real text people wrote goes through `recite normalize` and comes back as one
/// line: the normalizer may read a line badly, never crash on it or lose it ("500 S :" in a price
/// list once stopped on a failed check). The lines: the shared corpus's Markdown and SSML, the
/// article text of the shared HTML pages, and the inputs of `Eval/`.
@Suite struct NormalizeEveryLineTests {
    static let shared = Fixtures.shared

    /// Lines of the files under `folder` whose names end with `suffix` (tab-separated files give
    /// their second column, the input).
    static func lines(under folder: URL, endingWith suffix: String) -> [String] {
        let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(suffix) }.sorted()
        return files.flatMap { name -> [String] in
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                suffix == ".tsv" ? String(line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first ?? "") : String(line)
            }
        }
    }

    static func check(_ lines: [String], language: String = "en-US") throws {
        // Carriage returns and form feeds would be line breaks of their own to a reader of lines.
        let input = lines.map { $0.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\u{0C}", with: " ") }
        let run = try RunSupport.recite(["normalize", "--lang", language], input: input.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let output = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(output.count == input.count, "\(input.count) lines in, \(output.count) out")
    }

    @Test(.enabled(if: shared != nil, "../shared (the shared corpus) is not beside the checkout"))
    func everyLineOfTheSharedCorpus() throws {
        let corpus = Self.shared!.appendingPathComponent("corpus")
        let lines = Self.lines(under: corpus.appendingPathComponent("markdown"), endingWith: ".md")
            + Self.lines(under: corpus.appendingPathComponent("ssml"), endingWith: ".ssml")
            + Self.lines(under: corpus.appendingPathComponent("html"), endingWith: "expected.html")
        #expect(lines.count > 5000)
        try Self.check(lines)
    }

    @Test func everyInputOfTheEvaluationSets() throws {
        let eval = Fixtures.repositoryRoot.appendingPathComponent("Eval")
        let lines = Self.lines(under: eval, endingWith: ".tsv")
        #expect(lines.count > 1000)
        try Self.check(lines)
    }
}
