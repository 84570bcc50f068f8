import ReciteScript
import Testing
@testable import ReciteNormalize

/// A paragraph of a thousand sentences is read in parts that end at sentence ends: it is read
/// exactly as the same sentences would be, one paragraph each.
@Suite struct LongStretchTests {
    let sentences = [
        "The flat has 8 m² for $1,200/mo.", "It has 1 - 2 bedrooms.", "Call n°5 on 12/05/2020!",
        "Is it 3.5 km from here?", "Perfume n°5 costs 45 €.", "A. B. Smith wrote it.",
    ]

    func script(_ blocks: [[String]]) -> Script {
        var offset = 0
        return Script(path: "t", language: "en-US", blocks: blocks.map { words in
            let runs = words.map { w -> Run in
                defer { offset += w.utf8.count + 1 }
                return Run(.speech(w), source: SourceSpan(offset: offset, length: w.utf8.count, line: 1, column: offset + 1))
            }
            return Block(kind: .paragraph, source: runs[0].source, runs: runs)
        })
    }

    @Test func aLongParagraphIsReadAsItsSentencesWouldBe() {
        let text = (0..<1000).map { sentences[$0 % sentences.count] }
        let words = text.map { $0.split(separator: " ").map(String.init) }
        #expect(words.joined().count > 4 * Normalizer.longStretch)
        let long = Normalizer().normalize(script([Array(words.joined())])).blocks[0].runs
        let apart = Normalizer().normalize(script(words)).blocks.flatMap(\.runs)
        #expect(long.map(\.spoken) == apart.map(\.spoken))
        #expect(long.map(\.source) == apart.map(\.source))
    }
}
