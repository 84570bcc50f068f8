/// The warping of one signal's sounding frames onto another's, read as a function of time.
struct FrameMap {
    private let reference: AlignedSignal
    private let target: AlignedSignal
    private let referenceSpan: ClosedRange<Int>
    private let targetSpan: ClosedRange<Int>
    /// For each reference frame of the span (from its start), the first target frame of the span
    /// (from its start) the path pairs it with: where the target starts saying what that frame says.
    private let firstColumn: [Int]

    init(reference: AlignedSignal, referenceSpan: ClosedRange<Int>, target: AlignedSignal,
         targetSpan: ClosedRange<Int>, tuning: AlignmentTuning) {
        self.reference = reference
        self.target = target
        self.referenceSpan = referenceSpan
        self.targetSpan = targetSpan
        let referenceFeatures = AlignmentFeatures.make(from: reference.cepstra, frames: referenceSpan.lowerBound..<(referenceSpan.upperBound + 1),
                                                       settings: tuning.features)
        let targetFeatures = AlignmentFeatures.make(from: target.cepstra, frames: targetSpan.lowerBound..<(targetSpan.upperBound + 1),
                                                    settings: tuning.features)
        let path = Self.warp(referenceFeatures, targetFeatures, tuning: tuning)
        var firstColumn = [Int](repeating: -1, count: referenceFeatures.frameCount)
        for cell in path where firstColumn[cell.row] < 0 { firstColumn[cell.row] = cell.column }
        self.firstColumn = firstColumn
    }

    /// Coarse to fine: a wide band over averaged frames finds roughly where the path goes, then a
    /// narrow window around that finds it exactly. The cost stays proportional to the length.
    private static func warp(_ reference: FeatureMatrix, _ target: FeatureMatrix, tuning: AlignmentTuning) -> [(row: Int, column: Int)] {
        let factor = tuning.coarseFactor
        let coarseReference = average(reference, factor: factor), coarseTarget = average(target, factor: factor)
        let longest = max(coarseReference.frameCount, coarseTarget.frameCount)
        let coarseRadius = max(tuning.coarseBandMinimum, Int(tuning.coarseBandFraction * Double(longest)))
        let coarseWindow = WarpingWindow.diagonal(rows: coarseReference.frameCount, columns: coarseTarget.frameCount,
                                                  radius: coarseRadius)
        let coarsePath = tuning.warping.path(reference: coarseReference, target: coarseTarget, window: coarseWindow)
        let fineWindow = WarpingWindow.around(coarsePath: coarsePath, factor: factor, rows: reference.frameCount,
                                              columns: target.frameCount, radius: tuning.fineRadius)
        return tuning.warping.path(reference: reference, target: target, window: fineWindow)
    }

    /// Means of consecutive runs of `factor` frames (the last run may be shorter).
    private static func average(_ features: FeatureMatrix, factor: Int) -> FeatureMatrix {
        let count = (features.frameCount + factor - 1) / factor
        var result = FeatureMatrix(frameCount: count, dimension: features.dimension)
        for coarse in 0..<count {
            let frames = (coarse * factor)..<min(features.frameCount, coarse * factor + factor)
            for coefficient in 0..<features.dimension {
                var sum: Float = 0
                for frame in frames { sum += features[frame, coefficient] }
                result[coarse, coefficient] = sum / Float(frames.count)
            }
        }
        return result
    }

    /// Where the target says what the reference says at `sample`, as a fractional target sample.
    func targetSample(forReferenceSample sample: Int) -> Double {
        let referenceFrame = Double(sample) / Double(reference.hop)
        let first = Double(referenceSpan.lowerBound), last = Double(referenceSpan.upperBound)
        let targetSamplesPerReferenceSample = Double(target.rate) / Double(reference.rate)
        if referenceFrame < first {
            // In the leading silence: as far before the target's first sound as before the reference's.
            let before = (first * Double(reference.hop) - Double(sample)) * targetSamplesPerReferenceSample
            return Double(targetSpan.lowerBound * target.hop) - before
        }
        if referenceFrame > last {
            let after = (Double(sample) - last * Double(reference.hop)) * targetSamplesPerReferenceSample
            return Double(targetSpan.upperBound * target.hop) + after
        }
        let row = referenceFrame - first
        let whole = min(Int(row), firstColumn.count - 1)
        let fraction = row - Double(whole)
        let next = min(whole + 1, firstColumn.count - 1)
        let column = Double(firstColumn[whole]) + fraction * Double(firstColumn[next] - firstColumn[whole])
        return (Double(targetSpan.lowerBound) + column) * Double(target.hop)
    }
}
