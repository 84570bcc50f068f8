import Foundation
import ReciteSynth
import ReciteSystem

/// A `WorkerPool` started on first use: a nightly run over an unchanged folder synthesizes
/// nothing, and should not pay for starting and checking the workers either.
public final class LazyWorkerPool: SegmentSynthesizer, @unchecked Sendable {
    private let start: () throws -> WorkerPool
    private let lock = NSLock()
    private var started: Result<WorkerPool, any Error>?
    /// Guarded by `lock`: a thread is already starting the pool ahead of the first request.
    private var starting = false

    public init(size: Int, configuration: WorkerConfiguration) {
        start = { try WorkerPool(size: size, configuration: configuration) }
    }

    /// The pool, started by the first caller; a pool that could not start fails every caller.
    private func pool() throws -> WorkerPool {
        try lock.withLock {
            if started == nil { started = Result { try start() } }
            return try started!.get()
        }
    }

    /// eSpeak NG's own rate, from the workers' hello; 22,050 Hz if they cannot start (the
    /// synthesis that follows then fails with the reason).
    public var sampleRate: Int { (try? pool().sampleRate) ?? 22050 }

    /// Starts the workers on a thread of their own, so that they are ready when the document
    /// that needs them has been parsed.
    public func prepareForRequests() {
        let first = lock.withLock { () -> Bool in
            defer { starting = true }
            return started == nil && !starting
        }
        guard first else { return }
        BlockingThreads.start { [self] in _ = try? pool() }
    }

    public func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
        guard !requests.isEmpty else { return [] }
        return try pool().synthesize(requests, priority: priority)
    }
}
