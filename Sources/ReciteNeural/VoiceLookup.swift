import Foundation

/// Finds Piper voices by name or path.
///
/// A name is looked up in `$RECITE_VOICES` (folders separated by `:`), then the user's data folder
/// (`$XDG_DATA_HOME/recite/voices`, by default `~/.local/share/recite/voices`), then the system's
/// (`/usr/local/share/recite/voices`, where `.ci/install-neural` puts en_US-joe-medium, and
/// `/usr/share/recite/voices`). A voice there is `NAME.onnx` with `NAME.onnx.json`.
public struct VoiceLookup: Sendable {
    public var folders: [String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        var folders: [String] = []
        if let list = environment["RECITE_VOICES"] {
            folders += list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        folders += ["\(data)/recite/voices", "/usr/local/share/recite/voices", "/usr/share/recite/voices"]
        self.folders = folders
    }

    public init(folders: [String]) {
        self.folders = folders
    }

    /// What a `--voice` value or a `voice:` key names: `NAME[#SPEAKER]` of an installed Piper
    /// voice, or a path to any Piper voice (`dir/X.onnx[#SPEAKER]`). Nil when it names no neural
    /// voice (it is then an eSpeak NG voice name). A path that does not hold a usable voice, or a
    /// speaker the voice lacks, is an error naming the file.
    public func resolve(_ value: String) throws(VoiceError) -> NeuralVoiceChoice? {
        var spec = value.trimmingCharacters(in: .whitespaces)
        var speaker: String?
        if let hash = spec.lastIndex(of: "#") {
            speaker = String(spec[spec.index(after: hash)...])
            spec = String(spec[..<hash])
        }
        guard !spec.isEmpty else { return nil }
        let isPath = spec.contains("/") || spec.hasSuffix(".onnx")
        let modelPath: String
        if isPath {
            var path = (spec as NSString).expandingTildeInPath
            if path.hasSuffix(".onnx.json") { path = String(path.dropLast(5)) }
            modelPath = path
        } else if let found = find(spec) {
            modelPath = found
        } else {
            return nil
        }
        let voice = try PiperVoice(modelPath: modelPath)
        return NeuralVoiceChoice(voice: voice, speaker: try voice.speakerID(speaker))
    }

    /// The model path of the installed voice `name`, first folder first.
    public func find(_ name: String) -> String? {
        guard !name.contains("/"), !name.hasPrefix(".") else { return nil }
        for folder in folders {
            let model = "\(folder)/\(name).onnx"
            if FileManager.default.fileExists(atPath: model), FileManager.default.fileExists(atPath: model + ".json") {
                return model
            }
        }
        return nil
    }

    /// Every installed voice, by name (the first folder's wins), with the ones that cannot be
    /// read reported apart.
    public func installed() -> (voices: [PiperVoice], problems: [String]) {
        var seen = Set<String>()
        var voices: [PiperVoice] = []
        var problems: [String] = []
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for file in names.sorted() where file.hasSuffix(".onnx") && !file.hasPrefix(".") {
                let name = String(file.dropLast(5))
                guard seen.insert(name).inserted else { continue }
                do {
                    voices.append(try PiperVoice(modelPath: "\(folder)/\(file)"))
                } catch {
                    problems.append(error.message)
                }
            }
        }
        return (voices, problems)
    }
}

/// A neural voice and one of its speakers.
public struct NeuralVoiceChoice: Sendable, Equatable {
    public var voice: PiperVoice
    public var speaker: Int

    public init(voice: PiperVoice, speaker: Int) {
        self.voice = voice
        self.speaker = speaker
    }
}
