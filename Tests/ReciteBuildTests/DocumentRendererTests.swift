import Foundation
import ReciteAudio
import ReciteSynth
import Testing
@testable import ReciteBuild

/// Rendering with a stand-in synthesizer: batching, order and pauses, without eSpeak NG.
@Suite struct DocumentRendererTests {
    /// One second of tone per request at 1 kHz, with a word event at every word start.
    final class ToneSynthesizer: SegmentSynthesizer {
        let sampleRate = 1000
        var calls = 0
        func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
            calls += 1
            return requests.map { request in
                let text = Array(request.markup.unicodeScalars)
                var events: [SynthesisEvent] = []
                var sample = 0
                for i in text.indices where i > 0 && text[i - 1] == " " || (i > 0 && text[i - 1] == ">" && text[i] != "<") {
                    events.append(SynthesisEvent(kind: .word, textPosition: i, textLength: 1, sample: sample))
                    sample += 100
                }
                return SynthesizedAudio(sampleRate: 1000, samples: [Int16](repeating: 3000, count: 1000), events: events)
            }
        }
    }

    @Test func manySegmentsAreSynthesizedInBatchesAndStitchedInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recite-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let items = (1...150).map { "- item \($0)" }.joined(separator: "\n")
        let input = folder.appendingPathComponent("list.md")
        try Data(items.utf8).write(to: input)
        var pipeline = Pipeline.builtIn
        pipeline.pauses.listItem = 0.5
        let renderer = try DocumentRenderer(pipeline: pipeline)
        let prepared = try renderer.prepare(Job(source: input.path, format: .markdown, outputStem: "list"))
        #expect(prepared.segments.count == 150)
        let synthesizer = ToneSynthesizer()
        let wav = folder.appendingPathComponent("list.wav").path
        let sidecar = try renderer.render(prepared, with: synthesizer, to: wav, audioName: "list.wav")
        #expect(synthesizer.calls == 3)  // batches of 64
        // 150 seconds of segments and 149 pauses of half a second; none after the last.
        #expect(sidecar.duration == 150 + 149 * 0.5)
        #expect(try SoundFile.info(of: wav).frames == Int(sidecar.duration * 1000))
        let starts = sidecar.blocks.map(\.start)
        #expect(starts == (0..<150).map { Double($0) * 1.5 })
        // Each block is its own item, in source order.
        #expect(sidecar.blocks.map(\.text) == (1...150).map { "item \($0)" })
        #expect(sidecar.words.filter { $0.spoken == "item" }.count == 150)
    }
}
