import Foundation

extension WorkerLoop {
    /// A neural worker: it loads its voice once (about half a second), says hello with the
    /// voice's sample rate, then serves requests one at a time, in the worker itself. Its eSpeak
    /// NG renders each segment first (`NeuralSynthesis`); no reset is needed, since a neural
    /// voice's audio differs run to run anyway and the times come from its own audio. A hang
    /// ends the worker (the alarm), which the build replaces as it does eSpeak NG's workers.
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
        let shared = SharedSamples.create()
        let hello = "\(synthesis.voice.sampleRate)" + (shared.map { " shared=\($0.fd)" } ?? "")
        guard WorkerProtocol.writeFrame(Data(hello.utf8), to: STDOUT_FILENO) else { return 1 }
        var usesShared = false
        if shared != nil {
            guard let answer = WorkerProtocol.readFrame(from: STDIN_FILENO) else { return 0 }
            usesShared = String(decoding: answer, as: UTF8.self) == "shared"
        }
        var sequence = 0
        while let frame = WorkerProtocol.readFrame(from: STDIN_FILENO) {
            defer { sequence += 1 }
            let result: Result<SynthesizedAudio, SynthesisError>
            if let request = try? JSONDecoder().decode(SynthesisRequest.self, from: frame) {
                alarm(segmentTimeoutSeconds)
                do {
                    result = .success(try synthesis.render(request))
                } catch let error as SynthesisError {
                    result = .failure(error)
                } catch {
                    result = .failure(SynthesisError("\(error)"))
                }
                alarm(0)
            } else {
                result = .failure(SynthesisError("a synthesis worker received a malformed request"))
            }
            guard WorkerProtocol.writeResponse(result, to: STDOUT_FILENO, shared: usesShared ? shared : nil, sequence: sequence) else { return 1 }
        }
        return 0
    }
}
