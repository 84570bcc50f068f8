import Foundation

/// Changes the sample rate of a mono signal by band-limited (windowed-sinc) interpolation.
///
/// Each output sample is the input convolved with a sinc low-pass filter centred on its exact
/// position in the input, tapered by a Blackman window. When the rate goes down, the filter's
/// cut-off goes down with it (below the new Nyquist frequency), so frequencies the new rate cannot
/// hold are removed instead of folding back as aliases.
public struct Resampler: Sendable {
    public let inputRate: Int
    public let outputRate: Int
    /// Zero crossings of the sinc on each side: the filter's length, hence its sharpness.
    public var zeroCrossings = 16
    /// Fraction of the lower Nyquist frequency kept: the rest is the filter's transition band.
    public var passband = 0.92

    public init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "sample rates are positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    /// `input` at `outputRate`; the same duration, rounded to whole samples.
    public func resample(_ input: [Float]) -> [Float] {
        guard inputRate != outputRate else { return input }
        guard !input.isEmpty else { return [] }
        let ratio = Double(inputRate) / Double(outputRate)
        // Cut-off as a fraction of the input's Nyquist frequency.
        let cutoff = min(1.0, 1.0 / ratio) * passband
        let halfWidth = Double(zeroCrossings) / cutoff
        let count = Int((Double(input.count) / ratio).rounded())
        var output = [Float](repeating: 0, count: count)
        input.withUnsafeBufferPointer { x in
            for n in 0..<count {
                let center = Double(n) * ratio
                let first = max(0, Int((center - halfWidth).rounded(.up)))
                let last = min(x.count - 1, Int((center + halfWidth).rounded(.down)))
                guard first <= last else { continue }
                var sum = 0.0
                for k in first...last {
                    sum += Double(x[k]) * Self.kernel(Double(k) - center, cutoff: cutoff, halfWidth: halfWidth)
                }
                output[n] = Float(sum)
            }
        }
        return output
    }

    /// The low-pass filter's tap at distance `t` (in input samples) from the output position.
    static func kernel(_ t: Double, cutoff: Double, halfWidth: Double) -> Double {
        let x = t * cutoff
        let sinc = x == 0 ? 1.0 : sin(Double.pi * x) / (Double.pi * x)
        // Blackman window over [-halfWidth, halfWidth].
        let w = 0.42 + 0.5 * cos(Double.pi * t / halfWidth) + 0.08 * cos(2 * Double.pi * t / halfWidth)
        return cutoff * sinc * w
    }
}
