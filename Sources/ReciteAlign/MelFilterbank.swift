import Foundation

/// Triangular filters evenly spaced on the mel scale, over FFT bins of one sample rate.
///
/// The band edges are in hertz, not bins, so two signals at different sample rates analysed over
/// the same band get comparable filter outputs: that is what lets a 22.05 kHz eSpeak NG rendering
/// be compared with a 16 kHz or 22.05 kHz neural one.
struct MelFilterbank {
    /// For each filter, its first FFT bin and its weights from there on.
    let filters: [(firstBin: Int, weights: [Float])]

    var count: Int { filters.count }

    init(filterCount: Int, fftSize: Int, sampleRate: Int, lowHertz: Double, highHertz: Double) {
        let binHertz = Double(sampleRate) / Double(fftSize)
        let lowMel = Self.mel(lowHertz), highMel = Self.mel(highHertz)
        // filterCount + 2 edges: each filter rises from edge i to i+1 and falls to i+2.
        let edges = (0..<(filterCount + 2)).map { index in
            Self.hertz(lowMel + (highMel - lowMel) * Double(index) / Double(filterCount + 1))
        }
        filters = (0..<filterCount).map { index in
            let left = edges[index], centre = edges[index + 1], right = edges[index + 2]
            let firstBin = Int((left / binHertz).rounded(.up))
            let lastBin = min(fftSize / 2, Int((right / binHertz).rounded(.down)))
            guard firstBin <= lastBin else {
                // Narrower than a bin (tiny FFT, low band): take the nearest bin whole.
                return (min(fftSize / 2, Int((centre / binHertz).rounded())), [1])
            }
            let weights = (firstBin...lastBin).map { bin -> Float in
                let hertz = Double(bin) * binHertz
                let rising = (hertz - left) / (centre - left)
                let falling = (right - hertz) / (right - centre)
                return Float(max(0, min(rising, falling)))
            }
            return (firstBin, weights)
        }
    }

    /// Filter outputs of one power spectrum.
    func apply(_ power: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
        for (index, filter) in filters.enumerated() {
            var sum: Float = 0
            for (offset, weight) in filter.weights.enumerated() { sum += weight * power[filter.firstBin + offset] }
            output[index] = sum
        }
    }

    static func mel(_ hertz: Double) -> Double { 2595 * log10(1 + hertz / 700) }
    static func hertz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
}
