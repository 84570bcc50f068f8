import Foundation
import ReciteScript
import Testing
@testable import ReciteCaptions
@testable import ReciteTiming

/// The read-along page's structure: every word has a span with its times, the text is the
/// source's, and the page needs nothing from the network.
@Suite struct ReadAlongPageTests {
    static let text = """
    # Flat for rent

    A *bright* flat, close to the [river](https://example.org/river). Salt & pepper <3.

    - A kitchen with a stove
    - A balcony
    """

    /// The `data-start`/`data-end` pairs and texts of the page's word spans, in order.
    static func spans(in html: String) -> [(start: Double, end: Double, text: String)] {
        let pattern = #"<span class="w" data-start="([0-9.]+)" data-end="([0-9.]+)">([^<]*)</span>"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).map { match in
            let group = { (i: Int) in String(html[Range(match.range(at: i), in: html)!]) }
            return (Double(group(1))!, Double(group(2))!, group(3))
        }
    }

    @Test func everySidecarWordHasASpanWithItsTimes() {
        let (source, base) = SyntheticSidecar().make(Self.text)
        var sidecar = base
        // "flat" said as two words sharing its source: one span covers both.
        let flat = sidecar.words.firstIndex { $0.text == "flat" }!
        var second = sidecar.words[flat]
        second.spoken = "flat-again"
        second.start = sidecar.words[flat].end
        second.end = second.start + 0.01
        sidecar.words.insert(second, at: flat + 1)
        for k in (flat + 2)..<sidecar.words.count {
            sidecar.words[k].start += 0.02
            sidecar.words[k].end += 0.02
        }
        let html = ReadAlongPage(sidecar: sidecar, source: source, language: "en-US").html()
        let spans = Self.spans(in: html)
        #expect(spans.count == sidecar.words.count - 1)
        for word in sidecar.words {
            let holding = spans.filter { $0.start <= word.start + 1e-6 && word.end <= $0.end + 1e-6 }
            #expect(holding.count == 1, "\(word.spoken) at \(word.start)")
        }
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.end <= $1.start })
        #expect(spans.map(\.text).joined(separator: " ")
                == "Flat for rent A bright flat, close to the river. Salt &amp; pepper &lt;3. A kitchen with a stove A balcony")
    }

    @Test func blocksBecomeReadableElements() {
        let (source, sidecar) = SyntheticSidecar().make(Self.text)
        let html = ReadAlongPage(sidecar: sidecar, source: source, language: "en-US").html()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-US\">"))
        #expect(html.contains("<title>Flat for rent</title>"))
        #expect(html.contains("<h1><span class=\"w\""))
        #expect(html.contains("<ul>\n<li><span"))
        #expect(html.components(separatedBy: "<li>").count == 3)
        #expect(html.contains("</li>\n</ul>\n"))
        #expect(html.contains("<p><span class=\"w\" data-start="))
    }

    @Test func thePageIsSelfContainedAndPointsAtTheAudioBesideIt() {
        let (source, base) = SyntheticSidecar().make(Self.text, audio: "flat for rent#1.wav")
        let html = ReadAlongPage(sidecar: base, source: source).html()
        #expect(html.contains(#"<audio controls preload="auto" src="flat%20for%20rent%231.wav"></audio>"#))
        #expect(!html.contains("<script src") && !html.contains("<link") && !html.contains("@import"))
        // The only address in the page is the link target in the source, which is not shown.
        #expect(!html.contains("http"))
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(html.contains("requestAnimationFrame") && html.contains("timeupdate"))
    }

    @Test func secondsArePlainDecimals() {
        #expect(ReadAlongPage.seconds(0) == "0")
        #expect(ReadAlongPage.seconds(0.00001) == "0.00001")
        #expect(ReadAlongPage.seconds(12.5) == "12.5")
        #expect(ReadAlongPage.seconds(3601.123456) == "3601.12346")
    }

    @Test func codeBlocksShowTheirCodeWithoutFences() {
        #expect(ReadAlongPage.withoutFences("```sh\ncurl x\n```") == "curl x")
        #expect(ReadAlongPage.withoutFences("    indented") == "    indented")
    }
}
