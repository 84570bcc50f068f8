import Foundation

/// Sends each request to the engine that says it: eSpeak NG's workers, or the workers of the
/// neural voice it names (one pool per voice, started on first use), and gives the audio back in
/// request order. This is the seam between engines: a neural voice's pool says Piper and Kokoro
/// voices alike (`PreparedVoice.Kind`).
public final class EngineRouter: SegmentSynthesizer, @unchecked Sendable {
    private let espeak: any SegmentSynthesizer
    private let makeNeural: @Sendable (NeuralSettings) -> (any SegmentSynthesizer)?
    private let lock = NSLock()
    private var neuralPools: [NeuralSettings: any SegmentSynthesizer] = [:]

    /// `makeNeural` gives the pool for a neural voice (nil if the run has no such voice).
    public init(espeak: any SegmentSynthesizer, makeNeural: @escaping @Sendable (NeuralSettings) -> (any SegmentSynthesizer)?) {
        self.espeak = espeak
        self.makeNeural = makeNeural
    }

    /// eSpeak NG's rate; a document whose main voice is neural is written at that voice's rate.
    public var sampleRate: Int { espeak.sampleRate }

    public func prepareForRequests() { espeak.prepareForRequests() }

    public func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
        var groups: [SynthesisEngine: [Int]] = [:]
        for (index, request) in requests.enumerated() { groups[request.engine, default: []].append(index) }
        if groups.count == 1, groups.keys.first! == .espeak { return try espeak.synthesize(requests, priority: priority) }
        var results = [SynthesizedAudio?](repeating: nil, count: requests.count)
        for (kind, indices) in groups {
            let engine: any SegmentSynthesizer = switch kind {
            case .espeak: espeak
            case .neural(let settings): try pool(for: settings)
            }
            for (index, audio) in zip(indices, try engine.synthesize(indices.map { requests[$0] }, priority: priority)) {
                results[index] = audio
            }
        }
        return results.map { $0! }
    }

    private func pool(for settings: NeuralSettings) throws -> any SegmentSynthesizer {
        try lock.withLock {
            if let pool = neuralPools[settings] { return pool }
            guard let pool = makeNeural(settings) else {
                throw SynthesisError("the neural voice \(settings.voice) was not prepared for this run")
            }
            neuralPools[settings] = pool
            return pool
        }
    }
}
