/// A loaded neural voice that says eSpeak NG's IPA: Piper voices through sherpa-onnx
/// (`SherpaVoice`), Kokoro voices through ONNX Runtime (`KokoroSpeaker`). Each turns the IPA
/// into its own model's symbols.
protocol PhonemeSpeaker: AnyObject {
    var sampleRate: Int { get }
    /// Whether the IPA must tie the letters of one phoneme ("e^ɪ").
    var wantsTies: Bool { get }
    /// Samples in -1…1 for one stretch of IPA; `speed` > 1 is faster.
    func speak(phonemes: String, speaker: Int, speed: Double) throws(SynthesisError) -> [Float]
}
