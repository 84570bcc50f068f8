import ReciteScript
import Testing
@testable import ReciteCaptions
@testable import ReciteTiming

/// What a shown word is made of: source text without markup, punctuation from around it.
@Suite struct ShownTextTests {
    @Test func tagsInsideAWordAreNotShownButALessThanSignIs() {
        #expect(VisibleText.of("南京市</token><token>长江大桥</token>。") == "南京市长江大桥。")
        #expect(VisibleText.of("3 < 4 &amp; 5 > 2") == "3 < 4 & 5 > 2")
        #expect(VisibleText.of("AT&amp;T &#233;t&#xE9;") == "AT&T été")
    }

    @Test(arguments: [
        (", ", ",", [String](), "", false),
        ("**. ", ".", [], "", false),
        ("](https://example.org/a.b) (", "", [], "(", false),
        (" — ", "", ["—"], "", false),
        (" :\n", "", [":"], "", false),
        (" |\n| --- | -------- |\n| ", "", [], "", false),
        ("</prosody>,\n  <prosody rate=\"fast\">", ",", [], "", false),
        ("[^1]).", ").", [], "", true),
        (" {{ site.name }} ", "", [], "", false),
        ("-", "-", [], "", true),
    ])
    func gapsKeepOnlyTheirPunctuation(raw: String, after: String, between: [String], before: String, glued: Bool) {
        let gap = SourceGap(raw)
        #expect(gap.afterPrevious == after)
        #expect(gap.between == between)
        #expect(gap.beforeNext == before)
        #expect(gap.isGlued == glued)
    }

    @Test func aSpanFarLongerThanWhatWasSaidShowsTheSpokenWords() {
        // A parser that gave a word the span of a whole element: the caption says the word.
        let text = "<speak><lexicon><lexeme><grapheme>tomato</grapheme><phoneme>t ə m ˈɑ t oʊ</phoneme></lexeme></lexicon><s>tomato</s></speak>"
        let sidecar = oneSentence([word("tomato", text, at: 0, 0.0, 0.5)], source: text)
        let shown = ShownText.shownWords(of: sidecar, source: SourceText(path: "doc.ssml", text: text))
        #expect(shown.map(\.text) == ["tomato"])
        // A long written form without markup stays: it is what the reader sees.
        let url = "https://www.gnu.org/software/coreutils/manual/html_node/du-invocation.html"
        let read = oneSentence([word("gnu", url, at: 0, 0, 0.3), word("dot", url, at: 0, 0.3, 0.5), word("org", url, at: 0, 0.5, 0.9)], source: url)
        #expect(ShownText.shownWords(of: read, source: SourceText(path: "doc.md", text: url)).map(\.text) == [url])
    }

    @Test func codeBlocksAreCaptionedByWhatIsSaid() {
        let text = "```sh\ncurl https://example.org/listing\n```"
        var sidecar = oneSentence([word("Code", text, at: 0, 0.0, 0.3), word("sample", text, at: 0, 0.3, 0.8)], source: text)
        sidecar.blocks[0].kind = "code"
        let cues = CueBuilder().cues(for: sidecar, source: SourceText(path: "doc.md", text: text))
        #expect(cues.map(\.text) == ["Code sample"])
        #expect(cues.first?.words == 0...1)
    }
}
