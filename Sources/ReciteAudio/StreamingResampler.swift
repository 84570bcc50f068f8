import CFFmpeg

/// Changes the sample rate of mono audio through FFmpeg's libswresample, fed a chunk at a time:
/// a long book streams through it with one chunk and one filter's width of history in memory.
/// The only file that calls libswresample.
///
/// libswresample's polyphase filter is exact for rates in a rational ratio (22,050 → 24,000 Hz is
/// 147 : 160), computes its taps once, and lowers its cut-off below the new Nyquist frequency when
/// the rate goes down, so what the new rate cannot hold is removed instead of folding back. Its
/// output starts where the input does (no filter delay), so sidecar times need no shift; `finish()`
/// makes the whole output exactly as long as the input's duration, rounded to whole samples.
public final class StreamingResampler {
    public let inputRate: Int
    public let outputRate: Int
    private var context: OpaquePointer?
    private var inputCount = 0
    private var outputCount = 0

    public init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "sample rates are positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
        var outputLayout = AVChannelLayout(), inputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, 1)
        av_channel_layout_default(&inputLayout, 1)
        var context: OpaquePointer?
        let status = swr_alloc_set_opts2(&context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(outputRate),
                                         &inputLayout, AV_SAMPLE_FMT_FLT, Int32(inputRate), 0, nil)
        // libswresample's default filter (32 taps, cut-off at 97% of the lower Nyquist frequency)
        // lets a tone just above the new Nyquist frequency through at -22 dB; this one keeps the
        // band below 90% flat and holds aliases under -120 dB (Benchmarks/LibrarySpeed).
        let tuned = status >= 0 && context != nil
            && av_opt_set_int(UnsafeMutableRawPointer(context), "filter_size", 64, 0) >= 0
            && av_opt_set_double(UnsafeMutableRawPointer(context), "cutoff", 0.90, 0) >= 0
            && av_opt_set_double(UnsafeMutableRawPointer(context), "kaiser_beta", 12, 0) >= 0
        // These fail only when memory cannot be had for the context and its filter.
        precondition(tuned && swr_init(context) >= 0,
                     "libswresample could not set up a resampler from \(inputRate) to \(outputRate) Hz")
        self.context = context
    }

    deinit { swr_free(&context) }

    /// Resampled output for the next chunk of input (may be shorter or longer than one chunk's
    /// share; `finish()` gives the rest).
    public func process(_ input: [Float]) -> [Float] {
        guard !input.isEmpty else { return [] }
        inputCount += input.count
        return input.withUnsafeBytes { bytes in
            convert(bytes.bindMemory(to: UInt8.self).baseAddress, count: input.count)
        }
    }

    /// The last outputs, as if the input were followed by silence: the whole output is then the
    /// input's duration at the new rate.
    public func finish() -> [Float] {
        var tail = convert(nil, count: 0)
        let total = Int((Double(inputCount) * Double(outputRate) / Double(inputRate)).rounded())
        let wanted = max(0, total - (outputCount - tail.count))
        if tail.count > wanted { tail.removeLast(tail.count - wanted) }
        if tail.count < wanted { tail += [Float](repeating: 0, count: wanted - tail.count) }
        return tail
    }

    /// One `swr_convert` call: `count` input samples (none: flush what the filter holds back).
    private func convert(_ input: UnsafePointer<UInt8>?, count: Int) -> [Float] {
        let capacity = Int(swr_get_out_samples(context, Int32(count))) + 16
        var output = [Float](repeating: 0, count: capacity)
        let produced = output.withUnsafeMutableBytes { out in
            var outPlanes: [UnsafeMutablePointer<UInt8>?] = [out.bindMemory(to: UInt8.self).baseAddress]
            var inPlanes: [UnsafePointer<UInt8>?] = [input]
            return input == nil
                ? swr_convert(context, &outPlanes, Int32(capacity), nil, 0)
                : swr_convert(context, &outPlanes, Int32(capacity), &inPlanes, Int32(count))
        }
        precondition(produced >= 0, "libswresample failed while resampling (error \(produced))")
        output.removeLast(output.count - Int(produced))
        outputCount += Int(produced)
        return output
    }
}
