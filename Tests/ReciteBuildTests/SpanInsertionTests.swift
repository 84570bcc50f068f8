import Foundation
@testable import ReciteBook
@testable import ReciteBuild
import Testing

/// Spans go around the overlaid bytes only, widened over inline tags they cut, never across a block.
@Suite struct SpanInsertionTests {
    static func wrap(_ xhtml: String, _ text: String) -> String? {
        let bytes = Array(xhtml.utf8)
        guard let at = xhtml.range(of: text) else { return nil }
        let lower = xhtml.utf8.distance(from: xhtml.startIndex, to: at.lowerBound)
        let range = lower..<(lower + text.utf8.count)
        guard let balanced = SpanInsertion.balanced(range, tags: SpanInsertion.tags(in: bytes)) else { return nil }
        return String(decoding: SpanInsertion.insert([(balanced, "x")], into: bytes), as: UTF8.self)
    }

    @Test func aRangeOfTextIsWrappedAndNothingElseChanges() {
        #expect(Self.wrap("<p class='a'>It rained. Then &amp; now.</p>", "Then &amp; now") == "<p class='a'>It rained. <span id=\"x\">Then &amp; now</span>.</p>")
    }

    @Test func aRangeThatCutsAnInlineElementTakesItWhole() {
        #expect(Self.wrap("<p><em>It</em> rained.</p>", "It</em> rained") == "<p><span id=\"x\"><em>It</em> rained</span>.</p>")
        #expect(Self.wrap("<p>It <b>rained <i>hard</i></b> today.</p>", "It <b>rained") == "<p><span id=\"x\">It <b>rained <i>hard</i></b></span> today.</p>")
        #expect(Self.wrap("<p>a<br/>b</p>", "a<br/>b") == "<p><span id=\"x\">a<br/>b</span></p>")
    }

    @Test func aRangeAcrossABlockOrInsideATagIsLeftOut() {
        #expect(Self.wrap("<p>One.</p><p>Two.</p>", "One.</p><p>Two") == nil)
        #expect(Self.wrap("<li><a href=\"x\">link</a> and more</li>", "href") == nil)
    }

    @Test func tagsSkipCommentsAndQuotedBrackets() {
        let tags = SpanInsertion.tags(in: Array("<!-- <p> --><a title=\"x>y\">t</a><br/>".utf8))
        #expect(tags.map(\.name) == ["a", "a", "br"])
        #expect(tags.map { "\($0.kind)" } == ["open", "close", "empty"])
    }

    @Test func relativePathsBetweenEntries() {
        #expect(ZipPath.relative(from: "OPS/recite-overlays/", to: "OPS/text/a b.xhtml") == "../text/a%20b.xhtml")
        #expect(ZipPath.relative(from: "", to: "OPS/x.m4a") == "OPS/x.m4a")
        #expect(ZipPath.relative(from: "OPS/", to: "OPS/x.m4a") == "x.m4a")
    }

    @Test func aChaptersBytesAreFoundInItsDocuments() {
        let layout = ChapterLayout(entries: ["a.xhtml", "b.xhtml"], sizes: ["a.xhtml": 10, "b.xhtml": 20])
        #expect(layout.locate(3..<5)! == ("a.xhtml", 3..<5))
        #expect(layout.locate(11..<15)! == ("b.xhtml", 0..<4))
        #expect(layout.locate(10..<11) == nil)
    }

    @Test func theHighlightGoesIntoTheStylesheetsADocumentLinks() {
        let xhtml = #"<head><link rel="stylesheet" type="text/css" href="../css/a%20b.css"/><link rel='icon' href='x.png'/><LINK href="c.css" rel="alternate stylesheet"></head>"#
        #expect(OriginalMarkupOverlay.stylesheets(of: Array(xhtml.utf8), entry: "OPS/text/ch.xhtml") == ["OPS/css/a b.css", "OPS/text/c.css"])
    }
}
