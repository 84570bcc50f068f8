import Foundation
import ReciteAudio
import ReciteSynth

/// A neural voice made ready for a worker: a Piper voice's model, checked, with its phoneme
/// table (`tokens.txt`) derived from the voice's JSON into a folder of its own
/// (`~/.cache/recite/voices/SHA256/`); or a Kokoro voice (`PreparedVoice+Kokoro`). This is what a
/// neural worker loads, and what the cache key names (the model's SHA-256, the engine and the settings).
public struct PreparedVoice: Sendable, Codable, Equatable {
    public var name: String
    /// The voice's own model file, as the user named it.
    public var sourceModel: String
    /// SHA-256 of the voice's own model file, and of its settings file (the JSON's noise and
    /// length scales and phoneme table change the audio as much as the model does).
    public var modelSHA256: String
    public var settingsSHA256: String
    /// The model ONNX Runtime loads, and the voice's phoneme table (Piper's `tokens.txt`,
    /// Kokoro's vocabulary).
    public var model: String
    public var tokens: String
    public var sampleRate: Int
    public var espeakVoice: String
    public var language: String
    public var speaker: Int
    public var noiseScale: Double
    public var noiseWidth: Double
    public var lengthScale: Double
    /// The speakers a Piper voice has (the model then takes a speaker number).
    public var speakers: Int = 1
    /// A Kokoro voice's style file and the model's vocabulary (`KokoroVoice`); nil for a Piper voice.
    public var styles: String? = nil
    public var vocabulary: String? = nil

    /// Which model a neural voice is, and so which speaker says it.
    public enum Kind: Sendable { case piper, kokoro }
    public var kind: Kind { styles == nil ? .piper : .kokoro }

    /// The engine that says this voice, for cache keys and messages. Recite's reading changes
    /// when what a voice is given changes (reading 2: a full stop where a sentence ends).
    public var engineName: String {
        switch kind {
        case .piper: Self.engine + ", Recite's reading 2"
        case .kokoro: KokoroVoice.engine
        }
    }

    /// The engine that runs Piper voices, for cache keys and `recite voices`. (Until 2026-12 it was
    /// sherpa-onnx 2.0.1: a segment cached by it is said again.)
    public static let engine = "ONNX Runtime \(OnnxRuntime.version) (Piper VITS)"

    /// Where derived voices are kept: `$XDG_CACHE_HOME/recite/voices`, `~/.cache/recite/voices`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.cache"
        return "\(cache)/recite/voices"
    }

    /// Checks the voice's model and prepares it in `folder` unless that was done before.
    public static func prepare(_ choice: NeuralVoiceChoice, in folder: String = defaultFolder()) throws(VoiceError) -> PreparedVoice {
        let voice = choice.voice
        let source = voice.modelPath
        guard let mapped = try? Data(contentsOf: URL(fileURLWithPath: source), options: .alwaysMapped) else {
            throw VoiceError("\(source): the voice's model cannot be read")
        }
        try mapped.withUnsafeBytes { bytes in Result { () throws(VoiceError) in try OnnxModelFile.check(bytes, path: source) } }.get()
        let sha = try modelHash(source, mapped, folder: folder)
        let settings = SHA256.hex(FileManager.default.contents(atPath: voice.configPath) ?? Data())
        // The phoneme table depends on the JSON, which may change without the model.
        let target = "\(folder)/" + SHA256.hex(Array((sha + "\n" + settings).utf8))
        let prepared = PreparedVoice(name: voice.name, sourceModel: source, modelSHA256: sha, settingsSHA256: settings,
                                     model: source, tokens: "\(target)/tokens.txt",
                                     sampleRate: voice.sampleRate, espeakVoice: voice.espeakVoice, language: voice.language,
                                     speaker: choice.speaker, noiseScale: voice.noiseScale, noiseWidth: voice.noiseWidth,
                                     lengthScale: voice.lengthScale, speakers: max(1, voice.speakerCount))
        let tokens = voice.phonemeIDs.map { "\($0.symbol) \($0.id)" }.joined(separator: "\n") + "\n"
        do {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            if (try? String(contentsOfFile: prepared.tokens, encoding: .utf8)) != tokens {
                try AtomicOutput.write(Data(tokens.utf8), to: prepared.tokens)
            }
        } catch {
            throw VoiceError("cannot prepare the voice \(voice.name) in \(target): \(error.localizedDescription)")
        }
        return prepared
    }

    /// The model's SHA-256, remembered by path, size and modification time (hashing 60 MB on
    /// every run would cost more than an unchanged rerun does in all).
    static func modelHash(_ path: String, _ bytes: Data, folder: String) throws(VoiceError) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let stamp = SHA256.hex(Array("\(absolute)\n\(size)\n\(modified)".utf8))
        let remembered = "\(folder)/hashes/\(stamp)"
        if let known = try? String(contentsOfFile: remembered, encoding: .utf8), known.count == 64 { return known }
        let sha = SHA256.hex(bytes)
        try? FileManager.default.createDirectory(atPath: "\(folder)/hashes", withIntermediateDirectories: true)
        try? AtomicOutput.write(Data(sha.utf8), to: remembered)
        return sha
    }
}

extension NeuralSettings {
    /// What the cache key of a segment this voice says must hold of it.
    public init(_ prepared: PreparedVoice) {
        self.init(engine: prepared.engineName, voice: prepared.name, modelSHA256: prepared.modelSHA256,
                  settingsSHA256: prepared.settingsSHA256, speaker: prepared.speaker)
    }
}
