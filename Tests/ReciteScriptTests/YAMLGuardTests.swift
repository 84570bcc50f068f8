import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteScript

/// YAML that Yams would recurse into too deeply, or expand without end, is refused, located.
@Suite struct YAMLGuardTests {
    @Test func deepFlowCollectionsAreRefusedAtTheLevelPastTheBound() throws {
        let problem = try #require(YAMLGuard.problem(in: "key: " + String(repeating: "[", count: 100_000)))
        // One level for the mapping, then 64 brackets: the 64th (column 5 + 64) is the 65th level.
        #expect(problem.line == 1 && problem.column == 69)
        #expect(problem.message == "is nested more than 64 levels deep")
        #expect(YAMLGuard.problem(in: "key: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63)) == nil)
    }

    @Test func deepBlockSequencesAndIndentationAreRefused() {
        #expect(YAMLGuard.problem(in: String(repeating: "- ", count: 10_000) + "x")?.message == "is nested more than 64 levels deep")
        let indented = (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        #expect(YAMLGuard.problem(in: indented)?.line == 65)
    }

    @Test func manyAliasesAreRefused() throws {
        var laughs = "a: &a [lol, lol]\n"
        for level in 1...9 { laughs += "l\(level): &l\(level) [" + Array(repeating: "*\(level == 1 ? "a" : "l\(level - 1)")", count: 12).joined(separator: ", ") + "]\n" }
        let problem = try #require(YAMLGuard.problem(in: laughs))
        #expect(problem.message == "holds more than 100 aliases (`*name`)")
        #expect(problem.line == 10)
    }

    @Test func quotedBracketsAndStarsAreText() {
        #expect(YAMLGuard.problem(in: "title: \"" + String(repeating: "[*", count: 500) + "\"") == nil)
        #expect(YAMLGuard.problem(in: "note: it's [fine] # [[[[[[" + String(repeating: "[", count: 100)) == nil)
    }

    /// Every YAML file Recite ships passes.
    @Test func theShippedFilesPass() throws {
        let root = Fixtures.repositoryRoot
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Pipelines").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".yml") } ?? []
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent("Pipelines").appendingPathComponent(file), encoding: .utf8)
            #expect(YAMLGuard.problem(in: text) == nil, "\(file)")
        }
    }
}
