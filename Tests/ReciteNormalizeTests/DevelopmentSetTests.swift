import Foundation
import ReciteTestSupport
import Testing

/// The shared normalization development set (`../shared/eval/`), scored as the project scores it:
/// `recite normalize` on every case, compared by the phonemes eSpeak NG says for the output and the
/// expected reading. Its expected readings were written by other people, not copied from Recite's
/// output; a floor catches a change that reads many of them wrong. Skipped, saying so, in a clone
/// without `../shared` or without the espeak-ng program.
@Suite struct DevelopmentSetTests {
    static let scorer = Fixtures.shared?.appendingPathComponent("eval/score.py")
    static let espeak = ExternalProgram.onPath("espeak-ng")

    struct Score: Decodable {
        struct ClassScore: Decodable {
            var `class`: String
            var cases: Int
            /// Nil on the macro-average row.
            var exact: Int?
        }
        var classes: [ClassScore]
        /// The scorer's own OVERALL row.
        var overall: ClassScore? { classes.first { $0.class == "OVERALL" } }
    }

    static func score(_ cases: URL, _ arguments: [String], scorerOptions: [String] = []) throws -> Score {
        let json = Fixtures.scratch("dev-\(UUID().uuidString).json")
        try FileManager.default.createDirectory(at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
        let outcome = try ExternalProgram.run(ExternalProgram.onPath("python3")!, [
            scorer!.path, cases.path, "--jobs", "2", "--json", json.path] + scorerOptions + ["--",
            Fixtures.reciteExecutable.path, "normalize",
        ] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONDecoder().decode(Score.self, from: Data(contentsOf: json))
    }

    @Test(.enabled(if: scorer != nil && espeak != nil, "needs ../shared/eval (beside the checkout) and the espeak-ng program"))
    func theSharedDevelopmentSetStaysAboveItsFloor() throws {
        let score = try Self.score(Fixtures.shared!.appendingPathComponent("eval/normalization-dev.tsv"), ["--lang", "en-US"])
        let overall = try #require(score.overall)
        let cases = overall.cases, exact = overall.exact ?? 0
        // Measured 92.8% (476 of 513) when this floor was set; the goal is 95%.
        #expect(Double(exact) / Double(cases) >= 0.92, "\(exact) of \(cases) read right")
        let symbols = try #require(score.classes.first { $0.class == "symbols" })
        #expect(symbols.exact == symbols.cases, "the seed symbols: \(symbols.exact ?? 0) of \(symbols.cases)")
    }

    @Test(.enabled(if: scorer != nil && espeak != nil, "needs ../shared/eval (beside the checkout) and the espeak-ng program"),
          arguments: [("en-real.tsv", ["--lang", "en-US"], 0.94), ("en-kinds.tsv", ["--lang", "en-US"], 0.85), ("es.tsv", ["--lang", "es-ES"], 0.75), ("it.tsv", ["--lang", "it-IT"], 0.78)])
    func theProjectsOwnDevelopmentSetsStayAboveTheirFloors(_ file: String, _ arguments: [String], _ floor: Double) throws {
        let voice = arguments[1].hasPrefix("en") ? [] : ["--voice", String(arguments[1].prefix(2))]
        let cases = Fixtures.repositoryRoot.appendingPathComponent("Eval").appendingPathComponent(file)
        let score = try Self.score(cases, arguments, scorerOptions: voice)
        let overall = try #require(score.overall)
        let total = overall.cases, exact = overall.exact ?? 0
        #expect(Double(exact) / Double(total) >= floor, "\(file): \(exact) of \(total) read right")
    }
}
