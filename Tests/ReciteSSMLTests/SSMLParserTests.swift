import ReciteScript
import Testing
@testable import ReciteSSML

@Suite struct SSMLParserTests {
    static let document = """
    <?xml version="1.0"?>
    <speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">
      <p><s>Hello <emphasis level="strong">big</emphasis> world</s><s>Again &amp; again.</s></p>
      <p>Slow <prosody rate="50%" pitch="+10%"><prosody rate="slow">down</prosody></prosody> now.
      <break time="250ms"/><mark name="here"/>The <sub alias="World Wide Web Consortium">W3C</sub> says
      <say-as interpret-as="characters">abc</say-as> in <lang xml:lang="fr-FR">français</lang>.</p>
      Loose text.
    </speak>
    """

    func parse(_ text: String = document) throws -> SSMLParser.Result {
        try SSMLParser.parse(bytes: Array(text.utf8), path: "t.ssml")
    }

    @Test func paragraphsAndSentences() throws {
        let result = try parse()
        #expect(result.script.language == "en-US")
        #expect(result.script.blocks.count == 3)
        let first = result.script.blocks[0].runs.compactMap(\.spoken)
        #expect(first == ["Hello", "big", "world.", "Again", "&", "again."])
        #expect(result.script.blocks[2].runs.compactMap(\.spoken) == ["Loose", "text."])
    }

    @Test func everyWordPointsAtItsBytes() throws {
        let result = try parse()
        for run in result.script.blocks.flatMap(\.runs) {
            guard let spoken = run.spoken else { continue }
            let text = result.source.text(of: run.source)
            if ["World", "Wide", "Web", "Consortium"].contains(spoken) {
                #expect(text == "W3C")
            } else if spoken == "&" {
                #expect(text == "&amp;")
            } else {
                #expect(text == wordCore(spoken), "\(spoken)")
            }
        }
    }

    @Test func styleFromMarkup() throws {
        let runs = try parse().script.blocks[1].runs
        func run(_ word: String) -> Run { runs.first { $0.spoken.map(wordCore) == word }! }
        #expect(run("down").style.prosody.rate == 0.5 * 0.75)
        #expect(abs(run("down").style.prosody.pitch - 1.1) < 1e-9)
        #expect(run("Slow").style.prosody.isNeutral)
        #expect(run("abc").style.spellOut)
        #expect(run("français").style.language == "fr-FR")
        let big = try parse().script.blocks[0].runs[1]
        #expect(big.style.emphasis == .strong)
    }

    @Test func breaksAndMarks() throws {
        let runs = try parse().script.blocks[1].runs
        #expect(runs.contains { $0.content == .pause(0.25) })
        let markIndex = try #require(runs.firstIndex { $0.content == .mark("here") })
        #expect(runs[markIndex + 1].spoken == "The")
    }

    @Test func malformedSSMLIsLocated() {
        let bad = "<speak>\n  <p>Open\n</speak>"
        #expect {
            try SSMLParser.parse(bytes: Array(bad.utf8), path: "bad.ssml")
        } throws: { error in
            guard let e = error as? DocumentError else { return false }
            return e.location?.line == 3 && e.description.hasPrefix("bad.ssml:3:")
        }
    }

    @Test func entityDeclarationsAreRefused() {
        let xxe = """
        <?xml version="1.0"?>
        <!DOCTYPE speak [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
        <speak>&x;</speak>
        """
        #expect {
            try SSMLParser.parse(bytes: Array(xxe.utf8), path: "x.ssml")
        } throws: { error in
            (error as? DocumentError)?.location?.line == 2
        }
    }

    @Test func aRootOtherThanSpeakIsRefused() {
        #expect(throws: DocumentError.self) {
            try SSMLParser.parse(bytes: Array("<html>hi</html>".utf8), path: "x.xml")
        }
        #expect(SSMLParser.looksLikeSSML(Array("<?xml version='1.0'?>\n<!-- c --><speak>x</speak>".utf8)))
        #expect(!SSMLParser.looksLikeSSML(Array("<rss></rss>".utf8)))
    }

    @Test func invalidAttributeValuesAreErrors() {
        let bad = "<speak>\n<prosody rate=\"zoom\">x</prosody></speak>"
        #expect {
            try SSMLParser.parse(bytes: Array(bad.utf8), path: "v.ssml")
        } throws: { error in
            let e = error as? DocumentError
            return e?.location == SourceLocation(line: 2, column: 1) && e!.message.contains("rate=\"zoom\"")
        }
    }

    @Test func latin1DocumentsMapToTheirOwnBytes() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><speak>caf".utf8)
        bytes += [0xE9]
        bytes += Array(" noir</speak>".utf8)
        let result = try SSMLParser.parse(bytes: bytes, path: "l.ssml")
        let runs = result.script.blocks[0].runs
        #expect(runs.compactMap(\.spoken) == ["café", "noir"])
        #expect(runs[0].source.length == 4)
        #expect(Array(bytes[runs[1].source.offset..<runs[1].source.end]) == Array("noir".utf8))
    }
}
