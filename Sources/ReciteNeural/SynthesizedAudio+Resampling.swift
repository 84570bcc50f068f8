import ReciteAudio
import ReciteSynth

extension SynthesizedAudio {
    /// The same audio at `rate` (events moved with it), for a document whose voices differ in
    /// rate: a file has one rate, its main voice's.
    public func resampled(to rate: Int) -> SynthesizedAudio {
        guard rate != sampleRate, sampleRate > 0, rate > 0 else { return self }
        let input = samples.map { Float($0) / 32768 }
        let output = Resampler(from: sampleRate, to: rate).resample(input)
        let scale = Double(rate) / Double(sampleRate)
        let moved = events.map { event in
            var e = event
            e.sample = min(output.count, Int((Double(event.sample) * scale).rounded()))
            return e
        }
        return SynthesizedAudio(sampleRate: rate, samples: output.map { Int16(clamping: Int(($0 * 32768).rounded())) }, events: moved)
    }
}
