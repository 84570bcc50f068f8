/// Something that turns synthesis requests into audio, in order: the pool of worker processes
/// (`WorkerPool`), or a stand-in in tests. Calls may overlap: a document asks for its next batch
/// while it writes the last, and documents render side by side.
public protocol SegmentSynthesizer: AnyObject {
    var sampleRate: Int { get }
    /// The audio of each request, in the order given, ahead of calls of a higher `priority`
    /// number where workers are shared (a document's place in the run: the one that started
    /// first is served first).
    func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio]
    /// Gets ready for requests that are coming, without waiting.
    func prepareForRequests()
}

extension SegmentSynthesizer {
    /// The audio of each request, in the order given, at the first priority.
    public func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
        try synthesize(requests, priority: 0)
    }

    /// Gets ready for requests that are coming (starts workers), without waiting; by default
    /// there is nothing to do.
    public func prepareForRequests() {}
}
