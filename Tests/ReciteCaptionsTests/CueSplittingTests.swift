import Foundation
@testable import ReciteCaptions
import ReciteScript
@testable import ReciteTiming
import Testing

/// The rules a cue follows: sentences, two lines of 42 characters, about seven seconds, breaks at
/// punctuation or phrases and never inside a word, the source text as the reader wrote it.
@Suite struct CueSplittingTests {
    static let long = """
    # The river walk

    The old towpath along the river was rebuilt last spring, with new benches every few hundred \
    meters, lamps that switch on at dusk and a gravel surface that stays dry after rain. Cyclists \
    and walkers share it; a painted line keeps them apart on the narrow stretch below the mill. \
    Nobody expected that the small café at the lock would become the busiest place in the whole \
    valley within a single summer season of warm evenings.

    - Open every day from seven in the morning until late in the evening in the summer months
    - Closed in January
    """

    /// Every cue obeys the layout; cues are in order, do not overlap, and cover every word once.
    static func checkLayout(_ cues: [Cue], sidecar: TimingSidecar, layout: CaptionLayout = CaptionLayout()) {
        var nextWord = 0
        var previousEnd = 0
        for cue in cues {
            #expect(!cue.lines.isEmpty && cue.lines.count <= layout.maxLines, "\(cue.lines)")
            for line in cue.lines { #expect(line.count <= layout.maxLineLength, "\(line.count): \(line)") }
            #expect(cue.start < cue.end)
            #expect(cue.start >= previousEnd, "overlap at \(cue.text)")
            #expect(cue.words.lowerBound == nextWord, "\(cue.text) does not start where the last cue stopped")
            #expect(cue.start == CueBuilder.milliseconds(sidecar.words[cue.words.lowerBound].start))
            #expect(cue.end == CueBuilder.milliseconds(sidecar.words[cue.words.upperBound].end))
            previousEnd = cue.end
            nextWord = cue.words.upperBound + 1
        }
        #expect(nextWord == sidecar.words.count)
    }

    /// Each line is a run of whole shown words: a line never starts or ends inside one.
    static func checkWholeWords(_ cues: [Cue], _ shown: [ShownWord]) {
        var k = 0
        for line in cues.flatMap(\.lines) {
            #expect(k < shown.count && !shown[k].gluedToPrevious, "\(line) starts inside a word")
            var rebuilt = ""
            while k < shown.count, rebuilt.count < line.count {
                if !rebuilt.isEmpty && !shown[k].gluedToPrevious { rebuilt += " " }
                rebuilt += shown[k].text
                k += 1
            }
            #expect(rebuilt == line, "a line ends inside a word: \(line)")
        }
        #expect(k == shown.count)
    }

    @Test func longSentencesAreSplitIntoCuesOfTwoLinesOf42Characters() {
        let (source, sidecar) = SyntheticSidecar().make(Self.long)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        Self.checkLayout(cues, sidecar: sidecar)
        Self.checkWholeWords(cues, ShownText.shownWords(of: sidecar, source: source))
        #expect(cues.contains { $0.lines.count == 2 })
        #expect(cues.first?.text == "The river walk")
        // Cues follow sentences: no cue holds the end of one sentence and the start of the next.
        for cue in cues.dropLast() {
            let ends = cue.text.dropLast().contains { ".!?".contains($0) }
            #expect(!ends, "\(cue.text) runs across a sentence end")
        }
    }

    @Test func aCueLastsAboutSevenSecondsAtMost() {
        // Slow speech: a short sentence that fits on two lines but lasts 11 s.
        let (source, sidecar) = SyntheticSidecar(secondsPerWord: 0.9).make("Go on, read it all slowly, and then stop here now.")
        let cues = CueBuilder().cues(for: sidecar, source: source)
        Self.checkLayout(cues, sidecar: sidecar)
        #expect(cues.count == 2)
        for cue in cues { #expect(cue.end - cue.start <= 7000, "\(cue.text)") }
        #expect(cues.map(\.text) == ["Go on, read it all slowly,", "and then stop here now."])
    }

    @Test func linesBreakAfterPunctuationFirst() {
        let text = "The bakery opens at seven in the morning, and it closes at six."
        let (source, sidecar) = SyntheticSidecar().make(text)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        #expect(cues.count == 1)
        #expect(cues.first?.lines == ["The bakery opens at seven in the morning,", "and it closes at six."])
    }

    @Test func withoutPunctuationLinesBreakAtAPhraseBoundary() {
        // Before "with" the lines are 21 and 32 characters; before "big" they would be more even
        // (28 and 25), but a line that ends inside a phrase is harder to read.
        let text = "Freshly painted walls with a big balcony facing south."
        let (source, sidecar) = SyntheticSidecar().make(text)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        #expect(cues.first?.lines == ["Freshly painted walls", "with a big balcony facing south."])
    }

    @Test func aSentenceThatFitsIsOneCueOnOneLine() {
        let (source, sidecar) = SyntheticSidecar().make("Write to the owner for a visit.")
        let cues = CueBuilder().cues(for: sidecar, source: source)
        #expect(cues == [Cue(start: 0, end: CueBuilder.milliseconds(sidecar.words.last!.end),
                             lines: ["Write to the owner for a visit."], words: 0...6)])
    }

    @Test func expandedWordsShowTheirSourceTextOnce() {
        let text = "The flat has 8 m² of balcony."
        let sidecar = oneSentence([
            word("The", "The", at: 0, 0.0, 0.2), word("flat", "flat", at: 4, 0.2, 0.5), word("has", "has", at: 9, 0.5, 0.7),
            word("eight", "8 m²", at: 13, 0.7, 1.0), word("square", "8 m²", at: 13, 1.0, 1.4), word("meters", "8 m²", at: 13, 1.4, 1.8),
            word("of", "of", at: 19, 1.8, 1.9), word("balcony", "balcony", at: 22, 1.9, 2.4),
        ], source: text)
        let cues = CueBuilder().cues(for: sidecar, source: SourceText(path: "doc.md", text: text))
        #expect(cues.map(\.text) == ["The flat has 8 m² of balcony."])
        #expect(cues.first?.words == 0...7)
        // Without the source text, the sidecar's own texts still show the written form.
        #expect(CueBuilder().cues(for: sidecar, source: nil).map(\.text) == ["The flat has 8 m² of balcony"])
    }

    @Test func wordsWrittenTogetherAreNeverSplit() {
        // "state-of-the-art" said as four words, each with its own span, touching in the source.
        let text = "We keep a state-of-the-art kitchen, a wonderfully bright living room and a balcony."
        var words: [TimingSidecar.Word] = []
        var time = 0.0
        var offset = 0
        for token in text.split(separator: " ") {
            let parts = token.trimmingCharacters(in: .punctuationCharacters).split(separator: "-")
            var partOffset = offset
            for part in parts {
                words.append(word(String(part), String(part), at: partOffset, time, time + 0.25))
                time += 0.27
                partOffset += part.utf8.count + 1
            }
            offset += token.utf8.count + 1
        }
        let sidecar = oneSentence(words, source: text)
        let source = SourceText(path: "doc.md", text: text)
        let shown = ShownText.shownWords(of: sidecar, source: source)
        #expect(shown.filter(\.gluedToPrevious).map(\.text) == ["of-", "the-", "art"])
        // Narrow lines force breaks; none may fall inside the hyphenated word.
        let layout = CaptionLayout(maxLineLength: 16)
        let cues = CueBuilder(layout: layout).cues(for: sidecar, source: source)
        Self.checkLayout(cues, sidecar: sidecar, layout: layout)
        Self.checkWholeWords(cues, shown)
        #expect(cues.flatMap(\.lines).contains("state-of-the-art"))
    }

    @Test func aWordLongerThanALineGetsALineOfItsOwn() {
        let text = "Details at https://example.org/a/very/long/path/to/the/listing/page today."
        let (source, sidecar) = SyntheticSidecar().make(text)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        Self.checkWholeWords(cues, ShownText.shownWords(of: sidecar, source: source))
        let url = "https://example.org/a/very/long/path/to/the/listing/page"
        #expect(cues.flatMap(\.lines).contains { $0.hasPrefix(url) || $0 == url })
        #expect(cues.flatMap(\.lines).allSatisfy { $0.count <= 42 || $0.contains(url) })
    }

    @Test func markupIsNotShownButPunctuationIs() {
        let text = "A *bright* flat, close to the [river walk](https://example.org/river)\nand the **market**."
        let (source, sidecar) = SyntheticSidecar().make(text)
        let cues = CueBuilder().cues(for: sidecar, source: source)
        #expect(cues.map(\.text) == ["A bright flat, close to the river walk and the market."])
    }

    @Test func ssmlTagsAndCharacterReferencesAreReadAsTheyShow() {
        let text = #"<s>Salt &amp; <emphasis level="strong">pepper</emphasis>, please.</s>"#
        let at = { (piece: String) in text.utf8.count - text.components(separatedBy: piece).dropFirst().joined(separator: piece).utf8.count - piece.utf8.count }
        let sidecar = oneSentence([
            word("Salt", "Salt", at: at("Salt"), 0.0, 0.3), word("and", "&amp;", at: at("&amp;"), 0.3, 0.5),
            word("pepper", "pepper", at: at("pepper"), 0.5, 0.9), word("please", "please", at: at("please"), 1.0, 1.4),
        ], source: text)
        let cues = CueBuilder().cues(for: sidecar, source: SourceText(path: "doc.ssml", text: text))
        #expect(cues.map(\.text) == ["Salt & pepper, please."])
    }

    @Test func cuesNeverOverlapEvenWhenRoundingMeets() {
        let text = "One two. Three four."
        let (source, base) = SyntheticSidecar().make(text)
        var sidecar = base
        // The second sentence starts within the same millisecond the first one ends.
        sidecar.words[1].end = 0.6004
        sidecar.words[2].start = 0.6004
        sidecar.sentences[1].start = 0.6004
        let cues = CueBuilder().cues(for: sidecar, source: source)
        #expect(cues.count == 2)
        #expect(cues[0].end <= cues[1].start)
    }
}
