import Foundation
import ReciteEspeak
import ReciteNeural
import ReciteSynth
import ReciteSystem

extension WorkerLoop {
    /// A neural worker. It loads its voice once (about half a second) and says hello with the
    /// voice's sample rate. Then each segment is said in a child forked from it, up to `slots`
    /// at once: the children share the loaded model with the worker (its 85 MB are in memory
    /// once), and what a segment needed while it was said (ONNX Runtime keeps its largest
    /// buffers, 20 MB per second of audio) goes back when its child exits. Every child starts
    /// from the same state, the voice's random noise included. The worker stays single-threaded
    /// (it only forks, polls and relays), so forking it is safe, and it answers in the order the
    /// requests came. A child that crashes, or runs over two minutes, fails its segment as a
    /// crash (the build tries it once more). With more than one ONNX Runtime thread the worker
    /// cannot fork safely; it then says its segments itself, one at a time.
    static func runNeural(_ prepared: PreparedVoice, configuration: WorkerConfiguration) -> Int32 {
        // No `MemoryTuning.keepFreedMemory()` here: it pays where one process moves audio for
        // hours, but a neural worker's children live for one segment, and ONNX Runtime's arena
        // keeps its own buffers. With glibc's own settings the children of a Spanish passage
        // peaked at 688–701 MB (Pss, with the worker) against 723 MB, at the same speed
        // (docs/voices.md, "Speed and memory").
        EspeakEngine.reportPhonemes(true)  // a lexicon word's phonemes come from its events
        let synthesis: NeuralSynthesis
        do {
            synthesis = try NeuralSynthesis.load(prepared, threads: configuration.threads, keepsPhonemes: configuration.phonemes)
            try EspeakEngine.withShared { $0.warmUp(language: prepared.espeakVoice, voiceName: nil) }
        } catch {
            FileHandle.standardError.write(Data("recite worker: \(error)\n".utf8))
            return 1
        }
        guard WorkerProtocol.writeFrame(Data("\(synthesis.sampleRate)".utf8), to: STDOUT_FILENO) else { return 1 }
        if configuration.threads > 1 {
            while let frame = WorkerProtocol.readFrame(from: STDIN_FILENO) {
                guard WorkerProtocol.writeResponse(say(frame, with: synthesis), to: STDOUT_FILENO) else { return 1 }
            }
            return 0
        }
        var relay = NeuralRelay(slots: configuration.slots)
        return relay.run(synthesis)
    }

    /// One request said, as a response.
    static func say(_ frame: Data, with synthesis: NeuralSynthesis) -> Result<SynthesizedAudio, SynthesisError> {
        guard let request = try? JSONDecoder().decode(SynthesisRequest.self, from: frame) else {
            return .failure(SynthesisError("a synthesis worker received a malformed request"))
        }
        do {
            return .success(try synthesis.render(request))
        } catch let error as SynthesisError {
            return .failure(error)
        } catch {
            return .failure(SynthesisError("\(error)"))
        }
    }
}

/// The neural worker's loop: requests in, a child per request, answers relayed in order.
private struct NeuralRelay {
    struct Child {
        var pid: pid_t
        var output: Int32
        var number: Int
        var started: Date
    }

    let slots: Int
    private var children: [Child] = []
    /// Answers not yet due (an earlier one is still being said), by request number.
    private var ready: [Int: (header: Data, samples: Data)] = [:]
    private var next = 0, received = 0
    private var inputOpen = true

    init(slots: Int) { self.slots = max(1, slots) }

    /// For tests only: a segment whose request holds the value of `RECITE_TEST_CRASH_SAYING`
    /// crashes the child that says it, and one that holds `RECITE_TEST_HANG_SAYING` never ends.
    static let crashMarker = WorkerLoop.TestHooks.marker("RECITE_TEST_CRASH_SAYING")
    static let hangMarker = WorkerLoop.TestHooks.marker("RECITE_TEST_HANG_SAYING")

    mutating func run(_ synthesis: NeuralSynthesis) -> Int32 {
        while inputOpen || !children.isEmpty {
            var fds = children.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
            let listening = inputOpen && children.count < slots
            if listening { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            _ = retryingOnInterrupt { poll(&fds, nfds_t(fds.count), 1000) }
            // Answers first: they free slots.
            for (index, fd) in fds.enumerated().reversed() where index < children.count && fd.revents != 0 {
                collect(children.remove(at: index))
            }
            for index in children.indices.reversed() where Date().timeIntervalSince(children[index].started) > Double(WorkerLoop.segmentTimeoutSeconds) {
                kill(children[index].pid, SIGKILL)
                collect(children.remove(at: index), hung: true)
            }
            if listening, let last = fds.last, last.revents != 0 {
                if let frame = WorkerProtocol.readFrame(from: STDIN_FILENO) {
                    start(frame, synthesis)
                } else {
                    inputOpen = false
                }
            }
            guard flush() else { return 1 }
        }
        return 0
    }

    /// Forks the child that says request `received`.
    private mutating func start(_ frame: Data, _ synthesis: NeuralSynthesis) {
        let number = received
        received += 1
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            ready[number] = Self.encode(.failure(SynthesisError("cannot create a pipe: \(String(cString: strerror(errno)))")))
            return
        }
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            if Self.crashMarker != nil || Self.hangMarker != nil {
                let request = String(decoding: frame, as: UTF8.self)
                if let marker = Self.crashMarker, request.contains(marker) {
                    // A real memory fault, as a bug in the model runtime would make.
                    UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
                }
                if let marker = Self.hangMarker, request.contains(marker) {
                    // Hung as a runtime stuck in a loop would be: only the worker's kill ends it.
                    while true { sleep(3600) }
                }
            }
            let result = WorkerLoop.say(frame, with: synthesis)
            _exit(WorkerProtocol.writeResponse(result, to: fds[1]) ? 0 : 1)
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            ready[number] = Self.encode(.failure(SynthesisError("cannot start a synthesis process: \(String(cString: strerror(errno)))")))
            return
        }
        children.append(Child(pid: pid, output: fds[0], number: number, started: Date()))
    }

    /// Reads a child's answer (it writes it whole, then exits) and reaps the child.
    private mutating func collect(_ child: Child, hung: Bool = false) {
        let header = hung ? nil : WorkerProtocol.readFrame(from: child.output)
        let samples = header == nil ? nil : WorkerProtocol.readFrame(from: child.output)
        close(child.output)
        let ended = TerminationStatus.wait(for: child.pid)
        if let header, let samples {
            ready[child.number] = (header, samples)
        } else {
            let how = switch ended {
            case let .signaled(signal)?: "crashed (\(TerminationStatus.signaled(signal)))"
            case let status?: "stopped (\(status))"
            case nil: "stopped (exit status unknown)"
            }
            // The build tries a crashed segment once more, and adds ", twice" when it fails again.
            let message = hung ? "the neural voice did not finish this segment within \(SegmentTimeLimit.described)"
                               : "the neural voice \(how) while saying this segment"
            ready[child.number] = Self.encode(.failure(SynthesisError(message, isCrash: true)))
        }
    }

    /// Writes the answers now due, in request order; false if the build is gone.
    private mutating func flush() -> Bool {
        while let due = ready.removeValue(forKey: next) {
            guard WorkerProtocol.writeFrame(due.header, to: STDOUT_FILENO), WorkerProtocol.writeFrame(due.samples, to: STDOUT_FILENO) else { return false }
            next += 1
        }
        return true
    }

    private static func encode(_ result: Result<SynthesizedAudio, SynthesisError>) -> (header: Data, samples: Data) {
        ResponseHeader.encode(result)
    }
}
