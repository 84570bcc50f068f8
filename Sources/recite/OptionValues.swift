import ArgumentParser
import ReciteAudio
import ReciteBuild

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
