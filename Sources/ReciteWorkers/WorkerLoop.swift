import Foundation
import ReciteEspeak
import ReciteNeural
import ReciteSegment
import ReciteSynth
import ReciteSystem

/// The synthesis worker: the `recite` executable run as `recite worker` by the build.
///
/// It starts eSpeak NG once, loads the run's voice, then serves requests from standard input one
/// at a time. eSpeak NG carries state from one utterance to the next (the same text comes out a
/// few samples different after other text), so every segment must start from the same state for
/// its audio to depend on nothing but the segment, whatever the number of workers and whatever
/// was rendered before. Two ways give it that start:
///
/// - **reset** (the usual way): the engine's saved state is put back before each segment of the
///   warmed-up voice (`EngineSnapshot`), and the segment is synthesized in the worker itself.
///   A check at start proves the reset exact on this machine's eSpeak NG.
/// - **fork**: the segment is synthesized in a child forked from the freshly started engine. Used
///   for segments of another voice, and for every segment when the check fails. A crash costs one
///   child, not the worker; it costs about a millisecond per segment.
///
/// Both ways give the same audio for the same request. The worker runs no threads, so forking it
/// is safe.
public enum WorkerLoop {
    /// How long one segment may take before its synthesis is taken as hung (`SegmentTimeLimit`).
    static var segmentTimeoutSeconds: UInt32 { SegmentTimeLimit.seconds }

    public static func run(configuration: WorkerConfiguration = WorkerConfiguration()) -> Int32 {
        acceptSignals()
        if let neural = configuration.neural { return runNeural(neural, configuration: configuration) }
        let sampleRate: Int
        let snapshot: EngineSnapshot?
        MemoryTuning.keepFreedMemory()
        // Its own name, so that `top` and profilers tell the workers from the build.
        nameThisProcess("recite-worker")
        do {
            (sampleRate, snapshot, _) = try startEngine(configuration)
        } catch {
            FileHandle.standardError.write(Data("recite worker: \(error)\n".utf8))
            return 1
        }
        // Hello: the sample rate, so the build can start a file before any audio arrives, and
        // the shared memory for samples if there is some; the build says whether it took it.
        var shared = SharedSamples.create()
        let hello = "\(sampleRate)" + (shared.map { " shared=\($0.fd)" } ?? "")
        guard WorkerProtocol.writeFrame(Data(hello.utf8), to: STDOUT_FILENO) else { return 1 }
        if shared != nil {
            guard let answer = WorkerProtocol.readFrame(from: STDIN_FILENO) else { return 0 }
            if String(decoding: answer, as: UTF8.self) != "shared" { shared = nil }
        }
        var sequence = 0
        while let frame = WorkerProtocol.readFrame(from: STDIN_FILENO) {
            defer { sequence += 1 }
            let failure: SynthesisError?
            if let request = try? JSONDecoder().decode(SynthesisRequest.self, from: frame) {
                snapshot?.restore()
                let inPlace = snapshot != nil && ((try? EspeakEngine.withShared { $0.usesLoadedVoice(request) }) ?? false)
                failure = inPlace ? serveInPlace(request, shared: shared, sequence: sequence) : serveInChild(request)
            } else {
                failure = SynthesisError("a synthesis worker received a malformed request")
            }
            if let failure {
                guard WorkerProtocol.writeResponse(.failure(failure), to: STDOUT_FILENO) else { return 1 }
            }
        }
        return 0
    }

    /// Unblocks every signal and gives SIGALRM its default action. A worker inherits the signal
    /// mask of the build thread that started it, which blocks SIGALRM and SIGTERM: the time
    /// limit's alarm then never ended a hung segment, and the build's terminate never stopped a
    /// worker. (Found by the test of a hung segment, `RECITE_TEST_HANG_SYNTHESIS`.)
    static func acceptSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        signal(SIGALRM, SIG_DFL)
    }

    /// Sets the name `ps -o comm`, `top` and `perf` show (the main thread's name is the process's).
    private static func nameThisProcess(_ name: String) {
        let fd = open("/proc/self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        _ = name.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    // MARK: - Reset

    /// How a worker makes each segment start from the same state.
    public enum Isolation: String, Sendable {
        /// The saved state is put back in place; checked exact.
        case reset
        /// The saved state could not be found in memory: a child per segment.
        case forkNoSnapshot = "fork (eSpeak NG's data was not found in memory)"
        /// Putting the state back was not exact: a child per segment.
        case forkInexact = "fork (putting eSpeak NG's state back was not exact)"
        /// `RECITE_BENCH_FORK_SEGMENTS=1`: a child per segment, for comparing the two ways
        /// (Benchmarks/reset_proof.py).
        case forkAsked = "fork (asked for by RECITE_BENCH_FORK_SEGMENTS)"
    }

    /// Whether the environment asks for a child per segment whatever the check says.
    static let forksEverySegment = ProcessInfo.processInfo.environment["RECITE_BENCH_FORK_SEGMENTS"] == "1"

    /// How a worker with `configuration` would isolate its segments on this machine (for
    /// `recite worker --check-reset` and the tests). Run in a child, so this process is untouched.
    public static func isolation(configuration: WorkerConfiguration) -> Isolation {
        var fds: [Int32] = [0, 0]
        guard configuration.warmLanguage != nil, pipe(&fds) == 0 else { return .forkNoSnapshot }
        let pid = fork()
        if pid == 0 {
            let answer = (try? startEngine(configuration))?.isolation ?? .forkNoSnapshot
            WorkerProtocol.writeFrame(Data(answer.rawValue.utf8), to: fds[1])
            _exit(0)
        }
        close(fds[1])
        defer { close(fds[0]) }
        let answer = WorkerProtocol.readFrame(from: fds[0]).flatMap { Isolation(rawValue: String(decoding: $0, as: UTF8.self)) }
        _ = TerminationStatus.wait(for: pid)
        return answer ?? .forkNoSnapshot
    }

    /// Starts eSpeak NG as every worker of a run does: the run's voice loaded, and the state a
    /// segment starts from saved (so that the audio does not depend on which worker made it).
    static func startEngine(_ configuration: WorkerConfiguration) throws
        -> (sampleRate: Int, snapshot: EngineSnapshot?, isolation: Isolation) {
        EspeakEngine.reportPhonemes(configuration.phonemes)
        return try EspeakEngine.withShared { engine in
            guard let language = configuration.warmLanguage else { return (engine.sampleRate, nil, .forkNoSnapshot) }
            engine.warmUp(language: language, voiceName: configuration.warmVoice)
            let (snapshot, isolation) = prepareReset(engine, language: language, voiceName: configuration.warmVoice)
            return (engine.sampleRate, snapshot, isolation)
        }
    }

    /// Primes the engine, saves its state, and returns it if resetting to it is exact
    /// (`EspeakReset`); nil means fork.
    static func prepareReset(_ engine: EspeakEngine, language: String, voiceName: String?) -> (EngineSnapshot?, Isolation) {
        EspeakReset.prime(engine, language: language, voiceName: voiceName)
        guard !forksEverySegment else { return (nil, .forkAsked) }
        guard let snapshot = EngineSnapshot() else { return (nil, .forkNoSnapshot) }
        return EspeakReset.isExact(snapshot, engine, language: language, voiceName: voiceName) ? (snapshot, .reset) : (nil, .forkInexact)
    }

    /// Synthesizes in the worker itself, after a reset. A hang ends the worker (the alarm's
    /// default action); the build then starts another and tries the segment once more.
    static func serveInPlace(_ request: SynthesisRequest, shared: SharedSamples?, sequence: Int) -> SynthesisError? {
        alarm(segmentTimeoutSeconds)
        let result = synthesizeHere(request)
        alarm(0)
        guard WorkerProtocol.writeResponse(result, to: STDOUT_FILENO, shared: shared, sequence: sequence) else { exit(1) }
        return nil
    }

    /// The request synthesized by this process's engine, as a response.
    private static func synthesizeHere(_ request: SynthesisRequest) -> Result<SynthesizedAudio, SynthesisError> {
        TestHooks.misbehave(on: request.speech.tokens.map(\.text).joined(separator: " "))
        do {
            return .success(try EspeakEngine.withShared { try $0.synthesize(request) })
        } catch let error as SynthesisError {
            return .failure(error)
        } catch {
            return .failure(SynthesisError("\(error)"))
        }
    }

    // MARK: - Test hooks

    /// For tests only: a segment whose markup holds the value of `RECITE_TEST_CRASH_SYNTHESIS`
    /// crashes the process that synthesizes it (a memory fault, as a bug in eSpeak NG would make),
    /// and one that holds `RECITE_TEST_HANG_SYNTHESIS` never finishes, so that the tests can prove
    /// what happens to such a segment and its document with the real workers.
    enum TestHooks {
        static let crashMarker = marker("RECITE_TEST_CRASH_SYNTHESIS")
        static let hangMarker = marker("RECITE_TEST_HANG_SYNTHESIS")

        static func marker(_ name: String) -> String? { ReciteSystem.TestHooks.value(name) }

        static func misbehave(on markup: String) {
            if let crashMarker, markup.contains(crashMarker) {
                UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
            }
            if let hangMarker, markup.contains(hangMarker) {
                // Hung as eSpeak NG would hang: only the time limit (SIGALRM, or the worker's
                // SIGKILL of a child) ends it.
                while true { sleep(3600) }
            }
        }
    }

    // MARK: - Fork

    /// Synthesizes in a forked child, which writes its response straight to the build (the
    /// worker's standard output): the audio crosses one pipe, not two. The child says it has
    /// written by one byte on a pipe of its own; without that byte (a crash, a hang) nothing was
    /// written, and the returned error is the response the worker must write instead.
    static func serveInChild(_ request: SynthesisRequest) -> SynthesisError? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return SynthesisError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            let result = synthesizeHere(request)
            // Everything is computed before the first byte goes out, so a response is whole.
            let ok = WorkerProtocol.writeResponse(result, to: STDOUT_FILENO)
            var written: UInt8 = 1
            if ok { _ = write(fds[1], &written, 1) }
            _exit(ok ? 0 : 1)
        }
        close(fds[1])
        defer { close(fds[0]) }
        guard pid > 0 else { return SynthesisError("cannot start a synthesis process: \(String(cString: strerror(errno)))") }
        // A segment takes milliseconds; one that takes minutes has hung eSpeak NG.
        var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        let waited = retryingOnInterrupt { poll(&ready, 1, Int32(segmentTimeoutSeconds) * 1000) }
        if waited == 0 {
            kill(pid, SIGKILL)
            _ = TerminationStatus.wait(for: pid)
            return SynthesisError("eSpeak NG did not finish this segment within \(SegmentTimeLimit.described)", isCrash: true)
        }
        var written: UInt8 = 0
        let got = retryingOnInterrupt { read(fds[0], &written, 1) }
        let ended = TerminationStatus.wait(for: pid)
        guard got != 1 else { return nil }
        // Worded as the build words a worker's own death (`WorkerPool`), whichever way the segment ran.
        let how = switch ended {
        case .signaled(let signal)?: "crashed (\(TerminationStatus.signaled(signal))) on this segment"
        case .exited(let code)?: "stopped (exit status \(code)) on this segment"
        case nil: "stopped on this segment"
        }
        return SynthesisError("eSpeak NG \(how)", isCrash: true)
    }
}

/// How a worker starts: the voice it loads before forking, and whether it reports phonemes. Both
/// are part of every cache key the run uses (`identity`), since they shape what a child starts from.
public struct WorkerConfiguration: Sendable, Equatable {
    public var warmLanguage: String?
    public var warmVoice: String?
    public var phonemes = false
    /// A neural worker's voice (the worker then runs `runNeural`), its ONNX Runtime threads, and
    /// how many segments it says at once (each on a thread of its own, sharing the one model).
    public var neural: PreparedVoice?
    public var threads = 1
    public var slots = 1

    public init(warmLanguage: String? = nil, warmVoice: String? = nil, phonemes: Bool = false) {
        self.warmLanguage = warmLanguage
        self.warmVoice = warmVoice
        self.phonemes = phonemes
    }

    /// A neural worker's configuration.
    public init(neural: PreparedVoice, threads: Int, slots: Int, phonemes: Bool) {
        self.neural = neural
        self.threads = max(1, threads)
        self.slots = max(1, slots)
        self.phonemes = phonemes
        warmLanguage = neural.espeakVoice
    }

    /// From the worker's command line: `--warm-up LANGUAGE[:VOICE]`, `--neural JSON --threads N`.
    public init(argument: String?, phonemes: Bool, neural: String? = nil, threads: Int = 1, slots: Int = 1) {
        self.phonemes = phonemes
        self.threads = max(1, threads)
        self.slots = max(1, slots)
        self.neural = neural.flatMap { try? JSONDecoder().decode(PreparedVoice.self, from: Data($0.utf8)) }
        guard let argument, !argument.isEmpty else { return }
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        warmLanguage = parts[0]
        warmVoice = parts.count > 1 ? parts[1] : nil
    }

    var arguments: [String] {
        var result: [String] = []
        if let warmLanguage { result += ["--warm-up", warmLanguage + (warmVoice.map { ":" + $0 } ?? "")] }
        if phonemes { result.append("--phonemes") }
        if let neural, let json = try? JSONEncoder().encode(neural) {
            result += ["--neural", String(decoding: json, as: UTF8.self), "--threads", "\(threads)", "--slots", "\(slots)"]
        }
        return result
    }

    /// What the cache key must know of the workers that made an entry.
    public var identity: String {
        "warm=\(warmLanguage ?? "-"):\(warmVoice ?? "-") phonemes=\(phonemes)"
    }
}
