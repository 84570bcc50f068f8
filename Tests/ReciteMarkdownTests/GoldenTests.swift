import Foundation
import ReciteScript
import ReciteTestSupport
import Testing
@testable import ReciteMarkdown

/// The script of each Markdown sample, dumped with its source spans, against a golden file.
@Suite struct MarkdownGoldenTests {
    @Test(arguments: ["flat-for-rent.md", "articles/chess-openings.md"])
    func sampleScripts(name: String) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(name)
        let source = try SourceText(path: "Samples/" + name, bytes: [UInt8](Data(contentsOf: url)))
        let dump = ScriptDump.dump(MarkdownParser.parse(source))
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/ReciteMarkdownTests/Golden")
        try expectGolden(dump, file: name.replacingOccurrences(of: "/", with: "_") + ".dump", folder: folder)
    }
}
