/// A caption file format Recite writes beside the audio.
public enum CaptionFormat: String, CaseIterable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// WebVTT (`NAME.vtt`): what browsers load through `<track>`.
    case vtt
    /// SubRip (`NAME.srt`): what most video players and editors read.
    case srt

    /// The file extension, also the name used in pipelines and on the command line.
    public var fileExtension: String { rawValue }

    public var description: String { rawValue }

    /// The captions file for `cues` in this format.
    public func document(_ cues: [Cue]) -> String {
        switch self {
        case .vtt: WebVTTWriter.document(cues)
        case .srt: SubRipWriter.document(cues)
        }
    }
}
