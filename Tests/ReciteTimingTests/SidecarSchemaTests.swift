import Foundation
import Testing
@testable import ReciteTiming

/// The sidecar's JSON has exactly the fields of DESIGN.md's schema, version 1.
@Suite struct SidecarSchemaTests {
    @Test func fieldsAreTheSchemas() throws {
        let sidecar = TimingSidecar(
            source: "a.md", audio: "a.wav", sampleRate: 22050, duration: 1.5,
            words: [.init(start: 0, end: 0.4, spoken: "eight", text: "8 m²", offset: 3, length: 5, line: 1, column: 4)],
            sentences: [.init(start: 0, end: 1, text: "8 m²", offset: 3, length: 5)],
            blocks: [.init(kind: "heading", level: 1, text: "8 m²", start: 0, end: 1, offset: 3, length: 5),
                     .init(kind: "paragraph", level: nil, text: "x", start: 1, end: 1.5, offset: 9, length: 1)],
            marks: [.init(name: "m", time: 0.2)])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(sidecar)) as! [String: Any]
        #expect(Set(json.keys) == ["format", "version", "source", "audio", "sampleRate", "duration",
                                   "words", "sentences", "blocks", "marks"])
        #expect(json["format"] as? String == "recite.timing")
        #expect(json["version"] as? Int == 1)
        let word = (json["words"] as! [[String: Any]])[0]
        #expect(Set(word.keys) == ["start", "end", "spoken", "text", "offset", "length", "line", "column"])
        let sentence = (json["sentences"] as! [[String: Any]])[0]
        #expect(Set(sentence.keys) == ["start", "end", "text", "offset", "length"])
        let blocks = json["blocks"] as! [[String: Any]]
        #expect(blocks[0]["level"] as? Int == 1)
        #expect(blocks[1]["level"] == nil)
        #expect(Set((json["marks"] as! [[String: Any]])[0].keys) == ["name", "time"])
    }
}
