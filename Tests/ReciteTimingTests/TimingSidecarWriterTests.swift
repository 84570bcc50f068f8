import ReciteTestSupport
import Foundation
@testable import ReciteTiming
import Testing

@Suite struct TimingSidecarWriterTests {
    @Test func whatItWritesDecodesToTheSameSidecar() throws {
        let plain = TimingSidecar(
            source: "dir/a \"quoted\" name.md", audio: "a.wav", sampleRate: 22050, duration: 12.5,
            words: [
                .init(start: 0.1, end: 0.35, spoken: "eight", text: "8 m²", offset: 3, length: 5, line: 1, column: 4, phonemes: "eɪt"),
                .init(start: 0.4, end: 1, spoken: "back\\slash\ttab", text: "x\u{1}y\n", offset: 9, length: 4, line: 2, column: 1, phonemes: nil, file: "b/c.md"),
            ],
            sentences: [.init(start: 0.1, end: 1, text: "8 m² …", offset: 3, length: 10)],
            blocks: [.init(kind: "heading", level: 2, text: "Title", start: 0, end: 1, offset: 0, length: 8),
                     .init(kind: "paragraph", level: nil, text: "", start: 1, end: 2, offset: 9, length: 1)],
            marks: [])
        var sidecar = plain
        sidecar.voices = ["af_bella(2)+af_sky(1)", "espeak-ng:es"]
        let path = Fixtures.scratch("sidecar-\(UUID().uuidString).json").path
        try TimingSidecarWriter.write(sidecar, to: path)
        let decoded = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(decoded == sidecar)
        // And it is plain JSON to any reader.
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        #expect((object?["words"] as? [Any])?.count == 2)
        #expect(object?["voices"] as? [String] == ["af_bella(2)+af_sky(1)", "espeak-ng:es"])
    }

    /// A book's sidecar names every chapter's voices, once each, in the order they first read.
    @Test func aBookListsItsChaptersVoices() {
        func chapter(_ voices: [String]) -> TimingSidecar {
            var part = TimingSidecar(source: "a.md", audio: "a.wav", sampleRate: 24000, duration: 1, words: [], sentences: [], blocks: [], marks: [])
            part.voices = voices
            return part
        }
        var book = TimingSidecar(source: "Book", audio: "book.m4b", sampleRate: 24000, duration: 3, words: [], sentences: [], blocks: [], marks: [])
        chapter(["af_heart"]).appended(to: &book, at: 0, file: "a.md")
        chapter(["ef_dora", "af_heart"]).appended(to: &book, at: 1, file: "b.md")
        chapter([]).appended(to: &book, at: 2, file: "c.md")
        #expect(book.voices == ["af_heart", "ef_dora"])
    }
}
