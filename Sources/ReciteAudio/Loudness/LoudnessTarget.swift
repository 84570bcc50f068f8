/// The loudness a document's audio is brought to (`--loudness`, a pipeline's `loudness:`).
public enum LoudnessTarget: Sendable, Hashable, CustomStringConvertible {
    /// The voices' own levels, as synthesized.
    case off
    /// Integrated loudness in LUFS, true peak at most −1 dBTP (`podcast` is −16, Apple's and
    /// Spotify's target for spoken word).
    case integrated(Double)
    /// ACX's rules for audiobooks: RMS −23 to −18 dB (aimed at −20), peaks at most −3 dBFS, a noise
    /// floor under −60 dB (pauses are digital silence), 0.5–1 s of room tone at the head (0.75 s
    /// here) and 1–5 s at the tail (2 s).
    case audiobook

    public static let podcast = LoudnessTarget.integrated(-16)

    /// "podcast", "audiobook", "off", or a level such as "-16" or "-18.5" (LUFS, from −40 to −5).
    public init?(_ text: String) {
        switch text.lowercased() {
        case "off", "none": self = .off
        case "podcast": self = .podcast
        case "audiobook", "acx": self = .audiobook
        default:
            guard let level = Double(text), level.isFinite, level >= -40, level <= -5 else { return nil }
            self = .integrated(level)
        }
    }

    public var description: String {
        switch self {
        case .off: "off"
        case .integrated(-16): "podcast"
        case .integrated(let level): String(level)
        case .audiobook: "audiobook"
        }
    }

    /// Seconds of room tone before the first word and after the last.
    public var headSeconds: Double { self == .audiobook ? 0.75 : 0 }
    public var tailSeconds: Double { self == .audiobook ? 2 : 0 }

    /// What `--help` and error messages offer.
    public static let choices = "podcast (−16 LUFS, true peak ≤ −1 dBTP), audiobook (ACX: RMS −20 dB, peaks ≤ −3 dBFS, room tone), off, or a level in LUFS such as -18"
}
