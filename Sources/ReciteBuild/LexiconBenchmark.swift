import Foundation
import ReciteMarkdown
import RecitePronounce
import ReciteScript

/// Annotation throughput with a small and a large lexicon, on the same text: the lookup must not
/// slow down as the lexicon grows (issue 4's target: 50,000 entries within 1.5× of 10).
public enum LexiconBenchmark {
    public struct Figure: Sendable {
        public var entries: Int
        public var buildSeconds: Double
        public var wordsPerSecond: Double
        public var matches: Int
    }

    /// `text` is Markdown; the lexicons hold `sizes` entries each: invented words, plus a few
    /// words of the text so that both lexicons do match.
    public static func run(text: String, sizes: [Int], repetitions: Int = 5) throws -> [Figure] {
        let source = try SourceText(path: "benchmark.md", bytes: Array(text.utf8))
        let script = MarkdownParser.parse(source, options: MarkdownOptions())
        let words = script.blocks.reduce(0) { $0 + $1.runs.count }
        let real = ["the", "lead", "and", "of", "to"]
        return try sizes.map { size in
            var entries = real.map { LexiconEntry(graphemes: [$0], pronunciation: .phonemes(WrittenPronunciation(alphabet: .espeak, text: "l'Ed"))) }
            for n in 0..<max(0, size - real.count) {
                entries.append(LexiconEntry(graphemes: [invented(n)], pronunciation: .phonemes(WrittenPronunciation(alphabet: .espeak, text: "l'Ed"))))
            }
            let pronouncer = Pronouncer(lexicons: [Lexicon(path: "bench", language: nil, entries: entries)])
            let buildStart = Date()
            _ = try pronouncer.index(for: "en-US")
            let buildSeconds = Date().timeIntervalSince(buildStart)
            var best = Double.infinity
            var matches = 0
            for _ in 0..<repetitions {
                let start = Date()
                let result = try pronouncer.pronounce(script)
                best = min(best, Date().timeIntervalSince(start))
                matches = result.blocks.reduce(0) { $0 + $1.runs.filter { $0.style.phonemes != nil }.count }
            }
            return Figure(entries: size, buildSeconds: buildSeconds, wordsPerSecond: Double(words) / best, matches: matches)
        }
    }

    /// A made-up word for entry `n` ("qua", "quba" …), letters only so it stays one word.
    static func invented(_ n: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var word = "q", k = n
        repeat {
            word.append(letters[k % 26])
            k /= 26
        } while k > 0
        return word + "x"
    }
}
