import Foundation

/// A polyphase windowed-sinc resampler for rates in a rational ratio (22,050 → 24,000 Hz is
/// 147 : 160), fed a chunk at a time: the output of a long book streams through it with one
/// chunk and one filter's width of history in memory. Its taps are computed once per phase, so
/// it is fast enough for ten hours of audio; `Resampler` stays the simple, exact reference.
public final class StreamingResampler {
    public let inputRate: Int
    public let outputRate: Int
    private let up: Int, down: Int
    private let halfTaps: Int
    /// `phases[p]` are the taps for an output that falls `p / up` of the way between two inputs.
    private let phases: [[Float]]
    private var history: [Float] = []
    /// Index in the whole input of `history[0]`.
    private var historyStart = 0
    /// The next output sample, and the input position it falls on, as a numerator over `up`.
    private var nextOutput = 0
    private var inputCount = 0

    public init(from inputRate: Int, to outputRate: Int, zeroCrossings: Int = 16, passband: Double = 0.92) {
        self.inputRate = inputRate
        self.outputRate = outputRate
        let g = Self.gcd(inputRate, outputRate)
        let up = outputRate / g
        self.up = up
        down = inputRate / g
        let cutoff = min(1.0, Double(outputRate) / Double(inputRate)) * passband
        let halfWidth = Double(zeroCrossings) / cutoff
        let halfTaps = Int(halfWidth.rounded(.up))
        self.halfTaps = halfTaps
        phases = (0..<up).map { p in
            let fraction = Double(p) / Double(up)
            return (-halfTaps...halfTaps).map { k in
                Float(Resampler.kernel(Double(k) - fraction, cutoff: cutoff, halfWidth: halfWidth))
            }
        }
    }

    /// Resampled output for the next chunk of input (may be shorter or longer than one chunk's
    /// share; `finish()` gives the rest).
    public func process(_ input: [Float]) -> [Float] {
        history += input
        inputCount += input.count
        return produce(final: false)
    }

    /// The last outputs, as if the input were followed by silence.
    public func finish() -> [Float] {
        produce(final: true)
    }

    private func produce(final: Bool) -> [Float] {
        var output: [Float] = []
        let total = final ? Int((Double(inputCount) * Double(up) / Double(down)).rounded()) : Int.max
        while nextOutput < total {
            let position = nextOutput * down            // in units of 1/up input samples
            let base = position / up, phase = position % up
            // Wait for the filter's right half, unless the input has ended.
            if !final && base + halfTaps >= inputCount { break }
            let taps = phases[phase]
            var sum: Float = 0
            for (j, tap) in taps.enumerated() {
                let index = base - halfTaps + j - historyStart
                if index >= 0 && index < history.count { sum += history[index] * tap }
            }
            output.append(sum)
            nextOutput += 1
        }
        // Keep only the history the next output still needs.
        let needed = (nextOutput * down) / up - halfTaps - historyStart
        if needed > 0 && needed <= history.count {
            history.removeFirst(needed)
            historyStart += needed
        }
        return output
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
