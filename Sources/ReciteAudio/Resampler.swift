/// Changes the sample rate of a whole mono signal at once (an SSML audio clip, a neural voice's
/// segment in another voice's file): `StreamingResampler` (libswresample) fed a single chunk.
public struct Resampler: Sendable {
    public let inputRate: Int
    public let outputRate: Int

    public init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "sample rates are positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    /// `input` at `outputRate`; the same duration, rounded to whole samples.
    public func resample(_ input: [Float]) -> [Float] {
        guard inputRate != outputRate else { return input }
        guard !input.isEmpty else { return [] }
        let resampler = StreamingResampler(from: inputRate, to: outputRate)
        return resampler.process(input) + resampler.finish()
    }
}
