import Foundation
import Testing
@testable import ReciteAlign

/// Maps eSpeak NG word starts from one rendering onto a differently paced, pitched or accented
/// rendering and compares them with that rendering's own word starts.
@Suite struct AlignmentAccuracyTests {
    @Test func renderingsOfOnePassageHaveTheSameWords() {
        #expect(EspeakRenderings.pairs.count == EspeakRenderings.passages.count * EspeakRenderings.voicePairs.count)
        for pair in EspeakRenderings.pairs {
            #expect(pair.reference.wordStarts.count == pair.target.wordStarts.count, "passage \(pair.passage), \(pair.voices)")
        }
    }

    @Test func wordStartsLandNearTheTargetsOwn() {
        let pairs = EspeakRenderings.pairs.filter { $0.reference.wordStarts.count == $0.target.wordStarts.count }
        let errors = EspeakRenderings.errors(pairs)
        let median = EspeakRenderings.percentile(errors, 0.5), p95 = EspeakRenderings.percentile(errors, 0.95)
        print("alignment over \(errors.count) words: median \(String(format: "%.1f", median)) ms, p95 \(String(format: "%.1f", p95)) ms, max \(String(format: "%.1f", errors.max() ?? 0)) ms")
        for (voices, group) in Dictionary(grouping: pairs, by: \.voices).sorted(by: { $0.key < $1.key }) {
            let groupErrors = EspeakRenderings.errors(group)
            print("  \(voices): median \(String(format: "%.1f", EspeakRenderings.percentile(groupErrors, 0.5))) ms, p95 \(String(format: "%.1f", EspeakRenderings.percentile(groupErrors, 0.95))) ms")
        }
        #expect(errors.count > 200)
        #expect(median < 1000)
        #expect(p95 < 1000)
    }
}
