import ReciteScript
import ReciteTiming

/// Turns a timing sidecar back into what the reader sees: shown words grouped by sentence.
///
/// Spoken words that share source bytes become one shown word ("8 m²", not "eight square
/// meters"); the punctuation around them comes from the source file, without its markup. Without
/// the source, each shown word is its sidecar `text` and there is no punctuation.
/// A code block is shown by what was said about it ("Code sample"), not by its code; so is a word
/// whose source span is far longer than what was said (a span that took in the markup around it).
public enum ShownText {
    /// The shown words of `sidecar`, one array per sentence, in time order.
    public static func sentences(of sidecar: TimingSidecar, source: SourceText?) -> [[ShownWord]] {
        sentences(of: shownWords(of: sidecar, source: source))
    }

    /// Shown words grouped by sentence.
    public static func sentences(of words: [ShownWord]) -> [[ShownWord]] {
        var sentences: [[ShownWord]] = []
        for word in words {
            if let last = sentences.last?.last, last.sentence == word.sentence {
                sentences[sentences.count - 1].append(word)
            } else {
                sentences.append([word])
            }
        }
        return sentences
    }

    /// Every shown word of `sidecar` in time order, with its punctuation and break strength.
    public static func shownWords(of sidecar: TimingSidecar, source: SourceText?) -> [ShownWord] {
        var shown = groups(of: sidecar, source: source)
        if let source { attachPunctuation(&shown, sidecar: sidecar, source: source) }
        for k in shown.indices {
            shown[k].text = collapseWhitespace(shown[k].text)
            let next = k + 1 < shown.count && shown[k + 1].sentence == shown[k].sentence ? shown[k + 1] : nil
            shown[k].breakAfter = PhraseBoundaries.strength(after: shown[k], before: next)
        }
        return shown
    }

    // MARK: - Grouping

    /// Consecutive words whose source bytes overlap become one shown word. Its text is cut from
    /// the source when there is one (tags removed, references decoded), else it is the sidecar's
    /// (decoded already: decoding it again would turn a written `&amp;lt;` into `<`).
    static func groups(of sidecar: TimingSidecar, source: SourceText? = nil) -> [ShownWord] {
        let source = source.flatMap { s in sidecar.words.allSatisfy { $0.offset + $0.length <= s.bytes.count } ? s : nil }
        let words = sidecar.words
        var shown: [ShownWord] = []
        var sentence = 0, block = 0
        var k = 0
        while k < words.count {
            var last = k
            var end = words[k].offset + words[k].length
            while last + 1 < words.count, words[last + 1].offset < end, words[last + 1].offset >= words[k].offset {
                last += 1
                end = max(end, words[last].offset + words[last].length)
            }
            let start = words[k].start
            while sentence + 1 < sidecar.sentences.count, sidecar.sentences[sentence + 1].start <= start { sentence += 1 }
            while block + 1 < sidecar.blocks.count, sidecar.blocks[block + 1].start <= start { block += 1 }
            let blockIndex = sidecar.blocks.isEmpty ? nil : block
            let isCode = blockIndex.map { sidecar.blocks[$0].kind == "code" } ?? false
            let spoken = words[k...last].map(\.spoken).joined(separator: " ")
            let writer = words[k].length >= end - words[k].offset ? words[k] : widest(words[k...last])
            let written = source.map { Self.text($0, writer.offset..<writer.offset + writer.length) } ?? writer.text
            var text = isCode ? spoken : VisibleText.of(written, decoding: source != nil)
            let implausible = !isCode && VisibleText.isImplausible(source: written, shown: text, spoken: spoken, decoding: source != nil)
            if implausible { text = spoken }
            var word = ShownWord(text: text, start: start, end: words[last].end, words: k...last,
                                 sentence: sentence, block: blockIndex)
            word.sourceRange = words[k].offset..<end
            word.isCode = isCode
            // A front-matter title is YAML: its quotes are syntax, not punctuation.
            word.keepsSourcePunctuation = !isCode && !implausible && blockIndex.map { sidecar.blocks[$0].kind != "title" } ?? true
            shown.append(word)
            k = last + 1
        }
        return shown
    }

    /// The word that reaches furthest, when a group's words have different spans.
    private static func widest(_ words: ArraySlice<TimingSidecar.Word>) -> TimingSidecar.Word {
        words.max { $0.offset + $0.length < $1.offset + $1.length }!
    }

    // MARK: - Punctuation from the source

    /// How far before a sentence's first word, and after its last, to look for punctuation.
    static let contextBytes = 256

    static func attachPunctuation(_ shown: inout [ShownWord], sidecar: TimingSidecar, source: SourceText) {
        if shown.contains(where: { $0.sourceRange.upperBound > source.bytes.count }) { return }
        for k in shown.indices where shown[k].keepsSourcePunctuation {
            let range = shown[k].sourceRange
            let previous = k > 0 ? shown[k - 1] : nil
            let next = k + 1 < shown.count ? shown[k + 1] : nil
            let opensSentence = previous == nil || previous!.sentence != shown[k].sentence
            let closesSentence = next == nil || next!.sentence != shown[k].sentence
            let floor = previous.map { $0.sourceRange.upperBound } ?? 0
            if opensSentence {
                // Only what touches the word: back to the nearest space or tag end.
                let before = text(source, max(floor, range.lowerBound - contextBytes)..<range.lowerBound)
                let touching = before.reversed().prefix { !$0.isWhitespace && $0 != ">" && $0 != ")" }
                shown[k].text = SourceGap(" " + String(touching.reversed())).beforeNext + shown[k].text
            }
            if closesSentence {
                let ceiling = next.map { max(range.upperBound, $0.sourceRange.lowerBound) } ?? source.bytes.count
                let gap = SourceGap(text(source, range.upperBound..<min(ceiling, range.upperBound + contextBytes)))
                shown[k].text += gap.afterPrevious
            } else if let next, next.keepsSourcePunctuation, next.sourceRange.lowerBound >= range.upperBound {
                let gap = SourceGap(text(source, range.upperBound..<next.sourceRange.lowerBound))
                shown[k].text += gap.afterPrevious + gap.between.map { " " + $0 }.joined()
                shown[k + 1].text = gap.beforeNext + shown[k + 1].text
                shown[k + 1].gluedToPrevious = gap.isGlued
            }
        }
    }

    private static func text(_ source: SourceText, _ bytes: Range<Int>) -> String {
        guard !bytes.isEmpty else { return "" }
        return source.text(of: SourceSpan(offset: bytes.lowerBound, length: bytes.count, line: 0, column: 0))
    }

    static func collapseWhitespace(_ text: String) -> String {
        // Most shown words are printable ASCII without a space: nothing to collapse.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
