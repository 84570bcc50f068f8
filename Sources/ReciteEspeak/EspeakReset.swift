import Glibc
import ReciteSegment
import ReciteSynth
import ReciteSystem

/// The check that putting eSpeak NG's saved state back (`EngineSnapshot`) is exact on this
/// machine's eSpeak NG: a worker resets before each segment only when it is, and forks a child
/// per segment otherwise (`WorkerLoop`).
public enum EspeakReset {
    /// Speaks a short phrase, so that what eSpeak NG sets up on its first utterance is in place
    /// before its state is saved.
    public static func prime(_ engine: EspeakEngine, language: String, voiceName: String?) {
        _ = try? engine.synthesize(markup: ResetProbe.priming, as: probe(language: language, voiceName: voiceName))
    }

    /// Whether a segment comes out the same after a reset as from a fresh start, after other
    /// segments with other settings. Checked in a child, so the caller's state stays as saved.
    /// `engine` is the caller's, already in hand (its lock is held).
    public static func isExact(_ snapshot: EngineSnapshot, _ engine: EspeakEngine, language: String, voiceName: String?) -> Bool {
        let pid = fork()
        if pid == 0 {
            let same = (try? { () throws -> Bool in
                let reference = probe(language: language, voiceName: voiceName)
                let first = try engine.synthesize(markup: ResetProbe.measured, as: reference)
                for (markup, rate) in ResetProbe.others {
                    snapshot.restore()
                    var other = probe(language: language, voiceName: voiceName)
                    other.rate = rate
                    _ = try engine.synthesize(markup: markup, as: other)
                    snapshot.restore()
                    guard try engine.synthesize(markup: ResetProbe.measured, as: reference) == first else { return false }
                }
                return true
            }()) ?? false
            _exit(same ? 0 : 1)
        }
        guard pid > 0 else { return false }
        return TerminationStatus.wait(for: pid)?.isSuccess == true
    }

    private static func probe(language: String, voiceName: String?) -> SynthesisRequest {
        SynthesisRequest(speech: SpeechInput(), language: language, voiceName: voiceName, rate: 175, pitch: 50, volume: 100)
    }
}

/// The phrases the worker's reset check speaks: one measured, and others (with other rates,
/// pauses, prosody and numbers) spoken between two of its takes.
enum ResetProbe {
    static let priming = "<speak>Ready.</speak>"
    static let measured = "<speak>Recite checks its engine, on the 12th of May: eight square meters, from one to two rooms.</speak>"
    static let others: [(markup: String, rate: Int)] = [
        ("<speak>A question? <break time=\"250ms\"/> <prosody rate=\"140%\" pitch=\"+20%\">Quickly, and higher!</prosody> Then 3,456 people.</speak>", 175),
        ("<speak><emphasis>Slowly</emphasis>, said the reader; the lights went out.</speak>", 90),
        ("<speak>Number five, the last one.</speak>", 400),
    ]
}

