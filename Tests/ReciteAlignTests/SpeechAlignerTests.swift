import Testing
@testable import ReciteAlign

@Suite struct SpeechAlignerTests {
    let durations = [0.30, 0.18, 0.42, 0.25, 0.33, 0.15, 0.38, 0.27]

    /// The same tone "sentence" slower, at another sample rate, with a longer lead-in and a longer
    /// pause: each word start must land on the target's own.
    @Test func findsWordStartsInAStretchedRendering() {
        let reference = TestSignals.toneSentence(durations: durations, rate: 22050, leading: 0.1, gaps: [4: 0.1])
        let stretch = [1.6, 1.2, 1.5, 2.0, 1.1, 1.8, 1.3, 1.4]
        let target = TestSignals.toneSentence(durations: zip(durations, stretch).map { $0 * $1 }, rate: 16000,
                                              leading: 0.9, gaps: [4: 0.35])
        let mapped = SpeechAligner.map(reference.starts, reference: reference.samples, referenceRate: 22050,
                                       target: target.samples, targetRate: 16000)
        for (found, truth) in zip(mapped, target.starts) {
            #expect(abs(found - truth) <= 16000 * 15 / 1000, "found \(found), truth \(truth) in \(target.starts)")
        }
    }

    @Test func resultsAreNonDecreasingAndInsideTheTarget() {
        let reference = TestSignals.toneSentence(durations: durations, rate: 22050)
        let target = TestSignals.toneSentence(durations: durations.map { $0 * 0.7 }, rate: 22050)
        let positions = [-500, 0, 3, 9000, 8000, reference.samples.count, reference.samples.count + 10_000]
        let mapped = SpeechAligner.map(positions, reference: reference.samples, referenceRate: 22050,
                                       target: target.samples, targetRate: 22050)
        #expect(mapped.count == positions.count)
        #expect(mapped == mapped.sorted())
        #expect(mapped.allSatisfy { (0...target.samples.count).contains($0) })
        #expect(mapped.last == target.samples.count)
    }

    @Test func leadingSilenceDoesNotPullTheFirstWord() {
        let reference = TestSignals.toneSentence(durations: durations, rate: 22050, leading: 0.05)
        let target = TestSignals.toneSentence(durations: durations, rate: 22050, leading: 2.5)
        let mapped = SpeechAligner.map([reference.starts[0], reference.starts[1]], reference: reference.samples,
                                       referenceRate: 22050, target: target.samples, targetRate: 22050)
        #expect(abs(mapped[0] - target.starts[0]) <= 22050 / 100)
        #expect(abs(mapped[1] - target.starts[1]) <= 22050 / 100)
    }

    @Test func emptyOrSilentInputScalesByDuration() {
        let sentence = TestSignals.toneSentence(durations: durations, rate: 22050).samples
        let silence = TestSignals.silence(seconds: 2, rate: 22050)
        #expect(SpeechAligner.map([], reference: sentence, referenceRate: 22050, target: sentence, targetRate: 22050) == [])
        #expect(SpeechAligner.map([0, 100], reference: [], referenceRate: 22050, target: sentence, targetRate: 22050) == [0, 0])
        #expect(SpeechAligner.map([0, 1000, 5000], reference: sentence, referenceRate: 22050, target: [], targetRate: 16000)
                == [0, 0, 0])
        let half = silence.count / 2
        #expect(SpeechAligner.map([0, half, silence.count], reference: silence, referenceRate: 22050,
                                  target: silence + silence, targetRate: 22050) == [0, silence.count, 2 * silence.count])
        #expect(SpeechAligner.map([10, 20], reference: sentence, referenceRate: 22050, target: silence, targetRate: 22050)
                .allSatisfy { (0...silence.count).contains($0) })
        #expect(SpeechAligner.map([0, 1], reference: [1, -1, 1], referenceRate: 22050, target: [5], targetRate: 8000)
                .allSatisfy { (0...1).contains($0) })
    }
}
