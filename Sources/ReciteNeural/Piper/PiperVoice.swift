import Foundation

/// A Piper voice: a VITS model (`NAME.onnx`) and its settings (`NAME.onnx.json`), as Piper's
/// trainer writes them. Only what Recite uses is read; a file that lacks it is refused with the
/// file's name and the missing field.
public struct PiperVoice: Sendable, Equatable {
    /// The voice's name: the model's file name without `.onnx` (`en_US-joe-medium`).
    public var name: String
    public var modelPath: String
    public var configPath: String
    public var sampleRate: Int
    /// The eSpeak NG voice its phonemes come from (`en-us`): the voice was trained on them.
    public var espeakVoice: String
    /// BCP 47 language (`en-US`), from the JSON's `language.code` (`en_US`).
    public var language: String
    public var quality: String
    public var dataset: String
    /// Symbol → id, as the model's input layer numbers them.
    public var phonemeIDs: [(symbol: String, id: Int)]
    public var speakerCount: Int
    /// Speaker name → id, for multi-speaker voices.
    public var speakers: [String: Int]
    public var noiseScale: Double
    public var lengthScale: Double
    public var noiseWidth: Double
    /// From a model card beside the files (`License: CC0`), when there is one.
    public var license: String?

    public static func == (a: PiperVoice, b: PiperVoice) -> Bool {
        a.modelPath == b.modelPath && a.configPath == b.configPath
    }

    /// Reads the voice whose model is `modelPath`; its settings are `modelPath + ".json"`.
    public init(modelPath: String) throws(VoiceError) {
        let configPath = modelPath + ".json"
        let fileName = URL(fileURLWithPath: modelPath).lastPathComponent
        self.name = fileName.hasSuffix(".onnx") ? String(fileName.dropLast(5)) : fileName
        self.modelPath = modelPath
        self.configPath = configPath
        guard FileManager.default.isReadableFile(atPath: modelPath) else {
            throw VoiceError("\(modelPath): the voice's model cannot be read (a Piper voice is NAME.onnx with NAME.onnx.json beside it)")
        }
        guard let data = FileManager.default.contents(atPath: configPath) else {
            throw VoiceError("\(configPath): missing; a Piper voice needs its settings file beside the model")
        }
        guard data.count < 16 << 20, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw VoiceError("\(configPath): not a Piper voice's settings (not a JSON object)")
        }
        func field<T>(_ path: String..., as type: T.Type) throws(VoiceError) -> T {
            var value: Any? = object
            for key in path { value = (value as? [String: Any])?[key] }
            guard let typed = value as? T else {
                throw VoiceError("\(configPath): the field \(path.joined(separator: ".")) is missing or of the wrong kind")
            }
            return typed
        }
        let phonemeType = (object["phoneme_type"] as? String) ?? "espeak"
        guard phonemeType == "espeak" else {
            throw VoiceError("\(configPath): phoneme_type \"\(phonemeType)\" is not supported; Recite feeds voices eSpeak NG's phonemes")
        }
        sampleRate = try field("audio", "sample_rate", as: Int.self)
        guard (8000...96000).contains(sampleRate) else {
            throw VoiceError("\(configPath): audio.sample_rate \(sampleRate) is out of range")
        }
        espeakVoice = try field("espeak", "voice", as: String.self)
        let code = ((object["language"] as? [String: Any])?["code"] as? String) ?? espeakVoice
        language = code.replacingOccurrences(of: "_", with: "-")
        quality = ((object["audio"] as? [String: Any])?["quality"] as? String) ?? "unknown"
        dataset = (object["dataset"] as? String) ?? name
        let map = try field("phoneme_id_map", as: [String: Any].self)
        var ids: [(String, Int)] = []
        for (symbol, value) in map {
            guard let list = value as? [Any], let first = list.first as? Int else {
                throw VoiceError("\(configPath): phoneme_id_map[\"\(symbol)\"] is not a list of ids")
            }
            ids.append((symbol, first))
        }
        guard !ids.isEmpty else { throw VoiceError("\(configPath): phoneme_id_map is empty") }
        phonemeIDs = ids.sorted { $0.1 < $1.1 }.map { (symbol: $0.0, id: $0.1) }
        speakerCount = (object["num_speakers"] as? Int) ?? 1
        speakers = (object["speaker_id_map"] as? [String: Int]) ?? [:]
        let inference = object["inference"] as? [String: Any] ?? [:]
        noiseScale = (inference["noise_scale"] as? Double) ?? 0.667
        lengthScale = (inference["length_scale"] as? Double) ?? 1
        noiseWidth = (inference["noise_w"] as? Double) ?? 0.8
        license = Self.license(beside: modelPath, name: name)
    }

    /// The speaker id for `speaker` (a number or a name of the voice's speaker map).
    public func speakerID(_ speaker: String?) throws(VoiceError) -> Int {
        guard let speaker, !speaker.isEmpty else { return 0 }
        if let id = Int(speaker), id >= 0, id < max(1, speakerCount) { return id }
        if let id = speakers[speaker] { return id }
        let known = speakers.isEmpty ? "0…\(max(1, speakerCount) - 1)" : speakers.keys.sorted().prefix(12).joined(separator: ", ")
        throw VoiceError("the voice \(name) has no speaker \"\(speaker)\" (it has \(known))")
    }

    /// The license line of a model card (`NAME.MODEL_CARD`, or `MODEL_CARD` in the folder).
    private static func license(beside modelPath: String, name: String) -> String? {
        let folder = URL(fileURLWithPath: modelPath).deletingLastPathComponent()
        for card in ["\(name).MODEL_CARD", "\(name).onnx.MODEL_CARD", "MODEL_CARD"] {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(card), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                if let range = line.range(of: "License:") {
                    return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}

/// A voice that cannot be used: the message names the file and what is wrong with it.
public struct VoiceError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
