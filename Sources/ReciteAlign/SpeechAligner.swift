/// Carries word start times from one rendering of a text onto another rendering of the same text.
///
/// Recite renders each sentence twice: with eSpeak NG, which reports where each word starts, and
/// with a neural voice, which reports nothing. Both renderings say the same sounds in the same
/// order at different speeds, so a dynamic time warping of their spectral features (MFCCs) pairs
/// up the moments that say the same thing, and each eSpeak NG word start is read off that pairing.
///
/// Silence at either end of each signal is cut before the warping, so a long lead-in on one side
/// cannot drag the path; positions inside it keep their distance from the first (or last) sound.
public enum SpeechAligner {
    /// Maps sample positions in `reference` (16-bit mono at `referenceRate`) to sample positions in
    /// `target` (16-bit mono at `targetRate`); same count, non-decreasing, each in 0...target.count.
    ///
    /// Positions are expected in non-decreasing order (word starts); the result is made
    /// non-decreasing whatever they are. Without sound on either side (empty or silent input), the
    /// positions are scaled by the ratio of the durations.
    public static func map(_ positions: [Int], reference: [Int16], referenceRate: Int,
                           target: [Int16], targetRate: Int) -> [Int] {
        map(positions, reference: reference, referenceRate: referenceRate, target: target, targetRate: targetRate,
            tuning: .standard)
    }

    package static func map(_ positions: [Int], reference: [Int16], referenceRate: Int, target: [Int16], targetRate: Int,
                    tuning: AlignmentTuning) -> [Int] {
        guard !positions.isEmpty else { return [] }
        precondition(referenceRate > 0 && targetRate > 0, "SpeechAligner needs positive sample rates")
        var cepstra = tuning.cepstra
        cepstra.highHertz = min(cepstra.highHertz, Double(min(referenceRate, targetRate)) / 2)
        let extractor = MFCCExtractor(settings: cepstra)
        let referenceSide = AlignedSignal(extractor.extract(reference, sampleRate: referenceRate), rate: referenceRate,
                                          sampleCount: reference.count, tuning: tuning)
        let targetSide = AlignedSignal(extractor.extract(target, sampleRate: targetRate), rate: targetRate,
                                       sampleCount: target.count, tuning: tuning)
        let mapped: [Double]
        if let referenceSpan = referenceSide.span, let targetSpan = targetSide.span {
            let frameMap = FrameMap(reference: referenceSide, referenceSpan: referenceSpan,
                                    target: targetSide, targetSpan: targetSpan, tuning: tuning)
            mapped = positions.map { frameMap.targetSample(forReferenceSample: $0) }
        } else {
            let scale = reference.isEmpty ? 0 : Double(target.count) / Double(reference.count)
            mapped = positions.map { Double($0) * scale }
        }
        var floor = 0
        return mapped.map { value in
            let sample = min(max(Int(value.rounded()), 0), target.count)
            floor = max(floor, sample)
            return floor
        }
    }
}

/// One side of an alignment: its features, hop and sounding span.
struct AlignedSignal {
    let cepstra: FeatureMatrix
    let activity: SoundActivity
    let hop: Int
    let rate: Int
    let sampleCount: Int
    /// First to last sounding frame; nil for empty or silent audio.
    let span: ClosedRange<Int>?

    init(_ output: MFCCExtractor.Output, rate: Int, sampleCount: Int, tuning: AlignmentTuning) {
        cepstra = output.cepstra
        activity = SoundActivity(energyDecibels: output.energyDecibels, belowLoudest: tuning.soundBelowLoudest,
                                 absoluteFloor: tuning.soundAbsoluteFloor)
        hop = output.hop
        self.rate = rate
        self.sampleCount = sampleCount
        span = activity.soundingFrames
    }
}
