/// Something that turns synthesis requests into audio, in order: the pool of worker processes
/// (`WorkerPool`), or a stand-in in tests.
public protocol SegmentSynthesizer: AnyObject {
    var sampleRate: Int { get }
    /// The audio of each request, in the order given.
    func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio]
}
