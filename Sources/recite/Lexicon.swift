import ArgumentParser
import Foundation
import ReciteBuild
import RecitePronounce

/// `recite lexicon`: check lexicons and listen to them.
struct LexiconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lexicon",
        abstract: "Check pronunciation lexicons (PLS, .yml, .tsv) and audition them.",
        discussion: """
        Formats: W3C PLS 1.0 (.pls), YAML (language:, alphabet:, entries: word: pronunciation or \
        word: {ipa|x-sampa|espeak|alias: …, case: sensitive, inflect: false}) and TSV \
        (word<TAB>alphabet<TAB>pronunciation[<TAB>case-sensitive,no-inflect], "# language: en-US").
        """,
        subcommands: [Check.self, Audition.self, Benchmark.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate lexicons and print each entry's eSpeak NG phonemes; exit 1 if any entry is wrong.")

        @Argument(help: "Lexicon files.")
        var files: [String]

        @Option(help: "Language to check for when a lexicon names none (default: en-US).")
        var lang = "en-US"

        func run() throws {
            var errors = 0
            for file in files {
                let lexicon: Lexicon
                do {
                    lexicon = try LexiconFile.load(path: file)
                } catch {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                    errors += 1
                    continue
                }
                let language = lexicon.language ?? lang
                print("# \(file) (\(language), \(lexicon.entries.count + lexicon.unreadable.count) entries)")
                for error in lexicon.unreadable {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                    errors += 1
                }
                for report in LexiconCheck.check(lexicon, language: language) {
                    let forms = report.entry.graphemes.joined(separator: ", ")
                    if let error = report.error {
                        FileHandle.standardError.write(Data("\(file):\(report.entry.line): error: entry \"\(report.entry.name)\": \(error)\n".utf8))
                        errors += 1
                    } else {
                        print("\(file):\(report.entry.line): \(forms) → \(report.result ?? "")")
                    }
                }
            }
            if errors > 0 { throw ExitCode(ExitStatus.someFailed) }
        }
    }

    struct Audition: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Speak every entry in carrier phrases into one WAV file with a timing sidecar.",
            discussion: """
            Each entry gets up to --max-phrases phrases from the carriers. In a carrier, <word> is the \
            entry and <name> a member of the class "name" (--class name=a,b,c); a carrier without \
            <word> is used for the entries that belong to one of its classes. The phrases are kept in \
            OUT.audition.ssml, and the sidecar's marks name each entry.
            Example: --carrier "<piece> to <royal> <piece> <rank>" --class piece=knight,bishop \
            --class royal=king,queen --class rank=three,four
            """)

        @Argument(help: "The lexicon file.")
        var file: String

        @Option(name: .shortAndLong, help: "Output WAV file.")
        var output: String

        @Option(name: .customLong("carrier"), help: "A carrier phrase template; repeatable.")
        var carriers: [String] = []

        @Option(name: .customLong("class"), help: ArgumentHelp("A class of words for templates: name=a,b,c; repeatable.", valueName: "name=words"))
        var classes: [String] = []

        @Option(help: "At most this many phrases per entry.")
        var maxPhrases = 3

        @Option(help: "Pipeline for voice and rate (default: Pipelines/default.yml).")
        var pipeline: String?

        func validate() throws {
            for c in classes where !c.contains("=") { throw ValidationError("--class takes name=a,b,c; got \"\(c)\".") }
            guard (1...50).contains(maxPhrases) else { throw ValidationError("--max-phrases takes 1 to 50.") }
        }

        func run() throws {
            var audition = LexiconAudition()
            if !carriers.isEmpty { audition.carriers = carriers }
            for c in classes {
                let (name, members) = (String(c.prefix { $0 != "=" }), c.drop { $0 != "=" }.dropFirst())
                audition.classes[name] = members.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            }
            audition.maximumPhrases = maxPhrases
            do {
                let count = try audition.run(lexiconPath: file, output: output, pipeline: try PipelineLocator.load(pipeline),
                                             workers: ProcessInfo.processInfo.activeProcessorCount)
                FileHandle.standardError.write(Data("auditioned \(count) entries → \(output)\n".utf8))
            } catch let error as ConfigurationError {
                FileHandle.standardError.write(Data("recite: \(error)\n".utf8))
                throw ExitCode(ExitStatus.configuration)
            }
        }
    }
}

extension LexiconCommand {
    /// `recite lexicon benchmark`: annotation throughput with lexicons of several sizes.
    struct Benchmark: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print annotation throughput with a 10- and a 50,000-entry lexicon.", shouldDisplay: false)

        @Argument(help: "Markdown files to annotate (default: Samples/*.md), repeated to about 200,000 words.")
        var files: [String] = []

        func run() throws {
            var paths = files
            if paths.isEmpty {
                paths = ((try? FileManager.default.contentsOfDirectory(atPath: "Samples")) ?? [])
                    .filter { $0.hasSuffix(".md") }.sorted().map { "Samples/" + $0 }
            }
            let text = try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n\n")
            guard !text.isEmpty else { throw ValidationError("No text to annotate: name Markdown files.") }
            let words = max(1, text.split(whereSeparator: \.isWhitespace).count)
            let body = Array(repeating: text, count: max(1, 200_000 / words)).joined(separator: "\n\n")
            let figures = try LexiconBenchmark.run(text: body, sizes: [10, 50_000])
            for f in figures {
                print(String(format: "%6d entries: index built in %.3f s, %.0f words/s, %d words annotated", f.entries, f.buildSeconds, f.wordsPerSecond, f.matches))
            }
            if figures.count == 2 {
                print(String(format: "throughput ratio 10 / 50,000 entries: %.2f× (target ≤ 1.5×)", figures[0].wordsPerSecond / figures[1].wordsPerSecond))
            }
        }
    }
}
