import Foundation
import ReciteAudio
@testable import ReciteBuild
import ReciteSegment
import ReciteSynth
import ReciteTestSupport
import ReciteTiming
import Testing

/// Rendering with a stand-in synthesizer: batching, order and pauses, without eSpeak NG.
@Suite struct DocumentRendererTests {
    /// The default pipeline with eSpeak NG in every language: these tests give the renderer a
    /// stand-in synthesizer at its own rate, which a natural voice's rate would replace.
    static var espeak: Pipeline {
        var pipeline = Pipeline.builtIn
        pipeline.voice = VoiceAssignment.espeakKeyword
        return pipeline
    }

    /// One second of tone per request at 1 kHz, with a word event at every word start.
    final class ToneSynthesizer: SegmentSynthesizer, @unchecked Sendable {
        let sampleRate = 1000
        private let lock = NSLock()
        private var callCount = 0
        var calls: Int { lock.withLock { callCount } }
        func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
            lock.withLock { callCount += 1 }
            return requests.map { request in
                // A word event on every token, and on the stand-in word after a cut.
                let count = request.speech.tokens.count + (request.speech.endsWithStandIn ? 1 : 0)
                let events = (0..<count).map { SynthesisEvent(kind: .word, token: $0, sample: 100 * $0) }
                return SynthesizedAudio(sampleRate: 1000, samples: [Int16](repeating: 3000, count: 1000), events: events)
            }
        }
    }

    @Test func manySegmentsAreSynthesizedInBatchesAndStitchedInOrder() throws {
        let folder = Fixtures.scratch("recite-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let items = (1...150).map { "- item \($0)" }.joined(separator: "\n")
        let input = folder.appendingPathComponent("list.md")
        try Data(items.utf8).write(to: input)
        var pipeline = Self.espeak
        pipeline.pauses.listItem = 0.5
        let renderer = try DocumentRenderer(pipeline: pipeline)
        let prepared = try renderer.prepare(Job(source: input.path, format: .markdown, outputStem: "list"))
        #expect(prepared.segments.count == 150)
        let synthesizer = ToneSynthesizer()
        let wav = folder.appendingPathComponent("list.wav").path
        let sidecar = try renderer.render(prepared, with: synthesizer, to: wav, audioName: "list.wav")
        #expect(synthesizer.calls == (150 + DocumentRenderer.batchSize - 1) / DocumentRenderer.batchSize)
        // 150 seconds of segments and 149 pauses of half a second; none after the last.
        #expect(sidecar.duration == 150 + 149 * 0.5)
        #expect(try SoundFile.info(of: wav).frames == Int(sidecar.duration * 1000))
        let starts = sidecar.blocks.map(\.start)
        #expect(starts == (0..<150).map { Double($0) * 1.5 })
        // Each block is its own item, in source order.
        #expect(sidecar.blocks.map(\.text) == (1...150).map { "item \($0)" })
        #expect(sidecar.words.filter { $0.spoken == "item" }.count == 150)
    }

    /// Holds each call until `wanted` calls are under way at once (or 10 s have passed), and
    /// records the most it saw: how many batches a document keeps in flight.
    final class OverlapCounter: SegmentSynthesizer, @unchecked Sendable {
        let sampleRate = 1000
        let wanted: Int
        private let condition = NSCondition()
        private var now = 0
        private(set) var most = 0
        init(wanted: Int) { self.wanted = wanted }
        func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
            condition.withLock {
                now += 1
                most = max(most, now)
                condition.broadcast()
                let deadline = Date().addingTimeInterval(10)
                while most < wanted && condition.wait(until: deadline) {}
            }
            defer { condition.withLock { now -= 1 } }
            return requests.map { _ in SynthesizedAudio(sampleRate: 1000, samples: [Int16](repeating: 3000, count: 10), events: []) }
        }
    }

    /// A long document's batches are small (8 segments); several are synthesized ahead of the one
    /// being written, so the workers do not wait at the end of each (one ahead left them idle a
    /// third of the time on a 2.6-hour list of short lines).
    @Test func aLongDocumentKeepsSeveralSmallBatchesInFlight() throws {
        let folder = Fixtures.scratch("recite-ahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = DocumentRenderer.longDocumentSegments + 10
        let input = folder.appendingPathComponent("long.md")
        try Data((1...count).map { "- line \($0)" }.joined(separator: "\n").utf8).write(to: input)
        let renderer = try DocumentRenderer(pipeline: Self.espeak)
        let prepared = try renderer.prepare(Job(source: input.path, format: .markdown, outputStem: "long"))
        #expect(prepared.segments.count == count)
        let size = DocumentRenderer.batchSize(segments: count)
        #expect(size < DocumentRenderer.batchSize)
        let expected = DocumentRenderer.batchSize / size + 1
        let synthesizer = OverlapCounter(wanted: expected)
        let sidecar = try renderer.render(prepared, with: synthesizer, to: folder.appendingPathComponent("long.wav").path,
                                          audioName: "long.wav")
        #expect(synthesizer.most == expected, "batches of \(size) in flight at once")
        #expect(sidecar.blocks.count == count)
    }

    /// An SSML `<audio>` clip: its own segment, its samples resampled into the output between the
    /// speech, an `audio` block in the sidecar; a changed clip changes the document's fingerprint.
    @Test func aClipIsSplicedBetweenTheWordsAndInTheFingerprint() throws {
        let folder = Fixtures.scratch("recite-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Half a second of full-scale-ish square wave at 4 kHz: 500 samples at the stand-in's 1 kHz.
        let clip = folder.appendingPathComponent("chime.wav").path
        try SoundFile.writeClip((0..<2000).map { _ in 0.25 }, channels: 1, sampleRate: 4000, to: clip)
        let input = folder.appendingPathComponent("doc.ssml")
        try Data("<speak>Before <audio src=\"chime.wav\">fallback</audio> after</speak>".utf8).write(to: input)
        let renderer = try DocumentRenderer(pipeline: Self.espeak)
        let job = Job(source: input.path, format: .ssml, outputStem: "doc", inputRoot: folder.path)
        let prepared = try renderer.prepare(job)
        #expect(prepared.segments.map { $0.clip != nil } == [false, true, false])
        #expect(prepared.dependencies == [clip])
        let wav = folder.appendingPathComponent("doc.wav").path
        let sidecar = try renderer.render(prepared, with: ToneSynthesizer(), to: wav, audioName: "doc.wav")
        // One second of tone, the clip's half second, one second of tone.
        #expect(sidecar.duration == 2.5)
        let samples = try SoundFile.readSamples(wav)
        #expect(samples.count == 2500)
        let middle = samples[1100..<1400]
        #expect(middle.allSatisfy { abs(Int($0) - 8192) < 200 }, "the clip's level, resampled")
        let audioBlock = try #require(sidecar.blocks.first { $0.kind == "audio" })
        #expect(audioBlock.start == 1.0 && audioBlock.end == 1.5)
        #expect(audioBlock.text == "<audio src=\"chime.wav\">fallback</audio>")
        #expect(sidecar.words.map(\.spoken) == ["Before", "after"])

        let fingerprints = DocumentFingerprint(pipeline: .builtIn)
        let before = fingerprints.fingerprint(of: job, dependencies: prepared.dependencies)
        try SoundFile.writeClip((0..<2000).map { _ in -0.25 }, channels: 1, sampleRate: 4000, to: clip)
        #expect(fingerprints.fingerprint(of: job, dependencies: prepared.dependencies) != before)
    }
}
