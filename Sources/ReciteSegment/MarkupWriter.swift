import ReciteScript

/// Writes a segment's synthesis input (SSML for eSpeak NG) and remembers where each word sits in
/// it, counted in code points as eSpeak NG's events count them (markup included).
struct MarkupWriter {
    private var text = "<speak>"
    private var length = 7
    private var words: [SegmentWord] = []
    private var marks: [SegmentMark] = []
    /// Style of the wrapper elements now open (nil: none open).
    private var openStyle: RunStyle?
    private var hasText = false
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
        let wrapper = Self.wrapperStyle(style)
        if wrapper != openStyle {
            closeWrapper()
            if hasText { append(" ") }
            openWrapper(wrapper)
        } else if hasText {
            append(" ")
        }
        hasText = true
        if let phonemes = style.phonemes {
            // eSpeak NG reads [[…]] as its own phoneme mnemonics (espeakPHONEMES is set). The
            // word's punctuation stays outside, as text, so that "lead," still pauses. eSpeak NG
            // 1.51 mis-reads what touches the brackets (tested: "([[" drops the phonemes, "]]."
            // says "dot", "]]</speak>" says "slash speak"): a space before and a line break after
            // the punctuation keep them apart.
            let (lead, trail) = Self.edgePunctuation(Self.escapeFree(spoken))
            if !lead.isEmpty { append(lead + " ") }
            let start = length
            append("[[\(phonemes)]]")
            words.append(SegmentWord(textRange: start..<length, spoken: wordCore(spoken), source: source, runIndex: runIndex))
            append(trail + "\n")
            boundary = SentenceBoundary.after(trail[...])
            clauseWords += 1
            if let last = trail.unicodeScalars.last, ".,;:!?".unicodeScalars.contains(last) { clauseWords = 0 }
            return
        }
        let safe = Self.escapeFree(spoken)
        var first = true
        for piece in safe.split(whereSeparator: { $0 == " " }) {
            if !first { append(" ") }
            first = false
            let start = length
            if style.spellOut, let cut = Self.trailingPunctuationStart(piece) {
                // Spelled out, "SSML." would end in "dot": the punctuation goes after the markup.
                append(String(piece[..<cut]))
                closeWrapper()
                append(String(piece[cut...]))
            } else {
                append(String(piece))
            }
            countClauseWords(piece)
            boundary = SentenceBoundary.after(piece)
            let core = wordCore(String(piece))
            if core.unicodeScalars.contains(where: Self.isLetterOrDigit) {
                words.append(SegmentWord(textRange: start..<length, spoken: core, source: source, runIndex: runIndex))
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

    /// The markup, closed; with `lookahead`, a stand-in word after the last one (see
    /// `Segment.lookahead`) and its position.
    mutating func finish(lookahead: Bool = false) -> (String, [SegmentWord], [SegmentMark], Int?) {
        closeWrapper()
        var position: Int?
        if lookahead {
            append(" ")
            position = length
            append(Self.lookaheadWord)
        }
        append("</speak>")
        return (text, words, marks, position)
    }

    /// A short word that starts a sentence after any punctuation (a capital, so that eSpeak NG
    /// takes the full stop before it as a sentence end).
    static let lookaheadWord = "A"

    // MARK: - Wrappers

    /// The part of a style that is written as markup inside the segment (voice changes cut segments).
    private static func wrapperStyle(_ style: RunStyle) -> RunStyle? {
        var s = RunStyle(prosody: style.prosody, emphasis: style.emphasis, spellOut: style.spellOut)
        if s.emphasis == Emphasis.none { s.emphasis = nil }
        return s == RunStyle() ? nil : s
    }

    private mutating func openWrapper(_ style: RunStyle?) {
        openStyle = style
        guard let style else { return }
        if !style.prosody.isNeutral {
            let p = style.prosody
            append("<prosody rate=\"\(Self.percent(p.rate))\" pitch=\"\(Self.percent(p.pitch))\" volume=\"\(Self.percent(p.volume))\">")
        }
        if let emphasis = style.emphasis { append("<emphasis level=\"\(emphasis.rawValue)\">") }
        if style.spellOut { append("<say-as interpret-as=\"characters\">") }
    }

    private mutating func closeWrapper() {
        guard let style = openStyle else { return }
        if style.spellOut { append("</say-as>") }
        if style.emphasis != nil { append("</emphasis>") }
        if !style.prosody.isNeutral { append("</prosody>") }
        openStyle = nil
    }

    private static func percent(_ ratio: Double) -> String {
        "\(Int((ratio * 100).rounded()))%"
    }

    // MARK: - Text

    private mutating func append(_ s: String) {
        text += s
        length += s.unicodeScalars.count
    }

    /// Where the punctuation at the end of `piece` starts, if it has some and something before it.
    static func trailingPunctuationStart(_ piece: Substring) -> Substring.Index? {
        var cut = piece.endIndex
        while cut > piece.startIndex {
            let before = piece.index(before: cut)
            guard piece[before].unicodeScalars.allSatisfy({ wordEdgePunctuation.contains($0) }) else { break }
            cut = before
        }
        return cut < piece.endIndex && cut > piece.startIndex ? cut : nil
    }

    /// The punctuation at the edges of `text` ("(lead)," → "(", "),").
    static func edgePunctuation(_ text: String) -> (String, String) {
        let scalars = text.unicodeScalars
        let lead = scalars.prefix { wordEdgePunctuation.contains($0) || $0 == " " }
        let rest = scalars.dropFirst(lead.count)
        let trail = rest.reversed().prefix { wordEdgePunctuation.contains($0) || $0 == " " }
        return (String(String.UnicodeScalarView(lead)).trimmingSpaces,
                String(String.UnicodeScalarView(trail.reversed())).trimmingSpaces)
    }

    /// Letters and digits: what makes a piece a word eSpeak NG will report (ASCII answered
    /// without Unicode's property tables).
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value | 0x20
            return (0x61...0x7A).contains(v) || (0x30...0x39).contains(scalar.value)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Text with the characters that SSML would take as markup replaced by spaces (normalization
    /// has already read out any that mean something).
    static func escapeFree(_ text: String) -> String {
        // Most words hold none of them: no control byte, no <, > or &, and none of the bytes
        // that end U+0085, U+2028 or U+2029 (a byte test that also lets some others through
        // to the full check below).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }) {
            return text
        }
        return String(text.map { $0 == "<" || $0 == ">" || $0 == "&" || $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}

private extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
