import ReciteSynth

/// A loaded neural voice that says eSpeak NG's IPA through ONNX Runtime: Piper voices
/// (`PiperSpeaker`), Kokoro voices (`KokoroSpeaker`). Each turns the IPA into its own model's symbols.
protocol PhonemeSpeaker: AnyObject {
    var sampleRate: Int { get }
    /// Whether the IPA must tie the letters of one phoneme ("e^ɪ").
    var wantsTies: Bool { get }
    /// The pauses added between the stretches of one segment, in seconds at speed 1, to what
    /// the voice leaves at their ends itself.
    var pauses: ChunkPauses { get }
    /// The longest stretch said at once, as eSpeak NG says it (a longer sentence is cut at its
    /// clause punctuation): memory grows with it, and so does what the voice knows of the sentence.
    var maximumChunkSeconds: Double { get }
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
    /// After the segment's last stretch: the silence a voice ends on (the pause after a
    /// paragraph comes on top; at the end of a document it is all there is before the file ends).
    var end: Double = 0

    /// How many samples at `rate` a pause of `seconds` (at speed 1) lasts when said at `speed`.
    static func samples(_ seconds: Double, speed: Double, rate: Int) -> Int {
        Int(seconds / speed * Double(rate))
    }

    /// Piper's voices end a sentence with 0.2 to 0.3 s of silence of their own and a clause with
    /// a little; Piper's reader adds none, Recite 0.1 s between sentences.
    static let piper = ChunkPauses(sentence: 0.1, clause: 0, word: 0)
}
