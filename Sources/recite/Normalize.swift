import ArgumentParser
import Foundation
import ReciteBuild
import ReciteNormalize

/// `recite normalize`: standard input lines → spoken lines, one for one, for checking and scoring
/// the normalization stage without synthesizing anything.
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each line of standard input as it would be said.",
        discussion: """
        Writes exactly one line per input line (an empty line for an empty line). The pipeline (default: \
        Pipelines/default.yml) gives the language, the rule tables and the user rules; --rules-folder names \
        another folder of LANG.KIND.yml files; --rules adds a user rules file (PATTERN → REPLACEMENT lines), \
        applied before the tables.
        """)

    @Option(help: "Document language (BCP 47), which picks the rule tables (default: the pipeline's).")
    var lang: String?

    @Option(help: "Pipeline whose normalization settings to use: a YAML file, or a name in Pipelines/.")
    var pipeline: String?

    @Option(help: "What an emoji says: skip or name (default: the pipeline's).")
    var emoji: Normalizer.EmojiReading?

    @Option(name: .customLong("rules"), help: "A user rules file; may be repeated.")
    var ruleFiles: [String] = []

    @Option(help: "A folder of rule tables to use instead of the built-in ones (e.g. Pipelines/rules).")
    var rulesFolder: String?

    @Option(help: .hidden)
    var benchmark: String?

    func run() throws {
        var normalizer: Normalizer
        let lang: String
        do {
            var settings = try PipelineLocator.load(pipeline)
            if let rulesFolder { settings.rulesFolder = rulesFolder }
            settings.userRuleFiles += ruleFiles
            if let emoji { settings.emoji = emoji }
            normalizer = try settings.makeNormalizer()
            lang = self.lang ?? settings.language
        } catch {
            FileHandle.standardError.write(Data("recite: \(error)\n".utf8))
            throw ExitCode(ExitStatus.configuration)
        }
        if let benchmark {
            try runBenchmark(benchmark, normalizer, lang: lang)
            return
        }
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let text = String(decoding: input, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var output = ""
        output.reserveCapacity(input.count * 2)
        for line in lines {
            let clean = line.hasSuffix("\r") ? line.dropLast() : line
            let spoken = normalizer.normalize(line: String(clean), language: lang)
            // One line out per line in (a line break inside would break that; rarely there).
            output += spoken.utf8.contains(UInt8(ascii: "\n")) ? spoken.replacingOccurrences(of: "\n", with: " ") : spoken
            output += "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// Normalizes a file's lines several times and prints throughput (a hidden option).
    private func runBenchmark(_ path: String, _ normalizer: Normalizer, lang: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let bytes = text.utf8.count
        var best = Double.infinity
        var words = 0
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            words = 0
            for line in lines { words += normalizer.normalize(line: line, language: lang).split(separator: " ").count }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let mb = Double(bytes) / 1_000_000
        print(String(format: "%@: %.2f MB, %d spoken words, best of 5: %.3f s, %.2f MB/s", path, mb, words, best, mb / best))
    }
}
extension Normalizer.EmojiReading: ExpressibleByArgument {}
