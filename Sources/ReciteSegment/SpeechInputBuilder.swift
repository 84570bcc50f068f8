import ReciteScript

/// Builds a segment's `SpeechInput` a run at a time, with the words it says and their sources,
/// and keeps what the segmenter needs to decide a cut: the words since the last clause
/// punctuation and what the last word ends.
struct SpeechInputBuilder {
    private var tokens: [SpeechToken] = []
    private var words: [SegmentWord] = []
    private var marks: [SegmentMark] = []
    /// Estimated words eSpeak NG will say since the last clause punctuation (see `Segmenter`).
    private(set) var clauseWords = 0
    /// What the last word written ends: where the segment may be cut (see `Segmenter`).
    private(set) var boundary = SentenceBoundary.none

    var isEmpty: Bool { words.isEmpty && marks.isEmpty }
    var wordCount: Int { words.count }

    /// Removes the marks written after the last word, to carry them to the next segment: a mark
    /// between two sentences belongs before the second one's first word, as it did uncut.
    mutating func takeTrailingMarks() -> [String] {
        guard let first = marks.firstIndex(where: { $0.beforeWord == words.count }) else { return [] }
        defer { marks.removeSubrange(first...) }
        return marks[first...].map(\.name)
    }

    mutating func addMark(_ name: String) {
        marks.append(SegmentMark(name: name, beforeWord: words.count))
    }

    mutating func add(_ spoken: String, style: RunStyle, source: SourceSpan, runIndex: Int) {
        let emphasis = style.emphasis == Emphasis.none ? nil : style.emphasis
        func token(_ text: String, phonemes: String? = nil) -> SpeechToken {
            SpeechToken(text: text, phonemes: phonemes, spellOut: style.spellOut, prosody: style.prosody, emphasis: emphasis)
        }
        let safe = SpeechText.escapeFree(spoken)
        if let phonemes = style.phonemes {
            tokens.append(token(safe, phonemes: phonemes))
            words.append(SegmentWord(token: tokens.count - 1, spoken: wordCore(spoken), source: source, runIndex: runIndex))
            let trail = SpeechText.edgePunctuation(safe).trail
            boundary = SentenceBoundary.after(trail[...])
            clauseWords += 1
            if let last = trail.unicodeScalars.last, ".,;:!?".unicodeScalars.contains(last) { clauseWords = 0 }
            return
        }
        for piece in safe.split(whereSeparator: { $0 == " " }) {
            tokens.append(token(String(piece)))
            countClauseWords(piece)
            boundary = SentenceBoundary.after(piece)
            let core = wordCore(String(piece))
            if core.unicodeScalars.contains(where: SpeechText.isLetterOrDigit) {
                words.append(SegmentWord(token: tokens.count - 1, spoken: core, source: source, runIndex: runIndex))
            }
        }
    }

    /// A word counts one; each group of digits counts four, as eSpeak NG reads "19:45" as several
    /// words. Clause punctuation at the end starts a new count.
    private mutating func countClauseWords(_ piece: Substring) {
        var groups = 0, inDigits = false
        for scalar in piece.unicodeScalars {
            let digit = scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil
            if digit && !inDigits { groups += 1 }
            inDigits = digit
        }
        clauseWords += groups > 0 ? 4 * groups : 1
        if let last = piece.unicodeScalars.last, ".,;:!?".unicodeScalars.contains(last) { clauseWords = 0 }
    }

    /// The input, ended with a stand-in word when `standIn` (`SpeechInput.endsWithStandIn`).
    func finish(standIn: Bool = false) -> (input: SpeechInput, words: [SegmentWord], marks: [SegmentMark]) {
        (SpeechInput(tokens: tokens, endsWithStandIn: standIn), words, marks)
    }
}
