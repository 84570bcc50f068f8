import Foundation

extension WorkerLoop {
    /// A neural worker: it loads its voice once (about half a second), says hello with the
    /// voice's sample rate, then says up to `slots` segments at once, each on a thread of its own
    /// sharing the one model (ONNX Runtime runs a session from several threads), and answers in
    /// the order the requests came. Its eSpeak NG renders each segment first (`NeuralSynthesis`);
    /// no reset is needed, since a neural voice's audio differs run to run anyway and the times
    /// come from its own audio. A segment that takes more than two minutes ends the worker, which
    /// the build replaces as it does eSpeak NG's workers. Samples go through the pipe.
    static func runNeural(_ prepared: PreparedVoice, configuration: WorkerConfiguration) -> Int32 {
        MemoryTuning.keepFreedMemory()
        EspeakEngine.reportsPhonemes = true  // a lexicon word's phonemes come from its events
        let synthesis: NeuralSynthesis
        do {
            let voice = try SherpaVoice(prepared, threads: configuration.threads)
            synthesis = NeuralSynthesis(voice: voice, prepared: prepared, keepsPhonemes: configuration.phonemes)
            try EspeakEngine.withShared { $0.warmUp(language: prepared.espeakVoice, voiceName: nil) }
        } catch {
            FileHandle.standardError.write(Data("recite worker: \(error)\n".utf8))
            return 1
        }
        guard WorkerProtocol.writeFrame(Data("\(synthesis.voice.sampleRate)".utf8), to: STDOUT_FILENO) else { return 1 }
        let answers = OrderedAnswers()
        let free = DispatchSemaphore(value: configuration.slots)
        let inFlight = DispatchGroup()
        var sequence = 0
        while let frame = WorkerProtocol.readFrame(from: STDIN_FILENO) {
            let number = sequence
            sequence += 1
            free.wait()
            inFlight.enter()
            let thread = Thread {
                let started = answers.started(number)
                let result: Result<SynthesizedAudio, SynthesisError>
                if let request = try? JSONDecoder().decode(SynthesisRequest.self, from: frame) {
                    do {
                        result = .success(try synthesis.render(request))
                    } catch let error as SynthesisError {
                        result = .failure(error)
                    } catch {
                        result = .failure(SynthesisError("\(error)"))
                    }
                } else {
                    result = .failure(SynthesisError("a synthesis worker received a malformed request"))
                }
                answers.finish(number, since: started, result)
                free.signal()
                inFlight.leave()
            }
            // ONNX Runtime's kernels run on the calling thread: a main thread's stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        inFlight.wait()
        return 0
    }
}

/// The answers of a neural worker's segments, written to the build in request order as they
/// become ready, and a watchdog over the segments in progress.
private final class OrderedAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var ready: [Int: Result<SynthesizedAudio, SynthesisError>] = [:]
    private var running: [Int: Date] = [:]
    private var watching = false

    func started(_ number: Int) -> Date {
        let now = Date()
        lock.withLock {
            running[number] = now
            if !watching {
                watching = true
                Thread.detachNewThread { [self] in watch() }
            }
        }
        return now
    }

    /// Stores an answer and writes every answer now due; a build that is gone ends the worker.
    func finish(_ number: Int, since: Date, _ result: Result<SynthesizedAudio, SynthesisError>) {
        lock.withLock {
            running[number] = nil
            ready[number] = result
            while let due = ready.removeValue(forKey: next) {
                guard WorkerProtocol.writeResponse(due, to: STDOUT_FILENO) else { exit(1) }
                next += 1
            }
        }
    }

    /// Ends the worker when a segment has run longer than the limit: a hung model. The build
    /// sees the worker die, starts another and tries the segment once more.
    private func watch() {
        while true {
            sleep(1)
            let oldest = lock.withLock { running.values.min() }
            if let oldest, Date().timeIntervalSince(oldest) > Double(WorkerLoop.segmentTimeoutSeconds) {
                FileHandle.standardError.write(Data("recite worker: a segment took over \(WorkerLoop.segmentTimeoutSeconds) s; stopping\n".utf8))
                _exit(1)
            }
        }
    }
}
