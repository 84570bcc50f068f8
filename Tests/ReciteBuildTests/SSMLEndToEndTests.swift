import Foundation
import ReciteAudio
import ReciteTestSupport
import ReciteTiming
import Testing

/// The W3C SSML 1.1 examples through the built `recite`: every one renders (a WAV and a sidecar
/// that agree) or is refused with a `file:line:column` error; the local clip is spliced in.
@Suite(.serialized) struct SSMLEndToEndTests {
    /// The examples with nothing to say.
    static let silent: Set<String> = ["3.1.5.1-lexicon.ssml", "3.1.6-meta.ssml", "3.1.7-metadata.ssml"]

    @Test func theW3CExamplesRender() throws {
        let fixtures = Fixtures.repositoryRoot.appendingPathComponent("Tests/ReciteSSMLTests/Fixtures/w3c")
        let input = EndToEndTests.temporaryFolder("w3c-in"), out = EndToEndTests.temporaryFolder("w3c-out")
        try FileManager.default.copyItem(at: fixtures, to: input)
        // The one clip the examples name as a local file: a short 44.1 kHz stereo beep.
        let beep = (0..<4410).flatMap { i -> [Float] in
            let v = Float(0.5 * sin(2 * Double.pi * 880 * Double(i) / 44100))
            return [v, v]
        }
        try SoundFile.writeClip(beep, channels: 2, sampleRate: 44100, to: input.appendingPathComponent("beep.wav").path)

        let result = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--verbose"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let manifest = try JSONDecoder().decode(EndToEndTests.ManifestProbe.self,
                                                from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        let sources = try FileManager.default.contentsOfDirectory(atPath: input.path).filter { $0.hasSuffix(".ssml") }
        #expect(manifest.documents.count == sources.count)
        for document in manifest.documents {
            let name = (document.source as NSString).lastPathComponent
            if document.status == "ok" && Self.silent.contains(name) {
                // Nothing to say (only <meta>, <metadata>, <lexicon>): a sidecar with no words.
                let timing = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent(document.outputs.timing)))
                #expect(timing.words.isEmpty, "\(name)")
            } else if document.status == "ok" {
                try EndToEndTests.checkOutputs(source: URL(fileURLWithPath: document.source),
                                               audio: out.appendingPathComponent(document.outputs.audio),
                                               timing: out.appendingPathComponent(document.outputs.timing))
            } else {
                let error = try #require(document.error)
                #expect(error.range(of: #"^[^:]+:\d+:\d+: error: "#, options: .regularExpression) != nil, "\(error)")
            }
        }
        // Only the examples that are not SSML documents are refused: a fragment, SMIL, VoiceXML.
        let refused = Set(manifest.documents.filter { $0.status != "ok" }.map { ($0.source as NSString).lastPathComponent })
        #expect(refused == ["3.1.3-xml-base.ssml", "E.3-smil.ssml", "E.4-voicexml.ssml"], "\(result.stderr)")
        #expect(result.stderr.contains("E.3-smil.ssml:5:1: error: The root element is <smil>"), "\(result.stderr)")

        func sidecar(_ name: String) throws -> TimingSidecar {
            try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("\(name).timing.json")))
        }
        // The beep plays for its tenth of a second, resampled, and the sidecar shows it.
        let audio = try sidecar("3.3.1-audio")
        let clip = try #require(audio.blocks.first { $0.kind == "audio" })
        #expect(abs((clip.end - clip.start) - 0.1) < 0.001)
        #expect(clip.text == "<audio src=\"beep.wav\"/>")
        #expect(audio.words.first { $0.spoken.hasPrefix("tone") }.map { $0.end <= clip.start } == true)
        // Marks land in the sidecar, in order.
        let marks = try sidecar("3.3.2-mark").marks
        #expect(marks.map(\.name) == ["here", "there"])
        #expect(marks[0].time < marks[1].time)
        // <break time="3s"/> is at least three seconds of silence between the words around it.
        let breaks = try sidecar("3.2.3-break").words
        let tone = try #require(breaks.firstIndex { $0.spoken.hasPrefix("tone") })
        #expect(breaks[tone + 1].start - breaks[tone].end >= 3)
        // Phonemes: each written word of the IPA title is a caption word of its own.
        let title = try sidecar("E.6-ipa").words.filter { $0.text == "La vita è bella" }.map(\.spoken)
        #expect(title == ["La", "vita", "è", "bella"])
        #expect(try sidecar("3.1.10-phoneme").words.map(\.spoken) == ["tomato"])
        // Tokens are caption words; no caption shows markup.
        #expect(try sidecar("3.1.8.2-token-w").words.map(\.text).prefix(2) == ["南京市", "长江大桥"])
        // A warning names each skipped clip (warnings are printed with --verbose, and kept in the manifest).
        #expect(result.stderr.contains("E.2-music.ssml:26:25: warning: <audio src=\"http://www.example.com/music.wav\"> is skipped"), "\(result.stderr)")
    }

    /// Rendering again with the same clip does nothing; a changed clip renders the document again.
    @Test func aChangedClipRendersItsDocumentAgain() throws {
        let input = EndToEndTests.temporaryFolder("clip-in"), out = EndToEndTests.temporaryFolder("clip-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("<speak>Listen. <audio src=\"a.wav\">no clip</audio> Done.</speak>".utf8).write(to: input.appendingPathComponent("doc.ssml"))
        let clip = input.appendingPathComponent("a.wav").path
        try SoundFile.writeClip([Float](repeating: 0.2, count: 8000), channels: 1, sampleRate: 16000, to: clip)
        #expect(try EndToEndTests.recite(["build", input.path, "-o", out.path]).status == 0)
        let again = try EndToEndTests.recite(["build", input.path, "-o", out.path])
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
        try SoundFile.writeClip([Float](repeating: 0.2, count: 16000), channels: 1, sampleRate: 16000, to: clip)
        let changed = try EndToEndTests.recite(["build", input.path, "-o", out.path])
        #expect(changed.stderr.contains("0 unchanged"), "\(changed.stderr)")
        #expect(changed.stderr.contains("from cache"))
    }
}
