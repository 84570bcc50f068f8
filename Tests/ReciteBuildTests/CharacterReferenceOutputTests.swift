import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// Named character references in Markdown (HTML5 has 2,231) are shown as the characters they
/// stand for in everything a reader sees: the sidecar's words, sentences and blocks, the
/// captions and the read-along page.
@Suite(.serialized) struct CharacterReferenceOutputTests {
    @Test func namedReferencesAreShownAsTheirCharacters() throws {
        let folder = EndToEndTests.temporaryFolder("references")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = folder.appendingPathComponent("units.md")
        try "# Caf&eacute; notes\n\nThe caf&eacute; &hellip; sold &frac12; a loaf. One &Aring;ngstr&ouml;m is small &NotEqualTilde; large.\n"
            .write(to: document, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let run = try EndToEndTests.recite(["build", document.path, "-o", out.path, "--captions", "vtt,srt", "--html"])
        #expect(run.status == 0, "\(run.stderr)")

        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("units.timing.json")))
        let texts = sidecar.words.map(\.text)
        #expect(texts.contains("café") && texts.contains("½") && texts.contains("Ångström"), "\(texts)")
        #expect(!texts.contains { $0.contains("&") }, "\(texts)")
        let sentences = sidecar.sentences.map(\.text).joined(separator: " ")
        #expect(sentences.contains("café … sold ½ a loaf") && sentences.contains("Ångström is small ≂̸ large"), "\(sentences)")
        #expect(sidecar.blocks.first?.text.contains("Café notes") == true, "\(sidecar.blocks)")
        // The spans still point at the references in the file.
        let source = try Data(contentsOf: document)
        let cafe = try #require(sidecar.words.first { $0.text == "café" })
        #expect(String(decoding: source[cafe.offset..<cafe.offset + cafe.length], as: UTF8.self) == "caf&eacute;")

        for name in ["units.vtt", "units.srt", "units.html"] {
            let shown = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(shown.contains("café") && shown.contains("Ångström") && shown.contains("½"), "\(name): \(shown)")
            #expect(!shown.contains("eacute") && !shown.contains("&Aring") && !shown.contains("&amp;"), "\(name): \(shown)")
        }
    }
}
