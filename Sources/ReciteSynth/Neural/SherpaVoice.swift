import CSherpaOnnx
import Foundation

/// The linked sherpa-onnx and the ONNX Runtime it was built with, for `recite --version`.
public enum NeuralRuntimeVersion {
    /// "sherpa-onnx 2.0.1, ONNX Runtime 1.23.2".
    public static var description: String {
        "sherpa-onnx \(String(cString: SherpaOnnxGetVersionStr())), ONNX Runtime \(String(cString: SherpaOnnxGetOnnxruntimeVersionStr()))"
    }
}

/// The only file that talks to sherpa-onnx: a loaded VITS voice that turns phonemes into samples.
///
/// A neural worker holds one for its life (loading takes about half a second); the children it
/// forks, one per segment, share it.
final class SherpaVoice: PhonemeSpeaker {
    private let tts: OpaquePointer
    let sampleRate: Int
    let wantsTies = false
    let pauses = ChunkPauses.piper
    let maximumChunkSeconds = NeuralSynthesis.maximumChunkSeconds

    /// Loads `voice` with `threads` intra-op threads. Fails with the model's name if sherpa-onnx
    /// cannot load it.
    init(_ voice: PreparedVoice, threads: Int) throws(SynthesisError) {
        var config = SherpaOnnxOfflineTtsConfig()
        let created: OpaquePointer? = voice.model.withCString { model in
            voice.tokens.withCString { tokens in
                "cpu".withCString { provider in
                    config.model.vits.model = model
                    config.model.vits.tokens = tokens
                    config.model.vits.noise_scale = Float(voice.noiseScale)
                    config.model.vits.noise_scale_w = Float(voice.noiseWidth)
                    config.model.vits.length_scale = Float(voice.lengthScale)
                    config.model.num_threads = Int32(max(1, threads))
                    config.model.provider = provider
                    config.max_num_sentences = 1
                    return SherpaOnnxCreateOfflineTts(&config)
                }
            }
        }
        guard let created else {
            throw SynthesisError("sherpa-onnx could not load the voice \(voice.name) (\(voice.sourceModel)); install it again")
        }
        tts = created
        sampleRate = Int(SherpaOnnxOfflineTtsSampleRate(created))
    }

    deinit {
        SherpaOnnxDestroyOfflineTts(tts)
    }

    /// Speaks one sentence of IPA (eSpeak NG's, with its punctuation). `speed` > 1 is faster.
    /// Samples are in -1…1. A VITS voice has no style to choose: `segment` is not needed.
    func speak(phonemes: String, segment: String, speaker: Int, speed: Double) throws(SynthesisError) -> [Float] {
        var codepoints = phonemes.unicodeScalars.map { Int32(bitPattern: $0.value) }
        guard !codepoints.isEmpty else { return [] }
        var lengths = [Int32(codepoints.count)]
        var generation = SherpaOnnxGenerationConfig()
        generation.speed = Float(speed)
        generation.sid = Int32(speaker)
        generation.silence_scale = 0
        let audio: UnsafePointer<SherpaOnnxGeneratedAudio>? = codepoints.withUnsafeMutableBufferPointer { points in
            lengths.withUnsafeMutableBufferPointer { lens in
                generation.phoneme_codepoints = UnsafePointer(points.baseAddress)
                generation.phoneme_codepoints_lens = UnsafePointer(lens.baseAddress)
                generation.phoneme_codepoints_num_sentences = 1
                return "".withCString { SherpaOnnxOfflineTtsGenerateWithConfig(tts, $0, &generation, nil, nil) }
            }
        }
        guard let audio else { throw SynthesisError("sherpa-onnx could not synthesize \"\(phonemes.prefix(60))\"") }
        defer { SherpaOnnxDestroyOfflineTtsGeneratedAudio(audio) }
        let count = Int(audio.pointee.n)
        guard count > 0, let samples = audio.pointee.samples else { return [] }
        return Array(UnsafeBufferPointer(start: samples, count: count))
    }
}
