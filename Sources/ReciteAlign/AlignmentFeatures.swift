/// Turns one signal's cepstra into the vectors the warping compares.
///
/// Two voices differ in timbre (vocal tract length, recording channel) more than in what they
/// say. Subtracting each coefficient's mean over the signal's sounding frames (cepstral mean
/// normalization) removes a constant channel colouring; dividing by its spread evens out how
/// strongly each voice moves; deltas add the direction of change, which is what marks the
/// boundaries between sounds.
package struct AlignmentFeatures {
    package struct Settings {
        /// Keep c0 (overall level) after normalization.
        package var keepsLevel = true
        package var normalizesVariance = false
        /// Frames either side in the delta regression; 0 for no deltas.
        package var deltaReach = 1
        /// Weight of the delta coefficients against the static ones.
        package var deltaWeight: Float = 2

        package init() {}
    }

    /// Features of `frames` of `cepstra`, normalized over those frames.
    static func make(from cepstra: FeatureMatrix, frames: Range<Int>, settings: Settings) -> FeatureMatrix {
        let count = frames.count
        let first = settings.keepsLevel ? 0 : 1
        let statics = cepstra.dimension - first
        guard count > 0 else { return FeatureMatrix(frameCount: 0, dimension: statics) }
        var normalized = FeatureMatrix(frameCount: count, dimension: statics)
        for coefficient in 0..<statics {
            var mean: Float = 0
            for frame in frames { mean += cepstra[frame, first + coefficient] }
            mean /= Float(count)
            var variance: Float = 0
            for frame in frames {
                let deviation = cepstra[frame, first + coefficient] - mean
                variance += deviation * deviation
            }
            let scale = settings.normalizesVariance ? 1 / max((variance / Float(count)).squareRoot(), 1e-3) : 1
            for (row, frame) in frames.enumerated() {
                normalized[row, coefficient] = (cepstra[frame, first + coefficient] - mean) * scale
            }
        }
        guard settings.deltaReach > 0 else { return normalized }
        return withDeltas(normalized, reach: settings.deltaReach, weight: settings.deltaWeight)
    }

    /// Appends to each frame the least-squares slope of each coefficient over ±`reach` frames
    /// (frames past either end repeat the end frame).
    static func withDeltas(_ statics: FeatureMatrix, reach: Int, weight: Float) -> FeatureMatrix {
        let count = statics.frameCount, dimension = statics.dimension
        var result = FeatureMatrix(frameCount: count, dimension: 2 * dimension)
        let denominator = Float(2 * (1...reach).reduce(0) { $0 + $1 * $1 })
        for frame in 0..<count {
            for coefficient in 0..<dimension {
                result[frame, coefficient] = statics[frame, coefficient]
                var slope: Float = 0
                for step in 1...reach {
                    let later = statics[min(count - 1, frame + step), coefficient]
                    let earlier = statics[max(0, frame - step), coefficient]
                    slope += Float(step) * (later - earlier)
                }
                result[frame, dimension + coefficient] = weight * slope / denominator
            }
        }
        return result
    }
}
