/// A loaded neural voice that says eSpeak NG's IPA: Piper voices through sherpa-onnx
/// (`SherpaVoice`), Kokoro voices through ONNX Runtime (`KokoroSpeaker`). Each turns the IPA
/// into its own model's symbols.
protocol PhonemeSpeaker: AnyObject {
    var sampleRate: Int { get }
    /// Whether the IPA must tie the letters of one phoneme ("e^ɪ").
    var wantsTies: Bool { get }
    /// The pauses added between the stretches of one segment, in seconds at speed 1, to what
    /// the voice leaves at their ends itself.
    var pauses: ChunkPauses { get }
    /// Samples in -1…1 for one stretch of IPA; `speed` > 1 is faster.
    func speak(phonemes: String, speaker: Int, speed: Double) throws(SynthesisError) -> [Float]
}

/// Silence added after a stretch a neural voice says, by how the stretch ends.
struct ChunkPauses: Equatable {
    /// After a sentence.
    var sentence: Double
    /// After clause punctuation (a long sentence said in parts).
    var clause: Double
    /// After a word, where a clause too long was cut.
    var word: Double

    /// Piper's voices end a sentence with 0.2 to 0.3 s of silence of their own and a clause with
    /// a little; Piper's reader adds none, Recite 0.1 s between sentences.
    static let piper = ChunkPauses(sentence: 0.1, clause: 0, word: 0)
}
