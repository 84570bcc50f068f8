import Foundation
import ReciteAudio
import ReciteTestSupport
import ReciteTiming
import Testing

/// The W3C SSML 1.1 examples through the built `recite`: every one renders (a WAV and a sidecar
/// that agree) or is refused with a `file:line:column` error; the local clip is spliced in.
@Suite(.serialized) struct SSMLEndToEndTests {
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
            if document.status == "ok" {
                try EndToEndTests.checkOutputs(source: URL(fileURLWithPath: document.source),
                                               audio: out.appendingPathComponent(document.outputs.audio),
                                               timing: out.appendingPathComponent(document.outputs.timing))
            } else {
                let error = try #require(document.error)
                #expect(error.range(of: #"^[^:]+:\d+:\d+: error: "#, options: .regularExpression) != nil, "\(error)")
            }
        }
        #expect(manifest.documents.allSatisfy { $0.status == "ok" }, "\(result.stderr)")

        // The beep plays for its tenth of a second, resampled, and the sidecar shows it.
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("13-audio.timing.json")))
        let clip = try #require(sidecar.blocks.first { $0.kind == "audio" })
        #expect(abs((clip.end - clip.start) - 0.1) < 0.001)
        #expect(clip.text == "<audio src=\"beep.wav\"/>")
        let tone = sidecar.words.first { $0.spoken.hasPrefix("tone") }
        #expect(tone.map { $0.end <= clip.start } == true)
        // Marks land in the sidecar, in order.
        let marks = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("14-mark.timing.json"))).marks
        #expect(marks.map(\.name) == ["here", "there"])
        #expect(marks[0].time < marks[1].time)
        // A warning names each skipped clip (warnings are printed with --verbose, and kept in the manifest).
        #expect(result.stderr.contains("13-audio.ssml:14:3: warning: <audio src=\"http://www.example.com/laughter.wav\"> is skipped"), "\(result.stderr)")
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
