/// How much a cue may hold. The defaults follow common subtitling practice: two lines of at most
/// 42 characters, on screen for about seven seconds at most, so a viewer can read it in time.
public struct CaptionLayout: Sendable, Equatable {
    /// Characters per line (grapheme clusters). A single word longer than this gets a line of its own.
    public var maxLineLength = 42
    /// Lines per cue.
    public var maxLines = 2
    /// Seconds a cue may last; a single shown word that is said for longer gets a cue of its own.
    public var maxDuration = 7.0

    public init(maxLineLength: Int = 42, maxLines: Int = 2, maxDuration: Double = 7.0) {
        self.maxLineLength = maxLineLength
        self.maxLines = maxLines
        self.maxDuration = maxDuration
    }
}
