import ArgumentParser
import ReciteAudio

// Option values the parser checks, lists in `--help` and completes in the shell.

/// `--format`: any case ("FLAC") is taken.
extension AudioFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// `--log-format`.
extension BuildReporter.Format: ExpressibleByArgument {}

/// `recite voices --engine`.
enum VoiceEngine: String, CaseIterable, ExpressibleByArgument {
    case neural, espeak
}
