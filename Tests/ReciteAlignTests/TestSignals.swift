import Foundation

/// Synthetic audio for the unit tests: tones and silences with known boundaries.
enum TestSignals {
    /// A sine of `hertz` for `seconds`, 16-bit at `rate`, at about a third of full scale.
    static func tone(hertz: Double, seconds: Double, rate: Int, amplitude: Double = 10_000) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { Int16(amplitude * sin(2 * Double.pi * hertz * Double($0) / Double(rate))) }
    }

    static func silence(seconds: Double, rate: Int) -> [Int16] {
        [Int16](repeating: 0, count: Int(seconds * Double(rate)))
    }

    /// A "sentence" of distinct tone "words" (two harmonics each, so each has its own spectral
    /// shape), each `durations[i]` seconds long, with `gap` seconds of silence between some of
    /// them. Returns the samples and each word's start sample.
    static func toneSentence(durations: [Double], rate: Int, leading: Double = 0.2, gaps: [Int: Double] = [:])
        -> (samples: [Int16], starts: [Int]) {
        let pitches: [Double] = [300, 1200, 500, 2500, 800, 3500, 400, 1800, 650, 3000]
        var samples = silence(seconds: leading, rate: rate)
        var starts: [Int] = []
        for (index, duration) in durations.enumerated() {
            if let gap = gaps[index] { samples += silence(seconds: gap, rate: rate) }
            starts.append(samples.count)
            let low = tone(hertz: pitches[index % pitches.count], seconds: duration, rate: rate, amplitude: 7000)
            let high = tone(hertz: pitches[(index + 3) % pitches.count] * 1.5, seconds: duration, rate: rate, amplitude: 3000)
            samples += zip(low, high).map { $0 &+ $1 }
        }
        samples += silence(seconds: 0.2, rate: rate)
        return (samples, starts)
    }
}
