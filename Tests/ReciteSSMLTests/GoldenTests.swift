import Foundation
import ReciteScript
import ReciteTestSupport
import Testing
@testable import ReciteSSML

/// The script of each SSML sample, dumped with its source spans, against a golden file.
@Suite struct SSMLGoldenTests {
    @Test(arguments: ["welcome.ssml", "articles/announcement.xml"])
    func sampleScripts(name: String) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(name)
        let result = try SSMLParser.parse(bytes: [UInt8](Data(contentsOf: url)), path: "Samples/" + name)
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/ReciteSSMLTests/Golden")
        try expectGolden(ScriptDump.dump(result.script), file: name.replacingOccurrences(of: "/", with: "_") + ".dump", folder: folder)
    }
}
