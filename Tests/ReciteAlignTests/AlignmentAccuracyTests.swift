import Foundation
import Testing
@testable import ReciteAlign

/// Maps eSpeak NG word starts from one rendering onto a differently paced, pitched, accented or
/// synthesized (Klatt) rendering and compares them with that rendering's own word starts.
///
/// The floors sit above what was measured (`align-speed sweep`, release build: median 2.5 ms,
/// p95 8.9 ms over 1340 words; the Klatt pairs alone p95 36 and 57 ms) with a margin, so they
/// catch a regression, not noise.
@Suite struct AlignmentAccuracyTests {
    @Test func renderingsOfOnePassageHaveTheSameWords() {
        #expect(EspeakRenderings.pairs.count == EspeakRenderings.passages.count * EspeakRenderings.voicePairs.count)
        for pair in EspeakRenderings.pairs {
            #expect(pair.reference.wordStarts.count == pair.target.wordStarts.count, "passage \(pair.passage), \(pair.voices)")
        }
    }

    @Test func wordStartsLandNearTheTargetsOwn() {
        let pairs = EspeakRenderings.pairs.filter { $0.reference.wordStarts.count == $0.target.wordStarts.count }
        let errorsByVoices = Dictionary(grouping: pairs, by: \.voices).mapValues { EspeakRenderings.errors($0) }
        let errors = errorsByVoices.values.flatMap { $0 }
        func figures(_ errors: [Double]) -> (median: Double, p95: Double) {
            (EspeakRenderings.percentile(errors, 0.5), EspeakRenderings.percentile(errors, 0.95))
        }
        let all = figures(errors)
        print(String(format: "alignment over %d words: median %.1f ms, p95 %.1f ms, max %.1f ms",
                     errors.count, all.median, all.p95, errors.max() ?? 0))
        #expect(errors.count > 1000)
        #expect(all.median < 5)
        #expect(all.p95 < 18)
        for (voices, group) in errorsByVoices.sorted(by: { $0.key < $1.key }) {
            let some = figures(group)
            print(String(format: "  %@: median %.1f ms, p95 %.1f ms", voices, some.median, some.p95))
            #expect(some.median < 6, "\(voices)")
            #expect(some.p95 < 90, "\(voices)")
        }
    }
}
