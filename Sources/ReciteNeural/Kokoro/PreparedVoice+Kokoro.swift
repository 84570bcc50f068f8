import Foundation
import ReciteSynth

extension PreparedVoice {
    /// A Kokoro voice made ready for a neural worker: nothing is derived (ONNX Runtime reads the
    /// model as it is); the model's and the voice's SHA-256 are what the cache keys name.
    public static func prepare(kokoro voice: KokoroVoice, in folder: String = defaultFolder()) throws(VoiceError) -> PreparedVoice {
        func mapped(_ path: String) throws(VoiceError) -> Data {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                throw VoiceError("\(path): cannot be read; install the Kokoro voices again with .ci/install-neural")
            }
            return data
        }
        let model = try mapped(voice.model)
        let modelSHA = try modelHash(voice.model, model, folder: folder)
        let styles = try mapped(voice.styles)
        guard styles.count == KokoroVoice.styleRows * KokoroVoice.styleWidth * 4 else {
            throw VoiceError("\(voice.styles): a Kokoro voice file holds 510 × 256 float32 values (\(KokoroVoice.styleRows * KokoroVoice.styleWidth * 4) bytes), not \(styles.count) bytes; install it again with .ci/install-neural")
        }
        let vocabulary = try mapped(voice.vocabulary)
        // The voice's style vectors and the vocabulary change the audio as much as the model does.
        let settings = SHA256.hex(Array((SHA256.hex(styles) + SHA256.hex(vocabulary)).utf8))
        return PreparedVoice(name: voice.name, sourceModel: voice.model, modelSHA256: modelSHA, settingsSHA256: settings,
                             model: voice.model, tokens: voice.vocabulary, sampleRate: KokoroVoice.sampleRate,
                             espeakVoice: voice.espeakVoice, language: voice.language, speaker: 0,
                             noiseScale: 0, noiseWidth: 0, lengthScale: 1, styles: voice.styles, vocabulary: voice.vocabulary)
    }
}
