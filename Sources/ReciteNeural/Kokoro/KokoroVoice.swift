import Foundation

/// An installed Kokoro-82M voice: the one model shared by all voices, this voice's style vectors
/// (510 × 256 float32, one row per input length), and the model's phoneme vocabulary.
///
/// `.ci/install-neural` puts them in a voice folder as `kokoro-v1.0/model.onnx`,
/// `kokoro-v1.0/vocab.json` and `kokoro-v1.0/voices/NAME.bin`. A name says the language
/// (`KokoroLanguage`: `a` American English, `b` British, `e` Spanish …) and the gender (`f`, `m`):
/// `af_heart` is an American woman's voice, `em_alex` a Spanish man's.
public struct KokoroVoice: Sendable, Equatable {
    public var name: String
    public var model: String
    public var styles: String
    public var vocabulary: String

    /// The folder a voice folder holds Kokoro in.
    public static let folderName = "kokoro-v1.0"
    /// Output rate of the model.
    public static let sampleRate = 24000
    /// Rows of a style file: the longest input, in phoneme tokens, is one less.
    public static let styleRows = 510
    public static let styleWidth = 256
    /// The engine, for cache keys and `recite voices`.
    /// The last part counts changes to how Recite says Kokoro's audio (its ends trimmed since 2;
    /// misaki's ɐ, ˌI and single ɹ, and style row n - 1, since 3; a full stop after a heading
    /// since 4; the segment's style row since 5; the call's own row, calls of at most 150
    /// tokens, since 6), so that a cache never gives audio made the old way.
    public static let engine = "ONNX Runtime \(OnnxRuntime.version) (Kokoro-82M v1.0 int8), Recite's reading 6"

    public static let license = "Apache-2.0 (weights), MIT (ONNX export)"

    /// The voice's language, from its name's first letter (`ef_dora`: Spanish).
    public var kokoroLanguage: KokoroLanguage { KokoroLanguage(voiceName: name) ?? .americanEnglish }
    /// The English accent (`a` American, `b` British); American for the other languages.
    public var accent: MisakiPhonemes.Accent { kokoroLanguage == .britishEnglish ? .british : .american }
    public var gender: String { name.dropFirst().first == "m" ? "male" : "female" }
    /// eSpeak NG's voice for the phonemes, and the BCP 47 language.
    public var espeakVoice: String { kokoroLanguage.espeakVoice }
    public var language: String { kokoroLanguage.tag }
    /// Why Recite cannot read with this voice (Japanese and Mandarin), or nil.
    public var unavailableReason: String? { kokoroLanguage.unavailableReason }

    /// Whether `name` looks like a Kokoro voice's name (`af_heart`): a language letter, a gender
    /// letter, `_`, a word.
    public static func isVoiceName(_ name: String) -> Bool {
        let parts = name.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 2, KokoroLanguage(voiceName: String(parts[0])) != nil,
              let gender = parts[0].last else { return false }
        return "fm".contains(gender) && !parts[1].isEmpty
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The voice `name` in `folder`, if it is installed there whole.
    public static func find(_ name: String, in folder: String) -> KokoroVoice? {
        guard isVoiceName(name) else { return nil }
        let base = "\(folder)/\(folderName)"
        let voice = KokoroVoice(name: name, model: "\(base)/model.onnx", styles: "\(base)/voices/\(name).bin",
                                vocabulary: "\(base)/vocab.json")
        let fm = FileManager.default
        return [voice.model, voice.styles, voice.vocabulary].allSatisfy { fm.fileExists(atPath: $0) } ? voice : nil
    }

    /// Every voice installed in `folder`, by name.
    public static func installed(in folder: String) -> [KokoroVoice] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(folderName)/voices")) ?? []
        return names.sorted().compactMap { file in
            guard file.hasSuffix(".bin"), !file.hasPrefix(".") else { return nil }
            return find(String(file.dropLast(4)), in: folder)
        }
    }
}

extension VoiceLookup {
    /// The installed Kokoro voice `name`, first folder first.
    public func findKokoro(_ name: String) -> KokoroVoice? {
        for folder in folders {
            if let voice = KokoroVoice.find(name, in: folder) { return voice }
        }
        return nil
    }

    /// Every installed Kokoro voice (the first folder's wins).
    public func installedKokoro() -> [KokoroVoice] {
        var seen = Set<String>()
        return folders.flatMap { KokoroVoice.installed(in: $0) }.filter { seen.insert($0.name).inserted }
    }
}
