import Foundation

/// Mel-frequency cepstral coefficients and frame energies of 16-bit mono audio.
///
/// Frames are centred on multiples of the hop (frame k on sample k·hop, zero-padded past either
/// end), so a sample position converts to a fractional frame index by one division, at either
/// sample rate.
package struct MFCCExtractor {
    package struct Settings {
        package var windowSeconds = 0.025
        package var hopSeconds = 0.010
        package var filterCount = 26
        /// Coefficients kept, c0 (overall level) included.
        package var coefficientCount = 13
        /// Boosts high frequencies, whose formant detail carries more of what was said.
        package var preEmphasis: Float = 0.97
        package var lowHertz = 80.0
        /// Filter band top. Both signals of an alignment must use the same band (the lower Nyquist).
        package var highHertz = 7600.0
        /// Filter outputs are floored this far (dB) under the loudest one: a digitally silent pause
        /// and a pause with a faint noise floor then look alike, instead of the silent one sinking
        /// to an arbitrary log floor that no speech frame comes near.
        package var dynamicRangeDecibels: Float = 60

        package init() {}
    }

    /// What extraction gives for one signal.
    struct Output {
        var cepstra: FeatureMatrix
        /// Mean power of each frame's samples, in dB relative to full scale.
        var energyDecibels: [Float]
        /// Samples per hop at this signal's rate.
        var hop: Int
    }

    let settings: Settings

    init(settings: Settings = Settings()) {
        self.settings = settings
    }

    func extract(_ samples: [Int16], sampleRate: Int) -> Output {
        let window = max(4, Int((settings.windowSeconds * Double(sampleRate)).rounded()))
        let hop = max(1, Int((settings.hopSeconds * Double(sampleRate)).rounded()))
        let frameCount = samples.isEmpty ? 0 : samples.count / hop + 1
        var fftSize = 4
        while fftSize < window { fftSize *= 2 }
        let filterbank = MelFilterbank(filterCount: settings.filterCount, fftSize: fftSize, sampleRate: sampleRate,
                                       lowHertz: settings.lowHertz, highHertz: min(settings.highHertz, Double(sampleRate) / 2))
        let signal = samples.map { Float($0) / 32768 }
        var emphasized = signal
        for index in stride(from: signal.count - 1, to: 0, by: -1) {
            emphasized[index] -= settings.preEmphasis * signal[index - 1]
        }
        let hamming = (0..<window).map { Float(0.54 - 0.46 * cos(2 * Double.pi * Double($0) / Double(window - 1))) }

        var fft = RealFFT(size: fftSize)
        var frame = [Float](repeating: 0, count: fftSize)
        var power = [Float](repeating: 0, count: fft.binCount)
        var melEnergies = [Float](repeating: 0, count: frameCount * filterbank.count)
        var energyDecibels = [Float](repeating: 0, count: frameCount)
        for index in 0..<frameCount {
            let start = index * hop - window / 2
            var sumOfSquares: Float = 0
            for offset in 0..<window {
                let position = start + offset
                let inside = position >= 0 && position < signal.count
                frame[offset] = inside ? emphasized[position] * hamming[offset] : 0
                if inside { sumOfSquares += signal[position] * signal[position] }
            }
            energyDecibels[index] = 10 * log10(sumOfSquares / Float(window) + 1e-12)
            frame.withUnsafeBufferPointer { input in
                power.withUnsafeMutableBufferPointer { fft.powerSpectrum(input, into: $0) }
            }
            power.withUnsafeBufferPointer { spectrum in
                melEnergies.withUnsafeMutableBufferPointer { all in
                    let row = UnsafeMutableBufferPointer(rebasing: all[(index * filterbank.count)..<((index + 1) * filterbank.count)])
                    filterbank.apply(spectrum, into: row)
                }
            }
        }
        let cepstra = Self.cepstra(of: melEnergies, filterCount: filterbank.count, frameCount: frameCount,
                                   coefficientCount: settings.coefficientCount,
                                   dynamicRangeDecibels: settings.dynamicRangeDecibels)
        return Output(cepstra: cepstra, energyDecibels: energyDecibels, hop: hop)
    }

    /// Log filter outputs (floored under the loudest), decorrelated by an orthonormal DCT-II.
    private static func cepstra(of melEnergies: [Float], filterCount: Int, frameCount: Int,
                                coefficientCount: Int, dynamicRangeDecibels: Float) -> FeatureMatrix {
        let loudest = melEnergies.max() ?? 0
        let floor = max(loudest * pow(10, -dynamicRangeDecibels / 10), 1e-20)
        let basis: [Float] = (0..<coefficientCount).flatMap { n in
            (0..<filterCount).map { m in
                let scale = n == 0 ? sqrt(1 / Double(filterCount)) : sqrt(2 / Double(filterCount))
                return Float(scale * cos(Double.pi * Double(n) * (Double(m) + 0.5) / Double(filterCount)))
            }
        }
        var result = FeatureMatrix(frameCount: frameCount, dimension: coefficientCount)
        var logs = [Float](repeating: 0, count: filterCount)
        for frame in 0..<frameCount {
            for m in 0..<filterCount { logs[m] = log(max(melEnergies[frame * filterCount + m], floor)) }
            for n in 0..<coefficientCount {
                var sum: Float = 0
                for m in 0..<filterCount { sum += basis[n * filterCount + m] * logs[m] }
                result[frame, n] = sum
            }
        }
        return result
    }
}
