import Foundation
import ReciteAudio

/// A Piper voice made ready for sherpa-onnx: the model with the metadata sherpa-onnx reads, and
/// its `tokens.txt`, both derived from the voice's JSON into a folder of their own
/// (`~/.cache/recite/voices/SHA256/`), once per voice file. This is what a neural worker loads,
/// and what the cache key names (the model's SHA-256, the engine and the settings).
public struct PreparedVoice: Sendable, Codable, Equatable {
    public var name: String
    /// The voice's own model file, as the user named it.
    public var sourceModel: String
    /// SHA-256 of the voice's own model file, and of its settings file (the JSON's noise and
    /// length scales and phoneme table change the audio as much as the model does).
    public var modelSHA256: String
    public var settingsSHA256: String
    /// The model with metadata, and the token table, that sherpa-onnx loads.
    public var model: String
    public var tokens: String
    public var sampleRate: Int
    public var espeakVoice: String
    public var language: String
    public var speaker: Int
    public var noiseScale: Double
    public var noiseWidth: Double
    public var lengthScale: Double
    /// A Kokoro voice's style file and the model's vocabulary (`KokoroVoice`); nil for a Piper voice.
    public var styles: String? = nil
    public var vocabulary: String? = nil

    /// The engine that says this voice, for cache keys and messages. Recite's reading changes
    /// when what a voice is given changes (reading 2: a full stop where a sentence ends).
    public var engineName: String { styles == nil ? Self.engine + ", Recite's reading 2" : KokoroVoice.engine }

    /// The engine that runs neural voices, for cache keys and `recite voices`.
    public static let engine = "sherpa-onnx 2.0.1 (VITS)"

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
        let checked = mapped.withUnsafeBytes { bytes in Result { () throws(VoiceError) in try OnnxModelFile.check(bytes, path: source) } }
        let existingKeys = try checked.get()
        let sha = try modelHash(source, mapped, folder: folder)
        var metadata: [(String, String)] = [
            ("model_type", "vits"), ("comment", "piper"), ("language", voice.language),
            ("voice", voice.espeakVoice), ("has_espeak", "1"), ("n_speakers", "\(max(1, voice.speakerCount))"),
            ("sample_rate", "\(voice.sampleRate)"), ("add_blank", "0"),
        ]
        metadata.removeAll { existingKeys.contains($0.0) }
        // The derived model depends on the model and on the metadata the JSON gives it.
        let target = "\(folder)/" + SHA256.hex(Array((sha + metadata.map { "\n\($0.0)=\($0.1)" }.joined()).utf8))
        let settings = SHA256.hex(FileManager.default.contents(atPath: voice.configPath) ?? Data())
        var prepared = PreparedVoice(name: voice.name, sourceModel: source, modelSHA256: sha, settingsSHA256: settings,
                                     model: "\(target)/model.onnx", tokens: "\(target)/tokens.txt",
                                     sampleRate: voice.sampleRate, espeakVoice: voice.espeakVoice, language: voice.language,
                                     speaker: choice.speaker, noiseScale: voice.noiseScale, noiseWidth: voice.noiseWidth,
                                     lengthScale: voice.lengthScale)
        let fm = FileManager.default
        // The tokens depend on the JSON, which may change without the model: always written.
        let tokens = voice.phonemeIDs.map { "\($0.symbol) \($0.id)" }.joined(separator: "\n") + "\n"
        do {
            try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
            if (try? String(contentsOfFile: prepared.tokens, encoding: .utf8)) != tokens {
                try AtomicOutput.write(Data(tokens.utf8), to: prepared.tokens)
            }
            if !fm.fileExists(atPath: prepared.model) {
                try AtomicOutput.write(to: prepared.model) { partial in
                    var body = mapped
                    body.append(contentsOf: OnnxModelFile.metadataBytes(metadata))
                    try body.write(to: URL(fileURLWithPath: partial))
                }
            }
        } catch {
            throw VoiceError("cannot prepare the voice \(voice.name) in \(target): \(error.localizedDescription)")
        }
        prepared.sourceModel = source
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
