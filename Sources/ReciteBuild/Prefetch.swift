import Foundation
import ReciteSynth
import ReciteSystem

/// A batch of segments synthesizing on a thread of its own while the caller does something else;
/// `wait` gives its audio (or its error). If the caller stops early (an error in the batch
/// before), the batch still finishes in the background and is dropped.
final class Prefetch: @unchecked Sendable {
    private var result: Result<[SynthesizedAudio], any Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ synthesizer: any SegmentSynthesizer, _ requests: [SynthesisRequest]) {
        nonisolated(unsafe) let synthesizer = synthesizer
        BlockingThreads.start { [self] in
            result = Result { try synthesizer.synthesize(requests) }
            done.signal()
        }
    }

    func wait() throws -> [SynthesizedAudio] {
        done.wait()
        return try result!.get()
    }
}
