import CEbur128
import Foundation

/// Integrated loudness (EBU R 128, ITU-R BS.1770: LUFS), true peak and sample peak of mono
/// 16-bit audio fed to it in pieces, measured by libebur128; and its RMS level, which ACX asks for
/// (the plain root mean square over every sample, pauses included, as ACX's own check counts it).
/// The one file that speaks to libebur128.
public final class LoudnessMeter {
    private var state: UnsafeMutablePointer<ebur128_state>?
    private var sumOfSquares = 0.0
    private var count = 0

    /// `peaks`: whether to measure peaks too (the true peak's oversampling costs most of the time).
    public init(sampleRate: Int, peaks: Bool = true) {
        let mode = EBUR128_MODE_I.rawValue | (peaks ? EBUR128_MODE_TRUE_PEAK.rawValue : 0)
        state = ebur128_init(1, UInt(sampleRate), Int32(mode))
    }

    deinit { ebur128_destroy(&state) }

    public func add(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        _ = ebur128_add_frames_short(state, base, samples.count)
        for sample in samples {
            let value = Double(sample)
            sumOfSquares += value * value
        }
        count += samples.count
    }

    public func add(_ samples: [Int16]) { samples.withUnsafeBufferPointer { add($0) } }

    /// How many samples were added.
    public var samples: Int { count }

    /// Integrated loudness in LUFS; nil for silence (below the absolute gate, −70 LUFS).
    public var integrated: Double? {
        var value = 0.0
        guard ebur128_loudness_global(state, &value) == 0, value.isFinite, value > -70 else { return nil }
        return value
    }

    /// The highest true peak (4× oversampled), in dBTP; nil for silence.
    public var truePeak: Double? { decibels { ebur128_true_peak(state, 0, &$0) } }

    /// The highest sample, in dBFS; nil for silence.
    public var samplePeak: Double? { decibels { ebur128_sample_peak(state, 0, &$0) } }

    /// The RMS level in dBFS (a full-scale square wave is 0 dB); nil for silence.
    public var rms: Double? {
        guard count > 0, sumOfSquares > 0 else { return nil }
        return 20 * log10((sumOfSquares / Double(count)).squareRoot() / 32768)
    }

    private func decibels(_ measure: (inout Double) -> Int32) -> Double? {
        var linear = 0.0
        guard measure(&linear) == 0, linear > 0 else { return nil }
        return 20 * log10(linear)
    }
}
