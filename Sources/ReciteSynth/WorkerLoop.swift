import Foundation

/// The synthesis worker: the `recite` executable run as `recite worker` by the build.
///
/// It starts eSpeak NG once, then serves requests from standard input one at a time. Each
/// request is synthesized in a child forked from the freshly started engine: eSpeak NG carries
/// state from one utterance to the next (the same text comes out a few samples different after
/// other text), and a fork gives every segment the same starting state, so a segment's audio
/// depends on nothing but the segment. That makes the output identical whatever the number of
/// workers and whatever was rendered before, and a crash in eSpeak NG costs one child, not the
/// worker. The worker runs no threads, so forking it is safe.
public enum WorkerLoop {
    /// How long one segment may take before its synthesis is taken as hung.
    static let segmentTimeoutMilliseconds: Int32 = 120_000

    public static func run(configuration: WorkerConfiguration = WorkerConfiguration()) -> Int32 {
        let sampleRate: Int
        EspeakEngine.reportsPhonemes = configuration.phonemes
        MemoryTuning.keepFreedMemory()
        do {
            sampleRate = try EspeakEngine.withShared { engine in
                // Every worker of a run warms up the same way, so a child's starting state (and
                // its audio) does not depend on which worker forked it.
                if let language = configuration.warmLanguage {
                    engine.warmUp(language: language, voiceName: configuration.warmVoice)
                }
                return engine.sampleRate
            }
        } catch {
            FileHandle.standardError.write(Data("recite worker: \(error)\n".utf8))
            return 1
        }
        // Hello: the sample rate, so the build can start a file before any audio arrives.
        guard WorkerProtocol.writeFrame(Data("\(sampleRate)".utf8), to: STDOUT_FILENO) else { return 1 }
        while let frame = WorkerProtocol.readFrame(from: STDIN_FILENO) {
            let failure: SynthesisError?
            if let request = try? JSONDecoder().decode(SynthesisRequest.self, from: frame) {
                failure = serveInChild(request)
            } else {
                failure = SynthesisError("a synthesis worker received a malformed request")
            }
            if let failure {
                let (header, samples) = WorkerProtocol.encode(.failure(failure))
                guard WorkerProtocol.writeFrame(header, to: STDOUT_FILENO),
                      WorkerProtocol.writeFrame(samples, to: STDOUT_FILENO) else { return 1 }
            }
        }
        return 0
    }

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
            let result: Result<SynthesizedAudio, SynthesisError>
            do {
                result = .success(try EspeakEngine.withShared { try $0.synthesize(request) })
            } catch let error as SynthesisError {
                result = .failure(error)
            } catch {
                result = .failure(SynthesisError("\(error)"))
            }
            // Everything is computed before the first byte goes out, so a response is whole.
            let (header, samples) = WorkerProtocol.encode(result)
            let ok = WorkerProtocol.writeFrame(header, to: STDOUT_FILENO) && WorkerProtocol.writeFrame(samples, to: STDOUT_FILENO)
            var written: UInt8 = 1
            if ok { _ = write(fds[1], &written, 1) }
            _exit(ok ? 0 : 1)
        }
        close(fds[1])
        defer { close(fds[0]) }
        guard pid > 0 else { return SynthesisError("cannot start a synthesis process: \(String(cString: strerror(errno)))") }
        // A segment takes milliseconds; one that takes minutes has hung eSpeak NG.
        var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        var waited: Int32 = 0
        repeat { waited = poll(&ready, 1, segmentTimeoutMilliseconds) } while waited < 0 && errno == EINTR
        var status: Int32 = 0
        if waited == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return SynthesisError("eSpeak NG did not finish this segment within \(segmentTimeoutMilliseconds / 1000) s", isCrash: true)
        }
        var written: UInt8 = 0
        let got = read(fds[0], &written, 1)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return got == 1 ? nil : SynthesisError("eSpeak NG stopped while synthesizing this segment (status \(status))", isCrash: true)
    }
}

/// How a worker starts: the voice it loads before forking, and whether it reports phonemes. Both
/// are part of every cache key the run uses (`identity`), since they shape what a child starts from.
public struct WorkerConfiguration: Sendable, Equatable {
    public var warmLanguage: String?
    public var warmVoice: String?
    public var phonemes = false

    public init(warmLanguage: String? = nil, warmVoice: String? = nil, phonemes: Bool = false) {
        self.warmLanguage = warmLanguage
        self.warmVoice = warmVoice
        self.phonemes = phonemes
    }

    /// From the worker's command line: `--warm-up LANGUAGE[:VOICE]`.
    public init(argument: String?, phonemes: Bool) {
        self.phonemes = phonemes
        guard let argument, !argument.isEmpty else { return }
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        warmLanguage = parts[0]
        warmVoice = parts.count > 1 ? parts[1] : nil
    }

    var arguments: [String] {
        var result: [String] = []
        if let warmLanguage { result += ["--warm-up", warmLanguage + (warmVoice.map { ":" + $0 } ?? "")] }
        if phonemes { result.append("--phonemes") }
        return result
    }

    /// What the cache key must know of the workers that made an entry.
    public var identity: String {
        "warm=\(warmLanguage ?? "-"):\(warmVoice ?? "-") phonemes=\(phonemes)"
    }
}
