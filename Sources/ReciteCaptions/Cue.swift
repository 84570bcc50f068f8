/// One caption: its lines and when it is on screen.
///
/// Times are whole milliseconds, the resolution of both WebVTT and SubRip, so what the writers
/// print is exactly what the cue holds and "no overlap" can be checked exactly.
public struct Cue: Sendable, Equatable {
    /// Milliseconds from the start of the audio: the first shown word's start.
    public var start: Int
    /// Milliseconds: the last shown word's end.
    public var end: Int
    /// The lines as shown (source text, not escaped for any format), at most `CaptionLayout.maxLines`.
    public var lines: [String]
    /// The sidecar words the cue covers (indexes into `TimingSidecar.words`).
    public var words: ClosedRange<Int>

    public init(start: Int, end: Int, lines: [String], words: ClosedRange<Int>) {
        self.start = start
        self.end = end
        self.lines = lines
        self.words = words
    }

    /// The cue's text on one line.
    public var text: String { lines.joined(separator: " ") }
}
