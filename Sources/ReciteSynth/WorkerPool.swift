import Foundation

/// A pool of synthesis workers (`recite worker` processes), one eSpeak NG each, fed over pipes.
///
/// `synthesize` hands requests to the workers in parallel and returns the audio in request order.
/// Several documents may call it at once: each request checks an idle worker out and back in, so
/// the pool stays busy across document boundaries and never runs more than `size` at a time.
/// A worker that dies is replaced and its request tried once more; a request that fails twice
/// fails its document only.
public final class WorkerPool: SegmentSynthesizer, @unchecked Sendable {
    public let sampleRate: Int
    public let size: Int
    private let executable: String
    /// Guarded by `lock`: the workers not in use.
    private var idle: [Worker]
    private let lock = NSLock()
    /// Counts the idle workers, so that a caller waits for one instead of spinning.
    private let available: DispatchSemaphore

    final class Worker {
        let process: Process
        let input: Int32
        let output: Int32

        init(executable: String, configuration: WorkerConfiguration) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["worker"] + configuration.arguments
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            self.process = process
            input = stdin.fileHandleForWriting.fileDescriptor
            output = stdout.fileHandleForReading.fileDescriptor
            // Keep the pipes' handles alive as long as the worker.
            handles = [stdin.fileHandleForWriting, stdout.fileHandleForReading]
        }

        private let handles: [FileHandle]

        func call(_ request: Data) -> (Data, Data)? {
            guard WorkerProtocol.writeFrame(request, to: input),
                  let header = WorkerProtocol.readFrame(from: output),
                  let samples = WorkerProtocol.readFrame(from: output) else { return nil }
            return (header, samples)
        }

        func stop() {
            if process.isRunning { process.terminate() }
        }
    }

    /// Starts `size` workers running `executable worker` (this executable by default).
    public let configuration: WorkerConfiguration

    public init(size: Int, configuration: WorkerConfiguration = WorkerConfiguration(),
                executable: String = WorkerPool.currentExecutable) throws {
        self.size = max(1, size)
        self.executable = executable
        self.configuration = configuration
        let workers = try (0..<max(1, size)).map { _ in try Worker(executable: executable, configuration: configuration) }
        guard let hello = WorkerProtocol.readFrame(from: workers[0].output),
              let rate = Int(String(decoding: hello, as: UTF8.self)) else {
            throw SynthesisError("the synthesis worker did not start (is eSpeak NG installed?)")
        }
        for worker in workers.dropFirst() { _ = WorkerProtocol.readFrame(from: worker.output) }
        idle = workers
        available = DispatchSemaphore(value: workers.count)
        sampleRate = rate
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        for worker in idle { worker.stop() }
    }

    /// This process's executable, which is `recite` with its hidden `worker` mode.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    public func synthesize(_ requests: [SynthesisRequest]) throws -> [SynthesizedAudio] {
        let encoded = try requests.map { try JSONEncoder().encode($0) }
        let work = SharedWork(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: min(size, requests.count)) { _ in
            while let index = work.take() {
                work.store(call(encoded[index]), at: index)
            }
        }
        return try work.results.map { try $0!.get() }
    }

    /// The next request to take and the results so far, shared by the pool's threads.
    private final class SharedWork: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int
        private(set) var results: [Result<SynthesizedAudio, SynthesisError>?]

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ result: Result<SynthesizedAudio, SynthesisError>, at index: Int) {
            lock.lock()
            results[index] = result
            lock.unlock()
        }
    }

    /// One request on an idle worker, replacing the worker and trying once more if it dies.
    private func call(_ request: Data) -> Result<SynthesizedAudio, SynthesisError> {
        available.wait()
        lock.lock()
        var worker = idle.removeLast()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(worker)
            lock.unlock()
            available.signal()
        }
        for attempt in 0..<2 {
            if let (header, samples) = worker.call(request) {
                do {
                    return .success(try WorkerProtocol.decode(header: header, samples: samples))
                } catch where error.isCrash && attempt == 0 {
                    // The worker lives on, but the child that synthesized crashed or hung: once more.
                    continue
                } catch {
                    return .failure(error)
                }
            }
            worker.stop()
            guard let fresh = try? Worker(executable: executable, configuration: configuration),
                  WorkerProtocol.readFrame(from: fresh.output) != nil else {
                return .failure(SynthesisError("a synthesis worker died and no new one could be started"))
            }
            worker = fresh
            if attempt == 1 { break }
        }
        return .failure(SynthesisError("a synthesis worker crashed twice on this segment"))
    }
}
