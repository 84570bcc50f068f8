import Foundation
import ReciteSegment
import ReciteSynth
import ReciteSystem

/// A pool of synthesis workers (`recite worker` processes), one eSpeak NG each, fed over pipes.
///
/// `synthesize` hands requests to the workers in parallel and returns the audio in request order.
/// Several documents may call it at once. Each worker has up to `depth` requests in its pipe, so
/// it starts the next segment as soon as it has written one, while the build is still storing
/// the last: a worker never waits for the build. A worker that dies is replaced and the segment
/// it was synthesizing tried once more (the ones queued behind it were not started, and simply
/// go to another worker); a segment that fails twice fails its document only.
public final class WorkerPool: SegmentSynthesizer, @unchecked Sendable {
    public let sampleRate: Int
    public let size: Int
    /// Requests queued per eSpeak NG worker: the one it synthesizes and the next.
    static let depth = 2
    /// Requests queued per worker of this pool: a neural worker says `slots` at once, and has one
    /// more waiting.
    let depth: Int
    private let executable: String
    /// Guarded by `lock`: the workers, and how many requests each has in its pipe.
    private var workers: [Worker]
    private var queued: [Int]
    private let lock = NSLock()
    /// The free places in the workers' queues, which a caller waits for, most urgent first.
    private let available: PriorityGate

    /// One `recite worker` process. Requests go in under one lock, in order; answers come back in
    /// the same order, each read by the caller that sent its request (a ticket decides whose turn).
    final class Worker: @unchecked Sendable {
        let process: Process
        let input: Int32
        let output: Int32
        private let handles: [FileHandle]
        private let sending = NSLock()
        private let turn = NSCondition()
        /// Guarded by `sending`.
        private var nextTicket = 0
        /// Guarded by `turn`.
        private var serving = 0
        private var dead = false

        enum Reply {
            case answer(header: Data, samples: [Int16])
            /// The worker is gone. `started` says whether it had this request in hand (it died
            /// on it) or died on an earlier one (this one was never begun).
            case died(started: Bool)
        }

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
            // A segment's audio is about a megabyte: a pipe that holds it whole lets the worker
            // write it in one go, instead of waking the build every 64 KB.
            _ = fcntl(output, 1031 /* F_SETPIPE_SZ */, 1 << 20)
            // Keep the pipes' handles alive as long as the worker.
            handles = [stdin.fileHandleForWriting, stdout.fileHandleForReading]
        }

        /// Shared memory for samples, when the worker offered it and it could be opened.
        private var shared: SharedSamples?

        /// Reads the hello a worker sends when it is ready (its sample rate, and maybe the shared
        /// memory it offers, which is answered), and returns the sample rate.
        func hello() -> Int? {
            guard let frame = WorkerProtocol.readFrame(from: output) else { return nil }
            let words = String(decoding: frame, as: UTF8.self).split(separator: " ")
            guard let rate = words.first.flatMap({ Int($0) }) else { return nil }
            if let offer = words.dropFirst().first(where: { $0.hasPrefix("shared=") }) {
                let descriptor = Int32(offer.dropFirst("shared=".count)) ?? -1
                shared = SharedSamples.open(worker: process.processIdentifier, descriptor: descriptor)
                guard WorkerProtocol.writeFrame(Data((shared == nil ? "pipe" : "shared").utf8), to: input) else { return nil }
            }
            return rate
        }

        func call(_ request: Data) -> Reply {
            sending.lock()
            let ticket = nextTicket
            nextTicket += 1
            let sent = WorkerProtocol.writeFrame(request, to: input)
            sending.unlock()

            turn.lock()
            while serving != ticket { turn.wait() }
            let gone = dead
            turn.unlock()

            let reply: Reply
            if gone || !sent {
                reply = .died(started: false)
            } else if let header = WorkerProtocol.readFrame(from: output), var samples = WorkerProtocol.readSamplesFrame(from: output) {
                // The worker's requests are numbered as they were sent: this one's is its ticket.
                if let count = ResponseHeader.sharedSampleCount(header) {
                    samples = shared?.read(count: count, sequence: ticket) ?? []
                }
                reply = .answer(header: header, samples: samples)
            } else {
                reply = .died(started: true)
            }
            turn.lock()
            if case .died = reply { dead = true }
            serving += 1
            turn.broadcast()
            turn.unlock()
            return reply
        }

        func stop() {
            if process.isRunning { process.terminate() }
        }

        /// How the worker ended, once its output closed, to finish "a synthesis worker … , twice":
        /// a time limit's alarm, a crash's signal, or an exit status.
        func ending() -> String {
            // Its output is closed: it is exiting, if it has not already.
            for _ in 0..<400 where process.isRunning { usleep(5_000) }
            guard !process.isRunning else { return "stopped answering on this segment" }
            let status = process.terminationStatus
            guard process.terminationReason == .uncaughtSignal else { return "stopped (exit status \(status)) on this segment" }
            switch status {
            case SIGALRM: return "did not finish this segment within \(SegmentTimeLimit.described)"
            case SIGSEGV: return "crashed (signal 11, segmentation fault) on this segment"
            default: return "crashed (signal \(status)) on this segment"
            }
        }
    }

    /// Starts `size` workers running `executable worker` (this executable by default).
    public let configuration: WorkerConfiguration

    public init(size: Int, configuration: WorkerConfiguration = WorkerConfiguration(),
                executable: String = WorkerPool.currentExecutable) throws {
        self.size = max(1, size)
        self.executable = executable
        self.configuration = configuration
        depth = configuration.neural == nil ? Self.depth : configuration.slots + 1
        // A worker that dies is seen as a failed write, not a signal, from its hello on.
        signal(SIGPIPE, SIG_IGN)
        var workers = try (0..<max(1, size)).map { _ in try Worker(executable: executable, configuration: configuration) }
        var firstRate = workers[0].hello()
        if firstRate == nil {
            // Killed while it started (or out of memory): a fresh one is tried before concluding
            // that eSpeak NG cannot start here. The others, if they died too, are replaced on use.
            workers[0].stop()
            workers[0] = try Worker(executable: executable, configuration: configuration)
            firstRate = workers[0].hello()
        }
        guard let rate = firstRate else {
            throw SynthesisError("the synthesis worker did not start (is eSpeak NG installed?)")
        }
        for worker in workers.dropFirst() { _ = worker.hello() }
        self.workers = workers
        queued = Array(repeating: 0, count: workers.count)
        available = PriorityGate(places: workers.count * depth)
        sampleRate = rate
    }

    deinit {
        for worker in workers { worker.stop() }
    }

    /// This process's executable, which is `recite` with its hidden `worker` mode.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    public func synthesize(_ requests: [SynthesisRequest], priority: Int) throws -> [SynthesizedAudio] {
        let encoder = JSONEncoder()
        let encoded = try requests.map { try encoder.encode($0) }
        let work = SharedWork(order: Self.longestFirst(requests))
        BlockingThreads.run(count: min(size * depth, requests.count)) { _ in
            while let index = work.take() {
                work.store(self.call(encoded[index], priority: priority), at: index)
            }
        }
        return try work.results.map { try $0!.get() }
    }

    /// The order in which a batch's requests are handed out: the longest first (by the letters
    /// said, at the rate they are said), ties in document order. The batch ends when its last
    /// request does, so a long sentence taken last would keep one worker busy while the others
    /// wait; taken first, the short ones fill in around it. Results keep the batch's order.
    public static func longestFirst(_ requests: [SynthesisRequest]) -> [Int] {
        let cost = requests.map { request in
            request.speech.tokens.reduce(0) { $0 + $1.text.unicodeScalars.count } * 175 / max(1, request.rate)
        }
        return requests.indices.sorted { (-cost[$0], $0) < (-cost[$1], $1) }
    }

    /// The next request to take and the results so far, shared by the callers' threads.
    private final class SharedWork: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let order: [Int]
        private(set) var results: [Result<SynthesizedAudio, SynthesisError>?]

        init(order: [Int]) {
            self.order = order
            results = Array(repeating: nil, count: order.count)
        }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < order.count else { return nil }
            next += 1
            return order[next - 1]
        }

        func store(_ result: Result<SynthesizedAudio, SynthesisError>, at index: Int) {
            lock.lock()
            results[index] = result
            lock.unlock()
        }
    }

    /// One request on the least busy worker. A segment whose synthesis crashed (the worker, or
    /// the child it forked) is tried once more; one queued behind a crash goes to another worker.
    private func call(_ request: Data, priority: Int) -> Result<SynthesizedAudio, SynthesisError> {
        available.enter(priority: priority)
        defer { available.leave() }
        var crashes = 0
        var ending = "crashed on this segment"
        for _ in 0..<8 {
            let (slot, worker) = checkOut()
            let reply = worker.call(request)
            checkIn(slot)
            switch reply {
            case .answer(let header, let samples):
                do {
                    return .success(try ResponseHeader.decode(header: header, samples: samples))
                } catch where error.isCrash && crashes == 0 {
                    crashes += 1
                } catch where error.isCrash {
                    // A forked child's crash, the second time: said as a worker's would be.
                    return .failure(SynthesisError("\(error.message), twice", isCrash: true))
                } catch {
                    return .failure(error)
                }
            case .died(let started):
                if started { ending = worker.ending() }
                guard replace(worker, at: slot) else {
                    return .failure(SynthesisError("a synthesis worker died and no new one could be started"))
                }
                if started { crashes += 1 }
            }
            if crashes == 2 { break }
        }
        return .failure(SynthesisError("a synthesis worker \(ending), twice"))
    }

    private func checkOut() -> (Int, Worker) {
        lock.lock()
        defer { lock.unlock() }
        let slot = queued.indices.min { queued[$0] < queued[$1] }!
        queued[slot] += 1
        return (slot, workers[slot])
    }

    private func checkIn(_ slot: Int) {
        lock.lock()
        queued[slot] -= 1
        lock.unlock()
    }

    /// Puts a fresh worker in place of a dead one (unless a caller that met the same death did
    /// it already); false if none starts.
    private func replace(_ dead: Worker, at slot: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard workers[slot] === dead else { return true }
        dead.stop()
        guard let fresh = try? Worker(executable: executable, configuration: configuration), fresh.hello() != nil else {
            return false
        }
        workers[slot] = fresh
        return true
    }
}
