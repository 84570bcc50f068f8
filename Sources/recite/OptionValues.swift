import ArgumentParser
import Foundation
import ReciteAudio
import ReciteBuild
import ReciteCaptions

// Option values the parser checks, lists in `--help` and completes in the shell.

/// `--format`: any case ("FLAC") is taken.
extension AudioFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// `--format`: an audio format, or for `recite book` a read-along EPUB (`epub`).
enum OutputFormat: Equatable, ExpressibleByArgument {
    case audio(AudioFormat)
    case epub

    init?(argument: String) {
        if argument.lowercased() == "epub" { self = .epub; return }
        guard let format = AudioFormat(argument: argument) else { return nil }
        self = .audio(format)
    }

    static var allValueStrings: [String] { AudioFormat.allCases.map(\.rawValue) + ["epub"] }

    var audio: AudioFormat? {
        if case .audio(let format) = self { format } else { nil }
    }
}

/// `recite book --overlay`.
extension OverlayGranularity: ExpressibleByArgument {}

/// `--log-format`.
extension BuildReporter.Format: ExpressibleByArgument {}

/// `recite voices --engine`.
enum VoiceEngine: String, CaseIterable, ExpressibleByArgument {
    case neural, espeak
}

/// `--loudness podcast|audiobook|off|-NN`.
extension LoudnessTarget: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// `build --shard K/N`.
extension Shard: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// `--captions vtt,srt`: caption formats, comma-separated, any case.
struct CaptionList: ExpressibleByArgument {
    var formats: [CaptionFormat]

    init?(argument: String) {
        var formats: [CaptionFormat] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let format = CaptionFormat(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else { return nil }
            if !formats.contains(format) { formats.append(format) }
        }
        guard !formats.isEmpty else { return nil }
        self.formats = formats
    }

    static var allValueStrings: [String] { ["vtt", "srt", "vtt,srt"] }
}
