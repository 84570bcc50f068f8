import Foundation

/// A look-ahead peak limiter: after its gain, no sample exceeds `ceiling` (linear, of full scale).
///
/// The gain each sample needs (`ceiling / |x|`, at most 1) is taken as the least over the next
/// `lookahead` samples, then averaged over the last `lookahead + 1` of those: every value in that
/// average saw the sample's own need, so the average never exceeds it, and the gain comes down
/// smoothly over the look-ahead instead of at once (no click). It goes back up with a release of
/// `release` seconds. The output is `lookahead` samples late; `finish` gives the rest.
struct PeakLimiter {
    let ceiling: Float
    private let lookahead: Int
    private let releaseStep: Float
    /// The last `lookahead + 1` input samples (already multiplied by the stretch's gain).
    private var delay: [Float]
    /// The needs of the same samples, for the sliding least (a deque of indices, needs rising).
    private var needs: [Float]
    /// The deque itself: a ring of `lookahead + 1` sample numbers, from `head`, `count` long.
    private var least: [Int]
    private var head = 0, count = 0
    /// The window of least needs being averaged, and their sum.
    private var window: [Float]
    private var windowSum: Float
    private var gain: Float = 1
    private var seen = 0

    init(ceiling: Float, sampleRate: Int, lookaheadSeconds: Double = 0.002, release: Double = 0.08) {
        self.ceiling = ceiling
        lookahead = max(1, Int(Double(sampleRate) * lookaheadSeconds))
        releaseStep = Float(1 - exp(-1 / (release * Double(sampleRate))))
        delay = Array(repeating: 0, count: lookahead + 1)
        needs = Array(repeating: 1, count: lookahead + 1)
        least = Array(repeating: 0, count: lookahead + 1)
        window = Array(repeating: 1, count: lookahead + 1)
        windowSum = Float(lookahead + 1)
    }

    /// Takes one sample; returns the limited sample `lookahead` samples back (nil at first).
    mutating func process(_ sample: Float) -> Float? {
        let size = lookahead + 1
        let slot = seen % size
        delay[slot] = sample
        let magnitude = abs(sample)
        needs[slot] = magnitude > ceiling ? ceiling / magnitude : 1
        // The sliding least of the needs of samples seen - lookahead … seen.
        while count > 0, needs[least[(head + count - 1) % size] % size] >= needs[slot] { count -= 1 }
        while count > 0, least[head] < seen - lookahead {
            head = (head + 1) % size
            count -= 1
        }
        least[(head + count) % size] = seen
        count += 1
        let minimum = needs[least[head] % size]
        windowSum += minimum - window[slot]
        window[slot] = minimum
        // Summed afresh once a window, so that rounding does not build up over hours.
        if slot == 0 { windowSum = window.reduce(0, +) }
        seen += 1
        guard seen > lookahead else { return nil }
        // The sample `lookahead` back: every least in the window covered it.
        let average = min(1, windowSum / Float(size))
        gain = average < gain ? average : gain + (average - gain) * releaseStep
        gain = min(gain, average)
        return delay[(seen - 1 - lookahead) % size] * gain
    }

    /// The samples still in the look-ahead, limited, as if silence followed.
    mutating func finish() -> [Float] {
        let inputs = seen
        var rest: [Float] = []
        while max(0, inputs - lookahead) + rest.count < inputs {
            if let sample = process(0) { rest.append(sample) }
        }
        return rest
    }
}
