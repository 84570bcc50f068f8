/// A word as the reader sees it: the source text of one or more spoken words, with the
/// punctuation written around it, and the time it is said.
///
/// "8 m²" said as "eight square meters" is one shown word covering three sidecar words.
public struct ShownWord: Sendable, Equatable {
    /// What is shown: the source text with its attached punctuation, whitespace collapsed.
    public var text: String
    /// Seconds: the first spoken word's start.
    public var start: Double
    /// Seconds: the last spoken word's end.
    public var end: Double
    /// The sidecar words it covers (indexes into `TimingSidecar.words`).
    public var words: ClosedRange<Int>
    /// The sidecar sentence it belongs to (an index into `TimingSidecar.sentences`, or 0 when the
    /// sidecar has none).
    public var sentence: Int
    /// The sidecar block it belongs to (an index into `TimingSidecar.blocks`), if any.
    public var block: Int?
    /// True when nothing separates it from the word before in the source ("two-room" said as two
    /// words): it is joined without a space and never put on another line or in another cue.
    public var gluedToPrevious = false
    /// How good a place the end of this word is to start a new line or cue.
    public var breakAfter: BreakStrength = .none
    /// The source bytes it covers.
    public var sourceRange: Range<Int> = 0..<0
    /// It stands for a code block: shown as said, not as written.
    public var isCode = false
    /// The punctuation around it in the source is shown (not for code, nor a front-matter title).
    var keepsSourcePunctuation = true

    public init(text: String, start: Double, end: Double, words: ClosedRange<Int>, sentence: Int, block: Int?) {
        self.text = text
        self.start = start
        self.end = end
        self.words = words
        self.sentence = sentence
        self.block = block
    }
}

/// How natural a break after a word is, from worst to best.
public enum BreakStrength: Int, Sendable, Comparable {
    /// Inside a written word: never.
    case never
    /// After a word that leads into the next one: an article, a preposition, a conjunction
    /// ("the | river").
    case weak
    /// Between two words with nothing marking a boundary.
    case none
    /// Before a word that starts a phrase ("and", "because", "with" …) or an opening bracket.
    case phrase
    /// After a comma, colon, semicolon, dash or closing bracket.
    case clause
    /// After a full stop, question or exclamation mark.
    case sentence

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
