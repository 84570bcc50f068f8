import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers
import ReciteSegment

/// Identical segments are synthesized once per run, even when the calls that ask for them overlap.
@Suite struct OncePerRunTests {
    /// Counts what reaches it, and takes its time, so that overlapping calls really overlap.
    final class SlowCounter: SegmentSynthesizer, @unchecked Sendable {
        let lock = NSLock()
        var markups: [String] = []
        var failNext = false
        let sampleRate = 22050

        func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
            let fail = lock.withLock {
                markups += requests.map { $0.speech.tokens.map(\.text).joined(separator: " ") }
                defer { failNext = false }
                return failNext
            }
            usleep(20_000)
            if fail { throw SynthesisError("made to fail") }
            return requests.map { SynthesizedAudio(sampleRate: 22050, samples: Array(repeating: Int16($0.speech.tokens.map(\.text).joined(separator: " ").count), count: 100), events: []) }
        }
    }

    func request(_ text: String) -> SynthesisRequest {
        SynthesisRequest(speech: SpeechInput(plain: text), language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100)
    }

    func caching(_ inner: SlowCounter) throws -> CachingSynthesizer {
        CachingSynthesizer(inner, cache: SegmentCache(folder: Fixtures.scratch("once-\(UUID().uuidString)").path))
    }

    @Test func threeParagraphsAHundredTimesOverAreSynthesizedThrice() throws {
        let inner = SlowCounter()
        let synthesizer = try caching(inner)
        let texts = ["one", "two", "three"]
        // 20 calls of 15 requests each, 8 at a time: every call repeats the three texts.
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 20) { call in
            let batch = (0..<15).map { texts[($0 + call) % 3] }
            let audio = try? synthesizer.synthesize(batch.map(request))
            results.add(zip(batch, audio ?? []).allSatisfy { $0.1.samples.first == Int16($0.0.count) })
        }
        #expect(inner.markups.sorted() == texts.sorted())
        #expect(synthesizer.misses == 3)
        #expect(synthesizer.hits == 20 * 15 - 3)
        #expect(results.all == Array(repeating: true, count: 20))
    }

    @Test func aFailedSynthesisFailsItsWaitersAndIsTriedAgainLater() throws {
        let inner = SlowCounter()
        inner.failNext = true
        let synthesizer = try caching(inner)
        #expect(throws: SynthesisError.self) { try synthesizer.synthesize([request("x"), request("x")]) }
        // Not remembered as done: the next call asks again, and gets it.
        let audio = try synthesizer.synthesize([request("x")])
        #expect(audio[0].samples.count == 100)
        #expect(inner.markups.count == 2)
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Bool] = []
        func add(_ value: Bool) { lock.withLock { values.append(value) } }
        var all: [Bool] { lock.withLock { values } }
    }
}
