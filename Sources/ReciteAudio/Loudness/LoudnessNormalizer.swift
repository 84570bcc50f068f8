import Foundation

/// Brings a document's audio to a `LoudnessTarget`: measured by EBU R 128 (`LoudnessMeter`), one
/// gain per voice (so that a document that changes voice does not jump in level), a look-ahead
/// limiter for the peaks (`PeakLimiter`), and, for audiobooks, room tone at the head and tail.
///
/// It reads the document's audio, already rendered to a 16-bit WAV, as often as it takes: once to
/// measure, then a trial with the gains (limiting takes some loudness away, and a true peak can lie
/// between samples), corrected until the trial meets the target, then once to write the result.
public enum LoudnessNormalizer {
    /// Samples of the audio read by one voice; they get that voice's gain.
    public struct Stretch: Sendable, Equatable {
        public var samples: Range<Int>
        public var voice: String
        public init(samples: Range<Int>, voice: String) {
            self.samples = samples
            self.voice = voice
        }
    }

    /// How the written audio measures.
    public struct Outcome: Sendable {
        public var integrated: Double?
        public var truePeak: Double?
        public var samplePeak: Double?
        public var rms: Double?
    }

    /// Reads `source` (mono 16-bit), brings it to `target` and writes it to `writer` (which the
    /// caller closes). Pauses stay digital silence.
    public static func normalize(_ source: String, sampleRate: Int, stretches: [Stretch], target: LoudnessTarget,
                                 into writer: SoundWriter) throws -> Outcome {
        let measured = try measure(source, sampleRate: sampleRate, stretches: stretches)
        // A lossy encoder's ripple raises peaks a little: those files get a lower ceiling.
        let lossless = writer.format == .wav || writer.format == .flac
        var plan = Plan(target: target, measured: measured, truePeakLimit: lossless ? -1.0 : -2.0)
        for _ in 0..<4 {
            let trial = try apply(plan, source, sampleRate: sampleRate, stretches: stretches, to: nil)
            guard let corrected = plan.corrected(by: trial) else { break }
            plan = corrected
        }
        try writer.writeSilence(Int((target.headSeconds * Double(sampleRate)).rounded()))
        let outcome = try apply(plan, source, sampleRate: sampleRate, stretches: stretches, to: writer)
        try writer.writeSilence(Int((target.tailSeconds * Double(sampleRate)).rounded()))
        return outcome
    }

    /// The per-voice meters of the audio as rendered, and the number of samples.
    struct Measured {
        var voices: [String: LoudnessMeter]
        var longest: String?
        var samples: Int
    }

    static func measure(_ source: String, sampleRate: Int, stretches: [Stretch]) throws -> Measured {
        var meters: [String: LoudnessMeter] = [:]
        var lengths: [String: Int] = [:]
        let index = StretchIndex(stretches)
        var position = 0
        let total = try SoundFile.stream(source) { chunk in
            index.forEachRun(in: position..<position + chunk.count) { run, voice in
                guard let voice else { return }
                let meter = meters[voice] ?? LoudnessMeter(sampleRate: sampleRate, peaks: false)
                meters[voice] = meter
                lengths[voice, default: 0] += run.count
                chunk[(run.lowerBound - position)..<(run.upperBound - position)].withUnsafeBufferPointer { meter.add($0) }
            }
            position += chunk.count
        }
        return Measured(voices: meters, longest: lengths.max { $0.value < $1.value }?.key, samples: total)
    }

    /// Gains by voice (dB) and the limiter's ceiling (dBFS).
    struct Plan {
        var target: LoudnessTarget
        var gains: [String: Double]
        var ceiling: Double
        /// What the last trial measured (LUFS, or RMS for audiobooks) and how much the level moved
        /// per dB of gain between the last two: the limiter takes back part of every dB given.
        var lastLevel: Double?
        var slope = 1.0
        /// The gain change between the last two trials.
        var lastStep: Double?

        /// No stretch is raised by more than this: a voice almost silent stays so.
        static let largestGain = 24.0

        /// The highest true peak allowed (dBTP) for `.integrated`.
        var truePeakLimit = -1.0

        init(target: LoudnessTarget, measured: Measured, truePeakLimit: Double) {
            self.target = target
            self.truePeakLimit = truePeakLimit
            gains = [:]
            switch target {
            case .off:
                ceiling = 0
            case .integrated(let level):
                ceiling = truePeakLimit - 0.5
                for (voice, meter) in measured.voices { gains[voice] = min(Self.largestGain, meter.integrated.map { level - $0 } ?? 0) }
            case .audiobook:
                ceiling = -3.3
                // The voices level with the one that reads most, then the whole at ACX's RMS.
                let reference = measured.longest.flatMap { measured.voices[$0]?.integrated }
                var energy = 0.0
                for (voice, meter) in measured.voices {
                    let relative = reference.flatMap { ref in meter.integrated.map { ref - $0 } } ?? 0
                    gains[voice] = relative
                    if let rms = meter.rms { energy += pow(10, (rms + relative) / 10) * Double(meter.samples) }
                }
                let whole = energy > 0 ? 10 * log10(energy / Double(max(1, measured.samples))) : -20
                for voice in gains.keys { gains[voice] = min(Self.largestGain, gains[voice]! + (-20 - whole)) }
            }
        }

        /// How far from the target a trial may land (the standards allow ±1).
        static let tolerance = 0.4

        /// The plan moved toward the target by what the trial measured; nil if it meets it.
        func corrected(by trial: Outcome) -> Plan? {
            var next = self
            var changed = false
            let (goal, reached): (Double, Double?) = switch target {
            case .off: (0, nil)
            case .integrated(let level): (level, trial.integrated)
            case .audiobook: (-20, trial.rms)
            }
            if let reached, abs(reached - goal) > Self.tolerance {
                // The secant through the last two trials: the level gained per dB of gain.
                if let last = lastLevel, let step = lastStep, abs(step) > 0.05 {
                    next.slope = min(1, max(0.2, (reached - last) / step))
                }
                let step = (goal - reached) / next.slope
                for voice in next.gains.keys { next.gains[voice] = min(Self.largestGain, next.gains[voice]! + step) }
                next.lastStep = step
                changed = true
            }
            next.lastLevel = reached
            if case .integrated = target, let peak = trial.truePeak, peak > truePeakLimit - 0.05 {
                next.ceiling -= peak - (truePeakLimit - 0.05) + 0.1
                changed = true
            }
            return changed ? next : nil
        }
    }

    /// One pass with `plan`'s gains and limiter: measured, and written to `writer` if given.
    static func apply(_ plan: Plan, _ source: String, sampleRate: Int, stretches: [Stretch], to writer: SoundWriter?) throws -> Outcome {
        let meter = LoudnessMeter(sampleRate: sampleRate)
        var limiter = PeakLimiter(ceiling: Float(pow(10, plan.ceiling / 20)), sampleRate: sampleRate)
        let index = StretchIndex(stretches)
        let factors = plan.gains.mapValues { Float(pow(10, $0 / 20)) }
        var output: [Int16] = []
        func emit(_ value: Float) {
            output.append(Int16(max(-32768, min(32767, (value * 32768).rounded()))))
        }
        func flush() throws {
            meter.add(output)
            try writer?.write(output)
            output.removeAll(keepingCapacity: true)
        }
        var position = 0
        _ = try SoundFile.stream(source) { chunk in
            index.forEachRun(in: position..<position + chunk.count) { run, voice in
                let factor = voice.flatMap { factors[$0] } ?? 1
                for sample in chunk[(run.lowerBound - position)..<(run.upperBound - position)] {
                    if let limited = limiter.process(Float(sample) / 32768 * factor) { emit(limited) }
                }
            }
            position += chunk.count
            try flush()
        }
        for value in limiter.finish() { emit(value) }
        try flush()
        return Outcome(integrated: meter.integrated, truePeak: meter.truePeak, samplePeak: meter.samplePeak, rms: meter.rms)
    }
}

/// Which voice reads each sample: the stretches, sorted, walked in runs.
struct StretchIndex {
    private let stretches: [LoudnessNormalizer.Stretch]

    init(_ stretches: [LoudnessNormalizer.Stretch]) {
        self.stretches = stretches.sorted { $0.samples.lowerBound < $1.samples.lowerBound }
    }

    /// Calls `body` for each run of `range` that one voice reads (or none: a pause), in order.
    func forEachRun(in range: Range<Int>, _ body: (Range<Int>, String?) throws -> Void) rethrows {
        var position = range.lowerBound
        var low = 0, high = stretches.count
        while low < high {
            let middle = (low + high) / 2
            if stretches[middle].samples.upperBound <= position { low = middle + 1 } else { high = middle }
        }
        var i = low
        while position < range.upperBound {
            guard i < stretches.count, stretches[i].samples.lowerBound < range.upperBound else {
                try body(position..<range.upperBound, nil)
                return
            }
            let stretch = stretches[i].samples
            if stretch.lowerBound > position {
                try body(position..<stretch.lowerBound, nil)
                position = stretch.lowerBound
            }
            let end = min(stretch.upperBound, range.upperBound)
            if end > position { try body(position..<end, stretches[i].voice) }
            position = max(position, end)
            i += 1
        }
    }
}
