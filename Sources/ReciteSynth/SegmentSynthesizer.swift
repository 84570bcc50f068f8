/// Something that turns synthesis requests into audio, in order: this process's own engine, or
/// a pool of worker processes.
public protocol SegmentSynthesizer: AnyObject {
    var sampleRate: Int { get }
    /// The audio of each request, in the order given.
    func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio]
}

/// Synthesis in this process, one segment after another (tests, and tools that synthesize little).
/// Its output depends on what this process synthesized before (see `WorkerLoop`).
public final class InProcessSynthesizer: SegmentSynthesizer {
    public let sampleRate: Int

    public init() throws {
        sampleRate = try EspeakEngine.withShared { $0.sampleRate }
    }

    public func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
        try EspeakEngine.withShared { engine in try requests.map { try engine.synthesize($0) } }
    }
}
