import Foundation
import ReciteHTML
import ReciteScript
import ReciteTestSupport
import Testing

/// Reading small hand-written pages: what is kept, what is left out, where each word points.
@Suite struct ExtractionTests {
    static func read(_ html: String, options: HTMLOptions = HTMLOptions()) throws -> HTMLReader.Result {
        try HTMLReader.read(bytes: Array(html.utf8), path: "page.html", options: options)
    }

    static func spoken(_ result: HTMLReader.Result) -> [String] {
        result.script.blocks.flatMap { $0.runs.compactMap(\.spoken) }
    }

    static let cluttered = """
    <!DOCTYPE html>
    <html lang="en-GB"><head><meta charset="utf-8"><title>Flat for rent | Daily Planet</title>
    <meta property="og:title" content="Flat for rent">
    <style>body { color: red }</style><script>var x = "Do not read me";</script></head>
    <body>
    <header class="site-header"><a href="/">Daily Planet</a><nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav></header>
    <div class="cookie-banner">We use cookies. Accept all cookies?</div>
    <main><article class="post">
    <h1>Flat for rent</h1>
    <p>The flat is on the third floor, with a view of the river, a small kitchen, and a balcony that gets the sun all afternoon.</p>
    <p>It costs 800 pounds a month, bills included, and is free from May. AT&amp;T fibre is already installed, so there is nothing to wait for.</p>
    <figure><img src="river.jpg" alt="The river seen from the balcony"><figcaption>The view, in May.</figcaption></figure>
    <pre><code>let rent = 800</code></pre>
    <div class="share-bar"><a href="#">Share on Twitter</a> <a href="#">Share on Facebook</a></div>
    </article>
    <section id="comments" class="comments"><h2>Comments</h2><p>First! This is a comment that nobody should have to listen to at all, ever.</p></section>
    </main>
    <aside class="sidebar"><h3>Related</h3><ul><li><a href="/a">Another flat, somewhere else entirely</a></li></ul></aside>
    <footer>Copyright Daily Planet. All rights reserved, with commas, many, many commas.</footer>
    </body></html>
    """

    @Test func articleIsKeptAndFurnitureLeftOut() throws {
        let result = try Self.read(Self.cluttered)
        let text = Self.spoken(result).joined(separator: " ")
        #expect(text.contains("third floor"))
        #expect(text.contains("The view, in May."))
        for gone in ["News", "cookies", "Share", "First!", "Another flat", "Copyright", "Do not read", "color"] {
            #expect(!text.contains(gone), "\(gone) should not be read: \(text)")
        }
        #expect(result.script.language == "en-GB")
    }

    @Test func titleIsSaidOnceAndFirst() throws {
        let result = try Self.read(Self.cluttered)
        #expect(result.script.blocks.first?.kind == .title)
        let text = Self.spoken(result).joined(separator: " ")
        #expect(text.components(separatedBy: "Flat for rent").count == 2, "\(text)")
        // The title points at the article's heading, which says it.
        let first = result.script.blocks[0].runs[0]
        #expect(result.source.text(of: first.source) == "Flat")
        let headingOffset = Array(Self.cluttered.utf8).firstRange(of: Array("<h1>Flat".utf8))!.lowerBound + 4
        #expect(first.source.offset == headingOffset)
    }

    @Test func codeIsAnnouncedNotRead() throws {
        let result = try Self.read(Self.cluttered)
        let code = try #require(result.script.blocks.first { $0.kind == .code })
        #expect(code.runs.compactMap(\.spoken) == ["Code", "sample."])
        #expect(!Self.spoken(result).contains("rent ="))
        let read = try Self.read(Self.cluttered, options: HTMLOptions(codeBlocks: .read))
        #expect(Self.spoken(read).contains("800"))
    }

    @Test func figureCaptionIsReadAndAltTextWhenNoCaption() throws {
        let page = """
        <html><body><article><h1>Boats</h1>
        <p>Boats on the river, in the morning, are a sight to see, and many people come to watch them pass.</p>
        <figure><img src="a.jpg" alt="Three red boats at dawn"></figure>
        <p>Boats on the river, in the evening, are quieter, and the light is softer on the water then.</p>
        </article></body></html>
        """
        let text = Self.spoken(try Self.read(page)).joined(separator: " ")
        #expect(text.contains("Three red boats at dawn"))
    }

    @Test func entityWordsSpanTheirRawBytes() throws {
        let result = try Self.read(Self.cluttered)
        let run = try #require(result.script.blocks.flatMap(\.runs).first { $0.spoken == "AT&T" })
        #expect(result.source.text(of: run.source) == "AT&amp;T")
        let bytes = Array(Self.cluttered.utf8)
        #expect(Array(bytes[run.source.offset..<run.source.offset + run.source.length]) == Array("AT&amp;T".utf8))
    }

    @Test func everyWordPointsAtItself() throws {
        let result = try Self.read(Self.cluttered)
        for block in result.script.blocks where block.kind != .code {
            for run in block.runs {
                guard let spoken = run.spoken else { continue }
                let raw = result.source.text(of: run.source).replacingOccurrences(of: "&amp;", with: "&")
                #expect(raw == wordCore(spoken), "\(spoken) points at \(raw)")
            }
        }
    }

    @Test func wholeModeReadsTheWholeBody() throws {
        let result = try Self.read(Self.cluttered, options: HTMLOptions(content: .whole))
        let text = Self.spoken(result).joined(separator: " ")
        for kept in ["News", "third floor", "First!", "Copyright"] { #expect(text.contains(kept)) }
        for gone in ["Do not read", "color"] { #expect(!text.contains(gone)) }
    }

    @Test func nonUTF8PagePositionsAreBytes() throws {
        // windows-1252: "café" has é as one byte (0xE9); "naïve" and a euro sign (0x80).
        var bytes = Array("<html><head><meta charset=\"windows-1252\"><title>Caf".utf8) + [0xE9]
        bytes += Array("</title></head><body><article><p>A caf".utf8) + [0xE9] + Array(" in town, a na".utf8) + [0xEF]
        bytes += Array("ve price of 3 ".utf8) + [0x80] + Array(" for tea, and a long sentence, with commas, to be an article.</p></article></body></html>".utf8)
        let result = try HTMLReader.read(bytes: bytes, path: "p.html")
        let runs = result.script.blocks.flatMap(\.runs)
        let cafe = try #require(runs.first { $0.spoken == "café" && $0.source.offset > 60 })
        #expect(cafe.source.length == 4)
        #expect(Array(bytes[cafe.source.offset..<cafe.source.offset + 4]) == Array("caf".utf8) + [0xE9])
        let euro = try #require(runs.first { $0.spoken == "€" })
        #expect(bytes[euro.source.offset] == 0x80 && euro.source.length == 1)
    }

    @Test func shiftJISPagePositionsAreBytes() throws {
        // 日本 in Shift_JIS is 93 FA 96 7B.
        var bytes = Array("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"></head><body><p>".utf8)
        let start = bytes.count
        bytes += [0x93, 0xFA, 0x96, 0x7B]
        bytes += Array("</p></body></html>".utf8)
        let result = try HTMLReader.read(bytes: bytes, path: "p.html", options: HTMLOptions(content: .whole))
        let run = try #require(result.script.blocks.flatMap(\.runs).first { $0.spoken == "日本" })
        #expect(run.source.offset == start && run.source.length == 4)
    }

    @Test func deepNestingIsReadFlatWithAWarning() throws {
        let depth = 5000
        let page = "<html><body>" + String(repeating: "<div>", count: depth) + "Deep text here, read all the same."
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let result = try Self.read(page, options: HTMLOptions(content: .whole))
        #expect(Self.spoken(result).joined(separator: " ").contains("Deep text here"))
        #expect(result.warnings.contains { $0.message.contains("nested more than") })
    }

    @Test func tagSoupDoesNotStopTheReader() throws {
        let page = "<p>One <b>bold <i>and</b> italic</i> text<p>Two &copy; &unknown; <div><td>cell</table></span>"
        let text = Self.spoken(try Self.read(page, options: HTMLOptions(content: .whole))).joined(separator: " ")
        #expect(text.contains("One bold and italic text"))
        #expect(text.contains("cell"))
        _ = try Self.read("")
        _ = try Self.read("<<<>>>&&&;;</x></y>")
    }

    @Test func tooLargeIsRefused() {
        let bytes = [UInt8](repeating: 0x20, count: HTMLReader.maximumBytes + 1)
        #expect(throws: DocumentError.self) { try HTMLReader.read(bytes: bytes, path: "big.html") }
    }

    @Test func bylineIsSaidWhenAskedFor() throws {
        let page = """
        <html><head><title>Notes</title><meta name="author" content="Ada Byron"></head><body><article>
        <h1>Notes</h1><p class="byline">By Ada Byron</p>
        <p>The engine weaves algebraic patterns, just as the loom weaves flowers and leaves, and it does so tirelessly.</p>
        </article></body></html>
        """
        let plain = Self.spoken(try Self.read(page)).joined(separator: " ")
        #expect(!plain.contains("Ada"))
        let with = try Self.read(page, options: HTMLOptions(byline: true))
        #expect(with.script.blocks.count >= 3)
        #expect(with.script.blocks[1].runs.compactMap(\.spoken) == ["By", "Ada", "Byron"])
    }

    @Test(.timeLimit(.minutes(1))) func manyImagesInOneBlockAreReadInTime() throws {
        let images = (0..<20_000).map { "<img alt=\"picture number \($0)\">" }.joined()
        let result = try Self.read("<html><body><div>\(images)</div></body></html>", options: HTMLOptions(content: .whole))
        #expect(result.script.blocks.count == 20_000)
    }

    @Test func utf16PageWithByteOrderMark() throws {
        let text = "<html><body><p>Grüße aus Köln</p></body></html>"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let result = try HTMLReader.read(bytes: bytes, path: "p.html", options: HTMLOptions(content: .whole))
        let run = try #require(result.script.blocks.flatMap(\.runs).first { $0.spoken == "Köln" })
        #expect(run.source.length == 8)
        #expect(result.source.text(of: run.source) == "Köln")
    }

    @Test func latinDeclarationOverUTF8BytesIsReadAsUTF8() throws {
        let page = "<html><head><meta charset=\"iso-8859-1\"></head><body><p>Café crème</p></body></html>"
        let result = try Self.read(page, options: HTMLOptions(content: .whole))
        #expect(Self.spoken(result) == ["Café", "crème"])
        #expect(result.warnings.contains { $0.message.contains("bytes are UTF-8") })
    }

    @Test func articleInSeveralBlocksIsReadWhole() throws {
        let prose = "This paragraph is long enough to count as prose, with commas, clauses, and a full stop at the end."
        let page = """
        <html><body><div class="page"><div class="main">
        <div class="story-part"><p>Part one. \(prose)</p></div>
        <div class="promo"><a href="/x">Subscribe now</a></div>
        <div class="story-part"><p>Part two. \(prose)</p><p>\(prose)</p><p>\(prose)</p></div>
        </div><div class="rail"><ul><li><a href="/a">Most read story one</a></li><li><a href="/b">Most read story two</a></li></ul></div></div>
        </body></html>
        """
        let text = Self.spoken(try Self.read(page)).joined(separator: " ")
        #expect(text.contains("Part one.") && text.contains("Part two."))
        #expect(!text.contains("Subscribe") && !text.contains("Most read"))
    }

    @Test func dataTableCellsAndLinkedHeadingsAreRead() throws {
        let prose = "A long paragraph of prose, with commas, to make this the article that a reader view would show."
        let page = """
        <html><body><article><h1>Games</h1><p>\(prose)</p>
        <h2><a href="https://example.org/rez">Rez Infinite</a></h2><p>\(prose)</p>
        <table><tr><th>Game</th><th>Price</th></tr><tr><td>Rez</td><td>30 dollars</td></tr></table>
        <p>\(prose)</p></article></body></html>
        """
        let result = try Self.read(page)
        #expect(result.script.blocks.contains { $0.kind == .heading(level: 2) && $0.runs.compactMap(\.spoken) == ["Rez", "Infinite"] })
        let cells = result.script.blocks.filter { $0.kind == .tableCell }.map { $0.runs.compactMap(\.spoken).joined(separator: " ") }
        #expect(cells == ["Game", "Price", "Rez", "30 dollars"])
    }

    @Test func headlineIsTheTitleWhenTheHeadHasNone() throws {
        let prose = "A paragraph of prose, long enough, with commas, for the reader to take this as the article."
        let result = try Self.read("<html><body><article><h1>Lock keepers</h1><p>\(prose)</p><p>\(prose)</p></article></body></html>")
        #expect(result.script.blocks.first?.kind == .title)
        #expect(result.script.blocks.first?.runs.compactMap(\.spoken) == ["Lock", "keepers"])
        #expect(result.script.blocks.filter { $0.runs.compactMap(\.spoken) == ["Lock", "keepers"] }.count == 1)
    }
}

